//! Where the best play is searched: a dynamic program over ranks, ace to king and on to the
//! high ace, deciding one face (rank and suit) at a time.
//!
//! The state between faces says what every later decision needs to know:
//! - per suit, the runs in progress counted by what they may still do
//!   ([`super::state::RunCounts`]): runs of 1 and 2 cards must go on, runs of 3 or more may
//!   end; two copies of a card are alike, so counts, not run identities;
//! - the joker balance: wild jokers laid so far less jokers released so far (a release may
//!   come after the joker it frees is laid; only the end state is judged);
//! - within a rank, the cards each suit gave to sets, until the rank's last suit checks that
//!   they split into sets of 3 or 4 different suits.
//!
//! Aces: an ace is laid low (A-2-3) or high (Q-K-A), never both, so the aces each suit sets
//! aside at the ace for the top of its runs must be remembered until the high ace. Carrying
//! that count in the state would multiply it by up to 81; instead a first pass
//! ([`super::profile`]) carries, per state, the best score for every way of setting aces
//! aside, and finds the best one; a second pass with that choice fixed records the
//! decisions ([`super::passes`]).
//!
//! Jokers: most jokers could sit on many melds. Unless told otherwise the search lays only
//! the jokers a meld needs, and counts the rest as *loose*: they are put on finished melds at
//! the end ([`super::layout`]). A joker is not laid where it could be taken off or moved:
//! - on top of a run of 3 or more (the run stands without it);
//! - at the bottom of a run that could reach a rank higher (it could top the run instead);
//! - in a rank's sets unless all of them hold 3 (a set of 4 could give up the card the
//!   joker stands for);
//! - for a card the hand keeps (the card could take its place).
//!
//! Any play can be rearranged that way, so this is exact whenever the loose jokers find a
//! place; when they may not, the caller searches again with [`Jokers::Placed`]. How many jokers
//! may be laid where needed is a limit too ([`Limits`]), so the caller can ask the cheap
//! questions first.
//!
//! States that another state beats (its runs can do all theirs can, with as good a score)
//! are dropped after every rank ([`super::dominance`]).
//!
//! Here: what a search is asked and what it finds, and one step of it: the state a move
//! leads to ([`Search::step_key`]) and how a finished state ends a play
//! ([`Search::finish`]). A face's moves are made in [`super::faces`]; the passes over the
//! steps run in [`super::profile`] and [`super::passes`].

