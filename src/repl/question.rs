//! A question the REPL asks before it does what cannot be undone: the next line answers it.

use crate::catalogue::{Saved, Tidy};
use crate::error::Error;
use crate::words::{printable, printable_path};
use std::path::PathBuf;

/// A question waiting for its yes: the next line answers it.
pub(crate) enum Question {
    /// Archive or remove a saved game?
    Tidy { tidy: Tidy, saved: Saved },
    /// Replace a file that exists (and is no game) with an export?
    Replace { path: PathBuf, text: String },
}

impl Question {
    /// The input ended before the answer: nothing was done.
    pub(crate) fn unanswered(self) -> Error {
        match self {
            Question::Tidy { tidy, saved } => Error::NoAnswer {
                what: printable(&saved.name).into_owned(),
                done: match tidy {
                    Tidy::Archive => "archived",
                    Tidy::Remove => "removed",
                },
            },
            Question::Replace { path, .. } => Error::NoAnswer {
                what: printable_path(&path),
                done: "replaced",
            },
        }
    }
}
