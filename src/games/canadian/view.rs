//! What a Canadian or Carolina hand in progress has given so far, for the live page: each
//! side's melds and its players' hands left, who went out, and what is still to give.

use super::play::Game;
use crate::view::{HandLeft, Side, Table};

/// The hand in progress, as given.
pub(crate) fn table(game: &Game) -> Table {
    let sides = game.sides();
    let pending = game.pending();
    let players = sides.players();
    let book = game.rulebook();
    Table::Sides {
        sides: (0..sides.len())
            .map(|s| {
                let laid = pending.tables[s].as_ref();
                Side {
                    name: sides.name(s),
                    players: sides
                        .members(s)
                        .iter()
                        .map(|p| players[*p].clone())
                        .collect(),
                    table: laid.map(|(_, entry)| entry.text()),
                    value: laid.map(|(_, entry)| entry.value(&book)),
                    hands: sides
                        .members(s)
                        .iter()
                        .map(|p| HandLeft {
                            name: players[*p].clone(),
                            left: pending.hands[*p]
                                .as_ref()
                                .map(crate::hand::HandReport::text),
                        })
                        .collect(),
                }
            })
            .collect(),
        out: pending.out.map(|out| match out {
            Some(p) => players[p].clone(),
            None => "nobody: the stock ran out".to_string(),
        }),
        // The score keeper is told the melds and hands once a hand is over, never the pile.
        pile_top: None,
        missing: if game.is_over() || pending.is_blank() {
            Vec::new()
        } else {
            game.missing()
        },
    }
}