use super::memory::Tables;
use super::pool::{ACE_HIGH, Pool, RANKS, SUITS};
use super::state::{MOST_RUNS, RunTable, key, sets_split};
use super::suit_move::SuitMove;
use super::work::Work;

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
    /// The same rules for a pool read from the king down ([`super::pool::mirrored_rank`]).
    pub(crate) fn mirrored(&self) -> Config {
        Config {
            rank_values: super::pool::mirrored_ranks(&self.rank_values, self.aces_high),
            ..*self
        }
    }

    pub(crate) fn last_rank(&self) -> usize {
        if self.aces_high { ACE_HIGH } else { RANKS - 1 }
    }

    /// A run from the low ace must be told apart: it may not take the high ace.
    pub(crate) fn tracks_ace_runs(&self) -> bool {
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

/// The score orders plays by value played, then by cards played.
pub(crate) const COUNT_WEIGHT: u32 = 256;

/// Runs `run` on a search of `pool` keeping the `beam` best-scoring states after each rank
/// (all with `usize::MAX`), its work done on `work`.
pub(super) fn searching<T>(
    pool: &Pool,
    config: &Config,
    jokers: Jokers,
    limits: Limits,
    beam: usize,
    work: &mut Work<'_>,
    run: impl FnOnce(&mut Search) -> T,
) -> T {
    let tables = Tables::lent();
    let mut search = Search::new(pool, config, jokers, limits, std::mem::take(work), tables);
    search.beam = beam;
    let found = run(&mut search);
    let Search {
        work: done,
        mut tables,
        move_slots,
        made_moves,
        ..
    } = search;
    *work = done;
    tables.move_slots = move_slots;
    tables.made_moves = made_moves;
    tables.give_back();
    found
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
    pub(super) const NONE: Limits = Limits {
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
    /// The search did more work than it was given, or was told to stop ([`Work`]).
    OutOfWork,
}

/// The best of the finished states: the best with room for its loose jokers, and whether a
/// state without that room would score more.
pub(crate) struct Best<T> {
    pub with_room: Option<(u64, T)>,
    pub better_without_room: bool,
    any: Option<u64>,
}

impl<T> Best<T> {
    pub(super) fn new() -> Best<T> {
        Best {
            with_room: None,
            better_without_room: false,
            any: None,
        }
    }

    /// Offers a finished state; the first of equal scores is kept.
    pub(super) fn offer(&mut self, score: u64, has_room: bool, item: impl FnOnce() -> T) {
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

    pub(super) fn outcome(self) -> Result<(u64, T), Outcome> {
        if self.any.is_none() {
            return Err(Outcome::Impossible);
        }
        if self.better_without_room {
            return Err(Outcome::NoRoomSeen);
        }
        self.with_room.ok_or(Outcome::Impossible)
    }
}

pub(crate) struct Search<'a, 'w> {
    pub pool: &'a Pool,
    pub config: &'a Config,
    pub jokers: Jokers,
    pub limits: Limits,
    /// For each step, the value of the hand's real cards at it and before.
    optional_through: Vec<u32>,
    pub runs: &'static RunTable,
    /// Wild jokers in all: the most one face can take.
    pub most_jokers: u8,
    /// For each step, the most releases still possible after it.
    releases_after: Vec<i32>,
    /// The most aces of each suit that can be set aside at the low ace.
    pub most_aside: [u8; SUITS],
    /// Each step's moves, per run counts index, made when first needed: where they lie in
    /// `made_moves` and how many, plus one (0: not made yet). One flat table of small
    /// entries and one list of moves, so that a search over a few cards, as tidying makes
    /// many of, sets up and drops in a few allocations.
    pub move_slots: Vec<(u32, u32)>,
    pub made_moves: Vec<SuitMove>,
    /// The work done so far by this search's passes, and by the searches before it.
    pub work: Work<'w>,
    /// The most states kept after each rank: a search that keeps fewer than all proves
    /// nothing, but finds a good play quickly ([`super::passes::good_value`]).
    pub beam: usize,
    /// The memory the passes work in.
    pub tables: Tables,
}

impl<'a, 'w> Search<'a, 'w> {
    fn new(
        pool: &'a Pool,
        config: &'a Config,
        jokers: Jokers,
        limits: Limits,
        work: Work<'w>,
        mut tables: Tables,
    ) -> Search<'a, 'w> {
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
        let runs = RunTable::shared();
        let table_size = runs.counts.len();
        let mut move_slots = std::mem::take(&mut tables.move_slots);
        move_slots.clear();
        move_slots.resize(steps * table_size, (0, 0));
        let mut made_moves = std::mem::take(&mut tables.made_moves);
        made_moves.clear();
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
            move_slots,
            made_moves,
            work,
            beam: usize::MAX,
            tables,
        }
    }

    /// The value of all the hand's real cards.
    pub(super) fn optional_value(&self) -> u32 {
        self.optional_through.last().copied().unwrap_or(0)
    }

    /// Whether a state scoring `score` after `step` keeps no more of the hand than allowed.
    pub(super) fn within_limits(&self, step: usize, score: i64) -> bool {
        let Some(most) = self.limits.most_left else {
            return true;
        };
        let offered = i64::from(self.optional_through.get(step).copied().unwrap_or(0));
        offered - score / i64::from(COUNT_WEIGHT) <= i64::from(most)
    }

    /// Whether every play the search may find lays every hand card: it may keep no value in
    /// hand ([`Limits::most_left`] 0), and every card counts for something. Then every
    /// state of a step has played every hand card read so far (a state that passed one by
    /// is dropped, see [`Search::within_limits`]; an ace set aside for the top of a run is
    /// played where it is set aside), so all have the same score, and the aces-aside pass
    /// keeps its profiles flat ([`super::profile`]).
    pub(super) fn lays_every_hand_card(&self) -> bool {
        self.limits.most_left == Some(0) && self.config.rank_values.iter().all(|v| *v > 0)
    }

    pub(super) fn steps(&self) -> usize {
        (self.config.last_rank() + 1) * SUITS
    }

    /// The key every search starts from.
    pub(super) fn start_key(&self) -> u64 {
        key::with_balance(0, 0)
    }

    /// The key after a move, or `None` when the move is out of bounds or leaves the rank's
    /// sets unsplittable.
    pub(super) fn step_key(&self, key: u64, step: usize, mv: &SuitMove) -> Option<u64> {
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

    /// Whether a finished key may end the search, and if so how.
    pub(super) fn finish(&self, key: u64) -> Option<Finish> {
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
}
