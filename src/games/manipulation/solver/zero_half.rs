//! Zero-half cuts: half the sum of some of the model's rows, rounded down.
//!
//! The play's relaxation is loosest where a few melds each share a card with two others:
//! three sets of sevens, any two of which share one of three single sevens, can each be
//! laid half-way and play the hand's seven in full, though no two of them can be laid
//! together. Half the sum of those three rows, rounded down, says so (at most one of the
//! three), and the Gomory cuts of the simplex rarely find it, being read off one row of
//! the basis at a time. A zero-half cut (Caprara and Fischetti, 1996) is any such half-sum
//! whose variables all have even coefficients, bar those resting at a bound, and whose
//! right-hand side is odd; finding the rows to add is a parity question, answered here by
//! Gaussian elimination over the integers mod 2 (the heuristic of Koster, Zymolka and
//! Kutschka, 2009).

use super::row::{Relation, Row};

/// How far from a bound a value must be to count as off it.
const OFF_BOUND: f64 = 1e-6;

/// The most rows a cut is summed from: longer sums hold more variables than a cut may.
/// Measured over every position of the bench (the program alone): of the 75 zero-half
/// cuts short enough to keep, all but one were summed from 3 to 8 rows.
const MOST_ROWS: usize = 8;

/// Sums of rows mod 2, one per row to begin with, each a line of bits in one buffer:
/// which rows are summed, then which columns (variables off their bounds) are odd, then
/// whether the right-hand side is odd.
struct Sums {
    /// Words a line: the rows', then the columns', then one for the right-hand side.
    row_words: usize,
    width: usize,
    bits: Vec<u64>,
    /// How far the relaxation's solution is from meeting each sum as an equation: its
    /// rows' slacks summed.
    slack: Vec<f64>,
}

impl Sums {
    fn line(&self, s: usize) -> &[u64] {
        &self.bits[s * self.width..(s + 1) * self.width]
    }

    fn has_column(&self, s: usize, k: usize) -> bool {
        let word = self.line(s)[self.row_words + k / 64];
        word & (1 << (k % 64)) != 0
    }

    fn odd_rhs(&self, s: usize) -> bool {
        self.line(s)[self.width - 1] != 0
    }

    /// Adds sum `from` into sum `to`, mod 2; the slack is summed again over the rows.
    fn add(&mut self, from: usize, to: usize, slacks: &[f64]) {
        let width = self.width;
        let (a, b) = (from * width, to * width);
        for w in 0..width {
            let word = self.bits[a + w];
            self.bits[b + w] ^= word;
        }
        self.slack[to] = ones(&self.bits[b..b + self.row_words])
            .map(|i| slacks[i])
            .sum();
    }
}

/// The indices of the bits set in `words`.
fn ones(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(word, bits)| {
        let mut left = *bits;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let bit = left.trailing_zeros() as usize;
                left &= left - 1;
                word * 64 + bit
            })
        })
    })
}

