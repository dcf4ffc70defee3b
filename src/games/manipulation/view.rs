//! What lies on a Carousel table, for the live page: the stock, each player's cards and the
//! melds numbered as the REPL numbers them.

use super::play::{Game, Phase};
use crate::view::{Held, Table};

/// The table of the round in progress.
pub(crate) fn table(game: &Game) -> Table {
    let r = game.round();
    let names = game.players();
    let waiting = match r.phase {
        Phase::Hands { .. } if !game.is_over() => game
            .waiting_hands()
            .into_iter()
            .map(|p| names[p].clone())
            .collect(),
        _ => Vec::new(),
    };
    Table::Cards {
        stock: r.stock(),
        held: names
            .iter()
            .zip(&r.held)
            .map(|(name, cards)| Held {
                name: name.clone(),
                cards: *cards,
            })
            .collect(),
        melds: r.table.melds().iter().map(ToString::to_string).collect(),
        waiting,
    }
}
