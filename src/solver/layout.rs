//! Where a plan becomes melds: the search decides counts per face; this lays the actual
//! cards, run by run and set by set, every joker with its stated card.

use super::pool::{Pool, RANKS, SUITS, face};
use super::search::{ACE_HIGH, Config, Plan, sets_split};
use crate::card::{HandCard, TableCard};

/// A run being laid, and whether it began at the low ace (it may then not take the high
/// ace when a run may not hold both).
struct OpenRun {
    cards: Vec<TableCard>,
    from_ace: bool,
}

/// The melds a plan lays, and the hand cards it plays.
pub(crate) struct Layout {
    pub melds: Vec<Vec<TableCard>>,
    pub played: Vec<HandCard>,
}

/// Lays out a plan. `None` only if the plan does not fit the pool (a bug, not bad input).
pub(crate) fn lay_out(pool: &Pool, plan: &Plan, config: &Config) -> Option<Layout> {
    let tracks_ace_runs = config.aces_high && !config.two_aces_in_a_run;
    let mut runs: Vec<Vec<OpenRun>> = (0..SUITS).map(|_| Vec::new()).collect();
    let mut high_aces: Vec<Vec<TableCard>> = vec![Vec::new(); SUITS];
    let mut finished_runs: Vec<Vec<TableCard>> = Vec::new();
    let mut sets: Vec<Vec<TableCard>> = Vec::new();
    let mut played: Vec<HandCard> = Vec::new();
    for (rank, moves) in plan.moves.iter().enumerate() {
        let mut set_cards: Vec<Vec<TableCard>> = vec![Vec::new(); SUITS];
        for (suit, mv) in moves.iter().enumerate() {
            let ace = face(0, suit)?;
            let mut cards: Vec<TableCard> = if rank == ACE_HIGH {
                let mut cards = std::mem::take(&mut high_aces[suit]);
                cards.extend((0..mv.jokers).map(|_| TableCard::Joker(ace)));
                cards
            } else if rank < RANKS {
                let card = face(rank, suit)?;
                let reals = pool.must_real[rank][suit] + mv.played;
                let pinned_jokers = pool.pinned[rank][suit].checked_sub(mv.released)?;
                played.extend((0..mv.played).map(|_| HandCard::Real(card)));
                let mut cards: Vec<TableCard> = (0..reals).map(|_| TableCard::Real(card)).collect();
                cards.extend((0..pinned_jokers + mv.jokers).map(|_| TableCard::Joker(card)));
                cards
            } else {
                return None;
            };
            if rank == 0 {
                let rest = cards.split_off(usize::from(mv.deferred).min(cards.len()));
                high_aces[suit] = std::mem::replace(&mut cards, rest);
            }
            // Which runs go on: every short one, the first long ones and runs from the ace.
            let open = std::mem::take(&mut runs[suit]);
            let mut long_left = mv.continued_long;
            let mut ace_left = mv.continued_from_ace;
            let mut going_on: Vec<OpenRun> = Vec::new();
            for run in open {
                let from_ace = tracks_ace_runs && run.from_ace;
                let keep = if rank == ACE_HIGH && from_ace {
                    false
                } else if from_ace {
                    let forced = rank <= 2;
                    let keep = forced || ace_left > 0;
                    ace_left = ace_left.saturating_sub(1);
                    keep
                } else if run.cards.len() < 3 {
                    true
                } else {
                    let keep = long_left > 0;
                    long_left = long_left.saturating_sub(1);
                    keep
                };
                if keep {
                    going_on.push(run);
                } else {
                    finished_runs.push(run.cards);
                }
            }
            let mut cards = cards.into_iter();
            for run in &mut going_on {
                run.cards.push(cards.next()?);
            }
            for _ in 0..mv.started {
                going_on.push(OpenRun {
                    cards: vec![cards.next()?],
                    from_ace: rank == 0,
                });
            }
            set_cards[suit].extend(cards);
            if set_cards[suit].len() != usize::from(mv.to_sets) {
                return None;
            }
            runs[suit] = going_on;
        }
        sets.extend(split_sets(set_cards)?);
    }
    for suit_runs in runs {
        finished_runs.extend(suit_runs.into_iter().map(|run| run.cards));
    }
    played.extend((0..plan.hand_jokers).map(|_| HandCard::Joker));
    let mut melds = finished_runs;
    melds.extend(sets);
    Some(Layout { melds, played })
}

/// Splits one rank's set cards (per suit) into sets of 3 or 4 different suits: each suit,
/// most cards first, goes into the sets that hold fewest, which keeps the sets within one
/// card of each other.
fn split_sets(by_suit: Vec<Vec<TableCard>>) -> Option<Vec<Vec<TableCard>>> {
    let total: usize = by_suit.iter().map(Vec::len).sum();
    let deepest = by_suit.iter().map(Vec::len).max().unwrap_or(0);
    let count = sets_split(u8::try_from(total).ok()?, u8::try_from(deepest).ok()?)?;
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
