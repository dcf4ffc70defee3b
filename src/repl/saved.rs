//! The REPL's commands for the table view: why a round scored what it did, the saved games
//! (listed, picked, archived or removed after a yes), export, statistics and the chart. Each
//! is a call into the library and a drawing function.

use super::CommandError;
use super::command::WhyArg;
use super::{Referee, expand_home};
use crate::catalogue::{self, Saved, Tidy};
use crate::error::Error;
use crate::error::Overwrite;
use crate::export::{self, Format};
use crate::render::{self, look::Look};
use crate::store::{self, GameFile};
use crate::words::{printable, printable_path};
use std::path::{Path, PathBuf};

/// A question waiting for its yes: the next line answers it.
pub(super) enum Pending {
    /// Archive or remove a saved game?
    Tidy { tidy: Tidy, saved: Saved },
    /// Replace a file that exists (and is no game) with an export?
    Replace { path: PathBuf, text: String },
}

impl Pending {
    /// Said when the input ends before the answer: nothing was done.
    pub(super) fn unanswered(&self) -> String {
        match self {
            Pending::Tidy { tidy, saved } => format!(
                "no answer to the question, so {} was not {}d",
                printable(&saved.name),
                tidy.verb()
            ),
            Pending::Replace { path, .. } => format!(
                "no answer to the question, so {} was not replaced",
                printable_path(path)
            ),
        }
    }

    /// The saved game the question would archive or remove, if that is the question.
    pub(super) fn tidied(&self) -> Option<&Path> {
        match self {
            Pending::Tidy { saved, .. } => Some(&saved.path),
            Pending::Replace { .. } => None,
        }
    }
}

/// Writes an export to the file `file` names, for either referee: never over the game in
/// play (`in_play`) or any game, and over another file only after a yes, which the next line
/// gives: then the question is returned, to wait for it.
pub(super) fn write_export(
    file: &str,
    text: String,
    in_play: Option<&GameFile>,
) -> Result<Option<Pending>, CommandError> {
    let path = expand_home(file);
    if in_play.is_some_and(|f| f.is(&path)) {
        return Err(Error::from(Overwrite::InPlay {
            path: path.display().to_string(),
        })
        .into());
    }
    match store::write_file(&path, &text, false) {
        Ok(()) => {
            outln!("Exported to {}.", printable_path(&path));
            Ok(None)
        }
        Err(Error::Overwrite(Overwrite::Exists { .. })) => {
            outln!(
                "{} exists already. Replace it with the export? Type yes to replace it, anything else to keep it.",
                printable_path(&path)
            );
            Ok(Some(Pending::Replace { path, text }))
        }
        Err(err) => Err(err.into()),
    }
}

impl Referee {
    pub(super) fn why(&self, arg: Option<WhyArg>) -> Result<(), CommandError> {
        let game = self.game()?;
        let tally = &game.tally();
        let look = Look::of_stdout();
        let scored = tally.rounds.len();
        match arg {
            Some(WhyArg::End) => out!("{}", render::why::game_end(tally, game.rules(), look)),
            Some(WhyArg::Round(n)) if n <= scored => {
                out!("{}", render::why::round(tally, n, game.rules(), look));
            }
            Some(WhyArg::Round(n)) => {
                return Err(CommandError::NotUnderstood(match scored {
                    0 => format!("\"{n}\": no round has been scored yet"),
                    1 => format!("\"{n}\": only round 1 has been scored"),
                    _ => format!("\"{n}\": rounds 1 to {scored} have been scored"),
                }));
            }
            None if scored == 0 => {
                return Err(CommandError::NotUnderstood(
                    "no round has been scored yet: why explains a round once it is scored"
                        .to_string(),
                ));
            }
            None => {
                out!("{}", render::why::round(tally, scored, game.rules(), look));
                if tally.end.is_some() {
                    out!("{}", render::why::game_end(tally, game.rules(), look));
                }
            }
        }
        Ok(())
    }

    fn saved_list(&self) -> Result<Vec<Saved>, CommandError> {
        let dirs = self.dirs.as_ref().ok_or_else(|| {
            CommandError::NotUnderstood(
                "there is no data directory (no home directory), so no saved games".into(),
            )
        })?;
        Ok(catalogue::list(dirs))
    }

    pub(super) fn games(&self) -> Result<(), CommandError> {
        let list = self.saved_list()?;
        out!("{}", render::games::games(&list, Look::of_stdout()));
        if !list.is_empty() {
            outln!("resume N goes on with game N; archive N or remove N tidies a finished one.");
        }
        Ok(())
    }

