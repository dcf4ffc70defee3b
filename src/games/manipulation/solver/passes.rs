//! The passes of a search, and the questions asked of it: the best play
//! ([`best_plan_working`]), and a good one found quickly by a narrow search ([`good_value`],
//! [`narrow_plan`]). Where aces set aside for the top of a run matter, a guess may answer
//! at once; else a first pass ([`super::profile`]) finds the best aces to set aside, and
//! the pass here, with that choice fixed, finds the best play and reads its decisions back.

use super::dominance::{Ranked, keep_best, without_dominated};
use super::memory::PassNode as Node;
use super::pool::{ACE_HIGH, Pool, RANKS, SUITS};
use super::search::{Best, COUNT_WEIGHT, Config, Jokers, Limits, Outcome, Plan, Search, searching};
use super::state::{KeyMap, key};
use super::suit_move::SuitMove;
use super::work::Work;
use std::collections::hash_map::Entry;

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

impl Ranked for Node {
    fn key(&self) -> u64 {
        self.key
    }
    fn score(&self) -> i64 {
        i64::from(self.score)
    }
}

impl Search<'_, '_> {
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

    /// Whether any ace can be set aside for the top of a run.
    fn aces_aside_matter(&self) -> bool {
        self.most_aside.iter().any(|n| *n > 0)
    }

    /// Whether a move agrees with the aces set aside, `aside[suit]`.
    fn fits_aside(&self, step: usize, mv: &SuitMove, aside: &[u8; SUITS]) -> bool {
        let (rank, suit) = (step / SUITS, step % SUITS);
        (rank != 0 && rank != ACE_HIGH) || mv.aces_aside == aside[suit]
    }

    /// The best play with the aces of each suit set aside as given, and its decisions.
    fn plan_with(&mut self, aside: [u8; SUITS]) -> Outcome {
        let mut layers = std::mem::take(&mut self.tables.steps);
        let mut states = std::mem::take(&mut self.tables.states);
        let outcome = self.plan_in(aside, &mut layers, &mut states);
        self.tables.steps = layers;
        self.tables.states = states;
        outcome
    }

    /// [`Search::plan_with`], its steps' states listed in `layers` (each step's list kept
    /// from the last pass, emptied) and found by key in `states`.
    fn plan_in(
        &mut self,
        aside: [u8; SUITS],
        layers: &mut Vec<Vec<Node>>,
        states: &mut KeyMap<u32>,
    ) -> Outcome {
        let steps = self.steps();
        if layers.len() < steps + 1 {
            layers.resize_with(steps + 1, Vec::new);
        }
        for layer in layers.iter_mut() {
            layer.clear();
        }
        layers[0].push(Node {
            key: self.start_key(),
            score: 0,
            parent: u32::MAX,
            choice: 0,
        });
        for step in 0..steps {
            let suit = step % SUITS;
            let (done, to_come) = layers.split_at_mut(step + 1);
            let (Some(current), Some(next)) = (done.last(), to_come.first_mut()) else {
                return Outcome::Impossible;
            };
            states.clear();
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
                    match states.entry(key) {
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
                return Outcome::Impossible;
            }
            if self.work.must_stop() {
                return Outcome::OutOfWork;
            }
            if suit == SUITS - 1 {
                let mut frontier = std::mem::take(&mut self.tables.frontier);
                without_dominated(self, &mut frontier, next, |_, _| true);
                self.tables.frontier = frontier;
                keep_best(next, self.beam);
            }
        }
        match self.read_back(&layers[..=steps]) {
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
    use super::{Jokers, Limits, Node, Outcome, Work, best_plan_working, keep_best, searching};
    use crate::games::manipulation::meld::MeldRules;
    use crate::games::manipulation::solver::memory::Tables;
    use crate::games::manipulation::solver::pool::Pool;
    use crate::games::manipulation::solver::search::{Config, Plan};
    use crate::games::manipulation::solver::tests::{Counted, GOES_OUT_WITH_ACES_HIGH, pool_of};

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

    /// The best play of a pool that keeps cards (so the aces-aside pass runs), what it
    /// keeps, and its decisions.
    fn best_keeping(pool: &Pool, config: &Config) -> Option<(u32, Plan)> {
        let limits = Limits {
            needed_jokers: 1,
            most_left: None,
        };
        match best_plan_working(pool, config, Jokers::Needed, limits, &mut Work::default()) {
            Outcome::Found(plan) => Some((plan.played_value, plan)),
            _ => None,
        }
    }

    #[test]
    fn searches_within_a_solve_work_in_the_same_tables_and_find_what_they_find_alone() {
        let (big, big_config, _) = goes_out_with_aces_high();
        let (small, small_config, _) = pool_of(
            "10s Js Qs | 10h Jh Qh | Jd Qd Kd | 5c 6c 7c",
            "As Ks Ah Kh Ad Ac Kc Qc 2c 3c 4c",
        );
        let alone = [
            best_keeping(&small, &small_config),
            best_keeping(&big, &big_config),
        ];
        assert!(
            !Tables::kept_on_this_thread(),
            "nothing kept outside a solve"
        );
        let solve = Tables::kept_for_a_solve();
        // Each search starts in the tables the last one left, bigger or smaller.
        let within = [
            best_keeping(&big, &big_config),
            best_keeping(&small, &small_config),
            best_keeping(&big, &big_config),
        ];
        assert!(Tables::kept_on_this_thread(), "kept for the next search");
        drop(solve);
        assert!(!Tables::kept_on_this_thread(), "freed when the solve ends");
        let same = |a: &Option<(u32, Plan)>, b: &Option<(u32, Plan)>| match (a, b) {
            (Some((va, pa)), Some((vb, pb))) => {
                va == vb
                    && pa.moves == pb.moves
                    && (pa.hand_jokers, pa.loose_jokers, pa.played_count)
                        == (pb.hand_jokers, pb.loose_jokers, pb.played_count)
            }
            (None, None) => true,
            _ => false,
        };
        assert!(alone[0].is_some() && alone[1].is_some());
        assert!(same(&within[0], &alone[1]));
        assert!(same(&within[1], &alone[0]));
        assert!(same(&within[2], &alone[1]));
    }
}
