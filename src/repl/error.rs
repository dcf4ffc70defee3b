//! What a line of the REPL can fail with: the library's `Error` for a step of the game, and
//! the REPL's own errors (a command word not understood, a command missing its arguments, a
//! question answered with something else), which no other user of the library meets.

use crate::error::Error;

#[derive(Debug, thiserror::Error)]
pub(crate) enum CommandError {
    /// A step the game refused or could not take.
    #[error(transparent)]
    Game(#[from] Error),

    /// A line that is not a command the REPL knows, or a command without what it needs
    /// (an `error:`, like bad input).
    #[error("{0}")]
    NotUnderstood(String),

    /// A first word that is no command; `hint` says what was probably meant.
    #[error("\"{word}\" is not a command{hint}; help lists the commands")]
    NotACommand { word: String, hint: Hint },

    /// A command given without what it works on: `needs` says what, with an example.
    #[error("{command} needs {needs}")]
    Needs { command: String, needs: String },

    /// A command that takes no argument, given one.
    #[error("\"{rest}\": {command} takes nothing more")]
    TakesNothingMore { command: String, rest: String },

    /// A command the REPL understood but will not do now (a `refused:`).
    #[error("{0}")]
    Refused(String),
}

impl CommandError {
    /// A refusal (the REPL's `refused:`, exit 1) rather than input it cannot take.
    pub(crate) fn is_refusal(&self) -> bool {
        match self {
            CommandError::Game(err) => err.is_refusal(),
            CommandError::NotUnderstood(_)
            | CommandError::NotACommand { .. }
            | CommandError::Needs { .. }
            | CommandError::TakesNothingMore { .. } => false,
            CommandError::Refused(_) => true,
        }
    }
}

/// What a word that is no command was probably meant to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Hint {
    /// A command a letter or two away.
    DidYouMean(&'static str),
    /// A card: cards are laid with meld or add.
    Cards,
    /// Nothing close.
    Nothing,
}

impl std::fmt::Display for Hint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Hint::DidYouMean(close) => write!(f, " (did you mean {close}?)"),
            Hint::Cards => {
                f.write_str(" (to lay cards: meld 7h 8h 9h; to add to a meld: add 2 6d)")
            }
            Hint::Nothing => Ok(()),
        }
    }
}

impl From<crate::notation::ParseError> for CommandError {
    fn from(err: crate::notation::ParseError) -> Self {
        CommandError::Game(err.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_that_is_no_command_says_what_was_probably_meant() {
        let said = |hint| {
            CommandError::NotACommand {
                word: "7h".to_string(),
                hint,
            }
            .to_string()
        };
        assert_eq!(
            said(Hint::Cards),
            "\"7h\" is not a command (to lay cards: meld 7h 8h 9h; to add to a meld: add 2 6d); help lists the commands"
        );
        assert_eq!(
            said(Hint::Nothing),
            "\"7h\" is not a command; help lists the commands"
        );
        let more = CommandError::TakesNothingMore {
            command: "quit".to_string(),
            rest: "now".to_string(),
        };
        assert!(!more.is_refusal());
        assert_eq!(more.to_string(), "\"now\": quit takes nothing more");
    }
}
