//! The one-shot commands of CONTRACT.md, run as a script would run them: arguments in,
//! JSON or text out, and the exit status.

mod canadian;
mod check;
mod completions;
mod score;
mod solve;
mod tally;
mod test;
