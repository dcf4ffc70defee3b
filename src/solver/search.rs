//! Where the best play is searched: a dynamic program over ranks, ace to king and on to the
//! high ace, deciding one face (rank and suit) at a time.
//!
//! The state between faces says what every later decision needs to know:
//! - per suit, the runs in progress counted by what they may still do ([`RunCounts`]): runs
//!   of 1 and 2 cards must go on, runs of 3 or more may end; two copies of a card are alike,
//!   so counts, not run identities;
//! - the joker balance: wild jokers laid so far less jokers released so far (a release may
//!   come after the joker it frees is laid; only the end state is judged);
//! - within a rank, the cards each suit gave to sets, until the rank's last suit checks that
//!   they split into sets of 3 or 4 different suits.
//!
//! Aces: an ace is laid low (A-2-3) or high (Q-K-A), never both, so the aces each suit sets
//! aside at the ace for the top of its runs must be remembered until the high ace. Carrying
//! that count in the state would multiply it by up to 81; instead a first pass ([`profile`])
//! carries, per state, the best score for every way of setting aces aside, and finds the best
//! one; a second pass with that choice fixed records the decisions.
//!
//! Jokers: most jokers could sit on many melds. Unless told otherwise the search lays only
//! the jokers a meld needs (no joker tops a run of 3 or more, no joker sits in a set of 4,
//! no joker stands for a card the hand keeps), and counts the rest as *loose*: they are put on
//! finished melds at the end ([`super::layout`]). Any play can be rearranged that way, so
//! this is exact whenever the loose jokers find a place; when they don't, the caller searches
//! again with [`Jokers::Placed`].
//!
//! States that another state beats (its runs can do all theirs can, with as good a score)
//! are dropped after every rank.

use super::dominance::Frontier;
use super::pool::{Pool, RANKS, SUITS};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

/// Rank index of the ace above the king.
pub(crate) const ACE_HIGH: usize = RANKS;

/// The most runs of one suit in progress at once: two real copies and two jokers.
const MOST_RUNS: u8 = 4;

/// Runs of one suit in progress: `[must go on twice, must go on once, may end, from the low
/// ace]`. A run that must go on once is one of 2 cards, or a longer one a joker tops. The last
/// class is only used when a run may not hold both aces (one deck): such a run, unbroken from
/// the ace, may not take the high ace.
pub(crate) type RunCounts = [u8; 4];

/// What the search needs to know of the rules.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Config {
    pub aces_high: bool,
    pub two_aces_in_a_run: bool,
    /// What a card of each rank index (0 = ace) counts in hand.
    pub rank_values: [u32; RANKS],
    pub joker_value: u32,
}

impl Config {
    pub fn last_rank(&self) -> usize {
        if self.aces_high { ACE_HIGH } else { RANKS - 1 }
    }

    /// A run from the low ace must be told apart: it may not take the high ace.
    pub fn tracks_ace_runs(&self) -> bool {
        self.aces_high && !self.two_aces_in_a_run
    }
}

/// How the search lays jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Jokers {
    /// Only where a meld needs one; the rest are loose, for finished melds.
    Needed,
    /// Anywhere they fit, and none loose.
    Placed,
}

/// One face's decision: how its cards are found and where they go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SuitMove {
    /// Runs in progress after this face.
    pub next: RunCounts,
    /// Hand cards of this face played.
    pub played: u8,
    /// Of those, how many release a pinned joker.
    pub released: u8,
    /// Wild jokers laid as this face.
    pub jokers: u8,
    /// Of those, how many go on runs of 3 or more (which must then go on).
    pub jokers_on_long: u8,
    /// Of those, how many go to sets.
    pub jokers_in_sets: u8,
    /// At the low ace: aces set aside for the top of a run. At the high ace: aces laid.
    pub aces_aside: u8,
    /// Runs of 3 or more that go on (the others end before this rank).
    pub continued_long: u8,
    /// Runs from the low ace that go on.
    pub continued_from_ace: u8,
    /// Runs started at this face.
    pub started: u8,
    /// Cards given to this rank's sets.
    pub to_sets: u8,
    /// Filled in once made: the index of `next`, the room for loose jokers the move makes,
    /// and what it adds to the score.
    pub next_index: u8,
    pub room: u8,
    pub score: u32,
}

