//! Where a plan becomes melds: the search decides counts per face; this lays the actual
//! cards, run by run and set by set, every joker with its stated card, then puts the loose
//! jokers on finished melds.

use super::pool::{ACE_HIGH, Pool, RANKS, SUITS, face};
use super::search::{Config, Jokers, Plan, Search};
use super::state::sets_split;
use super::suit_move::SuitMove;
use crate::card::{Card, HandCard, Rank, TableCard};
use crate::games::manipulation::meld::{self, MeldRules};

/// What a run in progress may still do, as the search counts it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    MustGoOnTwice,
    MustGoOnOnce,
    MayEnd,
    FromAce,
}

struct OpenRun {
    cards: Vec<TableCard>,
    class: Class,
}

/// The melds a plan lays, and the hand cards it plays.
pub(crate) struct Layout {
    pub melds: Vec<Vec<TableCard>>,
    pub played: Vec<HandCard>,
    /// Wild jokers the search laid where a meld needed them (not loose ones).
    pub needed_jokers: u8,
}

impl Layout {
    /// A layout of a pool read down ([`Pool::mirrored`]) as a layout of the pool itself:
    /// each card back at its rank. (A run then lists its cards from the top; every meld is
    /// put in its canonical order when it becomes a [`crate::games::manipulation::table::Meld`].)
    pub(crate) fn mirrored(self, aces_high: bool) -> Layout {
        let back = |card: Card| {
            let rank = super::pool::mirrored_rank(super::pool::rank_index(card), aces_high);
            face(rank, card.suit.index()).unwrap_or(card)
        };
        let melds = self
            .melds
            .into_iter()
            .map(|meld| {
                meld.into_iter()
                    .map(|card| match card {
                        TableCard::Real(card) => TableCard::Real(back(card)),
                        TableCard::Joker(card) => TableCard::Joker(back(card)),
                    })
                    .collect()
            })
            .collect();
        let played = self
            .played
            .into_iter()
            .map(|card| match card {
                HandCard::Real(card) => HandCard::Real(back(card)),
                HandCard::Joker => HandCard::Joker,
            })
            .collect();
        Layout {
            melds,
            played,
            needed_jokers: self.needed_jokers,
        }
    }
}

/// Lays out a plan. `None` if the loose jokers find no meld to join (or, as a bug, the plan
/// does not fit the pool).
pub(crate) fn lay_out(
    pool: &Pool,
    plan: &Plan,
    config: &Config,
    jokers: Jokers,
    rules: MeldRules,
) -> Option<Layout> {
    let mut runs: Vec<Vec<OpenRun>> = (0..SUITS).map(|_| Vec::new()).collect();
    let mut high_aces: Vec<Vec<TableCard>> = vec![Vec::new(); SUITS];
    let mut melds: Vec<Vec<TableCard>> = Vec::new();
    let mut sets: Vec<Vec<TableCard>> = Vec::new();
    let mut played: Vec<HandCard> = Vec::new();
    for (rank, moves) in plan.moves.iter().enumerate() {
        let mut set_cards: Vec<Vec<TableCard>> = vec![Vec::new(); SUITS];
        for (suit, mv) in moves.iter().enumerate() {
            let (mut cards, wild): (Vec<TableCard>, Vec<TableCard>) = if rank == ACE_HIGH {
                let ace = face(0, suit)?;
                let wild = (0..mv.jokers).map(|_| TableCard::Joker(ace)).collect();
                (std::mem::take(&mut high_aces[suit]), wild)
            } else if rank < RANKS {
                let card = face(rank, suit)?;
                let reals = pool.must_real[rank][suit] + mv.played;
                let pinned = pool.pinned[rank][suit].checked_sub(mv.released)?;
                played.extend((0..mv.played).map(|_| HandCard::Real(card)));
                let mut cards: Vec<TableCard> = (0..reals).map(|_| TableCard::Real(card)).collect();
                cards.extend((0..pinned).map(|_| TableCard::Joker(card)));
                let wild = (0..mv.jokers).map(|_| TableCard::Joker(card)).collect();
                (cards, wild)
            } else {
                return None;
            };
            if rank == 0 {
                let rest = cards.split_off(usize::from(mv.aces_aside).min(cards.len()));
                high_aces[suit] = std::mem::replace(&mut cards, rest);
            }
            let open = std::mem::take(&mut runs[suit]);
            let placed = place_face(open, cards, wild, mv, rank, jokers, config)?;
            melds.extend(placed.ended);
            runs[suit] = placed.going_on;
            set_cards[suit] = placed.to_sets;
        }
        sets.extend(split_sets(set_cards)?);
    }
    for suit_runs in runs {
        melds.extend(suit_runs.into_iter().map(|run| run.cards));
    }
    melds.extend(sets);
    played.extend((0..plan.hand_jokers).map(|_| HandCard::Joker));
    for _ in 0..plan.loose_jokers {
        add_loose_joker(&mut melds, rules)?;
    }
    let needed_jokers = plan
        .moves
        .iter()
        .flatten()
        .map(|mv| mv.jokers)
        .fold(0u8, u8::saturating_add);
    Some(Layout {
        melds,
        played,
        needed_jokers,
    })
}

