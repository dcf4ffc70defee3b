//! Where one face's decisions are made: for a suit's runs in progress and the cards of one
//! rank and suit (those that must be laid, those that may, jokers), every way to lay them:
//! which runs go on, which end, which start, what goes to sets, where jokers go.

use super::pool::{ACE_HIGH, RANKS, SUITS};
use super::search::{COUNT_WEIGHT, Jokers, Search};
use super::state::{MOST_RUNS, RunCounts, key};
use super::suit_move::SuitMove;

impl Search<'_, '_> {
    /// Counts the work of taking a state with runs `runs_index` a step on, in moves tried:
    /// the state, then each of its moves (made now if they are not yet).
    pub(super) fn count_step(&mut self, step: usize, runs_index: usize) {
        let tried = 1 + self.moves_at(step, runs_index).len();
        self.work.add(tried);
    }

    /// The moves of a step from runs `runs_index` (made once, then kept).
    pub(super) fn moves_at(&mut self, step: usize, runs_index: usize) -> &[SuitMove] {
        let slot = step * self.runs.counts.len() + runs_index;
        if self
            .move_slots
            .get(slot)
            .is_some_and(|(_, made)| *made == 0)
        {
            let (rank, suit) = (step / SUITS, step % SUITS);
            let mut made = self.make_moves(rank, suit, runs_index);
            let before = self
                .runs
                .counts
                .get(runs_index)
                .copied()
                .unwrap_or_default();
            made.retain_mut(|mv| {
                let Some(index) = self.runs.index(&mv.next).and_then(|i| u8::try_from(i).ok())
                else {
                    return false;
                };
                mv.next_index = index;
                mv.room = self.room_made(before, step, mv);
                mv.score = self.move_score(step, mv);
                true
            });
            let made = self.without_dominated_moves(made);
            let start = self.made_moves.len();
            self.made_moves.extend(made);
            if let (Ok(start), Ok(made)) = (
                u32::try_from(start),
                u32::try_from(self.made_moves.len() - start + 1),
            ) {
                self.move_slots[slot] = (start, made);
            }
        }
        self.made_at(slot)
    }

    /// The moves made for a slot (none if not made yet).
    fn made_at(&self, slot: usize) -> &[SuitMove] {
        let Some(&(start, made)) = self.move_slots.get(slot) else {
            return &[];
        };
        let (start, count) = (start as usize, (made as usize).saturating_sub(1));
        self.made_moves.get(start..start + count).unwrap_or(&[])
    }

    /// The moves of a step from a state `key` (once [`Search::moves_at`] has made them for
    /// its runs), and the most jokers a move may lay after it: with jokers laid only where
    /// needed, those the state may still lay ([`Search::step_key`] refuses more).
    pub(super) fn moves_from(&self, step: usize, key: u64) -> (&[SuitMove], u8) {
        let slot = step * self.runs.counts.len() + key::runs(key, step % SUITS);
        let budget = match self.jokers {
            Jokers::Needed => self.limits.needed_jokers.saturating_sub(key::uses(key)),
            Jokers::Placed => u8::MAX,
        };
        (self.made_at(slot), budget)
    }

