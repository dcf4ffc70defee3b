//! The best play of a pool as an integer program, solved by the program's own branch and
//! bound over a dual simplex (`simplex`). The rank dynamic program (`search`) is quickest
//! when a play lays every card, but it proves "nothing better exists" slowly on tables with
//! many duplicates or a narrow window of ranks, where jokers could go in many places; the
//! program's linear relaxation bounds those positions at once.
//!
//! # The model (over the pool's counts)
//! A *shape* is a set of faces making a legal meld: every set (3 or 4 suits of one rank)
//! and every run of 3 to 5 faces of one suit, positions 1..=14 where 14 is the ace above
//! the king (when aces may be high). Runs of 3 to 5 suffice: a longer run splits into runs
//! of 3 to 5, each joker keeping its stated card (the 14-card A..A run splits into a low
//! and a high part holding one ace each), and any collection of such runs is a layout.
//!
//! Integer variables: `x[m]` copies of shape `m`; `p[f]` real hand cards of face `f`
//! played; `r[f]` pinned jokers of `f` released (each by a real `f` played: M4); `w[f]`
//! wild jokers stated as `f`; `pj` hand jokers played. Constraints: each face's slots are
//! its real cards and jokers, `sum x[m] over m holding f = must[f] + p[f] + pinned[f] -
//! r[f] + w[f]`, with `r[f] <= p[f]`; the wild jokers are the wild ones of the table, the
//! released ones and the hand's played ones, `sum w = must_wild + sum r + pj`. The
//! objective is the search's score: value played times a weight above any card count,
//! plus the cards played, so the most value and then the most cards.
//!
//! A face with no card and no pinned joker has neither row nor `w`: its row would say
//! `w[f] = sum x[m] over m holding f`, so the jokers' row counts those sums in its place.
//! The relaxation is the same and the program smaller (some ten rows of fifty-odd fewer on
//! the hard positions). Measured over every position of the bench, the program alone: a
//! fifth fewer pivots (177,075 to 140,883); not because the branch and bound can no
//! longer branch on such a `w[f]` (forbidding that in the old model took more pivots,
//! 182,431 against 177,844), so the gain is in how the simplex and its cuts run on the
//! smaller program.
//!
//! Shapes no pool can fill (more faces missing than jokers that could ever be wild) are
//! left out, and each shape's copies are bounded by the jokers the copies past its scarcest
//! face would need.
//!
//! # Exactness
//! Every coefficient is a small integer (objective coefficients are kept under
//! [`MOST_COEFFICIENT`], else the search answers), so the solver's tolerances can't blur two
//! plays; a solution is checked in integers before it is used, and the play is laid out here
//! and judged by the referee before it is answered. A solver failure hands the pool to the
//! search. The tests check the answers against a brute force and an independent program
//! (the same model solved by `microlp`).
//!
//! The program's melds are tidied ([`tidy`]) to read as the search's would: runs of 3 to 5
//! that meet joined, jokers no meld needs moved as the search moves its loose jokers.

use super::layout::{Layout, add_loose_joker};
use super::pool::{ACE_HIGH, Pool, RANKS, SUITS, face};
use super::row::Relation;
use super::search::Config;
use super::simplex::{BranchAndBound, Model, Solved, Status};
use crate::card::{HandCard, TableCard};
use crate::games::manipulation::meld::MeldRules;

/// A play found by the program.
pub(crate) struct IlpPlay {
    pub layout: Layout,
}

/// The most jokers the tidying searches (`keep`) may lay where needed: each asks for fewer
/// first, and past this they are slow (a meld that could be put back only so stays as the
/// play laid it).
const MOST_NEEDED: u8 = 2;

/// The largest objective coefficient the program takes: past it (a house joker value in
/// the thousands) the floating-point solver's tolerances could blur a card's difference,
/// and the search answers instead.
const MOST_COEFFICIENT: i64 = 1_000_000;