struct PlacedFace {
    going_on: Vec<OpenRun>,
    ended: Vec<Vec<TableCard>>,
    to_sets: Vec<TableCard>,
}

/// Lays one face's cards as the move says: which runs go on, which end, which start, and
/// what goes to sets; wild jokers where the search put them.
fn place_face(
    open: Vec<OpenRun>,
    cards: Vec<TableCard>,
    wild: Vec<TableCard>,
    mv: &SuitMove,
    rank: usize,
    jokers: Jokers,
    config: &Config,
) -> Option<PlacedFace> {
    let tracks_ace_runs = config.tracks_ace_runs();
    let last_rank = config.last_rank();
    let mut long_left = mv.continued_long;
    let mut ace_left = mv.continued_from_ace;
    let mut must: Vec<OpenRun> = Vec::new();
    let mut long: Vec<OpenRun> = Vec::new();
    let mut ended: Vec<Vec<TableCard>> = Vec::new();
    for run in open {
        let keep = match run.class {
            Class::MustGoOnTwice | Class::MustGoOnOnce => true,
            Class::FromAce if rank == ACE_HIGH => false,
            Class::FromAce if rank <= 2 => true,
            Class::FromAce => {
                let keep = ace_left > 0;
                ace_left = ace_left.saturating_sub(1);
                keep
            }
            Class::MayEnd => {
                if long_left > 0 {
                    long_left -= 1;
                    long.push(run);
                } else {
                    ended.push(run.cards);
                }
                continue;
            }
        };
        if keep {
            must.push(run);
        } else {
            ended.push(run.cards);
        }
    }
    for _ in 0..mv.started {
        must.push(OpenRun {
            cards: Vec::new(),
            class: if rank == 0 && tracks_ace_runs {
                Class::FromAce
            } else {
                Class::MustGoOnTwice
            },
        });
    }
    // Wild jokers: first where they cost nothing, then on long runs, then in sets.
    let must_go_on = u8::try_from(must.len()).ok()?.checked_sub(mv.started)?;
    let free = Search::joker_slots(
        must_go_on,
        mv.started,
        jokers == Jokers::Placed || rank + 2 == last_rank,
    );
    let mut wild = wild.into_iter();
    let mut cards = cards.into_iter();
    let mut joker_on_long = 0;
    let on_long_limit = match jokers {
        Jokers::Needed => mv.jokers_on_long,
        Jokers::Placed => u8::MAX,
    };
    for (slot, run) in must.iter_mut().enumerate() {
        let joker = if slot < usize::from(free) {
            wild.next()
        } else {
            None
        };
        let card = joker.or_else(|| cards.next())?;
        run.cards.push(card);
        run.class = match run.class {
            Class::MustGoOnTwice if run.cards.len() == 1 => Class::MustGoOnTwice,
            Class::MustGoOnTwice => Class::MustGoOnOnce,
            Class::MustGoOnOnce => Class::MayEnd,
            other => other,
        };
    }
    for run in &mut long {
        let card = if joker_on_long < on_long_limit {
            wild.next()
        } else {
            None
        };
        match card {
            Some(joker) => {
                joker_on_long += 1;
                run.cards.push(joker);
                if jokers == Jokers::Needed {
                    run.class = Class::MustGoOnOnce;
                }
            }
            None => run.cards.push(cards.next()?),
        }
    }
    let to_sets: Vec<TableCard> = wild.chain(cards).collect();
    if to_sets.len() != usize::from(mv.to_sets) {
        return None;
    }
    must.extend(long);
    Some(PlacedFace {
        going_on: must,
        ended,
        to_sets,
    })
}