    /// The file `resume` means: a file that exists, else a saved game by number or name.
    pub(super) fn find_game(&self, which: &str) -> Result<PathBuf, CommandError> {
        let path = expand_home(which);
        if path.exists() || self.dirs.is_none() {
            return Ok(path);
        }
        let list = self.saved_list()?;
        Ok(catalogue::pick(&list, which)?.path.clone())
    }

    pub(super) fn ask_tidy(&mut self, tidy: Tidy, which: &str) -> Result<(), CommandError> {
        let list = self.saved_list()?;
        let saved = catalogue::pick(&list, which)?.clone();
        catalogue::check_tidy(&saved, tidy)?;
        let players = saved
            .summary
            .as_ref()
            .map_or_else(String::new, |s| crate::words::and_list(&s.players));
        outln!(
            "{} {}, the game of {players}? Type yes to {}, anything else to keep it.",
            if tidy == Tidy::Archive {
                "Archive"
            } else {
                "Remove"
            },
            printable(&saved.name),
            tidy.verb()
        );
        self.pending = Some(Pending::Tidy { tidy, saved });
        Ok(())
    }

    /// The line after a question: yes does it, anything else keeps the game or the file.
    pub(super) fn answer(&mut self, pending: Pending, text: &str) -> Result<(), CommandError> {
        let yes = matches!(text.trim().to_lowercase().as_str(), "y" | "yes");
        let (tidy, saved) = match pending {
            Pending::Tidy { tidy, saved } => (tidy, saved),
            Pending::Replace { path, text } => {
                if yes {
                    // Checked again: it may have become a game since the question.
                    store::write_file(&path, &text, true)?;
                    outln!("Exported to {}.", printable_path(&path));
                } else {
                    outln!("Kept {}: nothing was written.", printable_path(&path));
                }
                return Ok(());
            }
        };
        if !yes {
            outln!(
                "Kept {}: nothing was {}d.",
                printable(&saved.name),
                tidy.verb()
            );
            return Ok(());
        }
        let dirs = self.dirs.as_ref().ok_or_else(|| {
            CommandError::NotUnderstood(
                "there is no data directory (no home directory)".to_string(),
            )
        })?;
        // The game in play is let go (and its lock with it) before it is moved.
        let in_play = self.file.as_ref().is_some_and(|f| f.is(&saved.path));
        if in_play {
            self.may_leave()?;
            self.file = None;
        }
        match catalogue::tidy(dirs, &saved, tidy) {
            Ok(Some(to)) => outln!(
                "Archived {} in {}.",
                printable(&saved.name),
                printable_path(&to)
            ),
            Ok(None) => outln!("Removed {}.", printable(&saved.name)),
            Err(err) => {
                // Still there: the session takes the game back, locked again.
                if in_play && let Ok((file, Some(_))) = GameFile::open(&saved.path) {
                    self.file = Some(file);
                }
                return Err(err.into());
            }
        }
        if in_play {
            self.game = None;
        }
        if in_play {
            outln!("That was the game in play: new or resume starts another.");
        }
        Ok(())
    }

    pub(super) fn export(&mut self, format: &str, file: Option<&str>) -> Result<(), CommandError> {
        let game = self.game()?;
        let format = Format::parse(format)?;
        let text = export::export(game.tally(), game.rules()).to_format(format)?;
        match file {
            None => out!("{text}"),
            Some(file) => self.pending = write_export(file, text, self.file.as_ref())?,
        }
        Ok(())
    }

    pub(super) fn stats(&self) -> Result<(), CommandError> {
        let dirs = self.dirs.as_ref().ok_or_else(|| {
            CommandError::NotUnderstood(
                "there is no data directory (no home directory), so no saved games".into(),
            )
        })?;
        let (tallies, skipped) = catalogue::scored_games(dirs);
        let counted = crate::stats::family_stats(&tallies);
        out!("{}", render::games::stats(&counted, Look::of_stdout()));
        for (file, problem) in &skipped {
            outln!(
                "Passed over {}: {}",
                printable_path(file),
                printable(problem)
            );
        }
        Ok(())
    }

    pub(super) fn chart(&self) -> Result<(), CommandError> {
        let game = self.game()?;
        let tally = crate::family::Tally::Carousel(game.tally().clone(), game.rules().clone());
        out!(
            "{}",
            render::chart::chart(&tally.series(), Look::of_stdout())
        );
        Ok(())
    }
}
