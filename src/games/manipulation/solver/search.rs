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
//! ([`super::profile`])
//! carries, per state, the best score for every way of setting aces aside, and finds the best
//! one; a second pass with that choice fixed records the decisions.
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
//! are dropped after every rank.

use super::dominance::{Ranked, keep_best, without_dominated};
use super::pool::{ACE_HIGH, Pool, RANKS, SUITS};
use super::state::{KeyMap, MOST_RUNS, RunTable, key, sets_split};
use super::suit_move::SuitMove;
use super::work::Work;
use std::collections::hash_map::Entry;

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

/// The best play of `pool`: the most value laid from the optional cards (then the most
/// cards) with every card that must be laid on the table; `Impossible` when the must cards
/// can't all be laid. Its work is done on `work`: all its passes add to what `work` has
/// spent, and stop when it says.
pub(crate) fn best_plan_working(
    pool: &Pool,
    config: &Config,
    jokers: Jokers,
    limits: Limits,
    work: &mut Work<'_>,
) -> Outcome {
    searching(
        pool,
        config,
        jokers,
        limits,
        usize::MAX,
        work,
        search_passes,
    )
}

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
    let mut search = Search::new(pool, config, jokers, limits, std::mem::take(work));
    search.beam = beam;
    let found = run(&mut search);
    *work = search.work;
    found
}

