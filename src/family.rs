//! The family of games the program keeps: Carousel, and Canadian Rummy with its variant
//! Carolina Rummy. One small interface chooses the game from `--game` or a record's `game`
//! key; what each game does lives in its own module ([`crate::games::manipulation::game`] and its neighbours for
//! Carousel, [`crate::games::canadian`] for the other two).

use crate::catalogue::Summary;
use crate::error::Error;
use crate::error::NoSuch;
use crate::export::{self, GameExport};
use crate::games::canadian::{self, Variant};
use crate::games::manipulation::game::GameRecord;
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
            _ => Err(NoSuch::Game {
                name: name.to_string(),
                games: Self::NAMES.map(String::from).to_vec(),
            }
            .into()),
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

impl serde::Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
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
        // A record the referee saved must be whole: one cut short is not another game.
        crate::store::check_whole(text).map_err(|problem| Error::Record {
            place: "game record".to_string(),
            problem,
        })?;
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

    /// Where the game stands, for the list of saved games: the game replayed from its log
    /// of play, so a hand in progress counts as the hand being played.
    pub fn summary(&self) -> Result<Summary, Error> {
        match self {
            Record::Carousel(record) => Ok(Summary::of(
                &crate::games::manipulation::play::Game::from_record(record)?,
            )),
            Record::Canadian(record) => {
                let game = canadian::play::Game::from_record(record)?;
                let tally = game.tally();
                let finished = game.is_over();
                let names = game.sides().names();
                let score = tally.totals.iter().copied().max().unwrap_or(0);
                let leaders = if tally.rounds.is_empty() {
                    Vec::new()
                } else {
                    tally
                        .leaders()
                        .into_iter()
                        .map(|s| names[s].clone())
                        .collect()
                };
                Ok(Summary {
                    game: GameKind::Canadian(record.variant),
                    players: game.players().to_vec(),
                    round: if finished {
                        tally.rounds.len()
                    } else {
                        game.hand_number()
                    },
                    finished,
                    leaders,
                    score,
                })
            }
        }
    }

    /// The record scored: its finished rounds (hands) and running totals.
    pub fn tally(&self) -> Result<Tally, Error> {
        match self {
            Record::Carousel(record) => Ok(Tally::Carousel(
                crate::games::manipulation::game::tally(record)?,
                record.rules.clone(),
            )),
            Record::Canadian(record) => {
                let (setup, tally) = canadian::record::scored(record)?;
                Ok(Tally::Canadian(setup, tally))
            }
        }
    }
}

/// A record of any game of the family, scored.
#[derive(Clone, Debug, PartialEq)]
pub enum Tally {
    /// With the house rules the bonuses and the target come from.
    Carousel(
        crate::games::manipulation::game::Tally,
        crate::games::manipulation::rules::Rules,
    ),
    Canadian(canadian::play::Setup, canadian::record::Tally),
}

impl Tally {
    pub fn kind(&self) -> GameKind {
        match self {
            Tally::Carousel(..) => GameKind::Carousel,
            Tally::Canadian(setup, _) => GameKind::Canadian(setup.variant),
        }
    }

    /// The game as exported: every round, or hand, and the running totals.
    pub fn export(&self) -> GameExport {
        match self {
            Tally::Carousel(tally, rules) => GameExport::Carousel(export::export(tally, rules)),
            Tally::Canadian(setup, tally) => {
                GameExport::Canadian(export::export_canadian(setup, tally))
            }
        }
    }

    /// The running totals to draw: by player in Carousel, by side in the other games.
    pub fn series(&self) -> Series {
        match self {
            Tally::Carousel(tally, rules) => Series {
                names: tally.sides.clone(),
                totals: (0..tally.sides.len())
                    .map(|p| tally.rounds.iter().map(|r| r.totals[p]).collect())
                    .collect(),
                target: i64::from(rules.target),
                step: "round",
                note: " (before the end's bonuses)",
            },
            Tally::Canadian(setup, tally) => Series {
                names: tally.sides.clone(),
                totals: (0..tally.sides.len())
                    .map(|s| tally.rounds.iter().map(|r| r.totals[s]).collect())
                    .collect(),
                target: i64::from(setup.rules.target),
                step: "hand",
                note: "",
            },
        }
    }
}

/// Running totals to chart: one line a name (a player, or a side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub names: Vec<String>,
    /// Per name, the total after each round (or hand).
    pub totals: Vec<Vec<i64>>,
    pub target: i64,
    /// What a step is called: `round` or `hand`.
    pub step: &'static str,
    /// What the totals leave out, for the chart's heading.
    pub note: &'static str,
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

    /// A record written by hand (no log of play) keeps its hands when it is summed up for
    /// the list of saved games.
    #[test]
    fn summary_of_a_carolina_record_counts_its_hands_and_leading_side() {
        let text = std::fs::read_to_string("examples/carolina-game.toml").unwrap();
        let summary = Record::from_toml(&text).unwrap().summary().unwrap();
        assert_eq!(summary.game, GameKind::Canadian(Variant::Carolina));
        assert!(summary.finished);
        assert_eq!(summary.round, 4);
        assert_eq!(summary.leaders, ["ben"]);
        assert_eq!(summary.score, 880);
        let text = "game = \"canadian\"\nplayers = [\"a\", \"b\", \"c\", \"d\"]\n";
        let summary = Record::from_toml(text).unwrap().summary().unwrap();
        assert_eq!((summary.round, summary.finished), (1, false));
        assert!(summary.leaders.is_empty());
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