/// Up to `most` zero-half cuts that the solution `x` of the relaxation breaks, each of
/// at most `most_terms` variables, most broken first. `lower` and `upper` are the bounds
/// every solution worth finding keeps; the rows' coefficients and bounds are integers.
///
/// Summing rows with a half each and rounding down loses, at `x`, half of each row's
/// slack and half of each odd variable's distance to the bound it is rounded towards;
/// the odd right-hand side gains a half. So a sum breaks `x` when those losses come to
/// less than 1, and most when the rows are tight and every variable off its bounds is
/// even.
pub(crate) fn zero_half_cuts(
    rows: &[Row],
    x: &[f64],
    lower: &[f64],
    upper: &[f64],
    most: usize,
    most_terms: usize,
) -> Vec<Row> {
    // An odd coefficient is rounded towards the nearer bound, which then joins the
    // right-hand side (see `half_sum`): its parity counts with the rows'.
    let rounded_to = |j: usize| nearer_bound(j, x, lower, upper).0;
    let distance = |j: usize| (x[j] - lower[j]).min(upper[j] - x[j]);
    let off: Vec<usize> = (0..x.len()).filter(|j| distance(*j) > OFF_BOUND).collect();
    let mut column_of = vec![None; x.len()];
    for (k, j) in off.iter().enumerate() {
        column_of[*j] = Some(k);
    }
    let slacks: Vec<f64> = rows
        .iter()
        .map(|(terms, relation, rhs)| match relation {
            // An equation is met exactly; an "at most" row by its slack.
            Relation::Equal => 0.0,
            Relation::AtMost => {
                let at: f64 = terms.iter().map(|(j, a)| *a as f64 * x[*j]).sum();
                (*rhs as f64 - at).max(0.0)
            }
        })
        .collect();
    let row_words = rows.len().div_ceil(64);
    let width = row_words + off.len().div_ceil(64) + 1;
    let mut sums = Sums {
        row_words,
        width,
        bits: Vec::new(),
        slack: Vec::new(),
    };
    for (i, (terms, _, rhs)) in rows.iter().enumerate() {
        if slacks[i] >= 1.0 {
            continue;
        }
        let start = sums.bits.len();
        sums.bits.resize(start + width, 0);
        let line = &mut sums.bits[start..];
        line[i / 64] |= 1 << (i % 64);
        let mut odd_rhs = rhs % 2 != 0;
        for (j, a) in terms {
            if a % 2 != 0 {
                if let Some(k) = column_of[*j] {
                    line[row_words + k / 64] ^= 1 << (k % 64);
                }
                odd_rhs ^= rounded_to(*j) % 2 != 0;
            }
        }
        line[width - 1] = u64::from(odd_rhs);
        sums.slack.push(slacks[i]);
    }
    // Gauss-Jordan elimination mod 2, each column's pivot the sum of least slack holding
    // it: the sums left with no odd column off its bounds are the cuts broken the most.
    let count = sums.slack.len();
    let mut pivoted = vec![false; count];
    for k in 0..off.len() {
        let Some(p) = (0..count)
            .filter(|s| !pivoted[*s] && sums.has_column(*s, k))
            .min_by(|a, b| sums.slack[*a].total_cmp(&sums.slack[*b]))
        else {
            continue;
        };
        pivoted[p] = true;
        for s in 0..count {
            if s != p && sums.has_column(s, k) {
                sums.add(p, s, &slacks);
            }
        }
    }
    let mut found: Vec<(f64, usize)> = (0..count)
        .filter(|s| sums.odd_rhs(*s))
        .filter_map(|s| {
            let odd = &sums.line(s)[row_words..width - 1];
            let lost = sums.slack[s] + ones(odd).map(|k| distance(off[k])).sum::<f64>();
            (lost < 1.0 - 1e-3).then_some((lost, s))
        })
        .collect();
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut cuts: Vec<Row> = Vec::new();
    let mut tried: Vec<&[u64]> = Vec::new();
    for (_, s) in found {
        if cuts.len() == most {
            break;
        }
        let summed = &sums.line(s)[..row_words];
        if tried.contains(&summed) {
            continue;
        }
        tried.push(summed);
        let chosen: Vec<usize> = ones(summed).collect();
        if chosen.len() > MOST_ROWS {
            continue;
        }
        if let Some(cut) = half_sum(rows, &chosen, x, lower, upper, most_terms) {
            cuts.push(cut);
        }
    }
    cuts
}

/// Which of a variable's bounds its odd half-coefficient is rounded towards.
enum Bound {
    Lower,
    Upper,
}

/// The bound of variable `j` that `x` is nearer (the lower on a tie), and which it is:
/// the elimination's parities and [`half_sum`]'s rounding both follow it.
fn nearer_bound(j: usize, x: &[f64], lower: &[f64], upper: &[f64]) -> (i64, Bound) {
    if x[j] - lower[j] <= upper[j] - x[j] {
        (lower[j] as i64, Bound::Lower)
    } else {
        (upper[j] as i64, Bound::Upper)
    }
}