    /// Every way to decide one face, given the suit's runs in progress.
    fn make_moves(&self, rank: usize, suit: usize, runs_index: usize) -> Vec<SuitMove> {
        let mut moves = Vec::new();
        let Some(&[short1, short2, long, from_ace]) = self.runs.counts.get(runs_index) else {
            return moves;
        };
        let needed_only = self.jokers == Jokers::Needed;
        if rank == ACE_HIGH {
            return self.high_ace_moves(suit, [short1, short2, long, from_ace]);
        }
        let must = self.pool.must_real[rank][suit] + self.pool.pinned[rank][suit];
        let optional = self.pool.optional_real[rank][suit];
        let pinned = self.pool.pinned[rank][suit];
        let may_start = rank + 2 <= self.config.last_rank();
        // Runs from the low ace hold fewer than 3 cards until the 4th rank.
        let ace_runs_must_go_on = rank <= 2;
        let tracks_ace_runs = self.config.tracks_ace_runs();
        for played in 0..=optional {
            let released = played.min(pinned);
            let real_faces = must + played - released;
            // A joker standing for a card the hand keeps: the card could take its place.
            let most_jokers = if !needed_only {
                self.most_jokers
            } else if played < optional {
                0
            } else {
                self.most_jokers.min(self.limits.needed_jokers)
            };
            let most_aside = if rank == 0 {
                real_faces.min(self.most_aside[suit])
            } else {
                0
            };
            for aside in 0..=most_aside {
                for jokers in 0..=most_jokers {
                    let cards = real_faces - aside + jokers;
                    if rank == 0 && self.config.aces_high {
                        // With aces high, aces not set aside start runs; ace sets are made
                        // at the high ace, from the aces set aside. A joker starts no run
                        // here unless jokers go anywhere.
                        if (needed_only && jokers > 0) || (cards > 0 && !may_start) {
                            continue;
                        }
                        moves.push(SuitMove {
                            next: if tracks_ace_runs {
                                [0, 0, 0, cards]
                            } else {
                                [cards, 0, 0, 0]
                            },
                            played,
                            released,
                            jokers,
                            aces_aside: aside,
                            started: cards,
                            ..SuitMove::default()
                        });
                        continue;
                    }
                    let ace_range = if ace_runs_must_go_on {
                        from_ace..=from_ace
                    } else {
                        0..=from_ace
                    };
                    for continued_from_ace in ace_range {
                        for continued_long in 0..=long {
                            let continued = short1 + short2 + continued_long + continued_from_ace;
                            if continued > cards {
                                continue;
                            }
                            let rest = cards - continued;
                            // Ending a long run to start another of the same suit is never
                            // better than letting it go on.
                            let most_started = if may_start && continued_long == long {
                                rest
                            } else {
                                0
                            };
                            for started in 0..=most_started {
                                let to_sets = rest - started;
                                // Jokers go first where they cost nothing: runs that must go
                                // on. The rest top long runs or join sets. A joker never
                                // starts a run that could end higher: it could top it instead.
                                let free = Self::joker_slots(
                                    short1 + short2 + continued_from_ace,
                                    started,
                                    rank + 2 == self.config.last_rank() || !needed_only,
                                );
                                let over = jokers.saturating_sub(free);
                                let splits: Vec<(u8, u8)> = if needed_only {
                                    let least_in_sets = over.saturating_sub(continued_long);
                                    (least_in_sets..=over.min(to_sets))
                                        .map(|in_sets| (over - in_sets, in_sets))
                                        .collect()
                                } else {
                                    vec![(0, 0)]
                                };
                                for (on_long, in_sets) in splits {
                                    // Runs of 1 now hold 2, as do long runs a joker tops.
                                    let next = [
                                        started,
                                        short1 + on_long,
                                        short2 + continued_long - on_long,
                                        continued_from_ace,
                                    ];
                                    if next.iter().sum::<u8>() > MOST_RUNS {
                                        continue;
                                    }
                                    moves.push(SuitMove {
                                        next,
                                        played,
                                        released,
                                        jokers,
                                        jokers_on_long: on_long,
                                        jokers_in_sets: in_sets,
                                        aces_aside: aside,
                                        continued_long,
                                        continued_from_ace,
                                        started,
                                        to_sets,
                                        ..SuitMove::default()
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
        moves
    }

    /// The moves at the high ace: the aces set aside and wild jokers top runs (a run of 2
    /// must take one) or make ace sets; nothing else.
    fn high_ace_moves(&self, suit: usize, runs: RunCounts) -> Vec<SuitMove> {
        let mut moves = Vec::new();
        let [short1, short2, long, _] = runs;
        if short1 > 0 {
            return moves;
        }
        let needed_only = self.jokers == Jokers::Needed;
        let most_jokers = if needed_only {
            self.most_jokers.min(self.limits.needed_jokers)
        } else {
            self.most_jokers
        };
        for aces in 0..=self.most_aside[suit] {
            for jokers in 0..=most_jokers {
                let cards = aces + jokers;
                for continued_long in 0..=long {
                    let Some(to_sets) = cards.checked_sub(short2 + continued_long) else {
                        continue;
                    };
                    // A joker topping a run of 3 or more could go anywhere: it's loose.
                    let in_sets = jokers.saturating_sub(short2);
                    if needed_only && in_sets > to_sets {
                        continue;
                    }
                    moves.push(SuitMove {
                        next: [0, 0, short2 + continued_long, 0],
                        jokers,
                        jokers_in_sets: if needed_only { in_sets } else { 0 },
                        aces_aside: aces,
                        continued_long,
                        to_sets,
                        ..SuitMove::default()
                    });
                }
            }
        }
        moves
    }

    /// Drops every move another move of the same face beats: it gives sets the same cards
    /// and jokers, lays as many jokers net (no more in all) and sets as many aces aside,
    /// plays as much, makes as much room, and leaves runs that can do all the other's can.
    fn without_dominated_moves(&self, moves: Vec<SuitMove>) -> Vec<SuitMove> {
        let same_kind = |a: &SuitMove, b: &SuitMove| {
            a.to_sets == b.to_sets
                && (a.jokers_in_sets > 0) == (b.jokers_in_sets > 0)
                && i16::from(a.jokers) - i16::from(a.released)
                    == i16::from(b.jokers) - i16::from(b.released)
                && a.aces_aside == b.aces_aside
        };
        // Same net jokers, and no more laid: a search that budgets the jokers laid (only the
        // needed ones) must be able to take the winner wherever it could take the loser.
        let beats = |a: &SuitMove, b: &SuitMove| {
            same_kind(a, b)
                && a.jokers <= b.jokers
                && a.played >= b.played
                && a.room >= b.room
                && self
                    .runs
                    .suit_dominates(usize::from(a.next_index), usize::from(b.next_index))
        };
        let mut kept: Vec<SuitMove> = Vec::with_capacity(moves.len());
        for (i, mv) in moves.iter().enumerate() {
            let beaten = moves
                .iter()
                .enumerate()
                .any(|(j, other)| j != i && beats(other, mv) && (!beats(mv, other) || j < i));
            if !beaten {
                kept.push(*mv);
            }
        }
        kept
    }

    /// Slots a wild joker may take at no cost: on runs that must go on, and starting runs
    /// when that is allowed.
    pub(super) fn joker_slots(must_go_on: u8, started: u8, may_start: bool) -> u8 {
        must_go_on + if may_start { started } else { 0 }
    }

    /// Room for loose jokers a move makes: below each run it starts (down to the ace), and
    /// above each run it ends (they end a rank below it; up to the last rank, or to the king
    /// for a run from the low ace that may not take the high ace). Room is a guess either
    /// way: a run started may still reach both aces where one deck forbids it (the layout
    /// then finds no place and the caller searches again), and room below the runs the ace
    /// starts is never counted (see [`Search::finish`]).
    fn room_made(&self, before: RunCounts, step: usize, mv: &SuitMove) -> u8 {
        let rank = step / SUITS;
        let below = u8::try_from(rank.min(2)).unwrap_or(2);
        let mut room = mv.started.saturating_mul(below);
        if rank == 0 {
            return room;
        }
        let [_, _, long, from_ace] = before;
        let ended_long = long.saturating_sub(mv.continued_long);
        if rank == ACE_HIGH {
            return room.saturating_add(ended_long);
        }
        let top = rank - 1;
        let above = |last: usize| u8::try_from(last.saturating_sub(top).min(2)).unwrap_or(2);
        let ended_from_ace = from_ace.saturating_sub(mv.continued_from_ace);
        room = room.saturating_add(ended_long.saturating_mul(above(self.config.last_rank())));
        room.saturating_add(ended_from_ace.saturating_mul(above(RANKS - 1)))
    }

    pub(super) fn move_score(&self, step: usize, mv: &SuitMove) -> u32 {
        let value = self
            .config
            .rank_values
            .get(step / SUITS)
            .copied()
            .unwrap_or(0);
        (value * COUNT_WEIGHT + 1) * u32::from(mv.played)
    }
}
