//! The one error type of the library: every way input can be refused, in a player's words.

use crate::notation::ParseError;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Parse(#[from] ParseError),

    /// More copies of a card than the deck holds. `place` is appended as is
    /// (" in the table before and the hand together"), empty for a lone pile.
    #[error("{card} appears {count} times{place}; a {players}-player deck has {holds}")]
    TooManyCopies {
        card: String,
        count: u32,
        place: String,
        players: usize,
        holds: u32,
    },

    /// A bare `*` on the table that no single stated card explains.
    #[error("\"*\" (meld {meld_number}: {meld}): {}", joker_choices(.choices))]
    JokerChoice {
        meld_number: usize,
        meld: String,
        choices: Vec<String>,
    },

    #[error("Carousel is played by 2 to 5 players, not {0}")]
    PlayerCount(usize),

    #[error("house rules: {0}")]
    Rules(String),

    /// A knock with more deadwood than the limit: a well-formed "no", not bad input.
    #[error("{player} cannot knock with {deadwood} in hand; the knock limit is {limit}")]
    KnockRefused {
        player: String,
        deadwood: u32,
        limit: u32,
    },

    /// A round's hands that cannot all be true at once, or a name that is wrong.
    #[error("{0}")]
    Round(String),

    /// A round of a game record that cannot be scored, and why.
    #[error("round {round}: {source}")]
    InRound { round: usize, source: Box<Error> },

    /// A game record that is not well formed; `place` names the round and the key.
    #[error("{place}: {problem}")]
    Record { place: String, problem: String },
}

impl Error {
    /// A refusal by the rules (exit 1) rather than input the program cannot read (exit 2).
    pub fn is_refusal(&self) -> bool {
        match self {
            Error::KnockRefused { .. } => true,
            Error::InRound { source, .. } => source.is_refusal(),
            _ => false,
        }
    }
}

fn joker_choices(choices: &[String]) -> String {
    const SHOWN: usize = 12;
    match choices {
        [] => "no card the joker could stand for makes this a legal meld".to_string(),
        [_, ..] => {
            let mut listed = choices
                .iter()
                .take(SHOWN)
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ");
            if choices.len() > SHOWN {
                listed.push_str(&format!(" and {} more", choices.len() - SHOWN));
            }
            format!("a bare * must stand for exactly one card here; it could be {listed}: write the joker with its card")
        }
    }
}
