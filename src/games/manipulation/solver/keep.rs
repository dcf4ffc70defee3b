//! Where a best play is laid with the least upheaval: the search finds *which* cards to play;
//! among the many tables that lay them, players want the one that leaves most of their melds
//! as they were.
//!
//! The play's own layout is where it starts: the melds it happens to lay as they were are
//! kept, and its other melds lay every other card. Then each other meld of the table,
//! farthest from the played cards first (the likeliest to be spare), is put back as it was
//! if the melds that hold its cards now can be laid again without them. Each step is a
//! search over those few melds' cards ([`layout_with`]), which is quick, and every step
//! leaves a whole layout, so tidying can stop at any point with a legal table.
//!
//! Measured on every position of the bench (1,086 tables): this keeps 4,815 melds as they
//! were, where opening the melds nearest the played cards (one, two, four and so on, until
//! the play could be laid among them) kept 4,080. That way spent most of its searches
//! proving a handful of melds too few, and on 898 tables no handful was enough.

use super::ilp;
use super::layout::{self, Layout, has_room};
use super::passes::best_plan_working;
use super::pool::Pool;
use super::search::{Config, Jokers, Limits, Outcome};
use super::work::Work;
use crate::card::{Card, HandCard, Rank, TableCard};
use crate::games::manipulation::meld::{MeldKind, MeldRules};
use crate::games::manipulation::table::{Meld, Table};

/// Melds this far or farther from every played card are the farthest.
const FAR: u8 = 3;

/// The most work (moves tried, see `Work`) all the searches of one tidying may do, about
/// 1 ms: a play laid with jokers where melds need them can take far longer to tidy than to
/// find. Past it the melds not yet put back stay as the play laid them.
const TIDYING_BUDGET: usize = 40_000;

/// The table after a play: the melds of `table` kept as they were, in their order, then
/// the new ones. `found` is a layout of the whole play.
pub(crate) fn lay_with_least_change(
    table: &Table,
    found: &Layout,
    config: &Config,
    rules: MeldRules,
) -> Table {
    let melds = table.melds();
    let played = found.played.as_slice();
    // The play's own layout: melds it lays as they were are kept, the rest laid anew.
    let mut rest: Vec<Vec<TableCard>> = found.melds.clone();
    let mut opened = vec![true; melds.len()];
    for (meld, opened) in melds.iter().zip(opened.iter_mut()) {
        if let Some(at) = rest.iter().position(|m| m.as_slice() == meld.cards()) {
            rest.swap_remove(at);
            *opened = false;
        }
    }
    // Illegal melds can't be kept; the others are put back farthest first.
    let mut order: Vec<(u8, usize)> = (0..melds.len())
        .filter(|i| opened[*i])
        .filter_map(|i| {
            let kind = melds[i].judge(rules).ok()?;
            Some((distance(&melds[i], kind, played, rules), i))
        })
        .collect();
    order.sort_unstable();
    let mut budget = TIDYING_BUDGET;
    for &(_, i) in order.iter().rev() {
        let kept: Vec<&[TableCard]> = (0..melds.len())
            .filter(|j| !opened[*j] || *j == i)
            .map(|j| melds[j].cards())
            .collect();
        let relay = Relay {
            table,
            kept,
            found,
            config,
            rules,
        };
        if let Some(without) = relay.without(&rest, melds[i].cards(), &mut budget) {
            rest = without;
            opened[i] = false;
        }
    }
    let kept: Vec<&Meld> = (0..melds.len())
        .filter(|i| !opened[*i])
        .map(|i| &melds[i])
        .collect();
    assemble(table, &kept, rest, rules)
}

/// Laying the new melds of a play again, with one more of the table's melds kept.
struct Relay<'a> {
    table: &'a Table,
    /// The cards of the table's melds kept as they were, the one being put back among them.
    kept: Vec<&'a [TableCard]>,
    found: &'a Layout,
    config: &'a Config,
    rules: MeldRules,
}