/// The decisions of a whole play, per rank index (0..=13) and suit.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub moves: Vec<[SuitMove; SUITS]>,
    /// Hand jokers played.
    pub hand_jokers: u8,
    /// Wild jokers to put on finished melds.
    pub loose_jokers: u8,
    /// Hand cards played, jokers included.
    pub played_count: u32,
    /// The value of the real hand cards played.
    pub played_value: u32,
}

/// A fast, deterministic hash for the packed state keys.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.write_u64(self.0 ^ u64::from(*byte));
        }
    }

    fn write_u64(&mut self, n: u64) {
        // splitmix64's finaliser: every key bit reaches every hash bit.
        let mut z = n.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.0 = z ^ (z >> 31);
    }
}

pub(crate) type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// The state packed in a u64: per suit 7 bits of run counts (an index into the table of
/// counts); the joker balance; the current rank's set cards.
pub(crate) mod key {
    pub const SUIT_BITS: u32 = 7;
    pub const RUN_BITS: u64 = (1 << (SUIT_BITS * 4)) - 1;
    const BALANCE_SHIFT: u32 = 28;
    /// The balance is stored plus this, so it is never negative.
    pub const BALANCE_OFFSET: i32 = 8;
    const SET_CARDS_SHIFT: u32 = 32;
    const SET_DEEPEST_SHIFT: u32 = 37;
    const SET_JOKER_SHIFT: u32 = 40;
    const ROOM_SHIFT: u32 = 41;
    const USES_SHIFT: u32 = 43;
    /// The bits of the count of jokers laid where needed (with jokers laid only so).
    pub const USES_BITS: u64 = 7 << USES_SHIFT;
    /// The bits of the room for loose jokers, which states compare rather than match on.
    pub const ROOM_BITS: u64 = 3 << ROOM_SHIFT;
    /// Loose jokers are at most two, so room is counted up to two.
    pub const MOST_ROOM: u8 = 2;
    /// The bits dominance compares; states must match on every other bit. The balance is
    /// compared only when jokers are laid where needed.
    pub const COMPARED_BITS: u64 = RUN_BITS | ROOM_BITS;
    pub const COMPARED_WITH_BALANCE: u64 = COMPARED_BITS | USES_BITS | (0xf << BALANCE_SHIFT);

    pub fn runs(key: u64, suit: usize) -> usize {
        ((key >> (SUIT_BITS * suit as u32)) & 0x7f) as usize
    }

    pub fn with_runs(key: u64, suit: usize, index: usize) -> u64 {
        let shift = SUIT_BITS * suit as u32;
        (key & !(0x7f << shift)) | ((index as u64 & 0x7f) << shift)
    }

    pub fn balance(key: u64) -> i32 {
        ((key >> BALANCE_SHIFT) & 0xf) as i32 - BALANCE_OFFSET
    }

    pub fn with_balance(key: u64, balance: i32) -> u64 {
        let stored = (balance + BALANCE_OFFSET) as u64 & 0xf;
        (key & !(0xf << BALANCE_SHIFT)) | (stored << BALANCE_SHIFT)
    }

    /// Cards given to sets at this rank so far, the most from one suit, and whether a joker
    /// is among them.
    pub fn set_cards(key: u64) -> (u8, u8, bool) {
        (
            ((key >> SET_CARDS_SHIFT) & 0x1f) as u8,
            ((key >> SET_DEEPEST_SHIFT) & 0x7) as u8,
            (key >> SET_JOKER_SHIFT) & 1 == 1,
        )
    }

    /// Room for loose jokers on the melds finished so far, counted up to [`MOST_ROOM`].
    /// Jokers laid where a meld needs them so far.
    pub fn uses(key: u64) -> u8 {
        ((key >> USES_SHIFT) & 7) as u8
    }

    pub fn with_uses(key: u64, uses: u8) -> u64 {
        (key & !USES_BITS) | (u64::from(uses & 7) << USES_SHIFT)
    }

    pub fn room(key: u64) -> u8 {
        ((key >> ROOM_SHIFT) & 3) as u8
    }

    pub fn with_more_room(key: u64, more: u8) -> u64 {
        let room = room(key).saturating_add(more).min(MOST_ROOM);
        (key & !ROOM_BITS) | (u64::from(room) << ROOM_SHIFT)
    }

