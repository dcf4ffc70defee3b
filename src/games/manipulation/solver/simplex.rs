//! The integer program's own solver (`ilp`): a dual simplex over a dense basis inverse,
//! inside a depth-first branch and bound.
//!
//! Why its own: the play's program is small (about 53 rows and 200 to 300 columns, each
//! column a few coefficients of 1, every variable between two finite bounds), and a general
//! sparse engine spends most of a pivot on machinery sized for large models (measured:
//! `microlp` takes about 25 µs a pivot on it). Here a pivot is a few thousand multiplications.
//!
//! Every variable is boxed, and each row has a slack variable of its own (fixed at 0 for an
//! equation), so the basis of the slacks is dual feasible from the start: each nonbasic
//! variable sits at the bound its reduced cost asks for. The dual simplex therefore needs no
//! first phase, and a branch (a tightened bound) leaves the basis dual feasible, so each
//! node goes on from the basis its parent ended with: the one `lp` holds when the node is
//! solved straight after its parent, else the one kept for it ([`Node::start`]). While a
//! node is solved its objective only falls, and it bounds every play below the node, so a
//! node is dropped as soon as it can't beat the best play found.
//!
//! The play's program nearly always has a best play as good as its relaxation (its root
//! bound), and a depth-first search wanders among poorer plays before it finds that one. So
//! the search first looks only for plays reaching the root's bound (its *aspiration*),
//! setting aside the nodes that can't; if none does, it lowers the aspiration to just under
//! the best node set aside and goes on with those ([`BranchAndBound::next_node`]). No node
//! is solved twice, and none that could beat the best play is dropped.
//!
//! Where no play reaches the root's bound, the relaxation is loose, and the search starts
//! again from the root with it cut: a few rounds of Chvátal-Gomory cuts from the rows of the
//! basis inverse, made in integers so they are as exact as the model, each a new row
//! ([`BranchAndBound::cut_from_row`]). Only sparse cuts are kept: a dense one makes every
//! pivot dearer.
//!
//! Most of a hard position's tree proves that no better play exists (told the best play's
//! value at the start, the branch and bound takes about as many pivots), so the variable
//! branched on is the one whose branches are expected to lower the bound most, learned from
//! the branches solved so far ([`branching_variable`]).
//!
//! Once a solution is found, each variable whose reduced cost at the root's optimum says
//! that moving it a unit from its bound would take the root's bound below the best found
//! plus one is fixed at that bound for good ([`BranchAndBound::fix_by_reduced_costs`]): no
//! better solution moves it. On the hardest hill-climbed positions this halves the pivots
//! of some and spares a few percent over every class.
//!
//! Exactness: every coefficient and bound is an integer. A play is accepted only after it is
//! checked in integers (every row and bound holds, its objective counted exactly); a node is
//! dropped only when its bound is below the best play's objective plus one, by a margin far
//! above the rounding of a few hundred pivots. Any sign of numerical trouble (a singular
//! basis, a pivot that disagrees with its own column, a node that will not settle) ends the
//! solve as failed, and the caller answers by the search instead.

use super::row::{Relation, Row};
use super::zero_half::zero_half_cuts;
use std::rc::Rc;

/// An integer program: maximize `cost · x` over integers `lower <= x <= upper` with every
/// row holding. Built a variable and a row at a time.
#[derive(Clone, Debug, Default)]
pub(crate) struct Model {
    cost: Vec<i64>,
    lower: Vec<i64>,
    upper: Vec<i64>,
    /// Each variable's weight in the perturbation of the costs (see [`perturb`]): 1 but
    /// where [`Model::weigh_perturbation`] says.
    perturbation_weight: Vec<u32>,
    rows: Vec<Row>,
    /// Sums of variables that may be branched on as a whole (see [`Model::group`]).
    groups: Vec<Vec<usize>>,
}

impl Model {
    /// A new integer variable; its index.
    pub(crate) fn variable(&mut self, cost: i64, lower: i64, upper: i64) -> usize {
        self.cost.push(cost);
        self.lower.push(lower);
        self.upper.push(upper.max(lower));
        self.perturbation_weight.push(1);
        self.cost.len() - 1
    }

    /// Weighs variable `j`'s share of the perturbation of the costs (see [`perturb`]) by
    /// `weight` against the others' 1: where costs tie, the relaxation leans away from it.
    pub(crate) fn weigh_perturbation(&mut self, j: usize, weight: u32) {
        self.perturbation_weight[j] = weight.max(1);
    }

    /// Names a sum of distinct integer variables the branch and bound may branch on as a
    /// whole, where the root's relaxation makes it a fraction (see
    /// [`BranchAndBound::add_group_rows`]).
    pub(crate) fn group(&mut self, variables: Vec<usize>) {
        self.groups.push(variables);
    }

    pub(crate) fn row(&mut self, terms: Vec<(usize, i64)>, relation: Relation, rhs: i64) {
        self.rows.push((terms, relation, rhs));
    }

    pub(crate) fn variables(&self) -> usize {
        self.cost.len()
    }

    /// Whether `values` is a solution: every bound and row holds, in integers.
    fn holds(&self, values: &[i64]) -> bool {
        let bounded = values
            .iter()
            .zip(self.lower.iter().zip(&self.upper))
            .all(|(v, (lo, up))| lo <= v && v <= up);
        bounded
            && self.rows.iter().all(|(terms, relation, rhs)| {
                let sum: i64 = terms.iter().map(|(j, a)| a * values[*j]).sum();
                match relation {
                    Relation::Equal => sum == *rhs,
                    Relation::AtMost => sum <= *rhs,
                }
            })
    }

    fn objective(&self, values: &[i64]) -> i64 {
        self.cost.iter().zip(values).map(|(c, v)| c * v).sum()
    }
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Solved {
    /// The best solution, each variable's value.
    Optimal(Vec<i64>),
    /// No integer solution exists.
    Infeasible,
    /// Numerical trouble: no answer can be trusted.
    Failed,
}

/// Where a solve stands after a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Finished(Solved),
    /// Out of pivots for now: more may be given.
    Unfinished,
}

/// A value this close to an integer is that integer.
const INTEGRAL: f64 = 1e-6;

/// Whether `v` is a fraction: farther than [`INTEGRAL`] from every integer.
fn is_fraction(v: f64) -> bool {
    let f = v - v.floor();
    f.min(1.0 - f) > INTEGRAL
}
/// A basic value this far outside its bounds is infeasible.
const PRIMAL_TOLERANCE: f64 = 1e-7;
/// A reduced cost this far on the wrong side of zero breaks dual feasibility.
const DUAL_TOLERANCE: f64 = 1e-7;
/// The smallest pivot element taken.
const SMALLEST_PIVOT: f64 = 1e-7;
/// A node is dropped when its bound is under the best objective plus one by this much:
/// objectives are integers, and the rounding of a node's bound is far smaller.
const PRUNE_MARGIN: f64 = 1e-4;
/// A cut whose slack is basic and at least this far above 0 is loose: it is dropped before
/// the next round of cuts (see [`BranchAndBound::drop_loose_cuts`]).
const LOOSE_CUT: f64 = 1e-6;
/// The small cost each variable of no cost is given, times a share of its own from 1 to 2
/// (see [`perturb`]). Most of the play's variables cost nothing (the melds, the jokers laid
/// at each face), so the reduced costs tie at zero, and without it four in five of the dual
/// simplex's pivots moved along those ties and changed no reduced cost. Measured over every
/// position of the bench (the program alone, to the end): the pivots in all 140,883 to
/// 112,951, the classes' median pivots a quarter fewer (geometric mean) and their maxima
/// as many; 1e-6 takes less off, 3e-5 and 1e-4 as much off the medians but add a half to
/// the maxima.
const PERTURBATION: f64 = 1e-5;
/// The most the perturbation may add to a solution's cost: every bound is raised by what it
/// adds at most, so it only ever weakens a bound, by less than one (an objective's unit).
const MOST_PERTURBATION_REACH: f64 = 0.01;
/// Pivots between refactorizations of the basis inverse (a count each basis carries, so
/// over the nodes that start from it too).
///
/// A refactorization costs about as much as a dozen pivots, and the inverse of the play's
/// program keeps its accuracy well past a hundred: with none at all the bench's pivots are
/// as many (112,188 against 112,933 with one every 100). Where accuracy does slip, the
/// pivot's check of its element against the row's fails the solve, and the search answers.
/// Measured over every class of the bench (interleaved, against 100): 300 takes a tenth
/// off the maxima (geometric mean; the screened sets' 1.7 ms to 1.4) and the hill-climbed
/// `program and search` and `search turns by work` medians from 0.97 and 1.04 ms to 0.85
/// and 0.95; 1,000 measures the same as 300.
const REFACTOR_EVERY: usize = 300;
/// When no solution reaches the aspiration, it falls this many times the least positive
/// cost (in the play's program, the cheapest card) below the highest bound set aside.
/// Measured in pivots over every class of the bench: 2 takes 20% off the total and about
/// a fifth off the classes' medians against no aspiration; 1 and 4 to 6 take less off,
/// and an aspiration at the highest bound itself (0) costs more than none.
const ASPIRATION_STEP: f64 = 2.0;
/// Each fall of the aspiration is this many times the last.
///
/// A node whose bound falls under the aspiration while it is solved is set aside and
/// solved again from its parent's basis once the aspiration falls past it, so every fall
/// solves again the nodes it takes up; on the slowest climbed positions the aspiration
/// fell 4 to 40 times, and nodes solved again took up to three quarters of the pivots.
/// Falls that grow reach the best play's value in fewer. Measured in pivots, the program
/// alone to the end (geometric means over every class of the bench of each class's median
/// and max, and the 15 positions past 5 ms of fresh climbs): falls alike, 89.7 and 317.4,
/// those 15 positions 18,645 pivots in all and 2,345 at most; growing by 1.25, 89.7 and
/// 309.4, 16,723 and 1,811; by 1.5, 89.8 and 308.1, 16,400 and 1,662; by 2, 89.3 and
/// 314.6, 17,830 and 2,889 (falls past the best play's value search nodes that it would
/// have ruled out).
const ASPIRATION_STEP_GROWTH: f64 = 1.5;
/// The least fall a branch is expected to make in [`branching_variable`]: a side expected
/// to lower the bound by nothing still counts the other side.
const SMALLEST_FALL: f64 = 1e-6;
/// What the most fractional variable adds to its score in [`branching_variable`], times
/// its distance from each side (at most a quarter): far under the product of two falls of
/// a unit, so it tells apart only variables whose branches have lowered the bound by about
/// nothing, on a plateau of relaxations as good as each other, where the learned falls say
/// nothing and would leave the choice to the variables' order.
const FRACTION_TIE: f64 = 0.1;
/// The most pivots one node may take before the solve is taken to be cycling.
const MOST_NODE_PIVOTS: u64 = 20_000;
/// While this many nodes wait (to be solved, or set aside), no more bases are kept for new
/// ones: a basis is 20 to 60 KB, so a long solve keeps a few tens of MB at most. A node
/// without one starts from wherever the last node ended, which is as exact, only slower.
/// No position of the bench has more than 118 waiting (the program alone, to the end).
const MOST_WAITING_WITH_BASES: usize = 1_000;
/// The most spare bases kept (see [`BranchAndBound::spare_bases`]): a depth-first search
/// has about as many waiting as it is deep.
const MOST_SPARE_BASES: usize = 64;
/// Rounds of cuts made at the root once its bound proves out of reach, and the most cuts
/// a round adds. Measured over every class of the bench (pivots, and the program's time
/// alone): 3 rounds of 10 take a third off the hill-climbed sets' pivots and a sixth off
/// their time, a fifth off the screened sets' pivots; 2 rounds of 5 take less off, 5
/// rounds no more.
const CUT_ROUNDS: usize = 3;
const CUTS_A_ROUND: usize = 10;
/// Rounds of zero-half cuts (see [`BranchAndBound::next_cuts`]), counting those within
/// [`CUT_ROUNDS`]. Measured over every class of the bench (interleaved, against the solver
/// without them, the loose cuts dropped): one takes a quarter off the median of the
/// hill-climbed `aces guessed` set and half off the max of `turns that go on`, and leaves
/// the rest as they were. Zero-half cuts in every round take half off that set
/// but a tenth onto the screened sets' medians (`aces guessed` to over 1 ms); in every
/// round after a stall, rounds before it having lowered the bound or not, they add half
/// to the screened sets' max, where the relaxation's optimum is flat.
const ZERO_HALF_ROUNDS: usize = 1;
/// The most variables a cut may hold. Every cut is a row of the basis and every variable
/// it holds a coefficient in its column, so a dense cut makes every pivot dearer: the cuts
/// of the play's program hold 9 to 200 of its 250 or so variables, and with all of them a
/// pivot took twice as long, which cost more than the pivots they saved.
const MOST_CUT_TERMS: usize = 30;
/// The largest common denominator of the multipliers a cut is made from (a row of the basis
/// inverse): past it the row is taken to be too ill-conditioned to be worth cutting by.
const MOST_DENOMINATOR: i64 = 64;
/// The largest coefficient a cut may have, and the largest multiplier it is made from.
const MOST_CUT_COEFFICIENT: i64 = 1_000;

/// Where a variable stands in the basis: basic (in the row `Basis::head` gives it), or at
/// a bound. A byte each, so the scans over every column read little.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Basic,
    AtLower,
    AtUpper,
}

/// What one dual simplex step did.
enum Step {
    Pivoted,
    Optimal,
    Infeasible,
    Trouble,
}

/// The dual simplex over the model's rows, with a slack per row: variables `0..n` are the
/// model's, `n..n + m` the slacks (slack `n + i` has coefficient 1 in row `i` only).
#[derive(Clone)]
struct Dual {
    m: usize,
    n: usize,
    /// The model's columns: `start[j]..start[j + 1]` index `rows_of` and `values`.
    start: Vec<usize>,
    rows_of: Vec<usize>,
    values: Vec<f64>,
    /// The model's rows: `row_start[i]..row_start[i + 1]` index `columns_of` and
    /// `row_values` (the pivot row is summed row by row, over the basis inverse's nonzeros).
    row_start: Vec<usize>,
    columns_of: Vec<usize>,
    row_values: Vec<f64>,
    /// Costs to minimize (the model's negated, perturbed: see [`perturb`]), every variable.
    cost: Vec<f64>,
    /// The most the perturbation adds to any solution's cost.
    perturbation_reach: f64,
    /// The variables with a cost.
    costed: Vec<usize>,
    rhs: Vec<f64>,
    lower: Vec<f64>,
    upper: Vec<f64>,
    /// The basis, and the values and reduced costs at it.
    basis: Basis,
    pivots: u64,
    /// The pivots' cost: each adds the square of the rows it pivoted over (see
    /// [`BranchAndBound::effort`]).
    effort: u64,
    /// Scratch: the pivot row over every variable (zero but where `touched` says), and
    /// the entering column.
    row: Vec<f64>,
    touched: Compacted<usize>,
    column: Vec<f64>,
    /// Scratch for the ratio test: the variables that may enter, their pivot row element's
    /// size and their reduced cost's.
    candidates: Compacted<(usize, f64, f64)>,
    /// For each row, whether its slack is fixed at 0 for good (an equation, or an "at
    /// most" row that can't fall short): those slacks never enter, so they are left out of
    /// the pivot row. A slack fixed only by a branch (a group's sum) is kept in, so that
    /// its reduced cost is right when a later node frees it without a basis of its own.
    fixed_for_good: Vec<bool>,
}

/// A list filled without a branch an entry: every entry offered is written, and only those
/// kept are counted. Its buffer keeps its length, so it is never cleared or filled again.
#[derive(Clone, Debug, Default)]
struct Compacted<T> {
    buffer: Vec<T>,
    len: usize,
}

