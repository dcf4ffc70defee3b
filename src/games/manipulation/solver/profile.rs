//! The first pass of the search when aces can go high: which aces should each suit set
//! aside at the low ace for the top of its runs?
//!
//! The choice is made at the low ace and only checked at the high ace; between them it
//! changes nothing. So rather than a state per choice, each state carries a *profile*: its
//! best score for every choice (0 up to the suit's aces, so 81 choices with two decks' eight
//! aces), stored once and shared by every
//! state whose scores differ from it by a constant. Moves between the aces only add to that
//! constant; only the aces themselves and two ways into one state make new profiles.

use super::dominance::{Ranked, keep_best, without_dominated};
use super::memory::{ProfileNode as Node, ProfileTables as Tables, Scored, Support};
use super::pool::ACE_HIGH;
use super::pool::SUITS;
use super::search::{Best, COUNT_WEIGHT, Outcome, Search};
use super::state::{FastMap, KeyMap, key};
use std::cell::Cell;
use std::collections::hash_map::Entry;

/// About as many profile entries are handled in the time of one move tried (measured).
const ENTRIES_PER_MOVE: usize = 4;

/// A profile entry no choice reaches.
const NONE: i32 = i32::MIN;

fn reaches(support: &Support, index: usize) -> bool {
    support
        .get(index / 64)
        .is_some_and(|word| word & (1 << (index % 64)) != 0)
}

fn mark(support: &mut Support, index: usize) {
    if let Some(word) = support.get_mut(index / 64) {
        *word |= 1 << (index % 64);
    }
}

/// Every profile made in one pass, each `len` entries relative to its best (0).
pub(crate) struct Profiles {
    len: usize,
    strides: [usize; SUITS],
    sizes: [usize; SUITS],
    /// Whether every profile is flat: every entry it reaches is 0, so its support says all
    /// and its entries are not kept (see [`Search::lays_every_hand_card`]).
    flat: bool,
    data: Vec<i32>,
    /// Per profile, the entries it reaches: a profile can only cover one whose entries it
    /// all reaches, which rules most pairs out at a glance.
    support: Vec<Support>,
    interned: FastMap<Box<[i32]>, u32>,
    /// Flat profiles by their support.
    interned_flat: FastMap<Support, u32>,
    /// (profile, suit, aces) to the profile after setting aces aside or laying them high.
    moved: FastMap<(u32, u8, u8, bool), Option<Scored>>,
    /// (profile, profile, score difference) to their merge and its score over the first.
    merged: FastMap<(u32, u32, i64), (u32, i64)>,
    /// Profile entries read or written so far: the pass's work beside its moves.
    entries_touched: Cell<usize>,
}

impl Profiles {
    /// No profiles yet, made in `tables` (emptied).
    fn new(most_aside: &[u8; SUITS], flat: bool, tables: Tables) -> Profiles {
        let mut strides = [0; SUITS];
        let mut sizes = [0; SUITS];
        let mut len = 1;
        for suit in 0..SUITS {
            strides[suit] = len;
            sizes[suit] = usize::from(most_aside[suit]) + 1;
            len *= sizes[suit];
        }
        let Tables {
            mut data,
            mut support,
            mut interned,
            mut interned_flat,
            mut moved,
            mut merged,
        } = tables;
        data.clear();
        support.clear();
        interned.clear();
        interned_flat.clear();
        moved.clear();
        merged.clear();
        Profiles {
            len,
            strides,
            sizes,
            flat,
            data,
            support,
            interned,
            interned_flat,
            moved,
            merged,
            entries_touched: Cell::new(0),
        }
    }

    /// The memory the profiles were made in, for the next pass.
    fn into_tables(self) -> Tables {
        Tables {
            data: self.data,
            support: self.support,
            interned: self.interned,
            interned_flat: self.interned_flat,
            moved: self.moved,
            merged: self.merged,
        }
    }

    /// Counts `n` profile entries read or written.
    fn touch(&self, n: usize) {
        self.entries_touched
            .set(self.entries_touched.get().saturating_add(n));
    }

    /// The pass's work on profiles, in the units of [`Search::count_step`].
    fn work(&self) -> usize {
        self.entries_touched.get() / ENTRIES_PER_MOVE
    }

    /// The profile of the start, where no choice has been made: only its first entry.
    fn start(&mut self) -> Option<u32> {
        if self.flat {
            return self.intern_support([1, 0, 0, 0]).map(|(id, _)| id);
        }
        let mut start = vec![NONE; self.len];
        start[0] = 0;
        self.intern(start).map(|(id, _)| id)
    }