    pub fn with_set_cards(key: u64, cards: u8, deepest: u8, joker: bool) -> u64 {
        let cleared = key & !(0x1ff << SET_CARDS_SHIFT);
        cleared
            | (u64::from(cards & 0x1f) << SET_CARDS_SHIFT)
            | (u64::from(deepest & 0x7) << SET_DEEPEST_SHIFT)
            | (u64::from(joker) << SET_JOKER_SHIFT)
    }
}

/// Every [`RunCounts`] with at most [`MOST_RUNS`] runs, its index, and which beat which.
pub(crate) struct RunTable {
    pub counts: Vec<RunCounts>,
    index: HashMap<RunCounts, usize>,
    /// `dominates[a * len + b]`: runs `a` can do all that runs `b` can.
    dominates: Vec<bool>,
}

impl RunTable {
    fn new() -> RunTable {
        let mut counts = Vec::new();
        for total in 0..=MOST_RUNS {
            for a in 0..=total {
                for b in 0..=total - a {
                    for c in 0..=total - a - b {
                        counts.push([a, b, c, total - a - b - c]);
                    }
                }
            }
        }
        let index = counts.iter().enumerate().map(|(i, c)| (*c, i)).collect();
        let dominates = counts
            .iter()
            .flat_map(|a| counts.iter().map(move |b| runs_dominate(*a, *b)))
            .collect();
        RunTable {
            counts,
            index,
            dominates,
        }
    }

    pub fn index(&self, runs: &RunCounts) -> Option<usize> {
        self.index.get(runs).copied()
    }

    /// Whether runs (by index) `a` can do all runs `b` can.
    pub fn suit_dominates(&self, a: usize, b: usize) -> bool {
        self.dominates
            .get(a * self.counts.len() + b)
            .copied()
            .unwrap_or(false)
    }

    /// Whether key `a` can do all key `b` can: its runs in every suit, and its room for
    /// loose jokers. (The other parts of the keys must match.)
    pub fn key_dominates(&self, a: u64, b: u64) -> bool {
        let len = self.counts.len();
        key::room(a) >= key::room(b)
            && (0..SUITS).all(|suit| self.dominates[key::runs(a, suit) * len + key::runs(b, suit)])
    }
}

impl Search<'_> {
    /// What dominance compares rather than matches, in this search's keys.
    pub fn compared_bits(&self) -> u64 {
        match self.jokers {
            Jokers::Needed => key::COMPARED_WITH_BALANCE,
            Jokers::Placed => key::COMPARED_BITS,
        }
    }

    /// Whether state `a` can do all state `b` can (scores aside). With jokers laid only
    /// where needed, fewer jokers laid is better as long as the loose ones have room: the
    /// room counted is never less than the loose jokers can be.
    pub fn dominates(&self, a: u64, b: u64) -> bool {
        if !self.runs.key_dominates(a, b) {
            return false;
        }
        let (balance_a, balance_b) = (key::balance(a), key::balance(b));
        key::uses(a) <= key::uses(b)
            && (balance_a == balance_b || (balance_a < balance_b && key::room(a) >= key::MOST_ROOM))
    }
}

/// Whether runs `a` can do everything runs `b` can: `a` is `b` with runs grown (from "must go
/// on twice" to "once" to "may end") and runs that may end added. Runs from the ace must
/// match.
fn runs_dominate(a: RunCounts, b: RunCounts) -> bool {
    let [a1, a2, a3, a4] = a;
    let [b1, b2, b3, b4] = b;
    a4 == b4
        && a1 <= b1
        && a1 + a2 <= b1 + b2
        && b3 <= a3
        && b2 + b3 <= a2 + a3
        && b1 + b2 + b3 <= a1 + a2 + a3
}

/// How many sets `cards` set cards make, at most `deepest` of one suit: k sets hold 3k to 4k
/// cards and at most k of a suit. With a joker among them, every set holds 3 (a joker in a
/// set of 4 is never needed there).
pub(crate) fn sets_split(cards: u8, deepest: u8, joker: bool) -> Option<u8> {
    if cards == 0 {
        return Some(0);
    }
    if joker {
        let sets = cards / 3;
        return (cards.is_multiple_of(3) && deepest <= sets).then_some(sets);
    }
    let sets = deepest.max(cards.div_ceil(4));
    (3 * sets <= cards).then_some(sets)
}

/// The score orders plays by value played, then by cards played.
pub(crate) const COUNT_WEIGHT: u32 = 256;

