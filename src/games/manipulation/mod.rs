//! Carousel (Manipulation Rummy): what is this game's alone.
//!
//! Its melds (sets and runs, jokers standing for a card) and tables, the moves judged by
//! M1-M4, the round's scoring and its breakdown, the game record and tally, and the game
//! at the table (`session`). What the family shares (cards, decks, notation, the reading
//! of house rules, saving) lives at the top of the crate; Canadian and Carolina Rummy live
//! in [`crate::games::canadian`]. The best play ([`crate::games::manipulation::solver`]) is Carousel's too, kept at
//! the top for now.

pub mod breakdown;
pub mod game;
pub mod meld;
pub mod moves;
pub mod play;
pub mod rules;
pub mod scoring;
pub mod solver;
pub mod table;