impl<T: Copy + Default> Compacted<T> {
    /// Empties the list, with room for `most` offers.
    fn reset(&mut self, most: usize) {
        if self.buffer.len() < most {
            self.buffer.resize(most, T::default());
        }
        self.len = 0;
    }

    /// Writes each offered item, keeping those marked to keep.
    fn offer(&mut self, offers: impl IntoIterator<Item = (T, bool)>) {
        // The count in a local: a write to the buffer can't then be thought to change it.
        let mut len = self.len;
        for (item, keep) in offers {
            self.buffer[len] = item;
            len += usize::from(keep);
        }
        self.len = len;
    }

    fn items(&self) -> &[T] {
        &self.buffer[..self.len]
    }
}

impl Dual {
    /// The dual simplex of a model, at the basis of the rows' slacks, each other variable
    /// at the bound its cost asks for.
    fn new(model: &Model) -> Dual {
        let mut dual = Dual::at_slack_basis(model);
        for j in 0..dual.n {
            dual.rest_at_bound(j);
        }
        dual.compute_basic_values();
        dual
    }

    /// The model's columns, costs and bounds, the slacks basic, every value 0: the caller
    /// puts the nonbasic variables at their bounds, or sets a basis of its own.
    fn at_slack_basis(model: &Model) -> Dual {
        let n = model.cost.len();
        let m = model.rows.len();
        let mut row_start = vec![0];
        let (mut columns_of, mut row_values) = (Vec::new(), Vec::new());
        for (terms, _, _) in &model.rows {
            for (j, a) in terms {
                columns_of.push(*j);
                row_values.push(*a as f64);
            }
            row_start.push(columns_of.len());
        }
        // The columns from the rows, counted first so each lands in its place, row by row.
        let mut start = vec![0; n + 1];
        for &j in &columns_of {
            start[j + 1] += 1;
        }
        for j in 0..n {
            start[j + 1] += start[j];
        }
        let mut next = start.clone();
        let (mut rows_of, mut values) = (vec![0; columns_of.len()], vec![0.0; columns_of.len()]);
        for i in 0..m {
            for k in row_start[i]..row_start[i + 1] {
                let at = &mut next[columns_of[k]];
                rows_of[*at] = i;
                values[*at] = row_values[k];
                *at += 1;
            }
        }
        let mut cost: Vec<f64> = model.cost.iter().map(|c| -(*c as f64)).collect();
        let perturbation_reach = perturb(
            &mut cost,
            &model.lower,
            &model.upper,
            &model.perturbation_weight,
        );
        cost.resize(n + m, 0.0);
        let mut lower: Vec<f64> = model.lower.iter().map(|v| *v as f64).collect();
        let mut upper: Vec<f64> = model.upper.iter().map(|v| *v as f64).collect();
        let mut rhs = Vec::with_capacity(m);
        for (terms, relation, b) in &model.rows {
            rhs.push(*b as f64);
            lower.push(0.0);
            upper.push(match relation {
                Relation::Equal => 0.0,
                // The slack of an "at most" row is at most the row's reach below its bound.
                Relation::AtMost => {
                    let least: i64 = terms
                        .iter()
                        .map(|(j, a)| (a * model.lower[*j]).min(a * model.upper[*j]))
                        .sum();
                    (b - least).max(0) as f64
                }
            });
        }
        let mut place = vec![Place::AtLower; n + m];
        for i in 0..m {
            place[n + i] = Place::Basic;
        }
        let costed = (0..n).filter(|&j| cost[j] != 0.0).collect();
        let fixed_for_good = (n..n + m).map(|slack| upper[slack] <= 0.0).collect();
        Dual {
            m,
            n,
            costed,
            perturbation_reach,
            start,
            rows_of,
            values,
            row_start,
            columns_of,
            row_values,
            basis: Basis {
                inverse: identity(m),
                norms: vec![1.0; m],
                head: (n..n + m).collect(),
                place,
                x: vec![0.0; n + m],
                reduced: cost.clone(),
                since_refactor: 0,
                objective: 0.0,
            },
            cost,
            rhs,
            lower,
            upper,
            pivots: 0,
            effort: 0,
            row: vec![0.0; n + m],
            touched: Compacted::default(),
            column: vec![0.0; m],
            candidates: Compacted::default(),
            fixed_for_good,
        }
    }

    /// Takes each variable's place, value, reduced cost and bounds from `old`, where
    /// `new_index` says its index here (none for a row taken out), and `old`'s pivot
    /// counts. The basis head and inverse are the caller's to set.
    fn carry_values(&mut self, old: &Dual, new_index: impl Fn(usize) -> Option<usize>) {
        for j in 0..old.n + old.m {
            if let Some(k) = new_index(j) {
                self.basis.place[k] = old.basis.place[j];
                self.basis.x[k] = old.basis.x[j];
                self.basis.reduced[k] = old.basis.reduced[j];
                self.lower[k] = old.lower[j];
                self.upper[k] = old.upper[j];
            }
        }
        self.pivots = old.pivots;
        self.effort = old.effort;
        self.basis.since_refactor = old.basis.since_refactor;
        self.basis.objective = self.summed_objective();
    }

    /// Calls `visit(row, coefficient)` for each nonzero of variable `j`'s column.
    fn for_column(&self, j: usize, mut visit: impl FnMut(usize, f64)) {
        for (i, a) in self.column_terms(j) {
            visit(i, a);
        }
    }

    /// The nonzeros of variable `j`'s column, (row, coefficient) in row order: a slack's is
    /// a 1 in its own row.
    fn column_terms(&self, j: usize) -> impl Iterator<Item = (usize, f64)> + Clone + '_ {
        let (from, to) = if j < self.n {
            (self.start[j], self.start[j + 1])
        } else {
            (0, 0)
        };
        let model = self.rows_of[from..to].iter().copied();
        let slack = (j >= self.n).then(|| (j - self.n, 1.0));
        model
            .zip(self.values[from..to].iter().copied())
            .chain(slack)
    }

    /// Puts nonbasic variable `j` at the bound its reduced cost asks for (where the cost is
    /// about zero, where it was); the change in its value.
    fn rest_at_bound(&mut self, j: usize) -> f64 {
        let d = self.basis.reduced[j];
        let at_upper = if self.upper[j] <= self.lower[j] {
            false
        } else if d < -DUAL_TOLERANCE {
            true
        } else if d > DUAL_TOLERANCE {
            false
        } else {
            self.basis.place[j] == Place::AtUpper
        };
        let (place, value) = if at_upper {
            (Place::AtUpper, self.upper[j])
        } else {
            (Place::AtLower, self.lower[j])
        };
        self.basis.place[j] = place;
        let delta = value - self.basis.x[j];
        self.basis.x[j] = value;
        delta
    }

    /// The basic variables' values from the nonbasic ones: `B⁻¹ (b - N x_N)`.
    fn compute_basic_values(&mut self) {
        let mut rest = self.rhs.clone();
        for j in 0..self.n + self.m {
            if self.basis.place[j] == Place::Basic || self.basis.x[j] == 0.0 {
                continue;
            }
            let xj = self.basis.x[j];
            self.for_column(j, |i, a| rest[i] -= a * xj);
        }
        let m = self.m;
        for i in 0..m {
            let row = &self.basis.inverse[i * m..(i + 1) * m];
            self.basis.x[self.basis.head[i]] = row.iter().zip(&rest).map(|(a, b)| a * b).sum();
        }
        self.basis.objective = self.summed_objective();
    }

    /// The reduced costs from the basis: `c - (c_B B⁻¹) A`.
    fn compute_reduced(&mut self) {
        let m = self.m;
        let mut y = vec![0.0; m];
        for (i, &basic) in self.basis.head.iter().enumerate() {
            let cb = self.cost[basic];
            if cb != 0.0 {
                for (k, yk) in y.iter_mut().enumerate() {
                    *yk += cb * self.basis.inverse[i * m + k];
                }
            }
        }
        for j in 0..self.n + self.m {
            if self.basis.place[j] == Place::Basic {
                self.basis.reduced[j] = 0.0;
                continue;
            }
            let mut d = self.cost[j];
            self.for_column(j, |i, a| d -= y[i] * a);
            self.basis.reduced[j] = d;
        }
    }

    /// Inverts the basis afresh (Gauss-Jordan, partial pivoting) and recomputes the values
    /// and reduced costs from it; false if the basis is singular.
    fn refactor(&mut self) -> bool {
        let m = self.m;
        let mut basis = vec![0.0; m * m];
        for (k, &j) in self.basis.head.iter().enumerate() {
            self.for_column(j, |i, a| basis[i * m + k] = a);
        }
        let mut inverse = identity(m);
        let mut factors = vec![0.0; m];
        for c in 0..m {
            let Some(p) =
                (c..m).max_by(|a, b| basis[a * m + c].abs().total_cmp(&basis[b * m + c].abs()))
            else {
                return false;
            };
            if basis[p * m + c].abs() < 1e-9 {
                return false;
            }
            if p != c {
                for k in 0..m {
                    basis.swap(p * m + k, c * m + k);
                    inverse.swap(p * m + k, c * m + k);
                }
            }
            let pivot = basis[c * m + c];
            for (i, factor) in factors.iter_mut().enumerate() {
                *factor = basis[i * m + c];
            }
            eliminate(&mut basis, m, c, pivot, &factors);
            eliminate(&mut inverse, m, c, pivot, &factors);
        }
        self.basis.norms = vec![f64::NAN; m];
        self.basis.inverse = inverse;
        self.basis.since_refactor = 0;
        self.compute_reduced();
        // Reduced costs computed afresh may ask a nonbasic variable for its other bound.
        for j in 0..self.n + self.m {
            if self.basis.place[j] != Place::Basic {
                self.rest_at_bound(j);
            }
        }
        self.compute_basic_values();
        true
    }

    /// While the basis is dual feasible, an upper bound on the model's objective (to
    /// maximize) over the node: the perturbed objective's bound, raised by the most the
    /// perturbation can have taken off.
    fn bound(&self) -> f64 {
        -self.objective() + self.perturbation_reach
    }

    /// The objective to minimize at the current values: while the basis is dual feasible,
    /// a lower bound on the node's optimum. Kept as the values change (see
    /// [`Basis::objective`]).
    fn objective(&self) -> f64 {
        debug_assert!(
            (self.basis.objective - self.summed_objective()).abs()
                <= 1e-7 * (1.0 + self.basis.objective.abs()),
            "{} against {}",
            self.basis.objective,
            self.summed_objective()
        );
        self.basis.objective
    }

    /// The objective to minimize at the current values, summed afresh.
    fn summed_objective(&self) -> f64 {
        self.costed
            .iter()
            .map(|&j| self.cost[j] * self.basis.x[j])
            .sum()
    }

    /// Sets variable `j`'s bounds; a nonbasic variable moves to the bound its reduced cost
    /// asks for, its change in value added to `shift` (the basic values are moved by
    /// [`Dual::shift_basic`]).
    fn set_bounds(&mut self, j: usize, lower: f64, upper: f64, shift: &mut [f64]) {
        self.lower[j] = lower;
        self.upper[j] = upper;
        if self.basis.place[j] == Place::Basic {
            return;
        }
        let delta = self.rest_at_bound(j);
        if delta != 0.0 {
            self.for_column(j, |i, a| shift[i] += a * delta);
        }
    }

    /// Moves the basic values to match nonbasic ones moved by `shift` (row sums of their
    /// columns times their change): `x_B -= B⁻¹ shift`. Clears `shift`.
    fn shift_basic(&mut self, shift: &mut [f64]) {
        let m = self.m;
        for (k, s) in shift.iter_mut().enumerate() {
            if *s == 0.0 {
                continue;
            }
            for i in 0..m {
                let basic = self.basis.head[i];
                self.basis.x[basic] -= self.basis.inverse[i * m + k] * *s;
            }
            *s = 0.0;
        }
        self.basis.objective = self.summed_objective();
    }

    /// One dual simplex pivot: [`Dual::pivot`], in the processor's 256-bit vector
    /// instructions where it has them.
    ///
    /// The basis inverse's update and the other loops over whole rows then take four
    /// numbers at a time rather than two; no sum is taken in another order, so every value
    /// is the same to the bit (see the test
    /// `a_pivot_in_wide_vector_instructions_leaves_every_value_as_the_plain_one`).
    /// Measured over every class of the bench against the plain pivot (interleaved): the
    /// medians x0.98 and the maxima x0.95 (geometric means); the program alone on the
    /// hill-climbed sets takes 8.9% fewer instructions.
    fn step(&mut self) -> Step {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, as just checked, which is all the function
            // asks of it.
            return unsafe { self.pivot_in_avx2() };
        }
        self.pivot()
    }

    /// [`Dual::pivot`] compiled for processors with AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn pivot_in_avx2(&mut self) -> Step {
        self.pivot()
    }

    /// One dual simplex pivot, the leaving row chosen by dual steepest edge, the entering
    /// column by a two-pass (Harris) ratio test. Inlined into each caller, so that it is
    /// compiled for the instructions that caller may use.
    #[allow(
        clippy::inline_always,
        reason = "compiled anew in each caller, for its instructions"
    )]
    #[inline(always)]
    fn pivot(&mut self) -> Step {
        let m = self.m;
        let mut leaving = None;
        let mut best = 0.0;
        for i in 0..m {
            let basic = self.basis.head[i];
            let v = self.basis.x[basic];
            let infeasible = if v < self.lower[basic] - PRIMAL_TOLERANCE {
                self.lower[basic] - v
            } else if v > self.upper[basic] + PRIMAL_TOLERANCE {
                v - self.upper[basic]
            } else {
                continue;
            };
            let mut norm = self.basis.norms[i];
            if norm.is_nan() {
                norm = squared_length(&self.basis.inverse[i * m..(i + 1) * m]);
                self.basis.norms[i] = norm;
            }
            let score = infeasible * infeasible / norm.max(1e-12);
            if score > best {
                best = score;
                leaving = Some(i);
            }
        }
        let Some(r) = leaving else {
            return Step::Optimal;
        };
        let basic = self.basis.head[r];
        let to_lower = self.basis.x[basic] < self.lower[basic];
        let bound = if to_lower {
            self.lower[basic]
        } else {
            self.upper[basic]
        };
        let delta = self.basis.x[basic] - bound;

        self.pivot_row(r);
        let Some(q) = self.entering(to_lower) else {
            return Step::Infeasible;
        };

        // The entering column, checked against the row's element: B⁻¹ times the column,
        // read along B⁻¹'s rows (each entry's terms summed in the column's order).
        let mut column = std::mem::take(&mut self.column);
        let inverse_rows = column.iter_mut().zip(self.basis.inverse.chunks_exact(m));
        if q < self.n {
            let (from, to) = (self.start[q], self.start[q + 1]);
            let (rows, values) = (&self.rows_of[from..to], &self.values[from..to]);
            for (c, inverse_row) in inverse_rows {
                let mut sum = 0.0;
                for (&i, &a) in rows.iter().zip(values) {
                    debug_assert!(i < inverse_row.len());
                    // SAFETY: every entry of `rows_of` is a row of the model, under `m`
                    // (`Dual::at_slack_basis` wrote them from `0..m`), and each row of
                    // the inverse is `m` long.
                    sum += unsafe { inverse_row.get_unchecked(i) } * a;
                }
                *c = sum;
            }
        } else {
            // A slack's column is a 1 in its own row (added to 0 as the sum above would,
            // so that a -0 comes out as 0 alike).
            for (c, inverse_row) in inverse_rows {
                *c = 0.0 + inverse_row[q - self.n];
            }
        }
        self.column = column;
        let pivot = self.column[r];
        if (pivot - self.row[q]).abs() > 1e-6 * (1.0 + pivot.abs()) || pivot.abs() < 1e-11 {
            return Step::Trouble;
        }

        // Reduced costs.
        let theta_dual = self.basis.reduced[q] / self.row[q];
        for &j in self.touched.items() {
            self.basis.reduced[j] -= theta_dual * self.row[j];
        }
        self.basis.reduced[q] = 0.0;
        self.basis.reduced[basic] = -theta_dual;

        // Values, and the objective: it moves by the step times the entering variable's
        // reduced cost, its cost less the basic costs along its column.
        let theta_primal = delta / pivot;
        let mut basic_cost = 0.0;
        for i in 0..m {
            let head = self.basis.head[i];
            self.basis.x[head] -= theta_primal * self.column[i];
            basic_cost += self.cost[head] * self.column[i];
        }
        self.basis.objective += theta_primal * (self.cost[q] - basic_cost);
        self.basis.x[q] += theta_primal;
        self.basis.x[basic] = bound;

        // The basis and its inverse.
        self.basis.head[r] = q;
        self.basis.place[q] = Place::Basic;
        self.basis.place[basic] = if to_lower {
            Place::AtLower
        } else {
            Place::AtUpper
        };
        eliminate(&mut self.basis.inverse, m, r, pivot, &self.column);
        forget_norms(&mut self.basis.norms, r, &self.column);
        self.pivots += 1;
        self.effort += (m * m) as u64;
        self.basis.since_refactor += 1;
        if self.basis.since_refactor >= REFACTOR_EVERY && !self.refactor() {
            return Step::Trouble;
        }
        Step::Pivoted
    }

    /// Row `r` of B⁻¹ times the nonbasic columns, into `row`, those with an element in
    /// `touched` (in column order); basic ones are 0. Summed row by row of the model, over
    /// the rows where B⁻¹'s row `r` is not 0 (about two in five are 0): each column's terms
    /// are added in the same order as a sum down the column would add them.
    fn pivot_row(&mut self, r: usize) {
        for &j in self.touched.items() {
            self.row[j] = 0.0;
        }
        self.touched.reset(self.n + self.m);
        let rho = &self.basis.inverse[r * self.m..(r + 1) * self.m];
        let row = &mut self.row[..self.n];
        for (i, &multiplier) in rho.iter().enumerate() {
            if multiplier == 0.0 {
                continue;
            }
            let (from, to) = (self.row_start[i], self.row_start[i + 1]);
            for (&j, &a) in self.columns_of[from..to]
                .iter()
                .zip(&self.row_values[from..to])
            {
                debug_assert!(j < row.len());
                // SAFETY: every entry of `columns_of` is a model variable, under `n`: the
                // columns were counted from them into `start`, of `n + 1` entries, when
                // the simplex was made (`Dual::at_slack_basis`), which panics otherwise.
                unsafe { *row.get_unchecked_mut(j) += multiplier * a };
            }
        }
        // Without a branch a column: about two in three have an element, in no order a
        // branch predictor could learn.
        let columns = self.row[..self.n]
            .iter_mut()
            .zip(&self.basis.place[..self.n])
            .enumerate();
        self.touched.offer(columns.map(|(j, (element, place))| {
            let basic = *place == Place::Basic;
            if basic {
                *element = 0.0;
            }
            (j, *element != 0.0 && !basic)
        }));
        // The slack of an equation is fixed at 0 for good, so it never enters, and its
        // reduced cost is never read: it is left out of the row (about two in three of the
        // slacks the row holds).
        for (i, &element) in rho.iter().enumerate() {
            let slack = self.n + i;
            if element != 0.0 && !self.fixed_for_good[i] && self.basis.place[slack] != Place::Basic
            {
                self.row[slack] = element;
                self.touched.offer([(slack, true)]);
            }
        }
    }

    /// The variable to enter, by a two-pass (Harris) ratio test over the pivot row: of
    /// those that may move toward their open side (the leaving variable going `to_lower`
    /// or up), the largest element within the smallest ratio widened by the tolerance.
    /// `None` when none may move: the node is infeasible.
    fn entering(&mut self, to_lower: bool) -> Option<usize> {
        let sign = if to_lower { -1.0 } else { 1.0 };
        let mut candidates = std::mem::take(&mut self.candidates);
        // Only those that may move are kept, with no branch on a test that goes either way
        // about as often.
        candidates.reset(self.touched.len);
        // Every list over the variables cut to one length, so that one check of `j`
        // against it serves them all.
        let all = self.n + self.m;
        let (place, row) = (&self.basis.place[..all], &self.row[..all]);
        let (lower, upper) = (&self.lower[..all], &self.upper[..all]);
        let reduced = &self.basis.reduced[..all];
        candidates.offer(self.touched.items().iter().map(|&j| {
            // No touched variable is basic (see `pivot_row`).
            let toward_open = if place[j] == Place::AtUpper {
                -sign * row[j]
            } else {
                sign * row[j]
            };
            let eligible = upper[j] > lower[j] && toward_open > SMALLEST_PIVOT;
            let item = (j, toward_open.abs(), reduced[j].abs());
            (item, eligible)
        }));
        let mut most_step = f64::INFINITY;
        for &(_, size, d) in candidates.items() {
            most_step = most_step.min((d + DUAL_TOLERANCE) / size);
        }
        let mut chosen: Option<(usize, f64)> = None;
        for &(j, size, d) in candidates.items() {
            if d / size <= most_step && chosen.is_none_or(|(_, best)| size > best) {
                chosen = Some((j, size));
            }
        }
        self.candidates = candidates;
        chosen.map(|(j, _)| j)
    }
}

