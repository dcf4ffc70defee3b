//! The search's state between faces, packed in a u64 key: per suit the runs in progress
//! (counted by what they may still do), the joker balance, the jokers laid where needed,
//! the room for loose jokers, and within a rank the cards given to sets. Also which runs beat
//! which, for dropping beaten states.

use super::pool::SUITS;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The most runs of one suit in progress at once: two real copies and two jokers.
pub(crate) const MOST_RUNS: u8 = 4;

/// Runs of one suit in progress: `[must go on twice, must go on once, may end, from the low
/// ace]`. A run that must go on once is one of 2 cards, or a longer one a joker tops. The last
/// class is only used when a run may not hold both aces (one deck): such a run, unbroken from
/// the ace, may not take the high ace.
pub(crate) type RunCounts = [u8; 4];

/// A fast, deterministic hash for the packed state keys.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
        let mut rest = [0; 8];
        let remainder = chunks.remainder();
        if !remainder.is_empty() {
            rest[..remainder.len()].copy_from_slice(remainder);
            self.write_u64(u64::from_le_bytes(rest));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        // splitmix64's finaliser over the state so far and `n`: every bit reaches every bit.
        let mut z = (self.0 ^ n).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.0 = z ^ (z >> 31);
    }
}

/// A hash map with [`KeyHasher`]: quick, and the same every run.
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// States by their packed key.
pub(crate) type KeyMap<V> = FastMap<u64, V>;

/// The state packed in a u64: per suit 7 bits of run counts (an index into the table of
/// counts), the joker balance, the current rank's set cards, the room for loose jokers, the
/// jokers laid where needed.
pub(crate) mod key {
    pub(crate) const SUIT_BITS: u32 = 7;
    pub(crate) const RUN_BITS: u64 = (1 << (SUIT_BITS * 4)) - 1;
    const BALANCE_SHIFT: u32 = 28;
    /// The balance is stored plus this, so it is never negative.
    pub(crate) const BALANCE_OFFSET: i32 = 8;
    const SET_CARDS_SHIFT: u32 = 32;
    const SET_DEEPEST_SHIFT: u32 = 37;
    const SET_JOKER_SHIFT: u32 = 40;
    const ROOM_SHIFT: u32 = 41;
    const USES_SHIFT: u32 = 43;
    /// The bits of the count of jokers laid where needed (with jokers laid only so).
    pub(crate) const USES_BITS: u64 = 7 << USES_SHIFT;
    /// The bits of the room for loose jokers, which states compare rather than match on.
    pub(crate) const ROOM_BITS: u64 = 3 << ROOM_SHIFT;
    /// Loose jokers are at most two, so room is counted up to two.
    pub(crate) const MOST_ROOM: u8 = 2;
    /// The bits dominance compares; states must match on every other bit. The balance is
    /// compared only when jokers are laid where needed.
    pub(crate) const COMPARED_BITS: u64 = RUN_BITS | ROOM_BITS;
    pub(crate) const COMPARED_WITH_BALANCE: u64 =
        COMPARED_BITS | USES_BITS | (0xf << BALANCE_SHIFT);

    pub(crate) fn runs(key: u64, suit: usize) -> usize {
        ((key >> (SUIT_BITS * suit as u32)) & 0x7f) as usize
    }

    pub(crate) fn with_runs(key: u64, suit: usize, index: usize) -> u64 {
        let shift = SUIT_BITS * suit as u32;
        (key & !(0x7f << shift)) | ((index as u64 & 0x7f) << shift)
    }

    pub(crate) fn balance(key: u64) -> i32 {
        ((key >> BALANCE_SHIFT) & 0xf) as i32 - BALANCE_OFFSET
    }

    pub(crate) fn with_balance(key: u64, balance: i32) -> u64 {
        let stored = (balance + BALANCE_OFFSET) as u64 & 0xf;
        (key & !(0xf << BALANCE_SHIFT)) | (stored << BALANCE_SHIFT)
    }