/// The passes of [`best_plan_working`].
fn search_passes(search: &mut Search) -> Outcome {
    let limits = search.limits;
    if search.aces_aside_matter() && limits.most_left == Some(0) && search.jokers == Jokers::Needed
    {
        // Plays that keep nothing (every hand joker laid, as this search lays them) are all
        // as good, so the first found will do: most are found in one pass with a guess at
        // the aces set aside, without the first pass's profiles (which costs about four
        // such passes): none set aside, as many as could top runs, every one. Most wrong
        // guesses fail within a tenth to a twentieth of a pass (measured on the hard sets).
        // While the question is whether the hand goes out with every joker loose, no turn
        // is handed on: a right guess answers in a pass, where the other method's turn may
        // take several. With a joker laid where needed, a pass takes several times as long,
        // and the program, quicker since its faces with no card lost their rows, answers
        // most such positions within its first turn: turns go on as ever. Measured over
        // every class of the bench, against holding them there too: the medians x0.95
        // (geometric mean), the hill-climbed `aspiration` set 1.37 ms to 1.00 and `fewer
        // instructions` 1.36 to 1.25, but `first turn short` 0.50 to 0.60.
        let guesses = [
            [0; SUITS],
            search.aces_that_could_top_runs(),
            search.most_aside,
        ];
        let held = (limits.needed_jokers == 0).then(|| search.work.hold_turns_for(usize::MAX));
        let answered = guesses
            .iter()
            .enumerate()
            .filter(|(at, aside)| !guesses[..*at].contains(aside))
            .find_map(|(_, aside)| match search.plan_with(*aside) {
                done @ (Outcome::Found(_) | Outcome::OutOfWork) => Some(done),
                Outcome::Impossible | Outcome::NoRoomSeen => None,
            });
        if let Some(held) = held {
            search.work.end_hold(held);
        }
        if let Some(done) = answered {
            return done;
        }
    }
    let aside = if search.aces_aside_matter() {
        match super::profile::best_aces_aside(search) {
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

/// The value of the hand cards a good play within `limits` lays (jokers laid only where
/// needed), found quickly by keeping only the `beam` best-scoring states after each rank.
/// The play exists, so the value is a floor under the best play's that an exact search may
/// be bounded by; it is not the best's. `None` when the narrow search finds no play (or
/// none whose loose jokers it sees room for).
pub(crate) fn good_value(
    pool: &Pool,
    config: &Config,
    limits: Limits,
    beam: usize,
    work: &mut Work<'_>,
) -> Option<u32> {
    searching(pool, config, Jokers::Needed, limits, beam, work, |search| {
        if search.aces_aside_matter() {
            super::profile::best_aces_aside(search)
                .ok()
                .map(|(_, value)| value)
        } else {
            match search.plan_with([0; SUITS]) {
                Outcome::Found(plan) => Some(plan.played_value),
                Outcome::Impossible | Outcome::NoRoomSeen | Outcome::OutOfWork => None,
            }
        }
    })
}

/// A play within `limits` (jokers laid only where needed), if a narrow search keeping only
/// the `beam` best-scoring states after each rank finds one: quick, but finding none proves
/// nothing.
pub(crate) fn narrow_plan(
    pool: &Pool,
    config: &Config,
    limits: Limits,
    beam: usize,
    work: &mut Work<'_>,
) -> Option<Plan> {
    match searching(
        pool,
        config,
        Jokers::Needed,
        limits,
        beam,
        work,
        search_passes,
    ) {
        Outcome::Found(plan) => Some(plan),
        Outcome::Impossible | Outcome::NoRoomSeen | Outcome::OutOfWork => None,
    }
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

/// One entry of a step: a state, its best score, and how it was reached.
#[derive(Clone, Copy)]
struct Node {
    key: u64,
    score: u32,
    parent: u32,
    choice: u16,
}

impl Ranked for Node {
    fn key(&self) -> u64 {
        self.key
    }
    fn score(&self) -> i64 {
        i64::from(self.score)
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
    /// nothing, but finds a good play quickly ([`good_value`]).
    pub beam: usize,
}

impl<'a, 'w> Search<'a, 'w> {
    fn new(
        pool: &'a Pool,
        config: &'a Config,
        jokers: Jokers,
        limits: Limits,
        work: Work<'w>,
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
            move_slots: vec![(0, 0); steps * table_size],
            made_moves: Vec::new(),
            work,
            beam: usize::MAX,
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

    /// Per suit, as many aces as could top runs: no more than the suit's kings or queens.
    fn aces_that_could_top_runs(&self) -> [u8; SUITS] {
        let pool = self.pool;
        let cards = |rank: usize, suit: usize| {
            pool.must_real[rank][suit] + pool.pinned[rank][suit] + pool.optional_real[rank][suit]
        };
        std::array::from_fn(|suit| {
            self.most_aside[suit]
                .min(cards(RANKS - 1, suit))
                .min(cards(RANKS - 2, suit))
        })
    }

    pub(super) fn steps(&self) -> usize {
        (self.config.last_rank() + 1) * SUITS
    }

    /// Whether any ace can be set aside for the top of a run.
    fn aces_aside_matter(&self) -> bool {
        self.most_aside.iter().any(|n| *n > 0)
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
                self.count_step(step, runs_index);
                let (moves, budget) = self.moves_from(step, node.key);
                for (choice, mv) in moves.iter().enumerate() {
                    if mv.jokers > budget || !self.fits_aside(step, mv, &aside) {
                        continue;
                    }
                    let Some(key) = self.step_key(node.key, step, mv) else {
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
            if self.work.must_stop() {
                return Outcome::OutOfWork;
            }
            if suit == SUITS - 1 {
                next = without_dominated(self, next, |_, _| true);
                keep_best(&mut next, self.beam);
            }
            layers.push(next);
        }
        match self.read_back(&layers) {
            Ok(plan) => Outcome::Found(plan),
            Err(outcome) => outcome,
        }
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

#[cfg(test)]
mod tests {
    use super::{Jokers, Limits, Node, Outcome, best_plan_working, searching};
    use crate::games::manipulation::meld::MeldRules;
    use crate::games::manipulation::solver::dominance::keep_best;
    use crate::games::manipulation::solver::pool::Pool;
    use crate::games::manipulation::solver::search::Config;
    use crate::games::manipulation::solver::tests::{Counted, GOES_OUT_WITH_ACES_HIGH, pool_of};
    use crate::games::manipulation::solver::work::Work;

    fn node(key: u64, score: u32) -> Node {
        Node {
            key,
            score,
            parent: 0,
            choice: 0,
        }
    }

    #[test]
    fn a_narrow_search_keeps_the_best_scoring_states() {
        let mut nodes: Vec<Node> = [5, 9, 1, 7, 3, 9]
            .iter()
            .enumerate()
            .map(|(key, score)| node(key as u64, *score))
            .collect();
        keep_best(&mut nodes, 3);
        let mut scores: Vec<u32> = nodes.iter().map(|n| n.score).collect();
        scores.sort_unstable();
        assert_eq!(scores, [7, 9, 9]);
        keep_best(&mut nodes, 5);
        assert_eq!(nodes.len(), 3, "fewer than the most: all are kept");
    }

    /// A hand that goes out only with aces laid high: no ace set aside fails (the table's
    /// ace sets are made from aces set aside), as many as could top runs will do.
    fn goes_out_with_aces_high() -> (Pool, Config, MeldRules) {
        let (table, hand) = GOES_OUT_WITH_ACES_HIGH;
        pool_of(table, hand)
    }

    const OUT: Limits = Limits {
        needed_jokers: 0,
        most_left: Some(0),
    };

    #[test]
    fn a_hand_that_goes_out_with_aces_laid_high_is_found_without_the_aces_aside_pass() {
        let (pool, config, _) = goes_out_with_aces_high();
        let mut work = Work::default();
        let found = best_plan_working(&pool, &config, Jokers::Needed, OUT, &mut work);
        assert!(matches!(found, Outcome::Found(_)), "the hand goes out");
        let mut pass_alone = Work::default();
        let aside = searching(
            &pool,
            &config,
            Jokers::Needed,
            OUT,
            usize::MAX,
            &mut pass_alone,
            |search| {
                let none_aside = search.plan_with([0; 4]);
                assert!(
                    !matches!(none_aside, Outcome::Found(_)),
                    "not with no ace set aside"
                );
                crate::games::manipulation::solver::profile::best_aces_aside(search)
                    .map(|(aside, _)| aside)
                    .ok()
            },
        );
        assert!(aside.is_some());
        assert!(
            work.spent < pass_alone.spent,
            "{} moves to go out, {} for the aces-aside pass alone",
            work.spent,
            pass_alone.spent
        );
    }

    #[test]
    fn a_search_hands_no_turn_on_while_it_guesses_the_aces_set_aside() {
        let (pool, config, _) = goes_out_with_aces_high();
        let mut turns = Counted(0);
        // A turn is due at the first step.
        let mut work = Work::taking_turns(&mut turns, 1);
        let found = best_plan_working(&pool, &config, Jokers::Needed, OUT, &mut work);
        assert!(matches!(found, Outcome::Found(_)));
        assert!(work.spent > 1_000);
        assert_eq!(turns.0, 0, "a right guess answers before any turn");
    }

    #[test]
    fn a_search_with_a_joker_where_needed_hands_turns_on_while_it_guesses_the_aces() {
        let (pool, config, _) = goes_out_with_aces_high();
        let mut turns = Counted(0);
        let mut work = Work::taking_turns(&mut turns, 1);
        let one_joker = Limits {
            needed_jokers: 1,
            ..OUT
        };
        let found = best_plan_working(&pool, &config, Jokers::Needed, one_joker, &mut work);
        assert!(matches!(found, Outcome::Found(_)));
        assert!(turns.0 > 0, "no turn was handed on");
    }
}