/// Gives each variable of no cost, whose values are at least 0, a small cost of its own:
/// [`PERTURBATION`] times a share from 1 to 2 (the fractions of multiples of the golden
/// ratio, spread evenly and the same on every run), times its `weight` over the heaviest
/// one's, less where the widest solution would gain over [`MOST_PERTURBATION_REACH`].
/// Returns the most it adds to a solution's cost.
///
/// The weights say which variables the relaxation should lean away from where the costs
/// tie (the play's program weighs the melds that need jokers: see `ilp`).
///
/// The perturbed costs break the ties: no solution's cost falls, and none rises by more
/// than the reach, so a bound on the perturbed program raised by the reach bounds the
/// model; and a solution in integers that is best for the perturbed program is best for
/// the model, whose objective moves in whole units.
fn perturb(cost: &mut [f64], lower: &[i64], upper: &[i64], weight: &[u32]) -> f64 {
    const GOLDEN: f64 = 0.618_033_988_749_895;
    let free: Vec<usize> = (0..cost.len())
        .filter(|&j| cost[j] == 0.0 && lower[j] >= 0)
        .collect();
    let widest: f64 = free.iter().map(|&j| 2.0 * upper[j] as f64).sum();
    let heaviest = free.iter().map(|&j| weight[j]).max().unwrap_or(1);
    let scale = PERTURBATION.min(MOST_PERTURBATION_REACH / widest.max(1.0)) / f64::from(heaviest);
    let mut reach = 0.0;
    for j in free {
        let share = 1.0 + (j as f64 * GOLDEN).fract();
        cost[j] = scale * f64::from(weight[j]) * share;
        reach += cost[j] * upper[j] as f64;
    }
    reach
}

/// The variable to branch on, among those whose `values` are fractions: the one whose two
/// branches are expected to lower the bound most, the product of the two expected falls
/// (each its mean fall per unit, learned in `falls`, times how far the variable must move;
/// for a side not yet tried, the mean over the variables tried on that side of the same
/// kind, with a cost or without), the most fractional first where those say nothing (see
/// [`FRACTION_TIE`]). A variable with a cost (a card played) goes before any without (a
/// meld, a joker's part): a branch on what the objective weighs moves the bound at once.
///
/// Measured against the most fractional (the dearest first), the program alone to the end
/// over every class of the bench: the classes' median pivots 2% fewer and their maxima 11%
/// fewer (geometric means; the window tables' max 854 to 150, the duplicates' 399 to 56).
/// The hill-climbed sets found against the solver before take fewer (`melds up first` 624
/// to 260, `perturbed costs` 416 to 298), but a set climbed against one solver is hard for
/// that solver in particular, and most changes make it easier. Each solver climbed against
/// itself from fresh seeds (the bench's `--climbs 12`, three interleaved runs each): the
/// mean of the climbs' medians 1.34 ms against 1.59 (the middle climb's 1.38 against 1.28),
/// the mean slowest 6.1 ms against 6.1, one climb in twelve past 10 ms against two: as
/// good, not better. Climbed again and again from the seeds of `--write-hard`, the rule
/// without the most fractional on a plateau reached 8.8 ms (one position took 169 nodes,
/// 143 of them at the same bound); from fresh seeds, with it or without, the same as above.
fn branching_variable(values: &[f64], cost: &[i64], falls: &[[Falls; 2]]) -> Option<usize> {
    let fraction = |j: usize| values[j] - values[j].floor();
    let fractional = |j: usize| is_fraction(values[j]);
    let kind_of = |j: usize| usize::from(cost[j] != 0);
    // One pass: whether a variable with a cost is a fraction, and for each kind (without a
    // cost, with one) and side, the sum and count of the variables' mean falls.
    let mut dear = false;
    let mut of_kind = [[(0.0, 0.0); 2]; 2];
    for (j, sides) in falls.iter().enumerate().take(values.len()) {
        let kind = kind_of(j);
        dear |= kind == 1 && fractional(j);
        for (side, learned) in sides.iter().enumerate() {
            if let Some(mean) = learned.mean() {
                let (sum, count) = &mut of_kind[kind][side];
                *sum += mean;
                *count += 1.0;
            }
        }
    }
    let kind = usize::from(dear);
    let means = of_kind[kind].map(|(sum, count)| if count > 0.0 { sum / count } else { 1.0 });
    let expected = |j: usize, side: usize, moved: f64| {
        let mean = falls[j][side].mean().unwrap_or(means[side]);
        (mean * moved).max(SMALLEST_FALL)
    };
    (0..values.len())
        .filter(|&j| kind_of(j) == kind && fractional(j))
        .map(|j| {
            let f = fraction(j);
            let tie = FRACTION_TIE * f * (1.0 - f);
            (j, expected(j, 0, f) * expected(j, 1, 1.0 - f) + tie)
        })
        .fold(None, |best: Option<(usize, f64)>, (j, score)| match best {
            Some((_, most)) if most >= score => best,
            _ => Some((j, score)),
        })
        .map(|(j, _)| j)
}

/// Whether a branch on a variable of cost `cost` at `value` searches its up side first.
///
/// A variable of no cost (in the play's program, a meld, or a joker's part) always does: a
/// branch up lays the meld, taking its cards from every other, and the relaxation either
/// keeps its bound with them or falls at once; a branch down only forbids the meld, and the
/// relaxation mostly lays an even mix of the melds left, at the same bound. On the hardest
/// hill-climbed positions, where every meld shares single cards with others and the
/// relaxation lays many a third of the way, depth first went fifty branches down before
/// turning back. A variable of the objective (a card played) takes its nearer side.
///
/// Measured over every position of the bench, the program alone: 121,795 pivots to
/// 119,254; over every class (three interleaved runs against the nearer side always):
/// medians x0.98, maxima x0.97, the hill-climbed `perturbed costs` set's median 1.98 ms to
/// 1.49. One window table's max rose from 0.4 ms to 0.8: there each meld branched up on
/// took the relaxation some twenty-five pivots to find it could not be laid.
fn up_first(cost: i64, value: f64) -> bool {
    cost == 0 || value - value.floor() >= 0.5
}

/// The `m` by `m` identity, dense and row-major.
fn identity(m: usize) -> Vec<f64> {
    let mut matrix = vec![0.0; m * m];
    for i in 0..m {
        matrix[i * m + i] = 1.0;
    }
    matrix
}

/// One Gauss-Jordan elimination on a dense `m` by `m` row-major matrix: row `r` divided by
/// `pivot`, then `factors[i]` times it taken from every other row `i`. Inlined, as
/// [`Dual::pivot`] is.
#[allow(
    clippy::inline_always,
    reason = "compiled anew in each caller, for its instructions"
)]
#[inline(always)]
fn eliminate(matrix: &mut [f64], m: usize, r: usize, pivot: f64, factors: &[f64]) {
    let (before, rest) = matrix.split_at_mut(r * m);
    let (pivot_row, after) = rest.split_at_mut(m);
    for a in pivot_row.iter_mut() {
        *a /= pivot;
    }
    let rows = before.chunks_exact_mut(m).zip(&factors[..r]);
    let rows = rows.chain(after.chunks_exact_mut(m).zip(&factors[r + 1..]));
    for (row, &factor) in rows {
        if factor != 0.0 {
            for (a, b) in row.iter_mut().zip(pivot_row.iter()) {
                *a -= factor * b;
            }
        }
    }
}

/// After [`eliminate`] on row `r` with `factors`: the rows it changed (those with a
/// factor, and row `r`) have their squared lengths summed again when next asked for.
fn forget_norms(norms: &mut [f64], r: usize, factors: &[f64]) {
    for (i, (norm, factor)) in norms.iter_mut().zip(factors).enumerate() {
        if i == r || *factor != 0.0 {
            *norm = f64::NAN;
        }
    }
}

/// Whether a cut's coefficient, the sum `s` over the common `denominator` rounded down (or,
/// for a variable `counted_down` from its upper bound, minus `-s` over it rounded down), is
/// other than 0: it is 0 just when the sum is at least 0 and under the denominator (at most
/// 0 and above minus it). Told without a division or a branch, for every variable of every
/// row read.
fn rounds_to_nonzero(s: i64, denominator: i64, counted_down: bool) -> bool {
    let s = if counted_down { -s } else { s };
    !(0..denominator).contains(&s)
}

/// `v` rounded to the nearest whole number, ties to even, for `|v|` under 2^51: adding and
/// taking away 1.5 * 2^52 leaves no bits below the units. `f64::round` is a call to a
/// library function on processors without SSE4.1, and cut reading asks it for every
/// multiplier at every denominator tried.
fn nearest_whole(v: f64) -> f64 {
    const SHIFT: f64 = 6_755_399_441_055_744.0;
    (v + SHIFT) - SHIFT
}

/// The sum of squares of `row`.
fn squared_length(row: &[f64]) -> f64 {
    row.iter().map(|a| a * a).sum()
}

/// A node of the branch and bound: the bounds its branches set, on the model's variables.
#[derive(Clone, Debug)]
struct Node {
    branches: Vec<(usize, f64, f64)>,
    /// The objective its parent's relaxation reached: no play below it does better.
    bound: f64,
    /// The branch that made it, while its parent's bound is `bound` (none once set aside):
    /// what it lowers the bound by is learned when it is solved.
    made_by: Option<Branch>,
    /// The basis its parent's relaxation ended with (none for the root), and the parent's
    /// number: a node is solved from there, one branch away, unless its parent was the
    /// node solved just before it.
    start: Option<(u64, Rc<Basis>)>,
}

/// A branch: the variable, the side, and how far the relaxation's value had to move.
#[derive(Clone, Copy, Debug)]
struct Branch {
    variable: usize,
    up: bool,
    moved: f64,
}

/// What the branches on one side of a variable lowered their parent's bound by, per unit
/// the variable moved, summed over the nodes solved (a pseudocost).
#[derive(Clone, Copy, Debug, Default)]
struct Falls {
    sum: f64,
    count: u32,
}

impl Falls {
    fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| self.sum / f64::from(self.count))
    }
}