    /// Stores a flat profile by its support and returns its id and its best (0), or `None`
    /// if no entry is reached.
    ///
    /// Its work is counted as a whole profile's would be (here and in the other flat
    /// branches), so a flat pass does the same work as a whole one: the turns and budgets
    /// counted in work fall where they did, and so does every play found.
    fn intern_support(&mut self, support: Support) -> Option<(u32, i32)> {
        self.touch(self.len);
        if support == [0; 4] {
            return None;
        }
        if let Some(id) = self.interned_flat.get(&support) {
            return Some((*id, 0));
        }
        let id = u32::try_from(self.support.len()).ok()?;
        self.support.push(support);
        self.interned_flat.insert(support, id);
        Some((id, 0))
    }

    /// The entries profile `id` reaches, as (entry index, score relative to its best).
    fn reached(&self, id: u32) -> Vec<(usize, i32)> {
        if self.flat {
            let support = self.support.get(id as usize).copied().unwrap_or_default();
            return (0..self.len)
                .filter(|index| reaches(&support, *index))
                .map(|index| (index, 0))
                .collect();
        }
        self.entries(id)
            .iter()
            .enumerate()
            .filter(|(_, entry)| **entry != NONE)
            .map(|(index, entry)| (index, *entry))
            .collect()
    }

    fn entries(&self, id: u32) -> &[i32] {
        let start = id as usize * self.len;
        self.data.get(start..start + self.len).unwrap_or(&[])
    }

    /// Stores a profile (made relative to its best) and returns its id and that best, or
    /// `None` if no entry is reached.
    fn intern(&mut self, mut entries: Vec<i32>) -> Option<(u32, i32)> {
        self.touch(entries.len());
        let best = entries.iter().copied().filter(|e| *e != NONE).max()?;
        for entry in entries.iter_mut().filter(|e| **e != NONE) {
            *entry -= best;
        }
        let boxed = entries.into_boxed_slice();
        if let Some(id) = self.interned.get(&boxed) {
            return Some((*id, best));
        }
        let id = u32::try_from(self.data.len() / self.len).ok()?;
        let mut support = [0; 4];
        for (index, entry) in boxed.iter().enumerate() {
            if *entry != NONE
                && let Some(word) = support.get_mut(index / 64)
            {
                *word |= 1 << (index % 64);
            }
        }
        self.support.push(support);
        self.data.extend_from_slice(&boxed);
        self.interned.insert(boxed, id);
        Some((id, best))
    }

    fn suit_choice(&self, index: usize, suit: usize) -> usize {
        (index / self.strides[suit]) % self.sizes[suit]
    }

    /// At the low ace, `aces` of `suit` set aside (`high` false); at the high ace, `aces`
    /// of `suit` laid, which only the choices that set that many aside allow (`high` true).
    /// Returns the new profile and what its best adds to the score.
    fn after_aces(&mut self, id: u32, suit: usize, aces: u8, high: bool) -> Option<(u32, i32)> {
        let cache_key = (id, suit as u8, aces, high);
        if let Some(done) = self.moved.get(&cache_key) {
            return *done;
        }
        let aces = usize::from(aces);
        if self.flat {
            self.touch(self.len);
            let old = self.support.get(id as usize).copied().unwrap_or_default();
            let mut new = [0; 4];
            for index in (0..self.len).filter(|index| reaches(&old, *index)) {
                let choice = self.suit_choice(index, suit);
                if high {
                    if choice == aces {
                        mark(&mut new, index);
                    }
                } else if choice == 0 && aces < self.sizes[suit] {
                    mark(&mut new, index + aces * self.strides[suit]);
                }
            }
            let done = self.intern_support(new);
            self.moved.insert(cache_key, done);
            return done;
        }
        self.touch(self.len);
        let old = self.entries(id).to_vec();
        let mut new = vec![NONE; self.len];
        for (index, entry) in old.iter().enumerate() {
            if *entry == NONE {
                continue;
            }
            let choice = self.suit_choice(index, suit);
            if high {
                if choice == aces {
                    new[index] = *entry;
                }
            } else if choice == 0 && aces < self.sizes[suit] {
                new[index + aces * self.strides[suit]] = *entry;
            }
        }
        let done = self.intern(new);
        self.moved.insert(cache_key, done);
        done
    }