/// What each face a meld shape has no card for (a joker must fill it in every copy) adds to
/// the shape's weight in the perturbation of the costs (see `simplex::perturb`), against 1
/// for a shape of cards alone.
///
/// Every meld costs nothing, so the relaxation's ties are broken by the perturbation alone,
/// and with every shape weighed alike it took the shapes that need jokers as readily as the
/// others. Those are the flexible ones, laid a third or a half at a time in the fractional
/// optima the branch and bound must then take apart. Measured in pivots, the program alone
/// to the end over every class of the bench (geometric means of the classes' median and
/// max, each the mean over four spreads of the shares, to tell the weights from the luck of
/// the shares): 96.0 and 367.7 alike, 89.7 and 344.2 with 1.5 a face, 88.5 and 347.5 with
/// 2, 89.9 and 341.1 with 2.5, 88.3 and 320.3 with 3 (one spread), 93.0 and 342.9 with 6.
/// Each weight climbed against itself from fresh seeds (`--climbs 12`, three runs each,
/// taking turns), where the sets found before can't judge it: 1 a face, climb medians 1.37,
/// 1.29 and 1.39 ms, the slowest hands 5.0, 4.6 and 6.2, a climb in twelve past 10 ms in
/// each run; 2, 1.45, 1.26 and 1.24 ms, 5.1, 4.5 and 4.6, none past 10 ms (at most 8.9);
/// 3, 1.66, 1.53 and 1.44 ms, 6.1, 6.4 and 5.8, one to three past 10 ms.
const JOKER_FACE_WEIGHT: u32 = 2;

/// A meld shape's weight in the perturbation: 1, and [`JOKER_FACE_WEIGHT`] more for each
/// joker one copy of it needs (a face with no card).
fn perturbation_weight(needs_jokers: i64) -> u32 {
    // A shape has at most five faces.
    1 + JOKER_FACE_WEIGHT * needs_jokers.clamp(0, 5) as u32
}

/// Faces as `rank * SUITS + suit`, rank index 0 (ace) to 12 (king).
const FACES: usize = RANKS * SUITS;

/// Every shape that the pool could fill, as face indices.
fn shapes(pool: &Pool, config: &Config, most_jokers: u32) -> Vec<Vec<usize>> {
    let mut shapes = Vec::new();
    each_shape(pool, config, most_jokers, |faces| {
        shapes.push(faces.to_vec());
    });
    shapes
}

/// Calls `visit` with each shape the pool could fill (at most `most_jokers` of its faces
/// without a card or a pinned joker), as face indices: sets by rank, then runs by suit.
fn each_shape(pool: &Pool, config: &Config, most_jokers: u32, mut visit: impl FnMut(&[usize])) {
    let fillable = |faces: &[usize]| {
        faces.iter().filter(|f| !present(pool, **f)).count() as u32 <= most_jokers
    };
    let mut faces = [0; 5];
    for rank in 0..RANKS {
        for mask in 0u32..16 {
            if mask.count_ones() < 3 {
                continue;
            }
            let mut len = 0;
            for suit in (0..SUITS).filter(|s| mask & (1 << s) != 0) {
                faces[len] = rank * SUITS + suit;
                len += 1;
            }
            if fillable(&faces[..len]) {
                visit(&faces[..len]);
            }
        }
    }
    // Run positions 0..=13 by rank index, 13 the ace above the king.
    for suit in 0..SUITS {
        for len in 3..=5 {
            for low in 0..=(run_top(config) + 1).saturating_sub(len) {
                for (slot, r) in faces.iter_mut().zip(low..low + len) {
                    *slot = (r % RANKS) * SUITS + suit;
                }
                if fillable(&faces[..len]) {
                    visit(&faces[..len]);
                }
            }
        }
    }
}

/// Whether every card of the pool (the table's and the hand's) is in some meld shape whose
/// every face but at most `wild` has a card or a pinned joker. If not, no play lays every
/// card with at most `wild` jokers placed where a meld needs them, and the search need not
/// be asked.
pub(crate) fn every_card_fits(pool: &Pool, config: &Config, wild: u32) -> bool {
    face_bits(|f| holds(pool, f)) & !fitting_faces(pool, config, wild) == 0
}