/// A basis and the values at it: the simplex's, and a copy kept to start a node from.
#[derive(Debug)]
struct Basis {
    /// The basis inverse, dense, row-major.
    inverse: Vec<f64>,
    /// The squared length of each row of `inverse`: the leaving row's weight in the dual
    /// steepest edge rule, summed once for each row that changes and is then asked for
    /// (NaN until then), rather than for every infeasible row at every pivot.
    norms: Vec<f64>,
    /// The variable basic in each row.
    head: Vec<usize>,
    /// Where each variable stands: basic in a row, or at a bound.
    place: Vec<Place>,
    /// Every variable's value.
    x: Vec<f64>,
    reduced: Vec<f64>,
    /// Pivots since the inverse was last computed afresh.
    since_refactor: usize,
    /// The cost of the values, moved at each pivot and summed afresh whenever the values
    /// are: summed at every pivot over the variables with a cost (every variable, with the
    /// perturbation), it took a twentieth of the program's work.
    objective: f64,
}

impl Clone for Basis {
    fn clone(&self) -> Basis {
        Basis {
            inverse: self.inverse.clone(),
            norms: self.norms.clone(),
            head: self.head.clone(),
            place: self.place.clone(),
            x: self.x.clone(),
            reduced: self.reduced.clone(),
            since_refactor: self.since_refactor,
            objective: self.objective,
        }
    }

    /// Field by field, into the buffers `self` already has: a node's start copies a basis
    /// the size of the simplex's with no allocation.
    fn clone_from(&mut self, source: &Basis) {
        self.inverse.clone_from(&source.inverse);
        self.norms.clone_from(&source.norms);
        self.head.clone_from(&source.head);
        self.place.clone_from(&source.place);
        self.x.clone_from(&source.x);
        self.reduced.clone_from(&source.reduced);
        self.since_refactor = source.since_refactor;
        self.objective = source.objective;
    }
}

/// The branch and bound over a model, solved a turn of pivots at a time.
pub(crate) struct BranchAndBound {
    model: Model,
    /// The model's own rows, before any cut.
    model_rows: usize,
    lp: Dual,
    root_lower: Vec<f64>,
    root_upper: Vec<f64>,
    /// The variables whose bounds in `lp` may differ from the root's.
    applied: Vec<usize>,
    /// Scratch for [`BranchAndBound::enter`].
    shift: Vec<f64>,
    open: Vec<Node>,
    /// The node being solved, and the pivots it started at.
    current: Option<(Node, u64)>,
    best: Option<(i64, Vec<i64>)>,
    /// Only solutions reaching it are looked for now: first the root's bound, rounded
    /// down (on most plays the best reaches it); when none does, lower.
    aspiration: Option<i64>,
    /// How far the aspiration falls below the highest bound set aside the next time it
    /// falls: [`ASPIRATION_STEP`] times the least cost at first, growing by
    /// [`ASPIRATION_STEP_GROWTH`] at each fall.
    aspiration_step: f64,
    /// Nodes under the aspiration that may still beat the best found.
    deferred: Vec<Node>,
    /// Bases kept so far, for the children of a node branched on or for a node set aside
    /// once started (a node names the basis it starts from by this count).
    solved: u64,
    /// The node whose relaxation's basis `lp` still holds, if it was branched on.
    fresh: Option<u64>,
    /// See [`MOST_WAITING_WITH_BASES`].
    most_waiting: usize,
    over: Option<Solved>,
    /// Rounds of cuts made at the root so far.
    cut_rounds: usize,
    /// The root's bound when each round of cuts was made.
    cut_bounds: Vec<f64>,
    /// Rounds of cuts that held zero-half cuts.
    zero_half_rounds: usize,
    /// Whether the root is being cut: from when no play reached the root's bound.
    cutting: bool,
    /// What no solution beats, known before the root was cut: the highest bound the search
    /// before the cuts set aside.
    ceiling: Option<f64>,
    /// The root's relaxation as last solved: its bound, and each model variable's reduced
    /// cost and place there (see [`BranchAndBound::fix_by_reduced_costs`]).
    root: Option<(f64, Vec<f64>, Vec<Place>)>,
    /// The model variables fixed at a bound for good, by their reduced costs at the root.
    fixed: Vec<usize>,
    /// For each model variable, what its branches lowered the bound by: down, then up.
    falls: Vec<[Falls; 2]>,
    /// The slacks of the groups' rows, once added at the root (see
    /// [`BranchAndBound::add_group_rows`]): each is its group's sum.
    group_slacks: std::ops::Range<usize>,
    /// Whether the groups have been looked at.
    grouped: bool,
    /// Scratch for [`branching_variable`]: every value it may branch on, and its cost.
    branch_values: Vec<f64>,
    branch_cost: Vec<i64>,
    /// Bases no node starts from any more, kept to be written over by the next basis kept
    /// for a node (see [`BranchAndBound::keep_basis`]): a basis is tens of KB, and a fresh
    /// one at every node branched on cost more than its copy.
    spare_bases: Vec<Basis>,
}

impl BranchAndBound {
    pub(crate) fn new(model: Model) -> BranchAndBound {
        let lp = Dual::new(&model);
        let falls = vec![[Falls::default(); 2]; model.variables()];
        let least_cost = model
            .cost
            .iter()
            .copied()
            .filter(|c| *c > 0)
            .min()
            .unwrap_or(1) as f64;
        BranchAndBound {
            model_rows: model.rows.len(),
            model,
            root_lower: lp.lower.clone(),
            root_upper: lp.upper.clone(),
            applied: Vec::new(),
            shift: vec![0.0; lp.m],
            lp,
            open: vec![Node {
                branches: Vec::new(),
                bound: f64::INFINITY,
                made_by: None,
                start: None,
            }],
            solved: 0,
            fresh: None,
            most_waiting: MOST_WAITING_WITH_BASES,
            current: None,
            best: None,
            aspiration: None,
            aspiration_step: ASPIRATION_STEP * least_cost,
            deferred: Vec::new(),
            over: None,
            cut_rounds: 0,
            cut_bounds: Vec::new(),
            zero_half_rounds: 0,
            cutting: false,
            ceiling: None,
            root: None,
            fixed: Vec::new(),
            falls,
            group_slacks: 0..0,
            grouped: false,
            branch_values: Vec::new(),
            branch_cost: Vec::new(),
            spare_bases: Vec::new(),
        }
    }

    /// The pivots' cost so far, over every node: the sum over the pivots of the square of
    /// the rows each pivoted over, the size of the basis inverse it updated (most of a
    /// pivot's work grows with it). A measure of the time taken that is the same on every
    /// run, for turns taken with another method.
    pub(crate) fn effort(&self) -> u64 {
        self.lp.effort
    }

    /// A copy of the simplex's basis for the nodes branched from here to start from,
    /// written over a spare one where there is one (no allocation).
    fn keep_basis(&mut self) -> Rc<Basis> {
        match self.spare_bases.pop() {
            Some(mut spare) => {
                spare.clone_from(&self.lp.basis);
                Rc::new(spare)
            }
            None => Rc::new(self.lp.basis.clone()),
        }
    }

    /// Done with a node: the basis it would have started from is kept as a spare once no
    /// other node waits on it.
    fn release(&mut self, node: Node) {
        self.recycle(node.start);
    }

    /// A node's start done with: its basis is kept as a spare once no other node waits on
    /// it.
    fn recycle(&mut self, start: Option<(u64, Rc<Basis>)>) {
        if let Some((_, basis)) = start
            && let Ok(basis) = Rc::try_unwrap(basis)
            && self.spare_bases.len() < MOST_SPARE_BASES
        {
            self.spare_bases.push(basis);
        }
    }

    /// Simplex pivots so far, over every node.
    pub(crate) fn pivots(&self) -> u64 {
        self.lp.pivots
    }

    /// Variable `j`'s weight in the perturbation of the costs.
    #[cfg(test)]
    pub(crate) fn perturbation_weight(&self, j: usize) -> u32 {
        self.model.perturbation_weight[j]
    }

    /// Solves on until its effort in all (see [`BranchAndBound::effort`]) reaches `until`,
    /// or the solve is over.
    pub(crate) fn run(&mut self, until: u64) -> Status {
        if let Some(over) = &self.over {
            return Status::Finished(over.clone());
        }
        let solved = self.solve_until(until);
        match solved {
            Some(solved) => {
                self.over = Some(solved.clone());
                Status::Finished(solved)
            }
            None => Status::Unfinished,
        }
    }