    /// The profile of the better of two ways into a state, and its best score.
    fn merge(&mut self, a: (u32, i64), b: (u32, i64)) -> Option<(u32, i64)> {
        if a.0 == b.0 {
            return Some((a.0, a.1.max(b.1)));
        }
        let cache_key = (a.0, b.0, b.1 - a.1);
        if let Some((id, over)) = self.merged.get(&cache_key) {
            return Some((*id, a.1 + over));
        }
        // Often one way is as good for every choice: the merge is that one.
        if self.covers(a.0, a.1, b.0, b.1) {
            return Some(a);
        }
        if self.covers(b.0, b.1, a.0, a.1) {
            return Some(b);
        }
        if self.flat {
            // Every way into a state of a flat pass has the same score (see
            // `lays_every_hand_card`): the merge reaches what either reaches.
            let (Some(x), Some(y)) = (
                self.support.get(a.0 as usize),
                self.support.get(b.0 as usize),
            ) else {
                return None;
            };
            let union = std::array::from_fn(|word| x[word] | y[word]);
            let (id, _) = self.intern_support(union)?;
            let over = (b.1 - a.1).max(0);
            self.merged.insert(cache_key, (id, over));
            return Some((id, a.1 + over));
        }
        let shift = b.1 - a.1;
        let new: Vec<i32> = self
            .entries(a.0)
            .iter()
            .zip(self.entries(b.0))
            .map(|(x, y)| {
                let x = (*x != NONE).then_some(i64::from(*x));
                let y = (*y != NONE).then_some(i64::from(*y) + shift);
                match (x, y) {
                    (None, None) => NONE,
                    (x, y) => x.max(y).and_then(|v| i32::try_from(v).ok()).unwrap_or(NONE),
                }
            })
            .collect();
        let (id, best) = self.intern(new)?;
        self.merged.insert(cache_key, (id, i64::from(best)));
        Some((id, a.1 + i64::from(best)))
    }

    /// Whether profile `a` at score `at_a` reaches every choice `b` at `at_b` does, as well.
    fn covers(&self, a: u32, at_a: i64, b: u32, at_b: i64) -> bool {
        if a == b {
            return at_a >= at_b;
        }
        let (Some(support_a), Some(support_b)) =
            (self.support.get(a as usize), self.support.get(b as usize))
        else {
            return false;
        };
        if support_a.iter().zip(support_b).any(|(x, y)| y & !x != 0) {
            return false;
        }
        self.touch(self.len);
        if self.flat {
            return at_a >= at_b;
        }
        self.entries(a).iter().zip(self.entries(b)).all(|(x, y)| {
            *y == NONE || (*x != NONE && at_a + i64::from(*x) >= at_b + i64::from(*y))
        })
    }
}

impl Ranked for Node {
    fn key(&self) -> u64 {
        self.key
    }
    fn score(&self) -> i64 {
        self.score
    }
}

/// The aces each suit best sets aside for the top of its runs, and the value of the best
/// play; or why there is none to give.
pub(crate) fn best_aces_aside(search: &mut Search) -> Result<([u8; SUITS], u32), Outcome> {
    let flat = search.lays_every_hand_card();
    aces_aside_pass(search, flat)
}

/// [`best_aces_aside`], its profiles kept `flat` (only where every profile is) or whole.
fn aces_aside_pass(search: &mut Search, flat: bool) -> Result<([u8; SUITS], u32), Outcome> {
    let mut profiles = Profiles::new(
        &search.most_aside,
        flat,
        std::mem::take(&mut search.tables.profiles),
    );
    let [mut layer, mut next] = std::mem::take(&mut search.tables.profile_steps);
    let mut states = std::mem::take(&mut search.tables.states);
    let found = pass_in(search, &mut profiles, &mut layer, &mut next, &mut states);
    search.tables.profiles = profiles.into_tables();
    search.tables.profile_steps = [layer, next];
    search.tables.states = states;
    found
}