/// The faces of the pool's cards that are in no meld shape whose every face but at most
/// `wild` has a card or a pinned joker.
pub(crate) fn faces_in_no_meld(pool: &Pool, config: &Config, wild: u32) -> Vec<(usize, usize)> {
    let fits = fitting_faces(pool, config, wild);
    (0..FACES)
        .filter(|f| fits & (1 << f) == 0 && holds(pool, *f))
        .map(|f| (f / SUITS, f % SUITS))
        .collect()
}

/// The faces of some shape the pool could fill with `wild` jokers, a bit per face: the
/// shapes [`each_shape`] reads, each a mask made once, against the pool's faces read once.
/// It is asked before every tidying search, and tidying makes many small ones.
fn fitting_faces(pool: &Pool, config: &Config, wild: u32) -> u64 {
    let present = face_bits(|f| present(pool, f));
    shape_masks(config)
        .iter()
        .filter(|shape| (**shape & !present).count_ones() <= wild)
        .fold(0, |fits, shape| fits | shape)
}

/// Every shape [`each_shape`] reads (sets by rank, runs by suit), a bit per face: made once
/// for aces that may go high and once for aces low only.
fn shape_masks(config: &Config) -> &'static [u64] {
    static HIGH: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    static LOW: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let made = if config.aces_high { &HIGH } else { &LOW };
    made.get_or_init(|| {
        // Every shape is fillable with as many jokers as it has faces.
        let mut masks = Vec::new();
        each_shape(&Pool::default(), config, 5, |faces| {
            masks.push(faces.iter().fold(0, |bits, f| bits | 1 << f));
        });
        masks
    })
}

/// A bit per face (rank index times [`SUITS`] plus suit) where `has` holds.
fn face_bits(has: impl Fn(usize) -> bool) -> u64 {
    (0..FACES)
        .filter(|f| has(*f))
        .fold(0, |bits, f| bits | 1 << f)
}

/// The highest run position by rank index: the ace above the king where aces go high.
fn run_top(config: &Config) -> usize {
    if config.aces_high {
        ACE_HIGH
    } else {
        RANKS - 1
    }
}

/// Whether the pool has a real card of face `f` to lay (the table's or the hand's).
fn holds(pool: &Pool, f: usize) -> bool {
    let (rank, suit) = (f / SUITS, f % SUITS);
    pool.must_real[rank][suit] > 0 || pool.optional_real[rank][suit] > 0
}

/// Whether face `f` has a card to fill it in the pool: a real one or a pinned joker.
fn present(pool: &Pool, f: usize) -> bool {
    let (rank, suit) = (f / SUITS, f % SUITS);
    holds(pool, f) || pool.pinned[rank][suit] > 0
}

/// Why the program gave no play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NoPlay {
    /// The cards that must be laid can't all be.
    Impossible,
    /// The solver failed or stopped short of a proof (the caller searches instead).
    Failed,
}

/// The program for one pool, solved a turn of pivots at a time, so the caller
/// can turn to the search when the program proves slow.
pub(crate) struct Program<'a> {
    pool: &'a Pool,
    config: Config,
    shapes: Vec<Vec<usize>>,
    /// The variables, as indices into `model`.
    x: Vec<usize>,
    p: Vec<Option<usize>>,
    r: Vec<Option<usize>>,
    /// The wild jokers of each face with a card (see [`Program::new`]).
    w: Vec<Option<usize>>,
    pj: Option<usize>,
    solve: BranchAndBound,
}

/// What a program's solve gives.
pub(crate) enum Progress {
    Solved(Result<IlpPlay, NoPlay>),
    /// Out of nodes for now: more may be given.
    Unfinished,
}

