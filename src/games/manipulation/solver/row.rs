//! A row of an integer program: its terms, how they stand to its right-hand side, and that
//! side. The program the simplex solves (`simplex::Model`) is made of rows, and so are the
//! cuts that tighten it (the simplex's own, and `zero_half`'s).

/// How a row relates its terms to its right-hand side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relation {
    Equal,
    AtMost,
}

/// A row of a model: its terms (variable, coefficient), relation and right-hand side.
pub(crate) type Row = (Vec<(usize, i64)>, Relation, i64);