/// [`aces_aside_pass`] in the tables given: the states of a step in `layer`, the next
/// step's made in `next` and found by key in `states`.
fn pass_in(
    search: &mut Search,
    profiles: &mut Profiles,
    layer: &mut Vec<Node>,
    next: &mut Vec<Node>,
    states: &mut KeyMap<u32>,
) -> Result<([u8; SUITS], u32), Outcome> {
    let start_profile = profiles.start().ok_or(Outcome::Impossible)?;
    layer.clear();
    layer.push(Node {
        key: search.start_key(),
        score: 0,
        profile: start_profile,
    });
    let mut profile_work = 0;
    for step in 0..search.steps() {
        let (rank, suit) = (step / SUITS, step % SUITS);
        next.clear();
        states.clear();
        for node in layer.iter() {
            let runs_index = key::runs(node.key, suit);
            search.count_step(step, runs_index);
            let (moves, budget) = search.moves_from(step, node.key);
            for mv in moves.iter().filter(|mv| mv.jokers <= budget) {
                let Some(key) = search.step_key(node.key, step, mv) else {
                    continue;
                };
                let mut score = node.score + i64::from(mv.score);
                if !search.within_limits(step, score) {
                    continue;
                }
                let mut profile = node.profile;
                if rank == 0 || rank == ACE_HIGH {
                    let high = rank == ACE_HIGH;
                    let Some((moved, best)) =
                        profiles.after_aces(profile, suit, mv.aces_aside, high)
                    else {
                        continue;
                    };
                    profile = moved;
                    score += i64::from(best);
                }
                match states.entry(key) {
                    Entry::Occupied(slot) => {
                        let entry = &mut next[*slot.get() as usize];
                        let merged = profiles
                            .merge((entry.profile, entry.score), (profile, score))
                            .ok_or(Outcome::Impossible)?;
                        entry.profile = merged.0;
                        entry.score = merged.1;
                    }
                    Entry::Vacant(slot) => {
                        slot.insert(next.len() as u32);
                        next.push(Node {
                            key,
                            score,
                            profile,
                        });
                    }
                }
            }
        }
        if next.is_empty() {
            return Err(Outcome::Impossible);
        }
        search.work.add(profiles.work() - profile_work);
        profile_work = profiles.work();
        if search.work.must_stop() {
            return Err(Outcome::OutOfWork);
        }
        if suit == SUITS - 1 {
            // A state is beaten only by one that is as good for every choice of aces.
            let mut frontier = std::mem::take(&mut search.tables.frontier);
            without_dominated(search, &mut frontier, next, |other, node| {
                profiles.covers(other.profile, other.score, node.profile, node.score)
            });
            search.tables.frontier = frontier;
            keep_best(next, search.beam);
        }
        std::mem::swap(layer, next);
    }
    let mut best = Best::new();
    for node in layer.iter() {
        let Some(finish) = search.finish(node.key) else {
            continue;
        };
        for (index, entry) in profiles.reached(node.profile) {
            let score = node.score + i64::from(entry);
            let Ok(score) = u64::try_from(score) else {
                continue;
            };
            best.offer(score + finish.bonus, finish.has_room, || (index, score));
        }
    }
    let (_, (index, score)) = best.outcome()?;
    let mut aside = [0; SUITS];
    for (suit, n) in aside.iter_mut().enumerate() {
        *n = u8::try_from(profiles.suit_choice(index, suit)).unwrap_or(0);
    }
    let value = u32::try_from(score / u64::from(COUNT_WEIGHT)).unwrap_or(0);
    Ok((aside, value))
}

#[cfg(test)]
mod tests {
    use super::aces_aside_pass;
    use crate::games::manipulation::solver::search::{Jokers, Limits, searching};
    use crate::games::manipulation::solver::tests::{GOES_OUT_WITH_ACES_HIGH, pool_of};
    use crate::games::manipulation::solver::work::Work;

    /// Positions whose hands go out only with aces laid high, or don't go out at all.
    const POSITIONS: [(&str, &str); 4] = [
        GOES_OUT_WITH_ACES_HIGH,
        (
            "10s Js Qs | 10h Jh Qh | Jd Qd Kd | 5c 6c 7c",
            "As Ks Ah Kh Ad Ac Kc Qc 2c 3c 4c",
        ),
        ("Qs Ks As | Qh Kh Ah | 2d 3d 4d", "As Ah Ad 2s 3s 2h 3h"),
        ("Qs Ks As | Jh Qh Kh | 9c 10c Jc", "Ah Ac As 5d"),
    ];

    #[test]
    fn a_search_that_must_lay_every_hand_card_sets_the_same_aces_aside_with_flat_profiles() {
        for (table, hand) in POSITIONS {
            let (pool, config, _) = pool_of(table, hand);
            for needed_jokers in 0..=2 {
                let limits = Limits {
                    needed_jokers,
                    most_left: Some(0),
                };
                let pass = |flat: bool| {
                    let mut work = Work::default();
                    searching(
                        &pool,
                        &config,
                        Jokers::Needed,
                        limits,
                        usize::MAX,
                        &mut work,
                        |search| {
                            assert!(search.lays_every_hand_card());
                            aces_aside_pass(search, flat).ok()
                        },
                    )
                };
                let (flat, whole) = (pass(true), pass(false));
                assert_eq!(
                    flat, whole,
                    "{table} ; {hand} ; {needed_jokers} jokers where needed"
                );
            }
        }
    }
}
