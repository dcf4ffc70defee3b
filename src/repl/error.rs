//! What a line of the REPL can fail with: the library's `Error` for a step of the game, and
//! the REPL's own errors (a command word not understood, a command missing its arguments, a
//! question answered with something else), which no other user of the library meets.

use carousel::Error;

#[derive(Debug, thiserror::Error)]
pub(crate) enum CommandError {
    /// A step the game refused or could not take.
    #[error(transparent)]
    Game(#[from] Error),

    /// A line that is not a command the REPL knows, or a command without what it needs
    /// (an `error:`, like bad input).
    #[error("{0}")]
    NotUnderstood(String),

    /// A command the REPL understood but will not do now (a `refused:`).
    #[error("{0}")]
    Refused(String),
}

impl CommandError {
    /// A refusal (the REPL's `refused:`, exit 1) rather than input it cannot take.
    pub(crate) fn is_refusal(&self) -> bool {
        match self {
            CommandError::Game(err) => err.is_refusal(),
            CommandError::NotUnderstood(_) => false,
            CommandError::Refused(_) => true,
        }
    }
}

impl From<carousel::notation::ParseError> for CommandError {
    fn from(err: carousel::notation::ParseError) -> Self {
        CommandError::Game(err.into())
    }
}
