//! Where the best play is searched: a dynamic program over ranks, ace to king and on to the
//! high ace, deciding one face (rank and suit) at a time.
//!
//! The state between faces says what every later decision needs to know:
//! - per suit, the runs in progress counted by what they may still do ([`RunCounts`]): runs
//!   of 1 and 2 cards must go on, runs of 3 or more may end; two copies of a card are alike,
//!   so counts, not run identities;
//! - per suit, the aces set aside at the ace (low) to top a run at the high ace, because an
//!   ace is laid low or high, never both;
//! - the joker balance: wild jokers laid so far less jokers released so far (a release may
//!   come after the joker it frees is laid; only the end state is judged);
//! - within a rank, the cards each suit gave to sets, until the rank's last suit checks that
//!   they split into sets of 3 or 4 different suits.
//!
//! Each step keeps, per state, the best value played so far (then the most cards) and a link
//! back, so the winning decisions are read back from the end.

use super::pool::{Pool, RANKS, SUITS};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};

/// Rank index of the ace above the king.
pub(crate) const ACE_HIGH: usize = RANKS;

/// The most runs of one suit in progress at once: two real copies and two jokers.
const MOST_RUNS: u8 = 4;

/// Runs of one suit in progress: `[one card, two cards, three or more, from the low ace]`.
/// The last class is only used when a run may not hold both aces (one deck): such a run,
/// unbroken from the ace, may not take the high ace.
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
    fn last_rank(&self) -> usize {
        if self.aces_high { ACE_HIGH } else { RANKS - 1 }
    }

    /// A run from the low ace must be told apart: it may not take the high ace.
    fn tracks_ace_runs(&self) -> bool {
        self.aces_high && !self.two_aces_in_a_run
    }
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
    /// At the low ace: aces set aside for the top of a run.
    pub deferred: u8,
    /// Runs of 3 or more that go on (the others end before this rank).
    pub continued_long: u8,
    /// Runs from the low ace that go on.
    pub continued_from_ace: u8,
    /// Runs started at this face.
    pub started: u8,
    /// Cards given to this rank's sets.
    pub to_sets: u8,
}

/// The decisions of a whole play, per rank index (0..=13) and suit.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub moves: Vec<[SuitMove; SUITS]>,
    /// Hand jokers played.
    pub hand_jokers: u8,
    /// Hand cards played, jokers included.
    pub played_count: u32,
}

/// A fast, deterministic hash for the packed state keys.
#[derive(Default)]
struct KeyHasher(u64);

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

type KeyMap = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;

/// The state packed in a u64: per suit 7 bits of run counts (an index into the table of
/// counts) and 2 bits of aces set aside; the joker balance; the current rank's set cards.
mod key {
    pub const SUIT_BITS: u32 = 7;
    pub const DEFER_SHIFT: u32 = 28;
    pub const BALANCE_SHIFT: u32 = 36;
    /// The balance is stored plus this, so it is never negative.
    pub const BALANCE_OFFSET: i32 = 8;
    pub const SET_CARDS_SHIFT: u32 = 40;
    pub const SET_DEEPEST_SHIFT: u32 = 45;

    pub fn runs(key: u64, suit: usize) -> usize {
        ((key >> (SUIT_BITS * suit as u32)) & 0x7f) as usize
    }

    pub fn with_runs(key: u64, suit: usize, index: usize) -> u64 {
        let shift = SUIT_BITS * suit as u32;
        (key & !(0x7f << shift)) | ((index as u64) << shift)
    }

    pub fn deferred(key: u64, suit: usize) -> u8 {
        ((key >> (DEFER_SHIFT + 2 * suit as u32)) & 3) as u8
    }

    pub fn with_deferred(key: u64, suit: usize, n: u8) -> u64 {
        let shift = DEFER_SHIFT + 2 * suit as u32;
        (key & !(3 << shift)) | (u64::from(n & 3) << shift)
    }

    pub fn balance(key: u64) -> i32 {
        ((key >> BALANCE_SHIFT) & 0xf) as i32 - BALANCE_OFFSET
    }

    pub fn with_balance(key: u64, balance: i32) -> u64 {
        let stored = (balance + BALANCE_OFFSET) as u64 & 0xf;
        (key & !(0xf << BALANCE_SHIFT)) | (stored << BALANCE_SHIFT)
    }

    /// Cards given to sets at this rank so far, and the most from one suit.
    pub fn set_cards(key: u64) -> (u8, u8) {
        (
            ((key >> SET_CARDS_SHIFT) & 0x1f) as u8,
            ((key >> SET_DEEPEST_SHIFT) & 0x7) as u8,
        )
    }

