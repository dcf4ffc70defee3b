//! `carousel`: a referee and scorekeeper for Carousel (Manipulation Rummy).
//!
//! The library holds every rule; the binary only reads arguments and prints. Start at
//! [`moves::judge`] for "is this rearrangement legal", [`scoring::score_round`] for a round,
//! [`game::tally`] for a whole game.

pub mod breakdown;
pub mod canadian;
pub mod card;
pub mod catalogue;
pub mod deck;
pub mod error;
pub mod export;
pub mod family;
pub mod game;
pub mod meld;
pub mod moves;
pub mod notation;
pub mod rules;
pub mod scoring;
pub mod session;
pub mod solver;
pub mod stats;
pub mod store;
pub mod table;

pub use card::{Card, HandCard, Rank, Suit, TableCard};
pub use deck::Deck;
pub use error::Error;
pub use meld::MeldRules;
pub use rules::Rules;
pub use table::{Hand, Meld, Table};