/// Half the sum of the `chosen` rows, rounded down to a cut over integer variables, if
/// `x` breaks it and it has at most `most_terms` variables.
///
/// Each odd coefficient is rounded towards the bound its variable is nearer: down from a
/// half with the lower bound (`(k + 1/2) x ≥ k x + l / 2`), up with the upper; then the
/// right-hand side is rounded down, which every integer solution keeps.
fn half_sum(
    rows: &[Row],
    chosen: &[usize],
    x: &[f64],
    lower: &[f64],
    upper: &[f64],
    most_terms: usize,
) -> Option<Row> {
    let mut doubled: Vec<(usize, i64)> = chosen
        .iter()
        .flat_map(|i| rows[*i].0.iter().copied())
        .collect();
    let mut doubled_rhs: i64 = chosen.iter().map(|i| rows[*i].2).sum();
    doubled.sort_unstable_by_key(|(j, _)| *j);
    let mut terms: Vec<(usize, i64)> = Vec::new();
    let mut at = 0.0;
    for group in doubled.chunk_by(|a, b| a.0 == b.0) {
        let j = group[0].0;
        let d: i64 = group.iter().map(|(_, a)| a).sum();
        let coefficient = match (d % 2 == 0, nearer_bound(j, x, lower, upper)) {
            (true, _) => d / 2,
            (false, (bound, Bound::Lower)) => {
                doubled_rhs -= bound;
                (d - 1) / 2
            }
            (false, (bound, Bound::Upper)) => {
                doubled_rhs += bound;
                (d + 1) / 2
            }
        };
        if coefficient != 0 {
            if terms.len() == most_terms {
                return None;
            }
            terms.push((j, coefficient));
            at += coefficient as f64 * x[j];
        }
    }
    let rhs = doubled_rhs.div_euclid(2);
    (at > rhs as f64 + 1e-6).then_some((terms, Relation::AtMost, rhs))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three single cards and three melds, each holding two of them: `x0 + x1 = 1`,
    /// `x0 + x2 = 1`, `x1 + x2 = 1`, each meld at most once.
    fn three_sharing_pairs() -> Vec<Row> {
        vec![
            (vec![(0, 1), (1, 1)], Relation::Equal, 1),
            (vec![(0, 1), (2, 1)], Relation::Equal, 1),
            (vec![(1, 1), (2, 1)], Relation::Equal, 1),
        ]
    }

    #[test]
    fn three_melds_each_sharing_a_single_card_with_the_other_two_are_cut_to_one() {
        let x = [0.5, 0.5, 0.5];
        let cuts = zero_half_cuts(&three_sharing_pairs(), &x, &[0.0; 3], &[1.0; 3], 10, 30);
        let at_most_one = (vec![(0, 1), (1, 1), (2, 1)], Relation::AtMost, 1);
        assert!(cuts.contains(&at_most_one), "{cuts:?}");
        // Every cut keeps the rows' integer solutions and breaks the half-way one.
        for (terms, _, rhs) in &cuts {
            let at = |x: &[f64]| -> f64 { terms.iter().map(|(j, c)| *c as f64 * x[*j]).sum() };
            assert!(at(&x) > *rhs as f64);
        }
    }

    #[test]
    fn a_sum_whose_right_hand_side_is_even_is_no_cut() {
        // Two cards, two melds holding both: x0 + x1 = 2 over and over has no odd sum.
        let rows = vec![
            (vec![(0, 1), (1, 1)], Relation::Equal, 1),
            (vec![(0, 1), (1, 1)], Relation::Equal, 1),
        ];
        assert!(zero_half_cuts(&rows, &[0.5, 0.5], &[0.0; 2], &[1.0; 2], 10, 30).is_empty());
    }

    #[test]
    fn a_variable_off_its_bounds_with_an_odd_coefficient_weakens_the_cut_by_its_distance() {
        // A fourth meld, up to twice, holds the first card too.
        let mut rows = three_sharing_pairs();
        rows[0].0.push((3, 1));
        let (lower, upper) = ([0.0; 4], [1.0, 1.0, 1.0, 2.0]);
        // At 0.2 the half-sum still cuts, by (1 - 0.2) / 2, the fourth meld's half rounded
        // down to nothing.
        let x = [0.4, 0.4, 0.6, 0.2];
        let cuts = zero_half_cuts(&rows, &x, &lower, &upper, 10, 30);
        assert!(cuts.contains(&(vec![(0, 1), (1, 1), (2, 1)], Relation::AtMost, 1)));
        // At 1, a whole unit from either bound, it takes all the cut: this solution is an
        // integer one, and no cut may take it away.
        let x = [0.0, 0.0, 1.0, 1.0];
        assert!(zero_half_cuts(&rows, &x, &lower, &upper, 10, 30).is_empty());
    }

    #[test]
    fn an_at_most_row_is_summed_only_as_at_most_and_its_slack_counts() {
        let rows = vec![
            (vec![(0, 1), (1, 1)], Relation::AtMost, 1),
            (vec![(0, 1), (2, 1)], Relation::AtMost, 1),
            (vec![(1, 1), (2, 1)], Relation::AtMost, 1),
        ];
        let cuts = zero_half_cuts(&rows, &[0.5; 3], &[0.0; 3], &[1.0; 3], 10, 30);
        assert_eq!(
            cuts,
            vec![(vec![(0, 1), (1, 1), (2, 1)], Relation::AtMost, 1)]
        );
        // With each row a third short of its bound, the three slacks sum to 1: no cut.
        let x = [1.0 / 3.0; 3];
        assert!(zero_half_cuts(&rows, &x, &[0.0; 3], &[1.0; 3], 10, 30).is_empty());
    }
}