impl<'a> Program<'a> {
    /// The program of a pool; `None` when its objective would be too wide for the solver
    /// to tell plays apart reliably (a house joker value in the thousands).
    pub(super) fn new(pool: &'a Pool, config: &Config) -> Option<Program<'a>> {
        let at = |counts: &[[u8; SUITS]; RANKS], f: usize| i64::from(counts[f / SUITS][f % SUITS]);
        let releasable: u32 = (0..FACES)
            .map(|f| at(&pool.pinned, f).min(at(&pool.optional_real, f)) as u32)
            .sum();
        let most_wild = u32::from(pool.must_wild) + u32::from(pool.optional_wild) + releasable;
        let shapes = shapes(pool, config, most_wild);
        let hand_cards: u32 = pool
            .optional_real
            .iter()
            .flatten()
            .map(|n| u32::from(*n))
            .sum::<u32>()
            + u32::from(pool.optional_wild);
        // Above any count of cards played, so value comes first.
        let weight = i64::from(hand_cards + 1);
        let dearest = i64::from(config.joker_value.max(10));
        if dearest * weight + 1 > MOST_COEFFICIENT {
            return None;
        }

        let mut model = Model::default();
        let most_wild_i = i64::from(most_wild);
        let available: Vec<i64> = (0..FACES)
            .map(|f| at(&pool.must_real, f) + at(&pool.optional_real, f) + at(&pool.pinned, f))
            .collect();
        let x: Vec<usize> = shapes
            .iter()
            .map(|faces| {
                // Each copy past a face's cards takes a joker for that face.
                let jokers_for = |copies: i64| -> i64 {
                    faces.iter().map(|f| (copies - available[*f]).max(0)).sum()
                };
                let mut most = 0;
                while jokers_for(most + 1) <= most_wild_i {
                    most += 1;
                }
                let x = model.variable(0, 0, most);
                model.weigh_perturbation(x, perturbation_weight(jokers_for(1)));
                x
            })
            .collect();
        // Each rank's sets, as a group the branch and bound may branch on: how many sets of
        // the rank are laid (see `BranchAndBound::add_group_rows`).
        let mut sets_of_rank: Vec<Vec<usize>> = vec![Vec::new(); RANKS];
        for (m, faces) in shapes.iter().enumerate() {
            if !is_run(faces) {
                sets_of_rank[faces[0] / SUITS].push(x[m]);
            }
        }
        for sets in sets_of_rank.into_iter().filter(|sets| sets.len() > 1) {
            model.group(sets);
        }
        let value = |f: usize| i64::from(config.rank_values[f / SUITS]);
        let p: Vec<Option<usize>> = (0..FACES)
            .map(|f| {
                let hand = at(&pool.optional_real, f);
                (hand > 0).then(|| model.variable(value(f) * weight + 1, 0, hand))
            })
            .collect();
        let r: Vec<Option<usize>> = (0..FACES)
            .map(|f| {
                let most = at(&pool.pinned, f).min(at(&pool.optional_real, f));
                (most > 0).then(|| model.variable(0, 0, most))
            })
            .collect();
        // A face with no card at all is filled by wild jokers alone, one for each meld
        // holding it: its row would only say so, so it has none, and the jokers' row
        // counts those jokers in the melds.
        let w: Vec<Option<usize>> = (0..FACES)
            .map(|f| (available[f] > 0).then(|| model.variable(0, 0, most_wild_i)))
            .collect();
        let hand_jokers = i64::from(pool.optional_wild);
        let pj = (hand_jokers > 0)
            .then(|| model.variable(i64::from(config.joker_value) * weight + 1, 0, hand_jokers));
        let mut holding: Vec<Vec<usize>> = vec![Vec::new(); FACES];
        for (m, faces) in shapes.iter().enumerate() {
            for f in faces {
                holding[*f].push(m);
            }
        }
        for f in 0..FACES {
            let Some(w_f) = w[f] else {
                continue;
            };
            let mut row: Vec<(usize, i64)> = holding[f].iter().map(|m| (x[*m], 1)).collect();
            if let Some(p) = p[f] {
                row.push((p, -1));
            }
            if let Some(r) = r[f] {
                row.push((r, 1));
                if let Some(p) = p[f] {
                    model.row(vec![(r, 1), (p, -1)], Relation::AtMost, 0);
                }
            }
            row.push((w_f, -1));
            let fixed = at(&pool.must_real, f) + at(&pool.pinned, f);
            model.row(row, Relation::Equal, fixed);
        }
        let mut jokers: Vec<(usize, i64)> = w.iter().flatten().map(|v| (*v, 1)).collect();
        for (faces, x) in shapes.iter().zip(&x) {
            let empty = faces.iter().filter(|f| w[**f].is_none()).count();
            if empty > 0 {
                jokers.push((*x, empty as i64));
            }
        }
        jokers.extend(r.iter().flatten().map(|v| (*v, -1)));
        if let Some(pj) = pj {
            jokers.push((pj, -1));
        }
        model.row(jokers, Relation::Equal, i64::from(pool.must_wild));

        Some(Program {
            pool,
            config: *config,
            shapes,
            x,
            p,
            r,
            w,
            pj,
            solve: BranchAndBound::new(model),
        })
    }

    /// The simplex's effort so far: a measure of the program's time, the same on every run
    /// (see `simplex::BranchAndBound::effort`).
    pub(super) fn effort(&self) -> u64 {
        self.solve.effort()
    }

    /// Solves on until `effort` more is spent (see [`Program::effort`]), or the program is
    /// solved.
    pub(super) fn advance(&mut self, effort: u64, rules: MeldRules) -> Progress {
        let until = self.solve.effort().saturating_add(effort);
        match self.solve.run(until) {
            Status::Unfinished => Progress::Unfinished,
            Status::Finished(Solved::Optimal(values)) => {
                Progress::Solved(self.play(&values, rules).ok_or(NoPlay::Failed))
            }
            Status::Finished(Solved::Infeasible) => Progress::Solved(Err(NoPlay::Impossible)),
            Status::Finished(Solved::Failed) => Progress::Solved(Err(NoPlay::Failed)),
        }
    }

    /// Solves to the end; the pivots it took in all.
    pub(super) fn pivots_to_the_end(&mut self, rules: MeldRules) -> u64 {
        self.advance(u64::MAX, rules);
        self.solve.pivots()
    }

    /// The play of an optimal solution, laid out.
    fn play(&self, values: &[i64], rules: MeldRules) -> Option<IlpPlay> {
        let pool = self.pool;
        let at = |counts: &[[u8; SUITS]; RANKS], f: usize| i32::from(counts[f / SUITS][f % SUITS]);
        let (shapes, x, p, r, w, pj) = (&self.shapes, &self.x, &self.p, &self.r, &self.w, &self.pj);
        let int = |v: usize| values[v].max(0) as u32;
        let int_of = |v: &Option<usize>| v.map_or(0, int);

        let mut melds_holding = [0u32; FACES];
        for (faces, var) in shapes.iter().zip(x.iter()) {
            for f in faces {
                melds_holding[*f] += int(*var);
            }
        }
        // Each face's cards: real ones, pinned jokers, then wild jokers (taken first).
        let mut cards: Vec<Vec<Slot>> = Vec::with_capacity(FACES);
        let mut played = Vec::new();
        for f in 0..FACES {
            let card = face(f / SUITS, f % SUITS)?;
            let played_here = int_of(&p[f]);
            let reals = at(&pool.must_real, f) as u32 + played_here;
            let pinned = (at(&pool.pinned, f) as u32).checked_sub(int_of(&r[f]))?;
            played.extend((0..played_here).map(|_| HandCard::Real(card)));
            let mut here: Vec<Slot> = (0..reals)
                .map(|_| Slot {
                    card: TableCard::Real(card),
                    wild: false,
                })
                .collect();
            here.extend((0..pinned).map(|_| Slot {
                card: TableCard::Joker(card),
                wild: false,
            }));
            // A face with no card has a wild joker for each meld holding it.
            let wild = match w[f] {
                Some(w_f) => int(w_f),
                None => melds_holding[f],
            };
            here.extend((0..wild).map(|_| Slot {
                card: TableCard::Joker(card),
                wild: true,
            }));
            cards.push(here);
        }
        played.extend((0..int_of(pj)).map(|_| HandCard::Joker));
        let mut melds = Vec::new();
        for (faces, var) in shapes.iter().zip(x.iter()) {
            for _ in 0..int(*var) {
                let meld: Option<Vec<Slot>> = faces.iter().map(|f| cards[*f].pop()).collect();
                melds.push(Shaped {
                    slots: meld?,
                    faces: faces.clone(),
                });
            }
        }
        if cards.iter().any(|left| !left.is_empty()) {
            return None;
        }
        let (melds, needed_jokers) = tidy(melds, &self.config, rules);
        Some(IlpPlay {
            layout: Layout {
                melds,
                played,
                needed_jokers,
            },
        })
    }
}

/// The best play of `pool` by integer programming, however long it takes.
pub(crate) fn best_play(pool: &Pool, config: &Config, rules: MeldRules) -> Result<IlpPlay, NoPlay> {
    let mut program = Program::new(pool, config).ok_or(NoPlay::Failed)?;
    match program.advance(u64::MAX, rules) {
        Progress::Solved(result) => result,
        Progress::Unfinished => Err(NoPlay::Failed),
    }
}

/// A card laid by the program, and whether it is a wild joker (free to move).
#[derive(Clone, Copy)]
struct Slot {
    card: TableCard,
    wild: bool,
}

/// A meld as the program laid it: its cards, one per face of its shape.
struct Shaped {
    slots: Vec<Slot>,
    faces: Vec<usize>,
}

impl Shaped {
    fn is_run(&self) -> bool {
        is_run(&self.faces)
    }
}

/// Whether a shape's faces (as [`each_shape`] gives them) are a run: runs hold one suit;
/// sets one rank, so different suits.
fn is_run(faces: &[usize]) -> bool {
    faces.len() > 1 && faces[0] % SUITS == faces[1] % SUITS
}

/// The program's melds as players would lay them, and as the search lays them: runs that
/// meet joined into one, wild jokers a meld does not need (a run's end past 3 cards, a set's
/// fourth) taken off and put, as the search puts its loose jokers, on the first meld they
/// extend. Melds come runs first, by where they end, then sets by rank. Also the wild
/// jokers still laid where a meld needs them (at most [`MOST_NEEDED`]).
fn tidy(melds: Vec<Shaped>, config: &Config, rules: MeldRules) -> (Vec<Vec<TableCard>>, u8) {
    let joined = joined_runs(melds, config);
    let wild =
        |melds: &[(usize, Vec<Slot>)]| melds.iter().flat_map(|m| &m.1).filter(|s| s.wild).count();
    let all_wild = wild(&joined);
    let mut trimmed = joined.clone();
    let loose = take_off_loose(&mut trimmed);
    let mut melds: Vec<Vec<TableCard>> = trimmed.iter().map(|(_, s)| cards_of(s)).collect();
    let placed = (0..loose).all(|_| add_loose_joker(&mut melds, rules).is_some());
    let needed = if placed {
        all_wild - loose
    } else {
        // A loose joker found no meld: the program's own places for them.
        melds = joined.iter().map(|(_, s)| cards_of(s)).collect();
        all_wild
    };
    (
        melds,
        u8::try_from(needed).unwrap_or(u8::MAX).min(MOST_NEEDED),
    )
}

fn cards_of(slots: &[Slot]) -> Vec<TableCard> {
    slots.iter().map(|slot| slot.card).collect()
}

/// Takes off the wild jokers no meld needs (a run's end past 3 cards, a set's fourth card),
/// and counts them.
fn take_off_loose(melds: &mut [(usize, Vec<Slot>)]) -> usize {
    let mut loose = 0;
    for (kind, slots) in melds.iter_mut() {
        if *kind == SET {
            if slots.len() > 3
                && let Some(at) = slots.iter().position(|s| s.wild)
            {
                slots.remove(at);
                loose += 1;
            }
            continue;
        }
        while slots.len() > 3 {
            if slots.last().is_some_and(|s| s.wild) {
                slots.pop();
            } else if slots.first().is_some_and(|s| s.wild) {
                slots.remove(0);
            } else {
                break;
            }
            loose += 1;
        }
    }
    loose
}

/// Marks a set among the melds of [`joined_runs`] (runs are marked by their suit).
const SET: usize = SUITS;

/// The melds with runs that meet joined into one, runs first (by where they end, then
/// suit), then sets by rank; each marked by its suit, or [`SET`].
fn joined_runs(melds: Vec<Shaped>, config: &Config) -> Vec<(usize, Vec<Slot>)> {
    // Runs by suit as (first position, cards low to high); positions by rank index, 13 the
    // high ace.
    let mut runs: Vec<Vec<(usize, Vec<Slot>)>> = vec![Vec::new(); SUITS];
    let mut sets: Vec<(usize, Vec<Slot>)> = Vec::new();
    for meld in melds {
        if meld.is_run() {
            let suit = meld.faces[0] % SUITS;
            let low = meld.faces[0] / SUITS;
            runs[suit].push((low, meld.slots));
        } else {
            sets.push((meld.faces[0] / SUITS, meld.slots));
        }
    }
    for suit_runs in &mut runs {
        // Join runs that meet, lowest first.
        suit_runs.sort_by_key(|(low, slots)| (*low, slots.len()));
        let mut joined: Vec<(usize, Vec<Slot>)> = Vec::new();
        for (low, slots) in suit_runs.drain(..) {
            let meets = joined.iter().position(|(l, s)| {
                let end = l + s.len();
                let both_aces = *l == 0 && low + slots.len() == ACE_HIGH + 1;
                end == low && (!both_aces || config.two_aces_in_a_run)
            });
            match meets {
                Some(at) => joined[at].1.extend(slots),
                None => joined.push((low, slots)),
            }
        }
        *suit_runs = joined;
    }
    let mut ordered: Vec<(usize, usize, Vec<Slot>)> = runs
        .into_iter()
        .enumerate()
        .flat_map(|(suit, r)| r.into_iter().map(move |(low, s)| (low + s.len(), suit, s)))
        .collect();
    ordered.sort_by_key(|(end, suit, _)| (*end, *suit));
    sets.sort_by_key(|(rank, _)| *rank);
    ordered
        .into_iter()
        .map(|(_, suit, slots)| (suit, slots))
        .chain(sets.into_iter().map(|(_, slots)| (SET, slots)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::Deck;
    use crate::games::manipulation::rules::Rules;
    use crate::games::manipulation::solver::pool::rank_index;
    use crate::games::manipulation::table::{Hand, Table};

    /// The fitting faces, read in bits, are the faces of the shapes [`each_shape`] visits:
    /// over pools of 0 to 30 random cards, some pinned jokers, aces high or not, 0 to 2 wild.
    #[test]
    fn the_faces_that_fit_a_meld_in_bits_are_those_of_every_fillable_shape() {
        let mut seed: u64 = 7;
        let mut next = |below: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % below
        };
        let (_, config, _) = program();
        for case in 0..400 {
            let mut pool = Pool::default();
            for _ in 0..next(31) {
                let (rank, suit) = (next(13) as usize, next(4) as usize);
                match next(5) {
                    0 => pool.optional_real[rank][suit] += 1,
                    1 => pool.pinned[rank][suit] += 1,
                    _ => pool.must_real[rank][suit] += 1,
                }
            }
            let config = Config {
                aces_high: case % 3 != 0,
                ..config
            };
            let wild = (case % 3) as u32;
            let mut visited = 0u64;
            each_shape(&pool, &config, wild, |faces| {
                for f in faces {
                    visited |= 1 << f;
                }
            });
            assert_eq!(fitting_faces(&pool, &config, wild), visited, "case {case}");
            let held_fit = (0..FACES).all(|f| visited & (1 << f) != 0 || !holds(&pool, f));
            assert_eq!(
                every_card_fits(&pool, &config, wild),
                held_fit,
                "case {case}"
            );
        }
    }

    #[test]
    fn a_face_with_no_card_has_no_row_and_the_jokers_laid_there_are_counted_in_the_jokers_row() {
        // The hand goes out only with its joker as 8h, a face with no card.
        let (pool, config, rules) =
            crate::games::manipulation::solver::tests::pool_of("5h 6h 7h | 10s 10d 10c", "* 9h");
        let program = Program::new(&pool, &config).expect("a program");
        let with_a_card = ["5h", "6h", "7h", "9h", "10s", "10d", "10c"].len();
        assert_eq!(program.w.iter().flatten().count(), with_a_card);
        let play = best_play(&pool, &config, rules).expect("a play");
        assert_eq!(play.layout.played.len(), 2, "every hand card played");
        let laid: Vec<String> = play
            .layout
            .melds
            .iter()
            .flatten()
            .map(ToString::to_string)
            .collect();
        assert!(laid.contains(&"*8h".to_string()), "{laid:?}");
    }

    /// A position whose best play keeps cards, where the program needs many nodes (from the
    /// bench's hard set).
    fn program() -> (Pool, Config, MeldRules) {
        let deck = Deck::for_players(3).expect("a deck");
        let rules = Rules {
            joker_value: 7,
            ..Rules::default()
        };
        let meld_rules = MeldRules::new(&rules, deck);
        let table = Table::parse(
            "Ks Kh Kd Kc | Ks Kh Kd | 6c 7c 8c | Qc Kc Ac | 10h 10d 10c | 3d 4d 5d 6d *7d 8d \
             | Js Jd Jc | 9s 9h 9d 9c | 5d 6d 7d 8d | 3s 3h 3d 3c | Qs Qh Qd Qc",
            meld_rules,
            deck,
        )
        .expect("a table");
        let hand = Hand::parse(
            "2d 8s 6c 8s Jd 8h 2s 2c 7h 5h 4d 2d 5c 10c Js 7s Qh 4s Ah 6h 4s",
            deck,
        )
        .expect("a hand");
        let config = crate::games::manipulation::solver::config(&rules, meld_rules);
        (Pool::for_play(&table, &hand), config, meld_rules)
    }

    #[test]
    fn a_meld_shape_weighs_more_in_the_perturbation_for_each_face_it_needs_a_joker_for() {
        let (pool, config, _) = program();
        let program = Program::new(&pool, &config).expect("a program");
        let mut needing = [0; 3];
        for (faces, &x) in program.shapes.iter().zip(&program.x) {
            let missing = faces.iter().filter(|f| !present(&pool, **f)).count();
            needing[missing.min(2)] += 1;
            let weight = program.solve.perturbation_weight(x);
            assert_eq!(weight, 1 + 2 * missing as u32, "{faces:?}");
        }
        // The table's joker, released, can fill a shape missing one face.
        assert!(needing[0] > 0 && needing[1] > 0, "{needing:?}");
        let p = program.p.iter().flatten().next().expect("a card to play");
        assert_eq!(
            program.solve.perturbation_weight(*p),
            1,
            "a card played is weighed as 1"
        );
    }

    #[test]
    fn turns_of_effort_end_past_their_effort_and_find_the_play_found_at_once() {
        let (pool, config, rules) = program();
        let at_once = best_play(&pool, &config, rules).expect("a play");
        let mut program = Program::new(&pool, &config).expect("a program");
        let mut turns = 0;
        let turn = 20_000;
        let in_turns = loop {
            let before = program.effort();
            match program.advance(turn, rules) {
                Progress::Solved(play) => break play.expect("a play"),
                Progress::Unfinished => {
                    turns += 1;
                    assert!(program.effort() >= before + turn, "a turn stopped short");
                }
            }
        };
        assert!(turns > 1, "the program needed {turns} turns");
        let value = |play: &IlpPlay| -> u32 {
            play.layout
                .played
                .iter()
                .map(|card| match card {
                    HandCard::Real(card) => config.rank_values[rank_index(*card)],
                    HandCard::Joker => config.joker_value,
                })
                .sum()
        };
        assert_eq!(value(&in_turns), value(&at_once));
        assert_eq!(in_turns.layout.played.len(), at_once.layout.played.len());
    }
}
