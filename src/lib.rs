//! `carousel`: a referee and scorekeeper for Carousel (Manipulation Rummy).
//!
//! The library holds every rule; the binary only reads arguments and prints. Start at
//! [`moves::judge`] for "is this rearrangement legal", [`scoring::score_round`] for a round,
//! [`games::manipulation::play::tally`] for a whole game.
//!
//! Which module is whose:
//!
//! - shared by every game of the family: [`card`] (cards, jokers, counts), [`deck`] (the
//!   deck a player count calls for), [`notation`] (reading cards, hands and tables),
//!   [`rules`] (reading and writing `[rules]` tables; Carousel's own keys are there too),
//!   [`error`], [`store`] (atomic saves, the checksum line, the lock), [`family`] (which
//!   game a record or `--game` names), [`catalogue`] (the saved games as a list),
//!   [`export`], [`stats`] and [`words`] (counts and lists in a player's words);
//! - Carousel's: [`carousel`] (melds and tables, moves M1-M4, scoring and its breakdown,
//!   the game record and tally, the game at the table) and [`solver`] (the best play);
//! - Canadian and Carolina Rummy's: [`canadian`].
//!
//! The Carousel modules were at the top of the crate before; their old paths
//! (`carousel::moves`, `carousel::session`, ...) are kept as re-exports below so that code
//! written against them goes on compiling.

#[macro_use]
pub mod console;

pub mod card;
pub mod catalogue;
pub mod cli;
pub mod deck;
pub mod desk;
pub mod error;
pub mod export;
pub mod family;
pub mod game;
pub mod games;
pub mod hand;
pub mod notation;
pub mod record;
pub mod render;
pub mod repl;
pub mod rules;
pub mod seal;
pub mod session;
pub mod share;
pub mod stats;
pub mod store;
pub mod tally;
pub mod view;
pub mod words;

#[cfg(test)]
mod man;