/// Splits one rank's set cards (per suit) into sets of 3 or 4 different suits: each suit,
/// most cards first, goes into the sets that hold fewest, which keeps the sets within one
/// card of each other.
fn split_sets(by_suit: Vec<Vec<TableCard>>) -> Option<Vec<Vec<TableCard>>> {
    let total: usize = by_suit.iter().map(Vec::len).sum();
    let deepest = by_suit.iter().map(Vec::len).max().unwrap_or(0);
    let count = sets_split(
        u8::try_from(total).ok()?,
        u8::try_from(deepest).ok()?,
        false,
    )?;
    let mut sets: Vec<Vec<TableCard>> = vec![Vec::new(); usize::from(count)];
    let mut order: Vec<Vec<TableCard>> = by_suit;
    order.sort_by_key(|cards| std::cmp::Reverse(cards.len()));
    for cards in order {
        let mut targets: Vec<usize> = (0..sets.len()).collect();
        targets.sort_by_key(|i| sets[*i].len());
        for (card, target) in cards.into_iter().zip(targets) {
            sets[target].push(card);
        }
    }
    Some(sets)
}

/// Whether a meld could take one more joker and stay legal.
pub(crate) fn has_room(meld: &[TableCard], rules: MeldRules) -> bool {
    let mut trial = meld.to_vec();
    extensions(meld).into_iter().any(|candidate| {
        trial.push(TableCard::Joker(candidate));
        let legal = meld::is_legal(&trial, rules);
        trial.pop();
        legal
    })
}

/// Puts one loose joker on the first meld it extends legally: a set of 3 takes the missing
/// suit, a run the card below or above it.
pub(crate) fn add_loose_joker(melds: &mut [Vec<TableCard>], rules: MeldRules) -> Option<()> {
    for meld in melds.iter_mut() {
        for candidate in extensions(meld) {
            meld.push(TableCard::Joker(candidate));
            if meld::is_legal(meld, rules) {
                return Some(());
            }
            meld.pop();
        }
    }
    None
}

/// Cards that might extend a meld: the missing suits of its rank, and for each card the
/// cards one rank either side in its suit (the ace both below the 2 and above the king).
fn extensions(meld: &[TableCard]) -> Vec<Card> {
    let mut candidates: Vec<Card> = Vec::new();
    for card in meld {
        let face = card.face();
        let number = face.rank.number();
        let below = if number == 1 { 13 } else { number - 1 };
        let above = if number == 13 { 1 } else { number + 1 };
        for n in [below, above] {
            if let Some(rank) = Rank::new(n) {
                candidates.push(Card::new(rank, face.suit));
            }
        }
        for suit in crate::card::Suit::ALL {
            candidates.push(Card::new(face.rank, suit));
        }
    }
    candidates.sort();
    candidates.dedup();
    candidates
}