    pub fn with_set_cards(key: u64, cards: u8, deepest: u8) -> u64 {
        let cleared = key & !(0xff << SET_CARDS_SHIFT);
        cleared
            | (u64::from(cards & 0x1f) << SET_CARDS_SHIFT)
            | (u64::from(deepest & 0x7) << SET_DEEPEST_SHIFT)
    }
}

/// Every [`RunCounts`] with at most [`MOST_RUNS`] runs, and its index.
struct RunTable {
    counts: Vec<RunCounts>,
    index: HashMap<RunCounts, usize>,
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
        RunTable { counts, index }
    }
}

/// Whether `cards` set cards, at most `deepest` of one suit, split into sets of 3 or 4
/// cards of different suits: k sets hold 3k to 4k cards and at most k of a suit.
pub(crate) fn sets_split(cards: u8, deepest: u8) -> Option<u8> {
    if cards == 0 {
        return Some(0);
    }
    let sets = deepest.max(cards.div_ceil(4));
    (3 * sets <= cards).then_some(sets)
}

/// One entry of a step: a state, its best score, and how it was reached.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    score: u64,
    parent: u32,
    choice: u16,
}

/// The score orders plays by value played, then by cards played.
const COUNT_WEIGHT: u64 = 256;

/// The best play of `pool`: the most value laid from the optional cards (then the most
/// cards) with every card that must be laid on the table. `None` when the must cards can't
/// all be laid.
pub(crate) fn best_plan(pool: &Pool, config: &Config) -> Option<Plan> {
    Search::new(pool, config).run()
}

struct Search<'a> {
    pool: &'a Pool,
    config: &'a Config,
    runs: RunTable,
    /// Wild jokers available in all, the most a face can take.
    jokers: u8,
    /// For each step, the most releases still possible after it.
    releases_after: Vec<i32>,
}