    fn solve_until(&mut self, until: u64) -> Option<Solved> {
        loop {
            let (node, started) = if let Some(current) = self.current.take() {
                current
            } else {
                let Some(mut node) = self.next_node() else {
                    return Some(match self.best.take() {
                        Some((_, values)) => Solved::Optimal(values),
                        None => Solved::Infeasible,
                    });
                };
                self.start(&mut node);
                self.enter(&node);
                (node, self.lp.pivots)
            };
            loop {
                if self.lp.effort >= until {
                    self.current = Some((node, started));
                    return None;
                }
                if self.lp.pivots - started > MOST_NODE_PIVOTS {
                    return Some(Solved::Failed);
                }
                match self.lp.step() {
                    Step::Pivoted => {
                        if self.beaten() {
                            self.learn(&node);
                            let bound = self.lp.bound();
                            self.set_aside_where_it_stands(node, bound);
                            break;
                        }
                    }
                    Step::Infeasible => {
                        self.release(node);
                        break;
                    }
                    Step::Trouble => return Some(Solved::Failed),
                    Step::Optimal => {
                        if let Err(failed) = self.settle(node) {
                            return Some(failed);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// Starts from the basis `node`'s parent ended with (or, for a node set aside once
    /// started, the basis it reached), unless `lp` holds it still. A basis no other node
    /// waits on is taken, its buffers swapped with the simplex's, in place of a copy: the
    /// node then holds the simplex's old buffers, which it gives back as a spare when done
    /// with, or replaces with the basis it reached when set aside.
    /// Measured: a node started from wherever the last node ended (as after a backtrack,
    /// or when the aspiration falls) took about three times the pivots of one started a
    /// branch away from its parent.
    fn start(&mut self, node: &mut Node) {
        let fresh = self.fresh.take();
        if let Some((parent, basis)) = &mut node.start
            && fresh != Some(*parent)
            && basis.inverse.len() == self.lp.basis.inverse.len()
        {
            match Rc::get_mut(basis) {
                Some(only) => std::mem::swap(&mut self.lp.basis, only),
                None => self.lp.basis.clone_from(basis),
            }
        }
    }

    /// Sets `node` aside once started: when it is kept for later, it keeps the basis it
    /// reached, to go on from there when it is taken up again, rather than solve its
    /// pivots again from its parent's (its start may have been handed to the simplex, see
    /// [`BranchAndBound::start`]). A node dropped gives its start back as a spare.
    fn set_aside_where_it_stands(&mut self, mut node: Node, bound: f64) {
        if bound >= self.better() {
            let waiting = self.open.len() + self.deferred.len();
            // Past the most waiting with bases, it starts from wherever the last node ended.
            let kept = (waiting < self.most_waiting).then(|| {
                self.solved += 1;
                (self.solved, self.keep_basis())
            });
            let start = std::mem::replace(&mut node.start, kept);
            self.recycle(start);
        }
        self.set_aside(node, bound);
    }

    /// Sets the bounds of `node`: the root's, tightened by its branches.
    /// Only the variables branched on, in the last node or this one, are set again.
    fn enter(&mut self, node: &Node) {
        let mut shift = std::mem::take(&mut self.shift);
        let mut again = std::mem::take(&mut self.applied);
        again.extend(node.branches.iter().map(|b| b.0));
        // A node may start from a basis kept before a variable was fixed.
        again.extend(&self.fixed);
        again.sort_unstable();
        again.dedup();
        for &j in &again {
            let (mut lo, mut up) = (self.root_lower[j], self.root_upper[j]);
            for &(k, l, u) in &node.branches {
                if k == j {
                    (lo, up) = (l, u);
                }
            }
            self.lp.set_bounds(j, lo, up, &mut shift);
        }
        self.lp.shift_basic(&mut shift);
        again.retain(|&j| node.branches.iter().any(|b| b.0 == j));
        self.applied = again;
        self.shift = shift;
    }

    /// Fixes for good each model variable that no solution better than the best found can
    /// move from the bound it rests at in the root's relaxation.
    ///
    /// At the root's optimum every nonbasic variable's reduced cost says how much the
    /// relaxation's bound falls for each unit it moves from its bound; no solution of the
    /// root (so none at all) does better than that bound less those falls. A variable whose
    /// fall for one unit takes the bound below the best found plus one stays where it is in
    /// every better solution. The best found only rises, so a variable fixed stays fixed.
    fn fix_by_reduced_costs(&mut self) {
        let (Some((bound, reduced, place)), Some((best, _))) = (&self.root, &self.best) else {
            return;
        };
        let room = bound - (*best as f64 + 1.0) + PRUNE_MARGIN;
        for j in 0..reduced.len() {
            if self.root_lower[j] >= self.root_upper[j] {
                continue;
            }
            // The relaxation minimizes: a reduced cost is at least 0 at a lower bound, at
            // most 0 at an upper one.
            let (fall, at) = match place[j] {
                Place::Basic => continue,
                Place::AtLower => (reduced[j], self.root_lower[j]),
                Place::AtUpper => (-reduced[j], self.root_upper[j]),
            };
            if fall > room {
                self.root_lower[j] = at;
                self.root_upper[j] = at;
                self.fixed.push(j);
            }
        }
    }

    /// Whether the node being solved can no longer beat the best solution found.
    fn beaten(&self) -> bool {
        self.lp.bound() < self.cutoff()
    }

    /// The objective a node must reach to beat the best solution found.
    fn better(&self) -> f64 {
        self.best.as_ref().map_or(f64::NEG_INFINITY, |(best, _)| {
            *best as f64 + 1.0 - PRUNE_MARGIN
        })
    }

    /// The objective a node must reach to be solved now: to beat the best solution found,
    /// and to reach the aspiration.
    fn cutoff(&self) -> f64 {
        let aspired = self
            .aspiration
            .map_or(f64::NEG_INFINITY, |a| a as f64 - PRUNE_MARGIN);
        self.better().max(aspired)
    }

    /// A node whose bound is under the cutoff: dropped if it can't beat the best found,
    /// else kept for when the aspiration falls.
    fn set_aside(&mut self, node: Node, bound: f64) {
        if bound >= self.better() {
            self.deferred.push(Node {
                branches: node.branches,
                bound,
                made_by: None,
                start: node.start,
            });
        } else {
            self.release(node);
        }
    }

    /// A node's relaxation solved: keep its solution if integral and best so far, or
    /// branch on a fractional variable ([`branching_variable`]), the side [`up_first`]
    /// says searched first.
    fn settle(&mut self, node: Node) -> Result<(), Solved> {
        self.learn(&node);
        if node.branches.is_empty() {
            // The root's bound, rounded down: no solution does better, and on most plays
            // one does as well. Searched again after cuts, the root starts where the search
            // before them left off: no solution reached its aspiration, nor any above the
            // highest bound it set aside.
            let bound = self.lp.bound();
            let reach = match self.ceiling {
                Some(ceiling) if ceiling < bound => ceiling - self.aspiration_step,
                _ => bound,
            };
            self.aspiration = Some((reach + PRUNE_MARGIN).floor() as i64);
            let n = self.model.variables();
            self.root = Some((
                bound,
                self.lp.basis.reduced[..n].to_vec(),
                self.lp.basis.place[..n].to_vec(),
            ));
            self.fix_by_reduced_costs();
        }
        if node.branches.is_empty() && self.cutting && !self.grouped {
            self.grouped = true;
            self.add_group_rows();
        }
        if self.beaten() {
            let bound = self.lp.bound();
            self.set_aside_where_it_stands(node, bound);
            return Ok(());
        }
        let n = self.model.variables();
        let branch = if self.group_slacks.is_empty() {
            branching_variable(&self.lp.basis.x[..n], &self.model.cost, &self.falls)
        } else {
            let mut values = std::mem::take(&mut self.branch_values);
            values.clear();
            values.extend_from_slice(&self.lp.basis.x[..self.group_slacks.end]);
            // Only the groups' slacks, of the slacks, are branched on.
            values[n..self.group_slacks.start].fill(0.0);
            let j = branching_variable(&values, &self.branch_cost, &self.falls);
            self.branch_values = values;
            j
        }
        .map(|j| (j, self.lp.basis.x[j]));
        if node.branches.is_empty() && self.cutting && branch.is_some() {
            // Cut off the relaxation's solution, and solve the root again.
            let cuts = self.next_cuts();
            if !cuts.is_empty() {
                self.cut_rounds += 1;
                self.drop_loose_cuts();
                self.add_cuts(cuts);
                self.aspiration = None;
                self.open.push(node);
                return Ok(());
            }
        }
        let waiting = self.open.len() + self.deferred.len();
        let start = branch.filter(|_| waiting < self.most_waiting).map(|_| {
            self.solved += 1;
            self.fresh = Some(self.solved);
            (self.solved, self.keep_basis())
        });
        let Some((j, v)) = branch else {
            let values: Vec<i64> = self.lp.basis.x[..n]
                .iter()
                .map(|v| v.round() as i64)
                .collect();
            if !self.model.holds(&values) {
                return Err(Solved::Failed);
            }
            let objective = self.model.objective(&values);
            if self.best.as_ref().is_none_or(|(best, _)| objective > *best) {
                self.best = Some((objective, values));
                self.fix_by_reduced_costs();
            }
            self.release(node);
            return Ok(());
        };
        let (lo, up) = (self.lp.lower[j], self.lp.upper[j]);
        let bound = self.lp.bound();
        let child = |lo: f64, up: f64, up_side: bool| {
            let mut branches = node.branches.clone();
            branches.push((j, lo, up));
            let moved = if up_side { v.ceil() - v } else { v - v.floor() };
            Node {
                branches,
                bound,
                made_by: Some(Branch {
                    variable: j,
                    up: up_side,
                    moved,
                }),
                start: start.clone(),
            }
        };
        let (down, up_node) = (child(lo, v.floor(), false), child(v.ceil(), up, true));
        // The side searched first is pushed last (see `up_first`).
        // A group's count has no cost of its own: like a meld, its up side first.
        let cost = if j < n { self.model.cost[j] } else { 0 };
        if up_first(cost, v) {
            self.open.push(down);
            self.open.push(up_node);
        } else {
            self.open.push(up_node);
            self.open.push(down);
        }
        self.release(node);
        Ok(())
    }

    /// Adds a row for each group whose sum the root's relaxation makes a fraction, so that
    /// the sum can be branched on: `-sum <= 0`, whose slack is the sum. The rows are added
    /// before any cut and kept as the model's own; their slacks are basic at the sums, so
    /// the relaxation stays solved. A group's slack is branched on with the variables of
    /// the objective, ahead of any single meld.
    ///
    /// Why: in the play's program the groups are each rank's sets. Where the relaxation
    /// lays a rank's cards a fifth or a third at a time in several sets, a branch on one
    /// set barely moves it (another set of the rank takes the cards, at the same bound);
    /// a branch on how many sets of the rank are laid takes all of them at once. The rows
    /// are added only once no play reached the root's bound (when the root is cut), so a
    /// position the relaxation settles at once pays no row.
    ///
    /// Measured: the program alone to the end over every class, pivots 88.6 and 323.2 to
    /// 87.3 and 299.5 (geometric means of the classes' median and max), the hill-climbed
    /// `joker melds weighed` set's median 662 to 316. The bench (three interleaved runs):
    /// every class x1.01 at the median and x1.00 at the max, that set's median 2.14 ms to
    /// 1.17 and its max 4.95 to 3.09. Fresh climbs (`--climbs 12`, two runs each, taking
    /// turns): the slowest hand of a climb 4.66 and 3.88 ms to 3.14 and 3.21 (means over
    /// the climbs), none past 10 ms against one, the median the same (1.15 and 1.23 ms to
    /// 1.17 and 1.22). Rows added at the first root, cut or not, took that set to 1.02 ms
    /// but a position of every screened set from 1.15 ms to 1.5; each suit's runs as
    /// groups too, pivots 92.1 and 389.4; the slacks branched on with the melds, not with
    /// the cards played, moved nothing (that set's median 662 to 594 pivots).
    fn add_group_rows(&mut self) {
        if self.lp.m != self.model_rows || self.model.groups.is_empty() {
            return;
        }
        let x = &self.lp.basis.x;
        let rows: Vec<Row> = self
            .model
            .groups
            .iter()
            .filter(|group| is_fraction(group.iter().map(|j| x[*j]).sum()))
            .map(|group| {
                (
                    group.iter().map(|j| (*j, -1)).collect(),
                    Relation::AtMost,
                    0,
                )
            })
            .collect();
        if rows.is_empty() {
            return;
        }
        let n = self.model.variables();
        let start = n + self.lp.m;
        let added = rows.len();
        self.add_cuts(rows);
        self.model_rows += added;
        self.group_slacks = start..start + added;
        self.falls.resize(start + added, [Falls::default(); 2]);
        self.branch_cost = self.model.cost.clone();
        // A group's sum is branched on with the variables of the objective (the cards
        // played), ahead of the single melds: see `add_group_rows`.
        self.branch_cost.resize(start + added, 1);
    }

    /// Learns what `node`'s branch lowered its parent's bound by, per unit moved: to the
    /// relaxation's optimum, or, for a node dropped while solved, at least to where it was
    /// dropped.
    fn learn(&mut self, node: &Node) {
        // Only a branched node has one, and its parent's bound and the distance moved (a
        // fraction's) are finite and above 0.
        if let Some(branch) = node.made_by {
            let falls = &mut self.falls[branch.variable][usize::from(branch.up)];
            falls.sum += (node.bound - self.lp.bound()).max(0.0) / branch.moved;
            falls.count += 1;
        }
    }

    /// The cuts of the next round at the root, if one is due: Gomory cuts for
    /// [`CUT_ROUNDS`] rounds, and zero-half cuts with them once a round has stalled.
    ///
    /// A round stalls when it lowers the root's bound by less than one (a card played). On
    /// the positions where rounds before it lowered the bound, what is left is mostly melds
    /// sharing single cards in odd cycles, which zero-half cuts find and Gomory cuts read
    /// off one row of the basis at a time do not; a round of them is made then, after the
    /// last round if need be. Where no round lowered the bound the relaxation's optimum is
    /// flat, and cuts only move the solution along it (see [`ZERO_HALF_ROUNDS`]).
    fn next_cuts(&mut self) -> Vec<Row> {
        let bound = self.lp.bound();
        let lowered = |from: Option<&f64>| from.is_some_and(|from| from - bound >= 1.0);
        let stalled = self.cut_rounds > 0 && !lowered(self.cut_bounds.last());
        let zero_half = stalled && lowered(self.cut_bounds.first());
        let due =
            self.cut_rounds < CUT_ROUNDS || (zero_half && self.zero_half_rounds < ZERO_HALF_ROUNDS);
        if !due {
            return Vec::new();
        }
        self.cut_bounds.push(bound);
        let mut cuts = Vec::new();
        if zero_half {
            self.zero_half_rounds += 1;
            let n = self.model.variables();
            cuts = zero_half_cuts(
                &self.model.rows,
                &self.lp.basis.x[..n],
                &self.root_lower[..n],
                &self.root_upper[..n],
                CUTS_A_ROUND,
                MOST_CUT_TERMS,
            );
        }
        cuts.extend(self.gomory_cuts());
        cuts
    }

    /// Up to [`CUTS_A_ROUND`] cuts off the relaxation's solution, from the rows of the
    /// basis inverse whose basic variable is furthest from an integer.
    fn gomory_cuts(&self) -> Vec<Row> {
        let variables = self.lp.n;
        if self.model.lower.iter().any(|lo| *lo != 0) {
            return Vec::new();
        }
        let mut rows: Vec<(f64, usize)> = (0..self.lp.m)
            .filter_map(|row| {
                let basic = self.lp.basis.head[row];
                let value = self.lp.basis.x[basic];
                let fraction = value - value.floor();
                (basic < variables && fraction > 0.01 && fraction < 0.99)
                    .then_some(((fraction - 0.5).abs(), row))
            })
            .collect();
        rows.sort_by(|a, b| a.0.total_cmp(&b.0));
        rows.into_iter()
            .filter_map(|(_, row)| self.cut_from_row(row))
            .take(CUTS_A_ROUND)
            .collect()
    }

    /// The Chvátal-Gomory cut from row `row` of the basis inverse, if it cuts off the
    /// relaxation's solution and is small enough to be worth a row.
    ///
    /// The row's multipliers (scaled by their common denominator, so all in integers, as
    /// exact as the model) times the model's rows, slacks included, give an equation every
    /// solution meets. Each variable at its upper bound is counted down from it (`U - x`),
    /// so every term is of a variable at least 0; then rounding each coefficient down, and
    /// the right-hand side after, keeps every integer solution (the Chvátal-Gomory rounding)
    /// and cuts off the relaxation's vertex, where the row's basic variable is a fraction.
    /// The slacks of the "at most" rows are written back as their rows, so the cut is a row
    /// over the model's variables.
    fn cut_from_row(&self, row: usize) -> Option<Row> {
        let (rows, variables) = (self.lp.m, self.lp.n);
        let multipliers = &self.lp.basis.inverse[row * rows..(row + 1) * rows];
        if multipliers
            .iter()
            .any(|u| u.abs() > MOST_CUT_COEFFICIENT as f64)
        {
            return None;
        }
        let scaled = |by: i64| multipliers.iter().map(move |u| u * by as f64);
        let denominator = (1..=MOST_DENOMINATOR)
            .find(|by| scaled(*by).all(|v| (v - nearest_whole(v)).abs() < 1e-9))?;
        let whole: Vec<i64> = scaled(denominator)
            .map(|v| nearest_whole(v) as i64)
            .collect();
        // The multiplied rows summed, times the denominator: a coefficient for every
        // variable (the slacks after the model's), and the right-hand side.
        let mut sum = vec![0i64; variables + rows];
        let mut sum_rhs = 0i64;
        for (i, (terms, relation, rhs)) in self.model.rows.iter().enumerate() {
            if whole[i] == 0 {
                continue;
            }
            for (j, a) in terms {
                sum[*j] += whole[i] * a;
            }
            sum_rhs += whole[i] * rhs;
            if *relation == Relation::AtMost {
                sum[variables + i] += whole[i];
            }
        }
        // Rounded down, the variables at their upper bound counted down from it:
        // sum over the rest of floor(s/d) x + sum over those of floor(-s/d) (U - x)
        // <= floor((rhs - sum over those of s U) / d).
        let floor_div = |a: i64, b: i64| a.div_euclid(b);
        let mut coefficient = vec![0i64; variables + rows];
        let mut scaled_rhs = sum_rhs;
        let mut from_uppers = 0i64;
        let counted_down =
            |j: usize| self.lp.basis.place[j] == Place::AtUpper && self.root_upper[j] > 0.0;
        let mut round_down = |j: usize, s: i64| {
            if counted_down(j) {
                let upper = self.root_upper[j] as i64;
                let down = floor_div(-s, denominator);
                scaled_rhs -= s * upper;
                from_uppers -= down * upper;
                -down
            } else {
                floor_div(s, denominator)
            }
        };
        // The slacks first: a variable in no "at most" row whose slack is in the cut keeps
        // its rounded coefficient, so a cut that will be too long is seen before the rest is
        // worked out.
        let mut in_slack_rows = vec![false; variables];
        for (i, (terms, relation, _)) in self.model.rows.iter().enumerate() {
            let s = sum[variables + i];
            // An equation's slack is 0.
            if s != 0 && *relation == Relation::AtMost {
                coefficient[variables + i] = round_down(variables + i, s);
                if coefficient[variables + i] != 0 {
                    for (j, _) in terms {
                        in_slack_rows[*j] = true;
                    }
                }
            }
        }
        // Most rows give a cut too long to keep: its terms are counted before any is
        // rounded, as the divisions of the rounding are most of its cost.
        let long: usize = sum[..variables]
            .iter()
            .zip(&in_slack_rows)
            .enumerate()
            .map(|(j, (&s, &in_slack))| {
                usize::from(!in_slack & rounds_to_nonzero(s, denominator, counted_down(j)))
            })
            .sum();
        if long > MOST_CUT_TERMS {
            return None;
        }
        for (j, s) in sum[..variables].iter().enumerate() {
            if *s != 0 {
                coefficient[j] = round_down(j, *s);
            }
        }
        let mut rhs = floor_div(scaled_rhs, denominator) + from_uppers;
        // The slacks of the "at most" rows written as their rows: s = b - a x.
        let mut terms = coefficient[..variables].to_vec();
        for (i, c) in coefficient[variables..].iter().enumerate() {
            if *c == 0 {
                continue;
            }
            let (row_terms, _, row_rhs) = &self.model.rows[i];
            for (j, a) in row_terms {
                terms[*j] -= c * a;
            }
            rhs -= c * row_rhs;
        }
        if terms.iter().any(|c| c.abs() > MOST_CUT_COEFFICIENT) {
            return None;
        }
        let at: f64 = terms
            .iter()
            .zip(&self.lp.basis.x)
            .map(|(c, x)| *c as f64 * x)
            .sum();
        if at <= rhs as f64 + 1e-6 {
            return None;
        }
        let terms: Vec<(usize, i64)> = terms
            .into_iter()
            .enumerate()
            .filter(|(_, c)| *c != 0)
            .collect();
        (terms.len() <= MOST_CUT_TERMS).then_some((terms, Relation::AtMost, rhs))
    }

    /// Drops the cuts that the relaxation's solution keeps with room to spare (their slack
    /// basic and above 0): each is a row of the basis, and makes every pivot dearer. With
    /// the zero-half cuts, a round may add twenty rows to the fifty or so of the model.
    ///
    /// A row whose slack is basic leaves the basis a unit column; taking out that row and
    /// that slack leaves the rest of the basis inverse as it was, less the slack's row and
    /// the cut's column. The values and the solution stay as they are.
    fn drop_loose_cuts(&mut self) {
        let old = &self.lp;
        let (n, m) = (old.n, old.m);
        let loose: Vec<bool> = (0..m)
            .map(|i| {
                i >= self.model_rows
                    && old.basis.place[n + i] == Place::Basic
                    && old.basis.x[n + i] > LOOSE_CUT
            })
            .collect();
        if !loose.contains(&true) {
            return;
        }
        let rows = std::mem::take(&mut self.model.rows);
        self.model.rows = rows
            .into_iter()
            .zip(&loose)
            .filter(|(_, loose)| !**loose)
            .map(|(row, _)| row)
            .collect();
        let kept: Vec<usize> = (0..m).filter(|i| !loose[*i]).collect();
        let mut new_row = vec![None; m];
        for (k, i) in kept.iter().enumerate() {
            new_row[*i] = Some(k);
        }
        let new_index = |j: usize| {
            if j < n {
                Some(j)
            } else {
                new_row[j - n].map(|k| n + k)
            }
        };
        let positions: Vec<usize> = (0..m)
            .filter(|p| new_index(old.basis.head[*p]).is_some())
            .collect();
        let rows = kept.len();
        let mut lp = Dual::at_slack_basis(&self.model);
        let mut inverse = vec![0.0; rows * rows];
        for (new, p) in inverse.chunks_exact_mut(rows).zip(&positions) {
            let old_row = &old.basis.inverse[p * m..(p + 1) * m];
            for (entry, i) in new.iter_mut().zip(&kept) {
                *entry = old_row[*i];
            }
        }
        lp.basis.head = positions
            .iter()
            .filter_map(|p| new_index(old.basis.head[*p]))
            .collect();
        lp.carry_values(old, new_index);
        lp.basis.norms = vec![f64::NAN; rows];
        lp.basis.inverse = inverse;
        let keep = |bounds: &mut Vec<f64>| {
            let mut j = 0;
            bounds.retain(|_| {
                j += 1;
                new_index(j - 1).is_some()
            });
        };
        keep(&mut self.root_lower);
        keep(&mut self.root_upper);
        self.shift = vec![0.0; rows];
        self.lp = lp;
    }

    /// Adds the cuts as rows, the basis kept with each cut's slack basic: the basis
    /// inverse is bordered, not inverted again. The cuts' slacks are infeasible (that is
    /// what a cut is), and the dual simplex goes on from there.
    fn add_cuts(&mut self, cuts: Vec<Row>) {
        let added = cuts.len();
        for (terms, relation, rhs) in cuts {
            self.model.row(terms, relation, rhs);
        }
        let old = &self.lp;
        // Every variable's place and value is the old basis's, set below.
        let mut lp = Dual::at_slack_basis(&self.model);
        let (variables, before, rows) = (old.n, old.m, lp.m);
        lp.basis.head.clone_from(&old.basis.head);
        lp.basis.head.extend(variables + before..variables + rows);
        lp.carry_values(old, Some);
        // The basis bordered by the cuts' rows and slacks: its inverse is the old one
        // bordered below by minus the cuts' basic coefficients times it, and the identity.
        let mut inverse = vec![0.0; rows * rows];
        for (new, old_row) in inverse
            .chunks_exact_mut(rows)
            .zip(old.basis.inverse.chunks_exact(before))
        {
            new[..before].copy_from_slice(old_row);
        }
        let mut position = vec![None; variables + before];
        for (row, &basic) in old.basis.head.iter().enumerate() {
            position[basic] = Some(row);
        }
        for cut in before..before + added {
            let (terms, _, rhs) = &self.model.rows[cut];
            let mut slack_value = *rhs as f64;
            for &(j, a) in terms {
                slack_value -= a as f64 * old.basis.x[j];
                if let Some(position) = position[j] {
                    let old_row = &old.basis.inverse[position * before..(position + 1) * before];
                    for (entry, o) in inverse[cut * rows..cut * rows + before]
                        .iter_mut()
                        .zip(old_row)
                    {
                        *entry -= a as f64 * o;
                    }
                }
            }
            inverse[cut * rows + cut] = 1.0;
            let slack = variables + cut;
            lp.basis.place[slack] = Place::Basic;
            lp.basis.x[slack] = slack_value;
            lp.basis.reduced[slack] = 0.0;
        }
        lp.basis.norms = vec![f64::NAN; rows];
        lp.basis.inverse = inverse;
        for j in variables + before..variables + rows {
            self.root_lower.push(lp.lower[j]);
            self.root_upper.push(lp.upper[j]);
        }
        self.shift = vec![0.0; rows];
        self.lp = lp;
    }

    /// The next node to solve, depth first among those reaching the aspiration; nodes that
    /// can no longer beat the best solution are dropped, the rest set aside. When none is
    /// left, the aspiration falls and the nodes set aside are taken up, highest first.
    /// (Depth first, measured on the bench's classes, takes fewer pivots than always taking
    /// the node of highest bound: its nodes start from a basis one branch away.)
    fn next_node(&mut self) -> Option<Node> {
        loop {
            while let Some(node) = self.open.pop() {
                if node.bound >= self.cutoff() {
                    return Some(node);
                }
                let bound = node.bound;
                self.set_aside(node, bound);
            }
            // Every node reaching the aspiration is done: lower it to the highest bound
            // set aside, and solve those nodes, highest first.
            let mut deferred = std::mem::take(&mut self.deferred);
            let better = self.better();
            for node in deferred.extract_if(.., |node| node.bound < better) {
                self.release(node);
            }
            let highest = deferred.iter().map(|node| node.bound).reduce(f64::max)?;
            if !self.cutting {
                // No play reaches the root's bound: the relaxation is loose here. Cut it
                // at the root and search again from there, with the best play found kept
                // (the nodes set aside are all below the root, which holds every play).
                self.cutting = true;
                self.aspiration = None;
                self.ceiling = Some(highest);
                return Some(Node {
                    branches: Vec::new(),
                    bound: f64::INFINITY,
                    made_by: None,
                    start: None,
                });
            }
            self.aspiration = Some((highest + PRUNE_MARGIN - self.aspiration_step).floor() as i64);
            self.aspiration_step *= ASPIRATION_STEP_GROWTH;
            deferred.sort_by(|a, b| a.bound.total_cmp(&b.bound));
            self.open = deferred;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Six variables of cost 3 and weight 2, at most 7 in all: the relaxation lays three
    /// and a half (bound 10.5), the best integer load three (9). Returns the model and its
    /// variables.
    fn six_of_two_in_seven() -> (Model, Vec<usize>) {
        let mut model = Model::default();
        let xs: Vec<usize> = (0..6).map(|_| model.variable(3, 0, 1)).collect();
        model.row(xs.iter().map(|x| (*x, 2)).collect(), Relation::AtMost, 7);
        (model, xs)
    }

    /// Solves `model` to the end.
    fn solve(model: &Model) -> Solved {
        run_to_end(&mut BranchAndBound::new(model.clone()))
    }

    /// Runs `search` to the end.
    fn run_to_end(search: &mut BranchAndBound) -> Solved {
        match search.run(u64::MAX) {
            Status::Finished(solved) => solved,
            Status::Unfinished => Solved::Failed,
        }
    }

    /// Numbers below the given bound from a small generator (xorshift), so the random tests
    /// need no crate and run the same every time.
    fn numbers(mut seed: u64) -> impl FnMut(u64) -> i64 {
        move |below| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % below) as i64
        }
    }

    /// Every assignment within the bounds, for checking small models by brute force.
    fn brute(model: &Model) -> Solved {
        let n = model.variables();
        let mut values: Vec<i64> = model.lower.clone();
        let mut best: Option<(i64, Vec<i64>)> = None;
        loop {
            if model.holds(&values) {
                let objective = model.objective(&values);
                if best.as_ref().is_none_or(|(b, _)| objective > *b) {
                    best = Some((objective, values.clone()));
                }
            }
            let mut j = 0;
            loop {
                if j == n {
                    return best.map_or(Solved::Infeasible, |(_, v)| Solved::Optimal(v));
                }
                if values[j] < model.upper[j] {
                    values[j] += 1;
                    break;
                }
                values[j] = model.lower[j];
                j += 1;
            }
        }
    }

    fn objective_of(model: &Model, solved: &Solved) -> Option<i64> {
        match solved {
            Solved::Optimal(values) => Some(model.objective(values)),
            _ => None,
        }
    }

    #[test]
    fn a_basis_copied_over_one_of_its_size_keeps_the_buffers_it_had() {
        let (model, _) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model);
        while matches!(search.run(search.effort() + 1), Status::Unfinished) {}
        let mut copy = search.lp.basis.clone();
        copy.inverse.fill(7.0);
        copy.x.fill(7.0);
        let (inverse, x) = (copy.inverse.as_ptr(), copy.x.as_ptr());
        copy.clone_from(&search.lp.basis);
        assert_eq!((copy.inverse.as_ptr(), copy.x.as_ptr()), (inverse, x));
        assert_eq!(copy.inverse, search.lp.basis.inverse);
        assert_eq!(copy.x, search.lp.basis.x);
        assert_eq!(copy.head, search.lp.basis.head);
    }

    #[test]
    fn the_basis_of_a_node_done_with_is_kept_as_a_spare_and_written_over_by_the_next() {
        let (model, _) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model);
        let _ = run_to_end(&mut search);
        search.spare_bases.clear();
        let node = |basis: &Rc<Basis>| Node {
            branches: Vec::new(),
            bound: 0.0,
            made_by: None,
            start: Some((1, Rc::clone(basis))),
        };
        let kept = search.keep_basis();
        let (first, second) = (node(&kept), node(&kept));
        let buffer = kept.inverse.as_ptr();
        drop(kept);
        // Its other child still starts from it: not yet a spare.
        search.release(first);
        assert!(search.spare_bases.is_empty());
        search.release(second);
        assert_eq!(search.spare_bases.len(), 1);
        // The next basis kept is the spare, written over in place.
        search.lp.basis.x.fill(3.0);
        let again = search.keep_basis();
        assert!(search.spare_bases.is_empty());
        assert_eq!(again.inverse.as_ptr(), buffer);
        assert_eq!(again.x, search.lp.basis.x);
    }

    #[test]
    fn each_pivot_adds_the_square_of_the_rows_to_the_effort() {
        let (model, _) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model);
        // A pivot at a time: the rows grow as the root is cut.
        let mut rows_seen = Vec::new();
        loop {
            let (effort, pivots) = (search.effort(), search.pivots());
            let status = search.run(effort + 1);
            if search.pivots() == pivots {
                break;
            }
            let m = search.lp.m as u64;
            assert_eq!(search.pivots(), pivots + 1);
            assert_eq!(search.effort(), effort + m * m);
            rows_seen.push(m);
            if matches!(status, Status::Finished(_)) {
                break;
            }
        }
        assert!(rows_seen.len() > 2, "{rows_seen:?}");
    }

    /// Starts `node` and pivots it to its end, outside the search's own loop.
    fn solve_node_alone(search: &mut BranchAndBound, node: &mut Node) {
        search.start(node);
        search.enter(node);
        while matches!(search.lp.step(), Step::Pivoted) {}
    }

    #[test]
    fn a_node_not_solved_straight_after_its_parent_starts_from_the_parents_basis() {
        // The relaxation lays three and a half: the root branches.
        let (model, _) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model);
        let mut root = search.next_node().expect("the root");
        solve_node_alone(&mut search, &mut root);
        search.settle(root).expect("no trouble");
        let mut first = search.open.pop().expect("the root's first child");
        let mut second = search.open.pop().expect("the root's second child");
        let (_, basis) = second.start.clone().expect("the root's basis");
        // Solving the first child moves the basis away from the root's.
        solve_node_alone(&mut search, &mut first);
        assert_ne!(search.lp.basis.head, basis.head);
        search.start(&mut second);
        assert_eq!(search.lp.basis.head, basis.head);
        assert_eq!(search.lp.basis.x, basis.x);
        assert_eq!(search.lp.basis.inverse, basis.inverse);
    }

    #[test]
    fn a_node_started_from_a_basis_no_other_node_waits_on_takes_it_without_a_copy() {
        let (model, _) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model);
        let mut root = search.next_node().expect("the root");
        solve_node_alone(&mut search, &mut root);
        search.settle(root).expect("no trouble");
        let mut first = search.open.pop().expect("the root's first child");
        let mut second = search.open.pop().expect("the root's second child");
        solve_node_alone(&mut search, &mut first);
        search.release(first);
        // Only the second child holds the root's basis now.
        let (_, basis) = second.start.as_ref().expect("the root's basis");
        assert_eq!(Rc::strong_count(basis), 1);
        let (head, inverse) = (basis.head.clone(), basis.inverse.as_ptr());
        search.start(&mut second);
        assert_eq!(search.lp.basis.head, head);
        assert_eq!(search.lp.basis.inverse.as_ptr(), inverse);
    }

    #[test]
    fn a_node_set_aside_once_started_keeps_the_basis_it_reached_to_go_on_from() {
        let (model, _) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model);
        let mut root = search.next_node().expect("the root");
        search.start(&mut root);
        search.enter(&root);
        while matches!(search.lp.step(), Step::Pivoted) {}
        search.settle(root).expect("no trouble");
        let mut child = search.open.pop().expect("the root's first child");
        search.start(&mut child);
        search.enter(&child);
        assert!(matches!(search.lp.step(), Step::Pivoted));
        let (head, x) = (search.lp.basis.head.clone(), search.lp.basis.x.clone());
        let bound = search.lp.bound();
        search.set_aside_where_it_stands(child, bound);
        let kept = search.deferred.last().expect("the child set aside");
        let (_, basis) = kept.start.as_ref().expect("the basis it reached");
        assert_eq!(basis.head, head);
        assert_eq!(basis.x, x);
        // Taken up again, it starts from there.
        let mut again = search.deferred.pop().expect("the child set aside");
        search.lp.basis.head.reverse();
        search.start(&mut again);
        assert_eq!(search.lp.basis.head, head);
        assert_eq!(search.lp.basis.x, x);
    }

