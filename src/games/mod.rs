//! The games of the family, each in a folder of its own, and the one list of them.
//!
//! A game is written against [`crate::game::Game`] (its rules: a round played, scored,
//! written in the record) and [`crate::desk::Desk`] (what it says and hears at the table),
//! and offers itself to the program through a [`crate::family::Entry`]. Adding a game is a
//! folder here beside these and its entry in [`GAMES`]; docs/architecture.md says where each
//! part goes.

pub mod canadian;
pub mod manipulation;

use crate::error::{Error, GameGiven, NoSuch, RecordPlace, RecordProblem};
use crate::family::{Entry, GameKind, Scored, Summary};
use crate::stats::GameStats;

/// Every game of the family, in the order `--game`, help and statistics list them. The first
/// is the game a record without a `game` key is of, and a plain `new` starts.
pub static GAMES: [&dyn Entry; 3] = [
    &manipulation::Carousel,
    &canadian::Canadian(canadian::Variant::Canadian),
    &canadian::Canadian(canadian::Variant::Carolina),
];

/// The game a record without a `game` key is of, and a plain `new` starts.
pub fn first() -> GameKind {
    GameKind(GAMES[0])
}

/// A game by its name (`carousel`, `canadian`, `carolina`), case forgiven.
pub fn kind(name: &str) -> Result<GameKind, Error> {
    let wanted = name.trim().to_ascii_lowercase();
    GAMES
        .iter()
        .find(|entry| entry.name() == wanted)
        .map(|entry| GameKind(*entry))
        .ok_or_else(|| {
            NoSuch::Game {
                name: name.to_string(),
                games: names().iter().map(|n| (*n).to_string()).collect(),
            }
            .into()
        })
}

/// Every game's name, in the order of the list of games.
pub fn names() -> Vec<&'static str> {
    GAMES.iter().map(|e| e.name()).collect()
}

/// The game a record's text is of: its top-level `game` key, the first game without one.
/// A top-level key comes before the first table header, so only that part is read.
pub fn of_record(text: &str) -> Result<GameKind, Error> {
    let Ok(table) = toml::de::DeTable::parse(crate::record::head(text)) else {
        // Not TOML: the first game's reader names the line.
        return Ok(first());
    };
    let Some(value) = table.get_ref().get("game") else {
        return Ok(first());
    };
    let line = crate::record::line_of(text, value.span().start);
    let bad = |given: GameGiven| {
        RecordProblem::NotAGame {
            given,
            games: names(),
        }
        .at(RecordPlace::GameKey { line })
    };
    match value.get_ref().as_str() {
        Some(name) => kind(name)
            .ok()
            .filter(|kind| kind.name() == name)
            .ok_or_else(|| bad(GameGiven::Name(name.to_string()))),
        None => Err(bad(GameGiven::Kind(value.get_ref().type_str()))),
    }
}

/// Where a saved game stands, in a few words: `round 3`, `finished`; a game other than the
/// first of the family says its name first (`Canadian Rummy hand 2`).
pub fn place(summary: &Summary) -> String {
    let named = if summary.game == first() {
        String::new()
    } else {
        format!("{} ", summary.game.title())
    };
    if summary.finished {
        format!("{named}finished")
    } else {
        format!(
            "{named}{} {}",
            summary.game.entry().round_word(),
            summary.round
        )
    }
}

/// Statistics across games of every game of the family: each game counted on its own, in
/// the order of the list of games.
pub fn stats(games: &[Box<dyn Scored>]) -> Vec<GameStats> {
    GAMES
        .iter()
        .filter_map(|entry| {
            let kind = GameKind(*entry);
            let mine: Vec<&dyn Scored> = games
                .iter()
                .filter(|g| g.kind() == kind)
                .map(AsRef::as_ref)
                .collect();
            (!mine.is_empty()).then(|| entry.stats(&mine))
        })
        .collect()
}