/// The best play of `pool`: the most value laid from the optional cards (then the most
/// cards) with every card that must be laid on the table. `None` when the must cards can't
/// all be laid.
pub(crate) fn best_plan(pool: &Pool, config: &Config, jokers: Jokers, limits: Limits) -> Outcome {
    let mut search = Search::new(pool, config, jokers, limits);
    let aside = if search.aces_aside_matter() {
        match super::profile::best_aces_aside(&mut search) {
            Ok((aside, best_value)) => {
                // The second pass knows how good the best play is: nothing worse matters.
                let left = search.optional_value().saturating_sub(best_value);
                search.limits.most_left = Some(limits.most_left.map_or(left, |m| m.min(left)));
                aside
            }
            Err(outcome) => return outcome,
        }
    } else {
        [0; SUITS]
    };
    search.plan_with(aside)
}

/// Bounds that let a search skip plays that can't matter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// How many wild jokers may be laid where a meld needs them (the rest are loose).
    pub needed_jokers: u8,
    /// The most value of hand cards a play may keep: plays keeping more are dropped.
    pub most_left: Option<u32>,
}

impl Limits {
    pub const NONE: Limits = Limits {
        needed_jokers: MOST_RUNS,
        most_left: None,
    };
}

/// How a finished state ends a play.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Finish {
    pub hand_jokers: u8,
    /// Wild jokers not yet laid, for finished melds.
    pub loose: u8,
    /// What the hand jokers played add to the score.
    pub bonus: u64,
    /// The melds have room for the loose jokers, as far as the search can tell.
    pub has_room: bool,
}

/// What a search finds.
pub(crate) enum Outcome {
    Found(Plan),
    /// No play lays every card that must be laid.
    Impossible,
    /// The best plays found leave loose jokers the search can't see room for: search again
    /// with [`Jokers::Placed`].
    NoRoomSeen,
}

/// The best of the finished states: the best with room for its loose jokers, and whether a
/// state without that room would score more.
pub(crate) struct Best<T> {
    pub with_room: Option<(u64, T)>,
    pub better_without_room: bool,
    any: Option<u64>,
}

impl<T> Best<T> {
    pub fn new() -> Best<T> {
        Best {
            with_room: None,
            better_without_room: false,
            any: None,
        }
    }

    /// Offers a finished state; the first of equal scores is kept.
    pub fn offer(&mut self, score: u64, has_room: bool, item: impl FnOnce() -> T) {
        if self.any.is_none_or(|top| score > top) {
            self.any = Some(score);
        }
        if has_room && self.with_room.as_ref().is_none_or(|(top, _)| score > *top) {
            self.with_room = Some((score, item()));
        }
        self.better_without_room = match (&self.with_room, self.any) {
            (Some((room, _)), Some(any)) => any > *room,
            (None, Some(_)) => true,
            _ => false,
        };
    }

    pub fn outcome(self) -> Result<(u64, T), Outcome> {
        if self.any.is_none() {
            return Err(Outcome::Impossible);
        }
        if self.better_without_room {
            return Err(Outcome::NoRoomSeen);
        }
        self.with_room.ok_or(Outcome::Impossible)
    }
}

/// One entry of a step: a state, its best score, and how it was reached.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    score: u32,
    parent: u32,
    choice: u16,
}

pub(crate) struct Search<'a> {
    pub pool: &'a Pool,
    pub config: &'a Config,
    pub jokers: Jokers,
    pub limits: Limits,
    /// For each step, the value of the hand's real cards at it and before.
    optional_through: Vec<u32>,
    pub runs: RunTable,
    /// Wild jokers in all: the most one face can take.
    most_jokers: u8,
    /// For each step, the most releases still possible after it.
    releases_after: Vec<i32>,
    /// The most aces of each suit that can be set aside at the low ace.
    pub most_aside: [u8; SUITS],
    /// Each step's moves, per run counts index, made when first needed.
    moves: Vec<Option<Vec<SuitMove>>>,
}