impl<'a> Search<'a> {
    fn new(pool: &'a Pool, config: &'a Config) -> Search<'a> {
        let steps = (config.last_rank() + 1) * SUITS;
        let mut releases_after = vec![0; steps];
        let mut later = 0;
        for step in (0..steps).rev() {
            releases_after[step] = later;
            let (rank, suit) = (step / SUITS, step % SUITS);
            if rank < RANKS {
                later += i32::from(pool.pinned[rank][suit].min(pool.optional_real[rank][suit]));
            }
        }
        Search {
            pool,
            config,
            runs: RunTable::new(),
            jokers: u8::try_from(pool.jokers().min(u32::from(MOST_RUNS))).unwrap_or(MOST_RUNS),
            releases_after,
        }
    }

    fn run(&self) -> Option<Plan> {
        let steps = (self.config.last_rank() + 1) * SUITS;
        let start = key::with_balance(0, 0);
        let mut layers: Vec<Vec<Node>> = Vec::with_capacity(steps + 1);
        layers.push(vec![Node {
            key: start,
            score: 0,
            parent: u32::MAX,
            choice: 0,
        }]);
        let mut map = KeyMap::default();
        for step in 0..steps {
            let (rank, suit) = (step / SUITS, step % SUITS);
            let mut cache: HashMap<(usize, u8), Vec<SuitMove>> = HashMap::new();
            let current = layers.last()?;
            let mut next: Vec<Node> = Vec::with_capacity(current.len() * 2);
            map.clear();
            let most_balance = i32::from(self.pool.must_wild)
                + i32::from(self.pool.optional_wild)
                + self.releases_after[step];
            for (parent, node) in current.iter().enumerate() {
                let runs_index = key::runs(node.key, suit);
                let deferred = key::deferred(node.key, suit);
                let moves = cache
                    .entry((runs_index, deferred))
                    .or_insert_with(|| self.moves(rank, suit, runs_index, deferred));
                for (choice, mv) in moves.iter().enumerate() {
                    let balance =
                        key::balance(node.key) + i32::from(mv.jokers) - i32::from(mv.released);
                    if balance > most_balance || balance < -key::BALANCE_OFFSET {
                        continue;
                    }
                    let Some(key) = self.step_key(node.key, rank, suit, mv, balance) else {
                        continue;
                    };
                    let score = node.score + self.move_score(rank, mv);
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
            if next.is_empty() {
                return None;
            }
            layers.push(next);
        }
        self.read_back(&layers)
    }

    /// The key after a move, or `None` when the move leaves the rank's sets unsplittable.
    fn step_key(
        &self,
        key: u64,
        rank: usize,
        suit: usize,
        mv: &SuitMove,
        balance: i32,
    ) -> Option<u64> {
        let next_runs = *self.runs.index.get(&mv.next)?;
        let mut key = key::with_runs(key, suit, next_runs);
        if rank == 0 {
            key = key::with_deferred(key, suit, mv.deferred);
        } else if rank == ACE_HIGH {
            key = key::with_deferred(key, suit, 0);
        }
        key = key::with_balance(key, balance);
        let (cards, deepest) = key::set_cards(key);
        let cards = cards + mv.to_sets;
        let deepest = deepest.max(mv.to_sets);
        if suit == SUITS - 1 {
            sets_split(cards, deepest)?;
            Some(key::with_set_cards(key, 0, 0))
        } else {
            Some(key::with_set_cards(key, cards, deepest))
        }
    }

    fn move_score(&self, rank: usize, mv: &SuitMove) -> u64 {
        let value = self.config.rank_values.get(rank).copied().unwrap_or(0);
        (u64::from(value) * COUNT_WEIGHT + 1) * u64::from(mv.played)
    }

    /// Every way to decide one face, given the suit's runs in progress.
    fn moves(&self, rank: usize, suit: usize, runs_index: usize, deferred: u8) -> Vec<SuitMove> {
        let mut moves = Vec::new();
        let Some(&[short1, short2, long, from_ace]) = self.runs.counts.get(runs_index) else {
            return moves;
        };
        if rank == ACE_HIGH {
            // Aces above kings: only the aces set aside and wild jokers; they top runs.
            if short1 > 0 {
                return moves;
            }
            for jokers in 0..=self.jokers {
                let cards = deferred + jokers;
                if cards < short2 || cards > short2 + long {
                    continue;
                }
                moves.push(SuitMove {
                    next: [0, 0, cards, 0],
                    jokers,
                    continued_long: cards - short2,
                    ..SuitMove::default()
                });
            }
            return moves;
        }
        let must = self.pool.must_real[rank][suit] + self.pool.pinned[rank][suit];
        let optional = self.pool.optional_real[rank][suit];
        let pinned = self.pool.pinned[rank][suit];
        let last = self.config.last_rank();
        let may_start = rank + 2 <= last;
        // Runs from the low ace hold fewer than 3 cards until the 4th rank.
        let ace_runs_must_go_on = rank <= 2;
        let may_defer = rank == 0 && self.config.aces_high;
        for played in 0..=optional {
            let released = played.min(pinned);
            let real_faces = must + played - released;
            let most_deferred = if may_defer { real_faces.min(3) } else { 0 };
            for deferred in 0..=most_deferred {
                for jokers in 0..=self.jokers {
                    let cards = real_faces - deferred + jokers;
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
                                let (new_short, new_ace) =
                                    if rank == 0 && self.config.tracks_ace_runs() {
                                        (0, started)
                                    } else {
                                        (started, continued_from_ace)
                                    };
                                let next = [new_short, short1, short2 + continued_long, new_ace];
                                if next.iter().sum::<u8>() > MOST_RUNS {
                                    continue;
                                }
                                moves.push(SuitMove {
                                    next,
                                    played,
                                    released,
                                    jokers,
                                    deferred,
                                    continued_long,
                                    continued_from_ace,
                                    started,
                                    to_sets: rest - started,
                                });
                            }
                        }
                    }
                }
            }
        }
        moves
    }

    /// The best finished state, and the decisions that led to it.
    fn read_back(&self, layers: &[Vec<Node>]) -> Option<Plan> {
        let last = layers.last()?;
        let must_wild = i32::from(self.pool.must_wild);
        let optional_wild = i32::from(self.pool.optional_wild);
        let joker_score = u64::from(self.config.joker_value) * COUNT_WEIGHT + 1;
        let mut best: Option<(u64, usize, u8)> = None;
        for (index, node) in last.iter().enumerate() {
            let finished = (0..SUITS).all(|suit| {
                let runs = self.runs.counts.get(key::runs(node.key, suit));
                let deferred = key::deferred(node.key, suit);
                matches!(runs, Some([0, 0, _, _])) && deferred == 0
            });
            let hand_jokers = key::balance(node.key) - must_wild;
            if !finished || hand_jokers < 0 || hand_jokers > optional_wild {
                continue;
            }
            let hand_jokers = hand_jokers as u8;
            let score = node.score + joker_score * u64::from(hand_jokers);
            if best.is_none_or(|(top, _, _)| score > top) {
                best = Some((score, index, hand_jokers));
            }
        }
        let (score, mut index, hand_jokers) = best?;
        let steps = layers.len() - 1;
        let mut moves = vec![[SuitMove::default(); SUITS]; steps / SUITS];
        for step in (0..steps).rev() {
            let node = layers[step + 1].get(index)?;
            let parent = layers[step].get(node.parent as usize)?;
            let (rank, suit) = (step / SUITS, step % SUITS);
            let options = self.moves(
                rank,
                suit,
                key::runs(parent.key, suit),
                key::deferred(parent.key, suit),
            );
            moves[rank][suit] = *options.get(usize::from(node.choice))?;
            index = node.parent as usize;
        }
        Some(Plan {
            moves,
            hand_jokers,
            played_count: (score % COUNT_WEIGHT) as u32,
        })
    }
}
