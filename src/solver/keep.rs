//! Where a best play is laid with the least upheaval: the search finds *which* cards to play;
//! among the many tables that lay them, players want the one that leaves most of their melds
//! as they were.
//!
//! The melds are ranked by how near they are to the played cards (a run the card extends or
//! splits, a set missing its suit, then melds holding its rank or its suit close by; for a
//! joker, a meld with room for it). The nearest are opened up and laid again with the played
//! cards, every other meld kept as it was: first the nearest one, then the nearest two, four,
//! and so on until they can be laid. Then each opened meld, farthest first, is closed again
//! if the rest can still be laid without it. Each step is a search over a few melds' cards,
//! which is quick. When nothing near enough will do, the play's own layout is used.

use super::layout::{Layout, has_room};
use super::layout_with;
use super::pool::Pool;
use super::search::Config;
use crate::card::{Card, HandCard, Rank, TableCard};
use crate::meld::{MeldKind, MeldRules};
use crate::table::{Meld, Table};

/// Melds this far or farther from every played card are never opened: the play's own
/// layout is used instead.
const FAR: u8 = 3;

/// Past this many melds opened, closing them again one by one costs more than it is worth.
const MOST_TO_CLOSE: usize = 12;

/// Past this share of the table's cards opened, the play's own layout is as good.
const MOST_OPENED: f64 = 0.6;

/// The most work (moves tried, see `Work`) all the searches of one tidying may do, about
/// 1 ms: a play laid with jokers where melds need them can take far longer to tidy than to
/// find. Past it the melds opened so far stay open, or if none will do yet, the play's own
/// layout is used. Measured on every position of the bench: half take under 2,100 moves,
/// 95 in 100 under 50,000; the slowest few took up to 330,000. Against 100,000 moves, this
/// keeps fewer melds as they were on 6 of the 990 positions (4 melds each), and takes 1 to
/// 9% off every class; 25,000 would keep fewer on 18.
const TIDYING_BUDGET: usize = 40_000;

/// The table after a play: the melds of `table` kept as they were, in their order, then
/// the new ones. `found` is a layout of the whole play, used when nothing less will do.
pub(crate) fn lay_with_least_change(
    table: &Table,
    found: &Layout,
    config: &Config,
    rules: MeldRules,
) -> Table {
    let melds = table.melds();
    let played = found.played.as_slice();
    let mut budget = TIDYING_BUDGET;
    let mut lay = |opened: &[bool]| -> Option<Vec<Vec<TableCard>>> {
        let kept: Vec<&Meld> = (0..melds.len())
            .filter(|i| !opened[*i])
            .map(|i| &melds[i])
            .collect();
        let pool = Pool::for_rest(table, played, &kept)?;
        layout_with(&pool, config, rules, found.needed_jokers, &mut budget)
            .map(|layout| layout.melds)
    };
    // Illegal melds can't be kept; the others open nearest first.
    let mut opened: Vec<bool> = melds.iter().map(|m| m.judge(rules).is_err()).collect();
    let mut order: Vec<(u8, usize)> = (0..melds.len())
        .filter(|i| !opened[*i])
        .map(|i| (distance(&melds[i], played, rules), i))
        .filter(|(d, _)| *d < FAR)
        .collect();
    order.sort_unstable();
    let mut laid = None;
    let mut count = 0;
    let all_cards = table.cards().count() as f64;
    loop {
        let mut trial = opened.clone();
        for (_, i) in order.iter().take(count) {
            trial[*i] = true;
        }
        let opened_cards: usize = (0..melds.len())
            .filter(|i| trial[*i])
            .map(|i| melds[i].cards().len())
            .sum();
        if opened_cards as f64 > MOST_OPENED * all_cards {
            break;
        }
        if let Some(rest) = lay(&trial) {
            opened = trial;
            laid = Some(rest);
            break;
        }
        if count >= order.len() {
            break;
        }
        count = (count * 2).clamp(1, order.len());
    }
    let Some(mut rest) = laid else {
        return own_layout(table, found, rules);
    };
    // Close again what the play doesn't need, farthest first.
    let to_close = if count <= MOST_TO_CLOSE { count } else { 0 };
    for (_, i) in order.iter().take(to_close).rev() {
        opened[*i] = false;
        match lay(&opened) {
            Some(fewer) => rest = fewer,
            None => opened[*i] = true,
        }
    }
    let kept: Vec<&Meld> = (0..melds.len())
        .filter(|i| !opened[*i])
        .map(|i| &melds[i])
        .collect();
    assemble(table, &kept, rest, rules)
}

/// How near a meld is to the played cards, 0 nearest: a run a card extends or splits, a
/// set missing the card's suit, or, for a joker, any meld with room for one (0); a run of
/// the card's suit two ranks off, a set of its rank holding its suit (1); a meld with a card
/// of its rank or of its suit within two ranks (2); anything else (3, far).
fn distance(meld: &Meld, played: &[HandCard], rules: MeldRules) -> u8 {
    let kind = meld.judge(rules).ok();
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
                Some(MeldKind::Set) if faces.first().is_some_and(|f| f.rank == card.rank) => {
                    u8::from(faces.iter().any(|f| f.suit == card.suit))
                }
                Some(MeldKind::Run) if faces.first().is_some_and(|f| f.suit == card.suit) => {
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

/// The play's own layout: melds it happens to leave as they were still come first.
fn own_layout(table: &Table, found: &Layout, rules: MeldRules) -> Table {
    let mut rest: Vec<Meld> = found
        .melds
        .iter()
        .map(|cards| Meld::new(cards.clone(), rules))
        .collect();
    let mut kept: Vec<&Meld> = Vec::new();
    for meld in table.melds() {
        if let Some(at) = rest.iter().position(|m| m == meld) {
            rest.swap_remove(at);
            kept.push(meld);
        }
    }
    let rest = rest.into_iter().map(|m| m.cards().to_vec()).collect();
    assemble(table, &kept, rest, rules)
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
