//! Statistics across games: each game of the family counted on its own, a row a player. A
//! game gives its figures ([`GameStats`]: the columns it counts and each player's value in
//! each); counting them from its scored games is the game's own (in its folder), and showing
//! them, as a table or in words, is written once (`crate::render::games::stats`).

use indexmap::IndexMap;
use serde::Serialize;

/// One column of a game's figures: its JSON key, its heading in the table, and what it
/// counts, for the key under the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    pub key: &'static str,
    pub head: &'static str,
    /// In words, for a terminal too narrow for the table: `rounds won`.
    pub words: &'static str,
}

/// A figure: a count, or an average to one decimal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Figure {
    Count(u32),
    Average(f64),
}

impl Figure {
    pub fn text(self) -> String {
        match self {
            Figure::Count(n) => n.to_string(),
            Figure::Average(x) => format!("{x:.1}"),
        }
    }
}

impl Serialize for Figure {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Figure::Count(n) => serializer.serialize_u32(*n),
            Figure::Average(x) => serializer.serialize_f64(*x),
        }
    }
}

/// One player's figures in one game of the family, in the order of its columns.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerFigures {
    pub name: String,
    pub figures: Vec<Figure>,
}

/// One game's figures across its games.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStats {
    /// The game's name (`carousel`), as `--game` says it.
    pub game: &'static str,
    /// The game's name for people.
    pub title: &'static str,
    pub games: u32,
    pub finished: u32,
    /// Rounds (hands) scored across the games.
    pub rounds: u32,
    /// `round` or `hand`.
    pub step: &'static str,
    pub columns: &'static [Column],
    /// What the columns mean, under the table.
    pub key: String,
    /// The players, the best first (as the game ranks them).
    pub players: Vec<PlayerFigures>,
}

impl GameStats {
    /// A player's figure in the column `key`.
    pub fn figure(&self, player: &str, key: &str) -> Option<Figure> {
        let column = self.columns.iter().position(|c| c.key == key)?;
        let player = self.players.iter().find(|p| p.name == player)?;
        player.figures.get(column).copied()
    }
}

impl Serialize for GameStats {
    /// `{"game": "carousel", "games": 2, "finished": 1, "rounds": 5, "players": [{"name":
    /// "ann", "games": 2, ...}]}`, the figures keyed by their columns' keys.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let players: Vec<IndexMap<&str, serde_json::Value>> = self
            .players
            .iter()
            .map(|p| {
                let mut row = IndexMap::new();
                row.insert("name", serde_json::Value::from(p.name.clone()));
                for (column, figure) in self.columns.iter().zip(&p.figures) {
                    row.insert(column.key, serde_json::to_value(figure).unwrap_or_default());
                }
                row
            })
            .collect();
        let mut map = IndexMap::new();
        map.insert("game", self.game.into());
        map.insert("games", self.games.into());
        map.insert("finished", self.finished.into());
        map.insert(
            if self.step == "hand" {
                "hands"
            } else {
                "rounds"
            },
            self.rounds.into(),
        );
        map.insert("players", serde_json::to_value(players).unwrap_or_default());
        map.serialize(serializer)
    }
}

/// Each player's index in `rows` by name, added when new: a player is the same player across
/// games by their name.
pub fn row_of(rows: &mut Vec<(String, Vec<u64>)>, name: &str, columns: usize) -> usize {
    if let Some(i) = rows.iter().position(|(n, _)| n == name) {
        return i;
    }
    rows.push((name.to_string(), vec![0; columns]));
    rows.len() - 1
}