impl<'a> Search<'a> {
    fn new(pool: &'a Pool, config: &'a Config, jokers: Jokers, limits: Limits) -> Search<'a> {
        let steps = (config.last_rank() + 1) * SUITS;
        let mut optional_through = vec![0; steps];
        let mut so_far = 0;
        for (step, through) in optional_through.iter_mut().enumerate() {
            let (rank, suit) = (step / SUITS, step % SUITS);
            if rank < RANKS {
                so_far += config.rank_values[rank] * u32::from(pool.optional_real[rank][suit]);
            }
            *through = so_far;
        }
        let mut releases_after = vec![0; steps];
        let mut later = 0;
        for step in (0..steps).rev() {
            releases_after[step] = later;
            let (rank, suit) = (step / SUITS, step % SUITS);
            if rank < RANKS {
                later += i32::from(pool.pinned[rank][suit].min(pool.optional_real[rank][suit]));
            }
        }
        let mut most_aside = [0; SUITS];
        if config.aces_high {
            for (suit, most) in most_aside.iter_mut().enumerate() {
                let aces =
                    pool.must_real[0][suit] + pool.pinned[0][suit] + pool.optional_real[0][suit];
                *most = aces.min(3);
            }
        }
        let runs = RunTable::new();
        let table_size = runs.counts.len();
        Search {
            pool,
            config,
            jokers,
            limits,
            optional_through,
            runs,
            most_jokers: u8::try_from(pool.jokers().min(u32::from(MOST_RUNS))).unwrap_or(MOST_RUNS),
            releases_after,
            most_aside,
            moves: vec![None; steps * table_size],
        }
    }

    /// The value of all the hand's real cards.
    pub fn optional_value(&self) -> u32 {
        self.optional_through.last().copied().unwrap_or(0)
    }

    /// Whether a state scoring `score` after `step` keeps no more of the hand than allowed.
    pub fn within_limits(&self, step: usize, score: i64) -> bool {
        let Some(most) = self.limits.most_left else {
            return true;
        };
        let offered = i64::from(self.optional_through.get(step).copied().unwrap_or(0));
        offered - score / i64::from(COUNT_WEIGHT) <= i64::from(most)
    }

    pub fn steps(&self) -> usize {
        (self.config.last_rank() + 1) * SUITS
    }

    /// Whether any ace can be set aside for the top of a run.
    fn aces_aside_matter(&self) -> bool {
        self.most_aside.iter().any(|n| *n > 0)
    }

    /// The key every search starts from.
    pub fn start_key(&self) -> u64 {
        key::with_balance(0, 0)
    }

    /// The moves of a step from runs `runs_index` (made once, then kept).
    pub fn moves_at(&mut self, step: usize, runs_index: usize) -> &[SuitMove] {
        let slot = step * self.runs.counts.len() + runs_index;
        if self.moves.get(slot).is_some_and(Option::is_none) {
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
            self.moves[slot] = Some(made);
        }
        self.moves
            .get(slot)
            .and_then(|m| m.as_deref())
            .unwrap_or(&[])
    }

    /// The key after a move, or `None` when the move is out of bounds or leaves the rank's
    /// sets unsplittable.
    pub fn step_key(&self, key: u64, step: usize, mv: &SuitMove) -> Option<u64> {
        let suit = step % SUITS;
        let balance = key::balance(key) + i32::from(mv.jokers) - i32::from(mv.released);
        let most_balance = i32::from(self.pool.must_wild)
            + i32::from(self.pool.optional_wild)
            + self.releases_after.get(step).copied().unwrap_or(0);
        if balance > most_balance || balance < -key::BALANCE_OFFSET {
            return None;
        }
        let mut key = key::with_balance(
            key::with_runs(key, suit, usize::from(mv.next_index)),
            balance,
        );
        let needed_only = self.jokers == Jokers::Needed;
        if needed_only {
            key = key::with_more_room(key, mv.room);
            let uses = key::uses(key) + mv.jokers;
            if uses > self.limits.needed_jokers {
                return None;
            }
            key = key::with_uses(key, uses);
        }
        let (cards, deepest, joker) = key::set_cards(key);
        let cards = cards + mv.to_sets;
        let deepest = deepest.max(mv.to_sets);
        let joker = joker || mv.jokers_in_sets > 0;
        if suit == SUITS - 1 {
            let sets = sets_split(cards, deepest, joker && needed_only)?;
            if needed_only {
                // Each set of 3 has room for one joker of the suit it lacks.
                key = key::with_more_room(key, (4 * sets).saturating_sub(cards));
            }
            Some(key::with_set_cards(key, 0, 0, false))
        } else {
            Some(key::with_set_cards(key, cards, deepest, joker))
        }
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

    pub fn move_score(&self, step: usize, mv: &SuitMove) -> u32 {
        let value = self
            .config
            .rank_values
            .get(step / SUITS)
            .copied()
            .unwrap_or(0);
        (value * COUNT_WEIGHT + 1) * u32::from(mv.played)
    }

    /// Whether a finished key may end the search, and if so how.
    pub fn finish(&self, key: u64) -> Option<Finish> {
        let closed = (0..SUITS).all(|suit| {
            matches!(
                self.runs.counts.get(key::runs(key, suit)),
                Some([0, 0, _, _])
            )
        });
        if !closed {
            return None;
        }
        let balance = key::balance(key);
        let must_wild = i32::from(self.pool.must_wild);
        let optional_wild = i32::from(self.pool.optional_wild);
        let (hand_jokers, loose) = match self.jokers {
            Jokers::Placed => {
                let hand = balance - must_wild;
                if hand < 0 || hand > optional_wild {
                    return None;
                }
                (hand, 0)
            }
            Jokers::Needed => {
                let loose = must_wild + optional_wild - balance;
                if loose < 0 {
                    return None;
                }
                (optional_wild, loose)
            }
        };
        let hand_jokers = u8::try_from(hand_jokers).ok()?;
        let loose = u8::try_from(loose).ok()?;
        let joker_score = u64::from(self.config.joker_value) * u64::from(COUNT_WEIGHT) + 1;
        Some(Finish {
            hand_jokers,
            loose,
            bonus: joker_score * u64::from(hand_jokers),
            has_room: loose <= key::room(key),
        })
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
                                let splits: Vec<(u8, u8)> = if !needed_only {
                                    vec![(0, 0)]
                                } else {
                                    let least_in_sets = over.saturating_sub(continued_long);
                                    (least_in_sets..=over.min(to_sets))
                                        .map(|in_sets| (over - in_sets, in_sets))
                                        .collect()
                                };
                                for (on_long, in_sets) in splits {
                                    let next = if rank == 0 && tracks_ace_runs {
                                        [0, 0, 0, started]
                                    } else {
                                        [
                                            started,
                                            short1 + on_long,
                                            short2 + continued_long - on_long,
                                            continued_from_ace,
                                        ]
                                    };
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

    /// Drops every move another move of the same face beats: it gives sets the same cards
    /// and jokers, lays as many jokers and sets as many aces aside, plays as much, makes as
    /// much room, and leaves runs that can do all the other's can.
    fn without_dominated_moves(&self, moves: Vec<SuitMove>) -> Vec<SuitMove> {
        let same_kind = |a: &SuitMove, b: &SuitMove| {
            a.to_sets == b.to_sets
                && (a.jokers_in_sets > 0) == (b.jokers_in_sets > 0)
                && i16::from(a.jokers) - i16::from(a.released)
                    == i16::from(b.jokers) - i16::from(b.released)
                && a.aces_aside == b.aces_aside
        };
        let beats = |a: &SuitMove, b: &SuitMove| {
            same_kind(a, b)
                && a.played >= b.played
                && a.room >= b.room
                && self.runs.dominates
                    [usize::from(a.next_index) * self.runs.counts.len() + usize::from(b.next_index)]
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

    /// Slots a wild joker may take at no cost: on runs that must go on, and starting runs
    /// when that is allowed.
    pub fn joker_slots(must_go_on: u8, started: u8, may_start: bool) -> u8 {
        must_go_on + if may_start { started } else { 0 }
    }

    /// Whether a move agrees with the aces set aside, `aside[suit]`.
    fn fits_aside(&self, step: usize, mv: &SuitMove, aside: &[u8; SUITS]) -> bool {
        let (rank, suit) = (step / SUITS, step % SUITS);
        (rank != 0 && rank != ACE_HIGH) || mv.aces_aside == aside[suit]
    }

    /// The best play with the aces of each suit set aside as given, and its decisions.
    fn plan_with(&mut self, aside: [u8; SUITS]) -> Outcome {
        let steps = self.steps();
        let mut layers: Vec<Vec<Node>> = Vec::with_capacity(steps + 1);
        layers.push(vec![Node {
            key: self.start_key(),
            score: 0,
            parent: u32::MAX,
            choice: 0,
        }]);
        let mut map: KeyMap<u32> = KeyMap::default();
        for step in 0..steps {
            let suit = step % SUITS;
            let Some(current) = layers.last_mut().map(std::mem::take) else {
                return Outcome::Impossible;
            };
            let mut next: Vec<Node> = Vec::with_capacity(current.len() * 2);
            map.clear();
            for (parent, node) in current.iter().enumerate() {
                let runs_index = key::runs(node.key, suit);
                let count = self.moves_at(step, runs_index).len();
                for choice in 0..count {
                    let Some(mv) = self.moves_at(step, runs_index).get(choice).copied() else {
                        continue;
                    };
                    if !self.fits_aside(step, &mv, &aside) {
                        continue;
                    }
                    let Some(key) = self.step_key(node.key, step, &mv) else {
                        continue;
                    };
                    let score = node.score + mv.score;
                    if !self.within_limits(step, i64::from(score)) {
                        continue;
                    }
                    match map.entry(key) {
                        Entry::Occupied(slot) => {
                            let entry = &mut next[*slot.get() as usize];
                            if score > entry.score {
                                entry.score = score;
                                entry.parent = parent as u32;
                                entry.choice = choice as u16;
                            }
                        }
                        Entry::Vacant(slot) => {
                            slot.insert(next.len() as u32);
                            next.push(Node {
                                key,
                                score,
                                parent: parent as u32,
                                choice: choice as u16,
                            });
                        }
                    }
                }
            }
            if let Some(last) = layers.last_mut() {
                *last = current;
            }
            if next.is_empty() {
                return Outcome::Impossible;
            }
            if suit == SUITS - 1 {
                next = self.without_dominated(next);
            }
            layers.push(next);
        }
        match self.read_back(&layers) {
            Ok(plan) => Outcome::Found(plan),
            Err(outcome) => outcome,
        }
    }

    /// Drops every state another state beats: as good a score, and [`Search::dominates`].
    fn without_dominated(&self, mut nodes: Vec<Node>) -> Vec<Node> {
        let compared = self.compared_bits();
        let group = |key: u64| key & !compared;
        nodes.sort_by(|a, b| {
            group(a.key)
                .cmp(&group(b.key))
                .then(b.score.cmp(&a.score))
                .then(a.key.cmp(&b.key))
        });
        let mut kept: Vec<Node> = Vec::with_capacity(nodes.len());
        let mut frontier = Frontier::new();
        for node in nodes {
            if kept
                .last()
                .is_some_and(|last| group(last.key) != group(node.key))
            {
                frontier.clear();
            }
            if !frontier.beaten(self, node.key, &|_, _| true) {
                frontier.insert(node.key, kept.len() as u32);
                kept.push(node);
            }
        }
        kept
    }

    /// The best finished state, and the decisions that led to it.
    fn read_back(&mut self, layers: &[Vec<Node>]) -> Result<Plan, Outcome> {
        let last = layers.last().ok_or(Outcome::Impossible)?;
        let mut best = Best::new();
        for (index, node) in last.iter().enumerate() {
            let Some(finish) = self.finish(node.key) else {
                continue;
            };
            let score = u64::from(node.score) + finish.bonus;
            best.offer(score, finish.has_room, || (index, finish));
        }
        let (score, (index, finish)) = best.outcome()?;
        self.moves_back(layers, index)
            .map(|moves| Plan {
                moves,
                hand_jokers: finish.hand_jokers,
                loose_jokers: finish.loose,
                played_count: (score % u64::from(COUNT_WEIGHT)) as u32,
                played_value: (u64::from(self.score_of(index, layers)) / u64::from(COUNT_WEIGHT))
                    as u32,
            })
            .ok_or(Outcome::Impossible)
    }

    fn score_of(&self, index: usize, layers: &[Vec<Node>]) -> u32 {
        layers
            .last()
            .and_then(|l| l.get(index))
            .map_or(0, |n| n.score)
    }

    /// The moves that led to the `index`th state of the last layer.
    fn moves_back(
        &mut self,
        layers: &[Vec<Node>],
        mut index: usize,
    ) -> Option<Vec<[SuitMove; SUITS]>> {
        let steps = layers.len() - 1;
        let mut moves = vec![[SuitMove::default(); SUITS]; steps / SUITS];
        for step in (0..steps).rev() {
            let node = *layers[step + 1].get(index)?;
            let parent = *layers[step].get(node.parent as usize)?;
            let options = self.moves_at(step, key::runs(parent.key, step % SUITS));
            moves[step / SUITS][step % SUITS] = *options.get(usize::from(node.choice))?;
            index = node.parent as usize;
        }
        Some(moves)
    }
}