impl<'a> Relay<'a> {
    /// The new melds `rest` with `cards` (a meld being put back) taken out: the melds that
    /// held them are laid again, the others left as they are. `None` if those can't be laid
    /// without them, or `budget` is spent first.
    fn without(
        mut self,
        rest: &'a [Vec<TableCard>],
        cards: &[TableCard],
        budget: &mut usize,
    ) -> Option<Vec<Vec<TableCard>>> {
        // Per meld of `rest`, the places of the cards taken out, a bit each.
        let mut taken = vec![0u64; rest.len()];
        for card in cards {
            let (meld, at) = holder(rest, &taken, card)?;
            taken[meld] |= 1 << at;
        }
        // The new melds not broken are kept too: only the broken ones are laid again.
        let whole: Vec<&Vec<TableCard>> = rest
            .iter()
            .zip(&taken)
            .filter(|(_, t)| **t == 0)
            .map(|(cards, _)| cards)
            .collect();
        self.kept.extend(whole.iter().map(|cards| cards.as_slice()));
        let pool = Pool::for_rest(self.table, &self.found.played, &self.kept)?;
        // No more jokers can be needed than the pool holds: with none, one search will do.
        let needed = u32::from(self.found.needed_jokers).min(pool.jokers());
        let needed = u8::try_from(needed).unwrap_or(self.found.needed_jokers);
        let laid = layout_with(&pool, self.config, self.rules, needed, budget)?;
        let mut melds: Vec<Vec<TableCard>> = whole.into_iter().cloned().collect();
        melds.extend(laid.melds);
        Some(melds)
    }
}

/// Where to take `card` from among the new melds, of the places not `taken` yet (a bit
/// each, per meld): the same card in a meld already broken, else in any meld; for a joker,
/// failing its own card, any joker, broken melds first (a joker moved by the play now
/// stands for another card). The meld and the card's place.
fn holder(melds: &[Vec<TableCard>], taken: &[u64], card: &TableCard) -> Option<(usize, usize)> {
    let find = |same: &dyn Fn(&TableCard) -> bool, only_broken: bool| {
        melds
            .iter()
            .zip(taken)
            .enumerate()
            .filter(|(_, (_, t))| **t != 0 || !only_broken)
            .find_map(|(m, (cards, t))| {
                // A meld of more than 64 cards (none is) would keep its last ones.
                (0..cards.len().min(64))
                    .find(|at| t & (1 << at) == 0 && same(&cards[*at]))
                    .map(|at| (m, at))
            })
    };
    let exact = |c: &TableCard| c == card;
    let any_joker = |c: &TableCard| matches!(c, TableCard::Joker(_));
    let is_joker = matches!(card, TableCard::Joker(_));
    find(&exact, true)
        .or_else(|| find(&exact, false))
        .or_else(|| find(&any_joker, true).filter(|_| is_joker))
        .or_else(|| find(&any_joker, false).filter(|_| is_joker))
}

/// How near a meld is to the played cards, 0 nearest: a run a card extends or splits, a
/// set missing the card's suit, or, for a joker, any meld with room for one (0); a run of
/// the card's suit two ranks off, a set of its rank holding its suit (1); a meld with a card
/// of its rank or of its suit within two ranks (2); anything else (3, far).
fn distance(meld: &Meld, kind: MeldKind, played: &[HandCard], rules: MeldRules) -> u8 {
    let faces: Vec<Card> = meld.cards().iter().map(|c| c.face()).collect();
    played
        .iter()
        .map(|card| match card {
            HandCard::Joker => {
                if has_room(meld.cards(), rules) {
                    0
                } else {
                    FAR
                }
            }
            HandCard::Real(card) => match kind {
                MeldKind::Set if faces.first().is_some_and(|f| f.rank == card.rank) => {
                    u8::from(faces.iter().any(|f| f.suit == card.suit))
                }
                MeldKind::Run if faces.first().is_some_and(|f| f.suit == card.suit) => {
                    let gap = run_gap(&faces, card.rank);
                    if gap <= 1 {
                        0
                    } else if gap <= 2 {
                        1
                    } else {
                        FAR
                    }
                }
                _ => {
                    let close = faces.iter().any(|f| {
                        f.rank == card.rank
                            || (f.suit == card.suit && rank_gap(f.rank, card.rank) <= 2)
                    });
                    if close { 2 } else { FAR }
                }
            },
        })
        .min()
        .unwrap_or(FAR)
}

