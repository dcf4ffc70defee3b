//! The integration tests: the `carousel` binary run as a player or a script runs it, one
//! module per area, all through the builder of `test.rs`. One binary, so the tests link once.
//!
//! The solver's cross-checks (`tests/solver_*.rs`, with `tests/brute/` and `tests/ilp/`) are
//! binaries of their own: they test the library's solver, not the binary, and stay beside it.

mod test;

mod browser;
mod canadian;
mod check;
mod completions;
mod crash;
mod docs;
mod durability;
mod examples;
mod fuzz;
mod play;
mod properties;
mod pty;
mod score;
mod share;
mod solve;
mod table_view;
mod tally;
mod transcripts;
