//! The games of the family, each in a folder of its own, and the one list of them.
//!
//! A game is written against [`crate::game::Game`] (its rules: a round played, scored,
//! written in the record) and [`crate::desk::Desk`] (what it says and hears at the table),
//! and offers itself to the program through a [`crate::family::Entry`]. Adding a game is a
//! folder here beside these and its entry in [`GAMES`]; docs/architecture.md says where each
//! part goes.

pub mod canadian;
pub mod manipulation;

use crate::family::Entry;

/// Every game of the family, in the order `--game`, help and statistics list them. The first
/// is the game a record without a `game` key is of, and a plain `new` starts.
pub static GAMES: [&dyn Entry; 3] = [
    &manipulation::Carousel,
    &canadian::Canadian(canadian::Variant::Canadian),
    &canadian::Canadian(canadian::Variant::Carolina),
];