/// How many ranks `rank` lies outside a run's span (0 inside it), the ace either end.
fn run_gap(faces: &[Card], rank: Rank) -> u8 {
    let numbers: Vec<u8> = faces.iter().map(|f| f.rank.number()).collect();
    let (Some(low), Some(high)) = (numbers.iter().min(), numbers.iter().max()) else {
        return FAR;
    };
    let outside = |n: u8| {
        if n < *low {
            low - n
        } else {
            n.saturating_sub(*high)
        }
    };
    let n = rank.number();
    // The ace as 14 too, for runs up to the king.
    if n == 1 {
        outside(1).min(outside(14))
    } else {
        outside(n)
    }
}

/// Ranks apart, the ace next to both the 2 and the king.
fn rank_gap(a: Rank, b: Rank) -> u8 {
    let gap = a.number().abs_diff(b.number());
    gap.min(13 - gap)
}

/// The kept melds in the table's order, then the new ones in a steady order.
fn assemble(table: &Table, kept: &[&Meld], rest: Vec<Vec<TableCard>>, rules: MeldRules) -> Table {
    let mut melds: Vec<Meld> = table
        .melds()
        .iter()
        .filter(|m| kept.iter().any(|k| std::ptr::eq(*k, *m)))
        .cloned()
        .collect();
    let mut new_melds: Vec<Meld> = rest
        .into_iter()
        .map(|cards| Meld::new(cards, rules))
        .collect();
    new_melds.sort_by_key(order_key);
    melds.extend(new_melds);
    Table::new(melds)
}

/// A layout of a pool that must all be laid, with at most `needed_jokers` jokers laid where
/// a meld needs them, as few as will do; `None` if there is none such (or its loose jokers
/// may find no room). Quick: for tidying up, not for the best play; also `None` once its
/// searches have spent `budget` (moves tried, see [`Work`]), which it spends from.
///
/// Most calls (laying a play with the least change) find none. One search allowing every
/// such joker shows it, for fewer jokers too; only where it finds a layout are fewer
/// jokers searched, fewest first, for a layout that needs fewer.
pub(crate) fn layout_with(
    pool: &Pool,
    config: &Config,
    rules: MeldRules,
    needed_jokers: u8,
    budget: &mut usize,
) -> Option<Layout> {
    let mut search = |needed_jokers: u8| {
        if !ilp::every_card_fits(pool, config, u32::from(needed_jokers)) {
            return Outcome::Impossible;
        }
        if *budget == 0 {
            return Outcome::OutOfWork;
        }
        let limits = Limits {
            needed_jokers,
            most_left: Some(0),
        };
        let mut work = Work::at_most(*budget);
        let outcome = best_plan_working(pool, config, Jokers::Needed, limits, &mut work);
        *budget = budget.saturating_sub(work.spent);
        outcome
    };
    let lay = |outcome: Outcome| match outcome {
        Outcome::Found(plan) => layout::lay_out(pool, &plan, config, Jokers::Needed, rules),
        Outcome::Impossible | Outcome::NoRoomSeen | Outcome::OutOfWork => None,
    };
    let with_all = search(needed_jokers);
    if matches!(with_all, Outcome::Impossible) {
        return None;
    }
    (0..needed_jokers)
        .find_map(|fewer| lay(search(fewer)))
        .or_else(|| lay(with_all))
}