    /// Cards given to sets at this rank so far, the most from one suit, and whether a joker
    /// is among them.
    pub(crate) fn set_cards(key: u64) -> (u8, u8, bool) {
        (
            ((key >> SET_CARDS_SHIFT) & 0x1f) as u8,
            ((key >> SET_DEEPEST_SHIFT) & 0x7) as u8,
            (key >> SET_JOKER_SHIFT) & 1 == 1,
        )
    }

    /// Jokers laid where a meld needs them so far.
    pub(crate) fn uses(key: u64) -> u8 {
        ((key >> USES_SHIFT) & 7) as u8
    }

    pub(crate) fn with_uses(key: u64, uses: u8) -> u64 {
        (key & !USES_BITS) | (u64::from(uses & 7) << USES_SHIFT)
    }

    /// Room for loose jokers on the melds finished so far, counted up to [`MOST_ROOM`].
    pub(crate) fn room(key: u64) -> u8 {
        ((key >> ROOM_SHIFT) & 3) as u8
    }

    pub(crate) fn with_more_room(key: u64, more: u8) -> u64 {
        let room = room(key).saturating_add(more).min(MOST_ROOM);
        (key & !ROOM_BITS) | (u64::from(room) << ROOM_SHIFT)
    }

    pub(crate) fn with_set_cards(key: u64, cards: u8, deepest: u8, joker: bool) -> u64 {
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
    /// The index of each run counts, by `a*125 + b*25 + c*5 + d` (each at most 4).
    index: Vec<Option<u8>>,
    /// `dominates[a * len + b]`: runs `a` can do all that runs `b` can.
    dominates: Vec<bool>,
    /// Per runs `b`, a bit for each runs `a` (below 128) that can do all `b` can.
    dominated_by: Vec<u128>,
}

impl RunTable {
    /// The one table every search reads: it depends on nothing but [`MOST_RUNS`], and a
    /// search over a few melds (tidying a play) would spend much of its time making it.
    pub(super) fn shared() -> &'static RunTable {
        static TABLE: std::sync::OnceLock<RunTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(RunTable::new)
    }

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
        let mut index = vec![None; 625];
        for (i, runs) in counts.iter().enumerate() {
            if let Some(slot) = index.get_mut(Self::slot(runs)) {
                *slot = u8::try_from(i).ok();
            }
        }
        let dominates = counts
            .iter()
            .flat_map(|a| counts.iter().map(move |b| runs_dominate(*a, *b)))
            .collect();
        let dominated_by = counts
            .iter()
            .map(|b| {
                counts
                    .iter()
                    .enumerate()
                    .take(128)
                    .filter(|(_, a)| runs_dominate(**a, *b))
                    .fold(0u128, |mask, (i, _)| mask | (1 << i))
            })
            .collect();
        RunTable {
            counts,
            index,
            dominates,
            dominated_by,
        }
    }

    pub(super) fn index(&self, runs: &RunCounts) -> Option<usize> {
        if runs.iter().any(|n| *n > MOST_RUNS) {
            return None;
        }
        self.index
            .get(Self::slot(runs))
            .copied()
            .flatten()
            .map(usize::from)
    }

    fn slot(runs: &RunCounts) -> usize {
        runs.iter().fold(0, |slot, n| slot * 5 + usize::from(*n))
    }

    /// Whether runs (by index) `a` can do all runs `b` can.
    /// A bit for each runs index that can do all runs `b` can.
    pub(super) fn dominated_by(&self, b: usize) -> u128 {
        self.dominated_by.get(b).copied().unwrap_or(0)
    }

    pub(super) fn suit_dominates(&self, a: usize, b: usize) -> bool {
        self.dominates
            .get(a * self.counts.len() + b)
            .copied()
            .unwrap_or(false)
    }

    /// Whether key `a` can do all key `b` can: its runs in every suit, and its room for
    /// loose jokers. (The other parts of the keys must match.)
    pub(super) fn key_dominates(&self, a: u64, b: u64) -> bool {
        let len = self.counts.len();
        key::room(a) >= key::room(b)
            && (0..SUITS).all(|suit| self.dominates[key::runs(a, suit) * len + key::runs(b, suit)])
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
