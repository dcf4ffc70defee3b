//! What the records of every game share: the referee's log of play saved with the finished
//! rounds ([`PlayLog`]), and the reading of a record's TOML with errors that name the line,
//! the round and the key ([`read_record`]).

use crate::error::Error;
use serde::{Deserialize, Serialize};

/// The referee's log of a game played at the table, saved with its record: enough to resume
/// it exactly where it stopped, undo any step (across rounds too) and redo what was undone.
/// `tally` reads only the finished rounds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlayLog {
    /// Who dealt round 1; the deal passes left (to the next player named) each round. None:
    /// the first player named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_dealer: Option<String>,
    /// How many of the record's rounds were written before the log began (played without
    /// the referee); the log follows on from them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub earlier_rounds: usize,
    /// Every step of the game, in order, one line each.
    #[serde(default)]
    pub log: Vec<String>,
    /// The steps undone that redo brings back, the next one first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redo: Vec<String>,
}

/// The line (from 1) that byte `at` of `text` is on: the one way a place in a TOML text is
/// said, whichever reader found it.
pub fn line_of(text: &str, at: usize) -> usize {
    text.get(..at.min(text.len()))
        .unwrap_or(text)
        .matches('\n')
        .count()
        + 1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The most rounds a record may hold: no real game comes near it (a game to 150 is over in
/// tens of rounds), and past it a record is refused before it is read.
pub const MOST_ROUNDS: usize = 100_000;

/// Where a span of a TOML text is, in words: `line 3`, or `line 3, "players"` when the span
/// is a short token on one line that `said` (what is wrong there) does not already name: a
/// repeated key, a value of the wrong kind. The one way a place in a TOML text is said, for
/// records and rules files alike.
pub fn place_of_span(text: &str, span: &std::ops::Range<usize>, said: &str) -> String {
    let line = line_of(text, span.start);
    match text.get(span.clone()).map(str::trim) {
        Some(token)
            if !token.is_empty()
                && token.chars().count() <= 40
                && !token.contains('\n')
                && !said.contains(token) =>
        {
            format!("line {line}, \"{token}\"")
        }
        _ => format!("line {line}"),
    }
}

/// Reads any game's record: its top-level `game` key, when it is `game`, is taken away
/// first (the family has chosen the game by it). Errors name the line, and the round when
/// they are in one; `foreign` explains a key, anywhere in the record, that belongs to
/// another game rather than this one.
pub fn read_record<T: serde::de::DeserializeOwned>(
    text: &str,
    game: &str,
    foreign: impl Fn(&str) -> Option<String>,
) -> Result<T, Error> {
    let rounds = text.matches("[[round]]").count();
    if rounds > MOST_ROUNDS {
        return Err(Error::TooManyRounds {
            rounds,
            most: MOST_ROUNDS,
        });
    }
    let place_of = |span: Option<std::ops::Range<usize>>, said: &str| match span {
        Some(span) => {
            let upto = text.get(..span.start).unwrap_or(text);
            let line = place_of_span(text, &span, said);
            // The table the error is in: the last header before it.
            let section = upto
                .lines()
                .map(str::trim_start)
                .rfind(|l| l.starts_with('['))
                .unwrap_or("");
            let rounds = upto
                .lines()
                .filter(|l| l.trim_start().starts_with("[[round]]"))
                .count();
            if section.starts_with("[[round]]") || section.starts_with("[round.") {
                format!("round {rounds} ({line})")
            } else if section.starts_with("[play") {
                format!("play ({line})")
            } else {
                line
            }
        }
        None => "game record".to_string(),
    };
    let error = |e: toml::de::Error| Error::Record {
        place: place_of(e.span(), e.message()),
        problem: e.message().trim().to_string(),
    };
    let mut table = toml::de::DeTable::parse(text).map_err(error)?;
    if let Some((span, problem)) = foreign_key(table.get_ref(), &foreign) {
        return Err(Error::Record {
            place: place_of(Some(span), &problem),
            problem,
        });
    }
    let ours = table
        .get_ref()
        .iter()
        .any(|(k, v)| k.get_ref() == "game" && v.get_ref().as_str() == Some(game));
    if ours {
        table.get_mut().remove("game");
    }
    T::deserialize(toml::de::Deserializer::from(table)).map_err(error)
}

/// The first key, at any depth, that `foreign` says belongs to another game: its span and
/// the explanation.
fn foreign_key(
    table: &toml::de::DeTable<'_>,
    foreign: &impl Fn(&str) -> Option<String>,
) -> Option<(std::ops::Range<usize>, String)> {
    table.iter().find_map(|(key, value)| {
        foreign(key.get_ref())
            .map(|problem| (key.span(), problem))
            .or_else(|| foreign_in(value.get_ref(), foreign))
    })
}

fn foreign_in(
    value: &toml::de::DeValue<'_>,
    foreign: &impl Fn(&str) -> Option<String>,
) -> Option<(std::ops::Range<usize>, String)> {
    match value {
        toml::de::DeValue::Table(table) => foreign_key(table, foreign),
        toml::de::DeValue::Array(items) => items
            .iter()
            .find_map(|item| foreign_in(item.get_ref(), foreign)),
        _ => None,
    }
}