/// New melds read in a steady order: runs by suit then lowest card, sets by rank.
pub(crate) fn order_key(meld: &Meld) -> (u8, u8, u8) {
    let cards = meld.cards();
    let first = cards.first().map(|c| c.face());
    let is_set = cards.len() > 1
        && cards
            .iter()
            .all(|c| Some(c.face().rank) == first.map(|f| f.rank));
    match first {
        Some(face) if is_set => (1, face.rank.number(), 0),
        Some(face) => (0, face.suit.index() as u8, face.rank.number()),
        None => (2, 0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::Deck;
    use crate::games::manipulation::rules::Rules;
    use crate::games::manipulation::solver::config;
    use crate::games::manipulation::solver::tests::pile;

    /// The table after `found` (melds in notation) plays `played` onto `table`, and which
    /// of the table's melds it keeps as they were.
    fn tidied(table: &str, found: &str, played: &str) -> (String, Vec<bool>) {
        let deck = Deck::for_players(3).expect("a deck");
        let rules = Rules::default();
        let meld_rules = MeldRules::new(&rules, deck);
        let table = Table::parse(table, meld_rules, deck).expect("a table");
        let found = Table::parse(found, meld_rules, deck).expect("a layout");
        let played =
            crate::games::manipulation::table::Hand::parse(played, deck).expect("played cards");
        let layout = Layout {
            melds: found.melds().iter().map(|m| m.cards().to_vec()).collect(),
            played: played.cards().to_vec(),
            needed_jokers: 0,
        };
        let config = config(&rules, meld_rules);
        let after = lay_with_least_change(&table, &layout, &config, meld_rules);
        let kept = table
            .melds()
            .iter()
            .map(|m| after.melds().contains(m))
            .collect();
        (after.to_string(), kept)
    }

    #[test]
    fn a_meld_the_plays_own_layout_broke_is_put_back_when_the_rest_can_be_laid_without_it() {
        // The play lays 9h by moving 5h into the run; the set can stay as it was.
        let (after, kept) = tidied("5c 5d 5s 5h | 6h 7h 8h", "5c 5d 5s | 5h 6h 7h 8h 9h", "9h");
        assert_eq!(kept, [true, false], "{after}");
        assert_eq!(after, "5s 5h 5d 5c | 6h 7h 8h 9h");
    }

    #[test]
    fn a_meld_is_left_as_the_play_laid_it_when_the_rest_needs_its_cards() {
        // Without the 7h the run's new 8h has no meld; without the run the set's 7h has none.
        let (after, kept) = tidied("4h 5h 6h | 7c 7d 7s 7h", "4h 5h 6h 7h 8h | 7c 7d 7s", "8h");
        assert_eq!(kept, [false, false], "{after}");
    }

    #[test]
    fn a_tidying_layout_lays_as_few_jokers_where_needed_as_it_can() {
        let rules = Rules::default();
        let meld_rules = MeldRules::new(&rules, Deck::for_players(3).expect("a deck"));
        let config = config(&rules, meld_rules);
        let needed = |text: &str, most: u8| {
            let pool = Pool::for_arrangement(&pile(text));
            let mut budget = usize::MAX;
            layout_with(&pool, &config, meld_rules, most, &mut budget)
                .map(|layout| layout.needed_jokers)
        };
        // The joker goes on the end of the run, where no meld needs it.
        assert_eq!(needed("5h 6h 7h 8h *", 2), Some(0));
        // The run needs it for 7h.
        assert_eq!(needed("5h 6h 8h *", 2), Some(1));
        assert_eq!(needed("5h 6h 8h *", 0), None);
        // A run from 5h to 9h needs two jokers.
        assert_eq!(needed("5h 6h 9h *", 1), None);
        assert_eq!(needed("5h 6h 9h * *", 2), Some(2));
        // Nothing to lay 4d with.
        assert_eq!(needed("7h 8h 9h 4d *", 1), None);
    }

    #[test]
    fn a_tidying_layout_spends_from_its_budget_and_stops_when_it_is_spent() {
        let rules = Rules::default();
        let meld_rules = MeldRules::new(&rules, Deck::for_players(3).expect("a deck"));
        let config = config(&rules, meld_rules);
        let pool = Pool::for_arrangement(&pile("5h 6h 8h * 9c 9d 9s"));
        let mut budget = usize::MAX;
        assert!(layout_with(&pool, &config, meld_rules, 1, &mut budget).is_some());
        let spent = usize::MAX - budget;
        assert!(spent > 0);
        // One move short of what it took, it finds nothing, and spends all it had.
        let mut short = spent - 1;
        assert!(layout_with(&pool, &config, meld_rules, 1, &mut short).is_none());
        assert_eq!(short, 0);
        let mut none = 0;
        assert!(layout_with(&pool, &config, meld_rules, 1, &mut none).is_none());
    }
}
