//! The one error type of the library: every way input can be refused, in a player's words.

use crate::carousel::moves::Verdict;
use crate::notation::ParseError;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Parse(#[from] ParseError),

    /// More copies of a card than the deck holds. `place` is appended as is
    /// (" in the table before and the hand together"), empty for a lone pile.
    #[error("{card} appears {count} times{place}; {deck} has {holds}")]
    TooManyCopies {
        card: String,
        count: u32,
        place: String,
        /// The deck in words: "a 3-player deck", "the 108-card deck".
        deck: String,
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
    #[error("round {round}: {error}")]
    InRound { round: usize, error: Box<Error> },

    /// A game record that is not well formed; `place` names the round and the key.
    #[error("{place}: {problem}")]
    Record { place: String, problem: String },

    /// A step of the game in progress that the rules of a turn refuse now: a fourth draw, a
    /// meld after the third draw, a turn ended too soon. A well-formed "no".
    #[error("{0}")]
    Refused(String),

    /// A move that breaks rules M1-M4: a well-formed "no" that changes nothing.
    #[error("illegal move: {}", violations(.0))]
    Illegal(Verdict),

    /// Input to the game in progress that cannot be taken: a meld number, a name, a count.
    #[error("{0}")]
    Play(String),

    /// A saved game that cannot be read or replayed. The file is left as it is.
    #[error("{path} is damaged and was left as it is: {problem}")]
    Damaged { path: String, problem: String },

    /// A file that cannot be read or written.
    #[error("{path}: {problem}")]
    File { path: String, problem: String },
}

impl Error {
    /// A refusal by the rules (exit 1) rather than input the program cannot read (exit 2).
    pub fn is_refusal(&self) -> bool {
        match self {
            Error::KnockRefused { .. } | Error::Refused(_) | Error::Illegal(_) => true,
            Error::InRound { error, .. } => error.is_refusal(),
            _ => false,
        }
    }
}

fn violations(verdict: &Verdict) -> String {
    verdict
        .violations
        .iter()
        .map(|v| format!("{} {}", v.rule, v.message))
        .collect::<Vec<_>>()
        .join("; ")
}

fn joker_choices(choices: &[String]) -> String {
    const SHOWN: usize = 12;
    if choices.is_empty() {
        "no card the joker could stand for makes this a legal meld".to_string()
    } else {
        let mut listed = choices
            .iter()
            .take(SHOWN)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        if choices.len() > SHOWN {
            listed.push_str(&format!(" and {} more", choices.len() - SHOWN));
        }
        format!(
            "a bare * must stand for exactly one card here; it could be {listed}: write the joker with its card"
        )
    }
}
