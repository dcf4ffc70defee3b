//! The family of games the program keeps: Carousel, and Canadian Rummy with its variant
//! Carolina Rummy. One small interface chooses the game from `--game` or a record's `game`
//! key; what each game does lives in its own module ([`crate::game`] and its neighbours for
//! Carousel, [`crate::canadian`] for the other two).

use crate::Error;
use crate::canadian::{self, Variant};
use crate::game::GameRecord;
use std::fmt;

/// A game the program referees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameKind {
    #[default]
    Carousel,
    Canadian(Variant),
}

impl GameKind {
    pub const NAMES: [&'static str; 3] = ["carousel", "canadian", "carolina"];

    /// A game by its name (`carousel`, `canadian`, `carolina`), case forgiven.
    pub fn parse(name: &str) -> Result<GameKind, Error> {
        match name.trim().to_ascii_lowercase().as_str() {
            "carousel" => Ok(GameKind::Carousel),
            "canadian" => Ok(GameKind::Canadian(Variant::Canadian)),
            "carolina" => Ok(GameKind::Canadian(Variant::Carolina)),
            _ => Err(Error::Play(format!(
                "\"{name}\" is not a game; the games are {}",
                Self::NAMES.join(", ")
            ))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Carousel => "carousel",
            GameKind::Canadian(variant) => variant.name(),
        }
    }

    /// The game's name for people.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Carousel => "Carousel",
            GameKind::Canadian(variant) => variant.title(),
        }
    }

    /// The game a record's text is of: its top-level `game` key, Carousel without one.
    pub fn of_record(text: &str) -> Result<GameKind, Error> {
        let Ok(table) = toml::de::DeTable::parse(text) else {
            // Not TOML: Carousel's reader names the line.
            return Ok(GameKind::Carousel);
        };
        match table.get_ref().get("game") {
            None => Ok(GameKind::Carousel),
            Some(value) => {
                let line = text[..value.span().start.min(text.len())]
                    .matches('\n')
                    .count()
                    + 1;
                let bad = |shown: String| Error::Record {
                    place: format!("line {line}, game"),
                    problem: format!(
                        "{shown} is not a game; the games are {}",
                        Self::NAMES.join(", ")
                    ),
                };
                match value.get_ref().as_str() {
                    Some(name) => Self::parse(name)
                        .ok()
                        .filter(|kind| kind.name() == name)
                        .ok_or_else(|| bad(format!("\"{name}\""))),
                    None => Err(bad(format!("a {}", value.get_ref().type_str()))),
                }
            }
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game record of any game of the family.
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    Carousel(GameRecord),
    Canadian(canadian::record::Record),
}

impl Record {
    /// Reads a record of whichever game its `game` key names.
    pub fn from_toml(text: &str) -> Result<Record, Error> {
        match GameKind::of_record(text)? {
            GameKind::Carousel => GameRecord::from_toml(text).map(Record::Carousel),
            GameKind::Canadian(variant) => {
                canadian::record::Record::from_toml(text, variant).map(Record::Canadian)
            }
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            Record::Carousel(_) => GameKind::Carousel,
            Record::Canadian(record) => GameKind::Canadian(record.variant),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_kind_from_names_and_records() {
        assert_eq!(
            GameKind::parse("Canadian").unwrap(),
            GameKind::Canadian(Variant::Canadian)
        );
        assert!(
            GameKind::parse("poker")
                .unwrap_err()
                .to_string()
                .contains("\"poker\" is not a game")
        );
        assert_eq!(
            GameKind::of_record("players = []").unwrap(),
            GameKind::Carousel
        );
        assert_eq!(
            GameKind::of_record("game = \"carolina\"\nplayers = []").unwrap(),
            GameKind::Canadian(Variant::Carolina)
        );
        let err = GameKind::of_record("players = []\ngame = \"gin\"")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "line 2, game: \"gin\" is not a game; the games are carousel, canadian, carolina"
        );
        assert!(GameKind::of_record("game = 3").is_err());
    }

    #[test]
    fn record_of_each_game_is_read_by_its_own_reader() {
        let carousel = Record::from_toml("game = \"carousel\"\nplayers = [\"a\", \"b\"]").unwrap();
        assert_eq!(carousel.kind(), GameKind::Carousel);
        let text = "game = \"carolina\"\nplayers = [\"a\", \"b\"]\n[[round]]\nknocker = \"a\"\n";
        let err = Record::from_toml(text).unwrap_err().to_string();
        assert!(
            err.contains("`knocker` is a key of Carousel records"),
            "{err}"
        );
    }
}