    #[test]
    fn past_the_most_nodes_waiting_with_bases_nodes_keep_none_and_the_solve_is_as_exact() {
        let (model, _) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model.clone());
        search.most_waiting = 0;
        let mut waited_without = false;
        let solved = loop {
            waited_without |= search
                .open
                .iter()
                .chain(&search.deferred)
                .any(|node| !node.branches.is_empty());
            assert!(
                search
                    .open
                    .iter()
                    .chain(&search.deferred)
                    .all(|node| node.start.is_none())
            );
            match search.run(search.effort() + 1) {
                Status::Finished(solved) => break solved,
                Status::Unfinished => {}
            }
        };
        assert!(waited_without, "no node waited");
        let Solved::Optimal(values) = solved else {
            panic!("a solution exists");
        };
        assert_eq!(model.objective(&values), 9);
    }

    #[test]
    fn searched_again_after_cuts_the_root_aspires_below_what_the_search_before_set_aside() {
        // The relaxation lays three and a half sixes of 2 in 7: its bound is 10.5, and the
        // cheapest cost 3 makes the aspiration's step 6.
        let aspiration_at_the_root = |ceiling: Option<f64>| {
            let (model, _) = six_of_two_in_seven();
            let mut search = BranchAndBound::new(model);
            search.ceiling = ceiling;
            let mut root = search.next_node().expect("the root");
            search.start(&mut root);
            search.enter(&root);
            while matches!(search.lp.step(), Step::Pivoted) {}
            search.settle(root).expect("no trouble");
            search.aspiration
        };
        assert_eq!(aspiration_at_the_root(None), Some(10));
        // Nothing above 9.5 was set aside before: the search goes on a step below it.
        assert_eq!(aspiration_at_the_root(Some(9.5)), Some(3));
        // A ceiling above the root's bound changes nothing.
        assert_eq!(aspiration_at_the_root(Some(20.0)), Some(10));
    }

    #[test]
    fn a_variable_whose_fall_from_the_roots_bound_leaves_no_room_to_beat_the_best_is_fixed() {
        let mut model = Model::default();
        let a = model.variable(10, 0, 1);
        let b = model.variable(10, 0, 1);
        let c = model.variable(1, 0, 1);
        model.row(vec![(a, 2), (b, 2), (c, 2)], Relation::AtMost, 3);
        let mut search = BranchAndBound::new(model);
        // The root's bound 15: c rests at 0, each unit of it up costing 9; a at 1, each
        // unit down costing 3 (the relaxation minimizes, so a's reduced cost is -3).
        search.root = Some((
            15.0,
            vec![-3.0, 0.0, 9.0],
            vec![Place::AtUpper, Place::Basic, Place::AtLower],
        ));
        search.best = Some((10, vec![1, 0, 0]));
        search.fix_by_reduced_costs();
        // Beating 10 takes 11: with c at 1 the bound is 6, with a at 0 it is 12.
        assert_eq!(search.fixed, vec![c]);
        assert_eq!((search.root_lower[c], search.root_upper[c]), (0.0, 0.0));
        assert_eq!((search.root_lower[a], search.root_upper[a]), (0.0, 1.0));
        assert_eq!((search.root_lower[b], search.root_upper[b]), (0.0, 1.0));
    }

    #[test]
    fn variables_fixed_by_their_reduced_costs_leave_the_best_solution_found() {
        // Many cheap variables beside a few dear ones: once a good solution is found, the
        // cheap ones the root's relaxation leaves at 0 are fixed there.
        let mut next = numbers(7);
        let mut fixed_somewhere = false;
        for _ in 0..40 {
            let mut model = Model::default();
            let vars: Vec<usize> = (0..7)
                .map(|k| model.variable(if k < 2 { 20 + next(10) } else { 1 + next(3) }, 0, 1))
                .collect();
            for _ in 0..2 {
                let terms = vars.iter().map(|v| (*v, 1 + next(3))).collect();
                model.row(terms, Relation::AtMost, 3 + next(4));
            }
            let mut search = BranchAndBound::new(model.clone());
            let solved = run_to_end(&mut search);
            fixed_somewhere |= !search.fixed.is_empty();
            assert_eq!(
                objective_of(&model, &solved),
                objective_of(&model, &brute(&model))
            );
        }
        assert!(fixed_somewhere);
    }

    /// Solves the root's relaxation of `model`, and returns the search at it.
    fn at_the_root(model: Model) -> BranchAndBound {
        let mut search = BranchAndBound::new(model);
        let mut root = search.next_node().expect("the root");
        search.start(&mut root);
        search.enter(&root);
        while matches!(search.lp.step(), Step::Pivoted) {}
        search
    }

    fn learned(down: (f64, u32), up: (f64, u32)) -> [Falls; 2] {
        [
            Falls {
                sum: down.0,
                count: down.1,
            },
            Falls {
                sum: up.0,
                count: up.1,
            },
        ]
    }

    /// Six melds of no cost, each laying two cards of a card variable worth 10 a card, at
    /// most 7 cards: the relaxation lays three and a half melds (70), the best in
    /// integers three (60). The melds are one group. Returns the model, the melds and the
    /// cards.
    fn six_melds_of_two_cards_in_seven() -> (Model, Vec<usize>, usize) {
        let mut model = Model::default();
        let melds: Vec<usize> = (0..6).map(|_| model.variable(0, 0, 1)).collect();
        let cards = model.variable(10, 0, 7);
        let mut terms: Vec<(usize, i64)> = melds.iter().map(|x| (*x, 2)).collect();
        terms.push((cards, -1));
        model.row(terms, Relation::Equal, 0);
        model.group(melds.clone());
        (model, melds, cards)
    }

    #[test]
    fn a_group_whose_sum_the_root_leaves_a_fraction_gets_a_row_whose_slack_is_the_sum() {
        let (mut model, _, cards) = six_melds_of_two_cards_in_seven();
        // A second group, whole at the root (the cards, all 7 played): no row.
        model.group(vec![cards]);
        let mut search = at_the_root(model);
        assert_eq!(search.lp.m, 1);
        search.add_group_rows();
        assert_eq!(search.lp.m, 2);
        assert_eq!(
            search.model_rows, 2,
            "kept as the model's own, never dropped"
        );
        assert_eq!(search.group_slacks.len(), 1);
        let slack = search.group_slacks.start;
        assert!((search.lp.basis.x[slack] - 3.5).abs() < 1e-9);
        // Still solved: nothing moved.
        assert!(matches!(search.lp.step(), Step::Optimal));
        assert!((search.lp.bound() - 70.0).abs() < 1e-3);
    }

    fn the_root() -> Node {
        Node {
            branches: Vec::new(),
            bound: f64::INFINITY,
            made_by: None,
            start: None,
        }
    }

    #[test]
    fn the_groups_rows_wait_until_the_root_is_cut() {
        let (model, _, _) = six_melds_of_two_cards_in_seven();
        let mut search = at_the_root(model.clone());
        assert!(search.settle(the_root()).is_ok());
        assert!(search.group_slacks.is_empty());
        assert_eq!(search.lp.m, 1);
        let mut search = at_the_root(model);
        search.cutting = true;
        assert!(search.settle(the_root()).is_ok());
        assert_eq!(search.group_slacks.len(), 1);
    }

    #[test]
    fn a_groups_sum_is_branched_on_ahead_of_any_single_meld() {
        let (model, melds, _) = six_melds_of_two_cards_in_seven();
        let mut search = at_the_root(model);
        // A meld is at a half, the cards whole.
        assert!(
            melds
                .iter()
                .any(|j| (search.lp.basis.x[*j] - 0.5).abs() < 1e-9)
        );
        // The root being cut, with no round of cuts left.
        search.cutting = true;
        search.cut_rounds = CUT_ROUNDS;
        assert!(search.settle(the_root()).is_ok());
        let slack = search.group_slacks.start;
        let branched: Vec<usize> = search.open.iter().map(|node| node.branches[0].0).collect();
        assert_eq!(branched, [slack, slack]);
        // Down to 3 melds, the relaxation's bound is the best play's at once.
        assert_eq!(
            run_to_end(&mut search),
            solve(&six_melds_of_two_cards_in_seven().0)
        );
    }

    #[test]
    fn the_branch_is_on_the_variable_whose_branches_lowered_the_bound_most() {
        // Both at a half; the second's branches lowered the bound more on each side.
        let values = [0.5, 0.5, 1.0];
        let falls = [
            learned((2.0, 1), (2.0, 1)),
            learned((3.0, 1), (6.0, 2)),
            learned((50.0, 1), (50.0, 1)),
        ];
        assert_eq!(branching_variable(&values, &[0, 0, 0], &falls), Some(1));
        // A side that lowered nothing still counts the other.
        let falls = [learned((0.0, 1), (9.0, 1)), learned((1.0, 1), (1.0, 1))];
        assert_eq!(branching_variable(&[0.5, 0.5], &[0, 0], &falls), Some(1));
    }

    #[test]
    fn where_no_branch_has_lowered_the_bound_the_most_fractional_variable_is_branched_on() {
        // A plateau: every branch so far left the bound where it was.
        let falls = [learned((0.0, 2), (0.0, 2)); 3];
        let values = [0.1, 0.45, 0.8];
        assert_eq!(branching_variable(&values, &[0, 0, 0], &falls), Some(1));
        // A fall of a unit on each side outweighs any fraction.
        let falls = [
            learned((0.0, 2), (0.0, 2)),
            learned((0.0, 2), (0.0, 2)),
            learned((10.0, 1), (10.0, 1)),
        ];
        assert_eq!(branching_variable(&values, &[0, 0, 0], &falls), Some(2));
    }

    #[test]
    fn the_expected_fall_of_a_branch_grows_with_how_far_the_variable_must_move() {
        // The same falls per unit: the variable at a half moves furthest on both sides.
        let falls = [learned((4.0, 1), (4.0, 1)); 3];
        let values = [0.1, 1.5, 2.8];
        assert_eq!(branching_variable(&values, &[0, 0, 0], &falls), Some(1));
    }

    #[test]
    fn a_variable_not_yet_branched_on_is_expected_to_fall_as_the_mean_of_its_kind() {
        // Variable 0 untried; 1 fell 3 per unit; 3 (whole now) fell 5; 2 has a cost and
        // fell nothing. Of its kind (no cost) the mean is 4, more than variable 1's.
        let values = [0.5, 0.5, 1.0, 2.0];
        let falls = [
            learned((0.0, 0), (0.0, 0)),
            learned((3.0, 1), (3.0, 1)),
            learned((0.0, 1), (0.0, 1)),
            learned((5.0, 1), (5.0, 1)),
        ];
        assert_eq!(branching_variable(&values, &[0, 0, 9, 0], &falls), Some(0));
        // Were variable 2 of its kind, the mean would be under 3.
        assert_eq!(branching_variable(&values, &[0, 0, 0, 0], &falls), Some(1));
    }

    #[test]
    fn a_card_played_in_part_is_branched_on_before_any_meld() {
        let values = [0.5, 0.5];
        let falls = [learned((100.0, 1), (100.0, 1)), learned((0.1, 1), (0.1, 1))];
        assert_eq!(branching_variable(&values, &[0, 7], &falls), Some(1));
        // With every card played whole, the melds are branched on.
        assert_eq!(branching_variable(&[0.5, 1.0], &[0, 7], &falls), Some(0));
        assert_eq!(branching_variable(&[1.0, 2.0], &[0, 7], &falls), None);
    }

    #[test]
    fn each_node_solved_teaches_its_branch_what_it_lowered_the_bound_by() {
        let (model, _) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model);
        run_to_end(&mut search);
        let tried: u32 = search.falls.iter().flatten().map(|f| f.count).sum();
        assert!(tried > 0, "no branch learned");
        assert!(search.falls.iter().flatten().all(|f| f.sum >= 0.0));
    }

    #[test]
    fn a_branch_on_a_variable_of_no_cost_searches_its_up_side_first() {
        // Three melds of no cost laid alike, one in all: each a third of the way. A card
        // played (cost 1) goes with the first.
        let mut model = Model::default();
        let xs: Vec<usize> = (0..3).map(|_| model.variable(0, 0, 1)).collect();
        let card = model.variable(1, 0, 1);
        model.row(xs.iter().map(|x| (*x, 1)).collect(), Relation::Equal, 1);
        model.row(vec![(xs[0], 1), (xs[1], -1)], Relation::Equal, 0);
        model.row(vec![(xs[1], 1), (xs[2], -1)], Relation::Equal, 0);
        model.row(vec![(card, 1), (xs[0], -3)], Relation::AtMost, 0);
        let mut search = at_the_root(model);
        let root = Node {
            branches: Vec::new(),
            bound: f64::INFINITY,
            made_by: None,
            start: None,
        };
        search.settle(root).expect("no trouble");
        let first = search.open.last().expect("the child searched first");
        let (j, lower, upper) = first.branches[0];
        assert!(xs.contains(&j), "{:?}", first.branches);
        assert_eq!((lower, upper), (1.0, 1.0), "the meld laid");
        // A variable of the objective takes its nearer side; one of no cost, the up side.
        assert!(!up_first(1, 0.3) && up_first(1, 0.7));
        assert!(up_first(0, 0.3) && up_first(0, 0.7));
    }

    #[test]
    fn every_variable_of_no_cost_is_given_a_small_cost_of_its_own_and_the_reach_counts_them() {
        let mut cost = vec![0.0, -4.0, 0.0, 0.0, 0.0];
        let (lower, upper) = (vec![0, 0, 0, 0, -1], vec![2, 1, 1, 3, 1]);
        let reach = perturb(&mut cost, &lower, &upper, &[1; 5]);
        assert!(
            (cost[1] + 4.0).abs() < 1e-12,
            "a variable with a cost keeps it"
        );
        assert!(
            cost[4].abs() < 1e-12,
            "a variable that may be negative is left alone"
        );
        let given = [cost[0], cost[2], cost[3]];
        for (k, a) in given.iter().enumerate() {
            assert!(*a >= PERTURBATION && *a < 2.0 * PERTURBATION, "{given:?}");
            assert!(
                given[k + 1..]
                    .iter()
                    .all(|b| (b - a).abs() > PERTURBATION / 100.0),
                "no two tie: {given:?}"
            );
        }
        let most = cost[0] * 2.0 + cost[2] + cost[3] * 3.0;
        assert!((reach - most).abs() < 1e-15 && reach <= MOST_PERTURBATION_REACH);
    }

    #[test]
    fn a_heavier_variable_is_given_its_weight_times_the_share_and_the_reach_still_bounds() {
        let mut cost = vec![0.0; 4];
        let (lower, upper) = (vec![0; 4], vec![1, 1, 2, 1]);
        let weight = [1, 3, 1, 5];
        let reach = perturb(&mut cost, &lower, &upper, &weight);
        // The heaviest weight gets the full share: every share is its weight over 5.
        let scale = PERTURBATION / 5.0;
        for (j, c) in cost.iter().enumerate() {
            let share = c / (scale * f64::from(weight[j]));
            assert!((1.0..2.0).contains(&share), "{cost:?}");
        }
        assert!(cost[3] > cost[0] && cost[1] > cost[2], "{cost:?}");
        let most = cost[0] + cost[1] + cost[2] * 2.0 + cost[3];
        assert!((reach - most).abs() < 1e-15 && reach <= MOST_PERTURBATION_REACH);
    }

    #[test]
    fn the_bound_of_a_perturbed_relaxation_is_raised_by_what_the_perturbation_took_off() {
        // A card worth 3 is played only with a meld of no cost: the relaxation's optimum,
        // 3, lays the meld, whose perturbed cost takes a little off the perturbed bound.
        let mut model = Model::default();
        let card = model.variable(3, 0, 1);
        let meld = model.variable(0, 0, 1);
        model.row(vec![(card, 1), (meld, -1)], Relation::AtMost, 0);
        let search = at_the_root(model);
        assert!(search.lp.objective() > -3.0, "the meld's cost counts");
        let bound = search.lp.bound();
        assert!(
            (3.0..=3.0 + MOST_PERTURBATION_REACH).contains(&bound),
            "{bound}"
        );
    }

    #[test]
    fn a_cut_the_relaxation_keeps_with_room_to_spare_is_dropped_and_the_basis_stays_exact() {
        let (model, xs) = six_of_two_in_seven();
        let rows = model.rows.len();
        let variables = model.variables();
        let mut search = at_the_root(model);
        // One cut binds (at most three of the six), one has room (the first at most five).
        let at_most_three = (xs.iter().map(|x| (*x, 1)).collect(), Relation::AtMost, 3);
        let first_at_most_five = (vec![(xs[0], 1)], Relation::AtMost, 5);
        search.add_cuts(vec![at_most_three.clone(), first_at_most_five]);
        while matches!(search.lp.step(), Step::Pivoted) {}
        let cut = search.lp.objective();
        assert!((cut + 9.0).abs() < 1e-9, "the cut bound is {cut}");
        search.drop_loose_cuts();
        assert_eq!(search.model.rows[rows..], [at_most_three]);
        assert_eq!(search.lp.m, rows + 1);
        assert_eq!(search.root_upper.len(), variables + rows + 1);
        // The inverse kept is the inverse of the basis left, and its optimum the same.
        let kept = search.lp.basis.inverse.clone();
        assert!(search.lp.refactor());
        for (kept, afresh) in kept.iter().zip(&search.lp.basis.inverse) {
            assert!((kept - afresh).abs() < 1e-9);
        }
        assert!(matches!(search.lp.step(), Step::Optimal));
        assert!((search.lp.objective() - cut).abs() < 1e-9);
    }

    #[test]
    fn zero_half_cuts_join_a_round_only_once_the_rounds_that_lowered_the_bound_stall() {
        // Three melds, each sharing a single card with the other two: the relaxation lays
        // each half-way (1.5), though only one can be laid.
        let mut model = Model::default();
        let xs: Vec<usize> = (0..3).map(|_| model.variable(1, 0, 1)).collect();
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            model.row(vec![(xs[a], 1), (xs[b], 1)], Relation::AtMost, 1);
        }
        let at_most_one = (xs.iter().map(|x| (*x, 1)).collect(), Relation::AtMost, 1);
        // The rounds before, by how far above the root's bound now each was made.
        let next_round = |above: &[f64]| {
            let mut search = at_the_root(model.clone());
            let bound = search.lp.bound();
            assert!((bound - 1.5).abs() < 1e-9);
            search.cut_rounds = above.len();
            search.cut_bounds = above.iter().map(|a| bound + a).collect();
            let cuts = search.next_cuts();
            (search.zero_half_rounds, cuts)
        };
        // Lowered by 5, then by a half only: a stall, and zero-half cuts join.
        let (rounds, cuts) = next_round(&[5.0, 0.5]);
        assert_eq!(rounds, 1);
        assert!(cuts.contains(&at_most_one), "{cuts:?}");
        // Never lowered: the optimum is flat, Gomory cuts alone.
        assert_eq!(next_round(&[0.5, 0.5]).0, 0);
        // Still lowering: Gomory cuts alone.
        assert_eq!(next_round(&[5.0, 2.0]).0, 0);
        // After the last round of Gomory cuts, a stall brings one round more.
        let (rounds, cuts) = next_round(&[5.0, 3.0, 0.5]);
        assert_eq!(rounds, 1);
        assert!(cuts.contains(&at_most_one), "{cuts:?}");
        // Without a stall, no round more.
        assert!(next_round(&[5.0, 3.0, 2.0]).1.is_empty());
    }

    #[test]
    fn a_knapsack_takes_the_best_integer_load_not_the_relaxations() {
        let mut model = Model::default();
        let a = model.variable(5, 0, 1);
        let b = model.variable(4, 0, 1);
        let c = model.variable(3, 0, 1);
        model.row(vec![(a, 2), (b, 3), (c, 1)], Relation::AtMost, 5);
        assert_eq!(solve(&model), Solved::Optimal(vec![1, 1, 0]));
    }

    #[test]
    fn each_fall_of_the_aspiration_is_half_as_long_again_as_the_last() {
        let (model, _) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model);
        search.cutting = true;
        search.aspiration_step = 2.0;
        let waiting = |bound: f64| Node {
            branches: vec![(0, 0.0, 0.0)],
            bound,
            made_by: None,
            start: None,
        };
        search.open.clear();
        search.deferred = vec![waiting(100.0), waiting(50.0)];
        let taken = search
            .next_node()
            .expect("a node set aside reaches the aspiration");
        assert!((taken.bound - 100.0).abs() < 1e-9, "{}", taken.bound);
        assert_eq!(search.aspiration, Some(98));
        search.open.clear();
        search.deferred = vec![waiting(90.0)];
        search
            .next_node()
            .expect("a node set aside reaches the aspiration");
        assert_eq!(search.aspiration, Some(87));
        search.open.clear();
        search.deferred = vec![waiting(80.0)];
        search
            .next_node()
            .expect("a node set aside reaches the aspiration");
        assert_eq!(search.aspiration, Some(75));
    }

    #[test]
    fn when_no_solution_reaches_the_root_bound_the_aspiration_falls_to_the_best() {
        // The relaxation lays three and a half: its bound is 10.5, the best is 9.
        let (model, _) = six_of_two_in_seven();
        let Solved::Optimal(values) = solve(&model) else {
            panic!("a solution exists");
        };
        assert_eq!(model.objective(&values), 9);
    }

    #[test]
    fn when_no_solution_reaches_the_root_bound_the_root_is_cut_and_the_cut_holds_the_best() {
        // Two sixes of 2 in at most 7: the relaxation takes three and a half of them. The
        // cut from its row, halved and rounded down, is "at most 3 of them".
        let (model, xs) = six_of_two_in_seven();
        let mut search = BranchAndBound::new(model.clone());
        let Status::Finished(Solved::Optimal(values)) = search.run(u64::MAX) else {
            panic!("a solution exists");
        };
        assert_eq!(model.objective(&values), 9);
        let cuts = &search.model.rows[model.rows.len()..];
        assert!(!cuts.is_empty(), "no cut was made");
        let at_most_three = (xs.iter().map(|x| (*x, 1)).collect(), Relation::AtMost, 3);
        assert!(cuts.contains(&at_most_three), "cuts: {cuts:?}");
        // Every cut holds for every integer solution.
        for bits in 0u32..64 {
            let values: Vec<i64> = (0..6).map(|i| i64::from((bits >> i) & 1)).collect();
            if model.holds(&values) {
                assert!(search.model.holds(&values), "{values:?} is cut off");
            }
        }
    }

    #[test]
    fn a_cut_coefficient_is_told_to_be_nonzero_without_a_division_as_the_rounding_finds_it() {
        for denominator in 1..=MOST_DENOMINATOR {
            for s in -3 * denominator..=3 * denominator {
                let rounded = s.div_euclid(denominator);
                let counted_down = -(-s).div_euclid(denominator);
                assert_eq!(
                    rounds_to_nonzero(s, denominator, false),
                    rounded != 0,
                    "{s}/{denominator}"
                );
                assert_eq!(
                    rounds_to_nonzero(s, denominator, true),
                    counted_down != 0,
                    "{s}/{denominator} counted down"
                );
            }
        }
    }

    #[test]
    fn a_multiplier_is_a_whole_number_to_the_inline_rounding_just_when_it_is_to_round() {
        let values = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            -0.5,
            2.5,
            -2.5,
            1.0 / 3.0,
            2.0 / 3.0,
            64_000.0,
            -64_000.0,
            63_999.5,
            1e-10,
            1.0 + 1e-10,
            3.0 - 1e-12,
            0.999_999_999_5,
            7.0 * (1.0 / 7.0),
        ];
        for v in values {
            let near = |r: f64| (v - r).abs() < 1e-9;
            assert_eq!(near(nearest_whole(v)), near(v.round()), "{v}");
        }
    }

    #[test]
    fn equations_that_no_integers_meet_are_infeasible() {
        let mut model = Model::default();
        let a = model.variable(1, 0, 3);
        let b = model.variable(1, 0, 3);
        model.row(vec![(a, 2), (b, 2)], Relation::Equal, 3);
        assert_eq!(solve(&model), Solved::Infeasible);
    }

    /// The objective microlp's branch and bound reaches on `model`, or `None` if it finds
    /// no solution.
    fn microlp_objective(model: &Model) -> Option<i64> {
        use microlp::{ComparisonOp, OptimizationDirection, Problem};
        let mut problem = Problem::new(OptimizationDirection::Maximize);
        let vars: Vec<_> = (0..model.variables())
            .map(|j| {
                let range = (model.lower[j] as i32, model.upper[j] as i32);
                problem.add_integer_var(model.cost[j] as f64, range)
            })
            .collect();
        for (terms, relation, rhs) in &model.rows {
            let expr: Vec<_> = terms.iter().map(|(j, a)| (vars[*j], *a as f64)).collect();
            let op = match relation {
                Relation::Equal => ComparisonOp::Eq,
                Relation::AtMost => ComparisonOp::Le,
            };
            problem.add_constraint(expr, op, *rhs as f64);
        }
        match problem.solve() {
            Ok(outcome) => {
                assert!(outcome.is_optimal(), "microlp stopped short of optimal");
                let solution = outcome.into_solution().expect("an optimal solution");
                Some(solution.objective().round() as i64)
            }
            Err(microlp::Error::Infeasible) => None,
            Err(e) => panic!("microlp failed: {e}"),
        }
    }

    /// A random model shaped like the play's program: `n` boxed integers, a third of them
    /// of no cost, then `rows.0` and up to `rows.1` more rows of coefficients 1 and -1, each
    /// holding each variable with chance one in `spread`: equations, or with `at_most` one
    /// in three "at most" rows, each right-hand side from `least_rhs` up to 3.
    fn play_shaped(
        next: &mut impl FnMut(u64) -> i64,
        n: usize,
        rows: (i64, u64),
        spread: u64,
        at_most: bool,
        least_rhs: i64,
    ) -> Model {
        let mut model = Model::default();
        for _ in 0..n {
            let cost = if next(3) == 0 { 0 } else { next(40) };
            model.variable(cost, 0, 1 + next(3));
        }
        for _ in 0..rows.0 + next(rows.1) {
            let mut terms = Vec::new();
            for j in 0..n {
                if next(spread) == 0 {
                    terms.push((j, if next(3) == 0 { -1 } else { 1 }));
                }
            }
            let relation = if at_most && next(3) == 0 {
                Relation::AtMost
            } else {
                Relation::Equal
            };
            model.row(terms, relation, least_rhs + next((4 - least_rhs) as u64));
        }
        model
    }

    /// Checks a solve of `model`: a solution it gives holds, and its objective is
    /// `microlp`'s.
    fn assert_agrees_with_microlp(model: &Model, got: &Solved) {
        if let Solved::Optimal(values) = got {
            assert!(model.holds(values));
        }
        assert_eq!(
            objective_of(model, got),
            microlp_objective(model),
            "{model:?}"
        );
    }

    #[test]
    fn random_models_shaped_like_the_play_agree_with_microlp() {
        // Rows of coefficients 1 and -1 over boxed integers, as the play's program has:
        // their sums cancel exactly, which a brute force's small models seldom show.
        let mut next = numbers(0x9e37_79b9_7f4a_7c15);
        for _ in 0..150 {
            let n = 12 + next(20) as usize;
            let model = play_shaped(&mut next, n, (6, 10), 4, true, 0);
            let got = solve(&model);
            assert_agrees_with_microlp(&model, &got);
        }
    }

    #[test]
    fn random_models_with_groups_agree_with_microlp() {
        // Groups of 2 to 5 variables each, branched on as sums; the answers must not move.
        let mut next = numbers(0x2f1e_8a3b_77c4_19d5);
        let mut with_group_rows = 0;
        for _ in 0..150 {
            let n = 12 + next(20) as usize;
            let mut model = play_shaped(&mut next, n, (6, 10), 4, true, 0);
            for _ in 0..=next(4) {
                let size = 2 + next(4) as usize;
                let mut group: Vec<usize> = (0..size).map(|_| next(n as u64) as usize).collect();
                group.sort_unstable();
                group.dedup();
                model.group(group);
            }
            let mut search = BranchAndBound::new(model.clone());
            let got = run_to_end(&mut search);
            with_group_rows += usize::from(!search.group_slacks.is_empty());
            assert_agrees_with_microlp(&model, &got);
        }
        assert!(with_group_rows > 10, "{with_group_rows}");
    }

    #[test]
    fn a_slack_fixed_by_its_bounds_and_freed_again_comes_back_with_its_reduced_cost_right() {
        // A node may start from wherever the last one ended (when it keeps no basis of its
        // own), with its own bounds set: a slack (a group's sum) that the last node's branch
        // fixed and this node frees must have kept its reduced cost through the last node's
        // pivots, or the node's relaxation can stop short of its optimum. Only the slacks
        // fixed for good (of equations) may go stale: they never enter.
        let mut next = numbers(0x6a09_e667_f3bc_c908);
        let mut freed = 0;
        for _ in 0..200 {
            let n = 12 + next(20) as usize;
            let model = play_shaped(&mut next, n, (6, 10), 4, true, 0);
            let mut lp = Dual::new(&model);
            while matches!(lp.step(), Step::Pivoted) {}
            let Some(slack) =
                (lp.n..lp.n + lp.m).find(|&j| !lp.fixed_for_good[j - lp.n] && lp.basis.x[j] > 0.5)
            else {
                continue;
            };
            let (lower, upper) = (lp.lower[slack], lp.upper[slack]);
            let at = (lp.basis.x[slack] - 0.5).floor();
            let mut shift = vec![0.0; lp.m];
            lp.set_bounds(slack, at, at, &mut shift);
            lp.shift_basic(&mut shift);
            if !matches!(
                std::iter::repeat_with(|| lp.step()).find(|s| !matches!(s, Step::Pivoted)),
                Some(Step::Optimal)
            ) {
                continue;
            }
            lp.set_bounds(slack, lower, upper, &mut shift);
            lp.shift_basic(&mut shift);
            freed += 1;
            let mut afresh = lp.clone();
            assert!(afresh.refactor());
            for j in 0..lp.n + lp.m {
                let for_good = j >= lp.n && lp.fixed_for_good[j - lp.n];
                if lp.basis.place[j] == Place::Basic || for_good {
                    continue;
                }
                let (kept, summed) = (lp.basis.reduced[j], afresh.basis.reduced[j]);
                assert!(
                    (kept - summed).abs() <= 1e-6 * (1.0 + summed.abs()),
                    "variable {j}: {kept} kept, {summed} summed afresh"
                );
            }
        }
        assert!(freed > 50, "{freed}");
    }

    #[test]
    fn the_objective_kept_through_every_pivot_is_the_objective_summed_afresh() {
        let mut next = numbers(0x5851_f42d_4c95_7f2d);
        for _ in 0..40 {
            let n = 12 + next(20) as usize;
            let model = play_shaped(&mut next, n, (6, 10), 4, false, 0);
            // A turn of one pivot at a time: through nodes, cuts and refactorizations.
            let mut search = BranchAndBound::new(model);
            while matches!(search.run(search.effort() + 1), Status::Unfinished) {
                let (kept, summed) = (search.lp.basis.objective, search.lp.summed_objective());
                assert!(
                    (kept - summed).abs() < 1e-9 * (1.0 + summed.abs()),
                    "{kept} {summed}"
                );
            }
        }
    }

    #[test]
    fn a_pivot_in_wide_vector_instructions_leaves_every_value_as_the_plain_one() {
        let bits = |values: &[f64]| values.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        let mut next = numbers(0x94d0_49bb_1331_11eb);
        for _ in 0..40 {
            let n = 20 + next(30) as usize;
            let model = play_shaped(&mut next, n, (10, 20), 4, false, 0);
            let mut lp = Dual::new(&model);
            loop {
                let mut plain = lp.clone();
                let (wide, narrow) = (lp.step(), plain.pivot());
                assert_eq!(
                    std::mem::discriminant(&wide),
                    std::mem::discriminant(&narrow)
                );
                let (a, b) = (&lp.basis, &plain.basis);
                assert_eq!((&a.head, &a.place), (&b.head, &b.place));
                assert_eq!(bits(&a.inverse), bits(&b.inverse));
                assert_eq!(bits(&a.x), bits(&b.x));
                assert_eq!(bits(&a.reduced), bits(&b.reduced));
                assert_eq!(bits(&a.norms), bits(&b.norms));
                if !matches!(wide, Step::Pivoted) {
                    break;
                }
            }
        }
    }

    #[test]
    fn the_inverse_kept_through_the_pivots_between_refactorizations_stays_exact() {
        // Models shaped like the play's, solved again and again with a few bounds moved at
        // random (as nodes are) until a refactorization is due: the inverse kept through
        // every pivot is then the inverse computed afresh.
        let mut next = numbers(0xbf58_476d_1ce4_e5b9);
        for _ in 0..6 {
            let n = 120 + next(120) as usize;
            let model = play_shaped(&mut next, n, (30, 20), 8, false, 1);
            let mut lp = Dual::new(&model);
            let mut shift = vec![0.0; lp.m];
            while lp.basis.since_refactor + 1 < REFACTOR_EVERY {
                for _ in 0..3 {
                    let j = next(n as u64) as usize;
                    let upper = model.upper[j] as f64;
                    let (lower, upper) = match next(3) {
                        0 => (0.0, upper),
                        1 => (0.0, 0.0),
                        _ => (upper, upper),
                    };
                    lp.set_bounds(j, lower, upper, &mut shift);
                }
                lp.shift_basic(&mut shift);
                while lp.basis.since_refactor + 1 < REFACTOR_EVERY
                    && matches!(lp.step(), Step::Pivoted)
                {}
            }
            let mut afresh = lp.clone();
            assert!(afresh.refactor());
            for (a, b) in lp.basis.inverse.iter().zip(&afresh.basis.inverse) {
                assert!((a - b).abs() < 1e-7 * (1.0 + b.abs()), "{a} against {b}");
            }
        }
    }

    #[test]
    fn random_small_models_agree_with_a_brute_force() {
        let mut next = numbers(0x2545_f491_4f6c_dd1d);
        for _ in 0..3000 {
            let mut model = Model::default();
            let n = 2 + next(5) as usize;
            for _ in 0..n {
                let up = 1 + next(3);
                model.variable(next(7) - 2, 0, up);
            }
            for _ in 0..=next(3) {
                let terms: Vec<(usize, i64)> = (0..n)
                    .map(|j| (j, next(3) - 1))
                    .filter(|t| t.1 != 0)
                    .collect();
                let relation = if next(2) == 0 {
                    Relation::Equal
                } else {
                    Relation::AtMost
                };
                model.row(terms, relation, next(4));
            }
            let expected = brute(&model);
            let got = solve(&model);
            assert_eq!(
                objective_of(&model, &got),
                objective_of(&model, &expected),
                "{model:?}"
            );
            if let Solved::Optimal(values) = &got {
                assert!(model.holds(values));
            }
        }
    }
}
