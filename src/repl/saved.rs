//! The REPL's commands for the saved games and what leaves the table: the games listed,
//! picked, archived or removed after a yes; export (never over a game, over another file
//! after a yes); statistics. Each is a call into the library and a drawing function, for
//! every game of the family alike.

use super::question::Question;
use super::referee::{Referee, expand_home};
use crate::catalogue::{self, Saved, Tidy};
use crate::console::Console;
use crate::error::{Error, Overwrite};
use crate::export::Format;
use crate::render;
use crate::store::{self, GameFile};
use crate::words::{printable, printable_path};
use std::path::PathBuf;

impl Referee {
    fn saved_list(&self) -> Result<Vec<Saved>, Error> {
        Ok(catalogue::list(self.dirs()?))
    }

    pub(super) fn games(&self, c: &mut Console) -> Result<(), Error> {
        let gone = self.dirs()?.forget_gone();
        let list = self.saved_list()?;
        say!(c, "{}", render::games::games(&list, c.look()));
        say!(c, "{}", render::games::gone(&gone, c.look()));
        if !list.is_empty() {
            sayln!(
                c,
                "resume N goes on with game N; archive N or remove N tidies one away."
            );
        }
        Ok(())
    }

    /// The file `resume` means: a file that exists, else a saved game by number or name.
    pub(super) fn find_game(&self, which: &str) -> Result<PathBuf, Error> {
        let path = expand_home(which);
        if path.exists() || self.dirs.is_none() {
            return Ok(path);
        }
        let list = self.saved_list()?;
        Ok(catalogue::pick(&list, which)?.path.clone())
    }

    pub(super) fn ask_tidy(
        &mut self,
        tidy: Tidy,
        which: &str,
        c: &mut Console,
    ) -> Result<(), Error> {
        let list = self.saved_list()?;
        let saved = catalogue::pick(&list, which)?.clone();
        catalogue::check_tidy(&saved, tidy)?;
        // The game being played here, not finished, is not tidied from under the table.
        if let Some(file) = &self.file
            && saved.summary.as_ref().is_some_and(|s| !s.finished)
            && same_file(file.path(), &saved.path)
        {
            return Err(crate::error::Stage::TidyInPlay {
                game: printable(&saved.name).into_owned(),
                verb: tidy.verb(),
            }
            .into());
        }
        let about = match &saved.summary {
            Some(summary) if summary.finished => format!(
                "the game of {}",
                printable(&crate::words::and_list(&summary.players))
            ),
            Some(summary) => format!(
                "the game of {}, not finished ({})",
                printable(&crate::words::and_list(&summary.players)),
                crate::games::place(summary)
            ),
            None => String::new(),
        };
        sayln!(
            c,
            "{} {}, {about}? Type yes to {}, anything else to keep it.",
            if tidy == Tidy::Archive {
                "Archive"
            } else {
                "Remove"
            },
            printable(&saved.name),
            tidy.verb()
        );
        self.question = Some(Question::Tidy { tidy, saved });
        Ok(())
    }

    /// The line after a question: yes does it, anything else keeps the game or the file.
    pub(super) fn answer(
        &mut self,
        question: Question,
        text: &str,
        c: &mut Console,
    ) -> Result<(), Error> {
        let yes = matches!(text.trim().to_lowercase().as_str(), "y" | "yes");
        let (tidy, saved) = match question {
            Question::Tidy { tidy, saved } => (tidy, saved),
            Question::Replace { path, text } => {
                if yes {
                    // Checked again: it may have become a game since the question.
                    store::write_file(&path, &text, true)?;
                    sayln!(c, "Exported to {}.", printable_path(&path));
                } else {
                    sayln!(c, "Kept {}: nothing was written.", printable_path(&path));
                }
                return Ok(());
            }
        };
        if !yes {
            sayln!(
                c,
                "Kept {}: nothing was {}d.",
                printable(&saved.name),
                tidy.verb()
            );
            return Ok(());
        }
        let dirs = self.dirs()?.clone();
        // The game in play is let go (and its lock with it) before it is moved.
        let in_play = self.file.as_ref().is_some_and(|f| f.is(&saved.path));
        if in_play {
            self.may_leave()?;
            self.file = None;
        }
        match catalogue::tidy(&dirs, &saved, tidy) {
            Ok(Some(to)) => sayln!(
                c,
                "Archived {} in {}.",
                printable(&saved.name),
                printable_path(&to)
            ),
            Ok(None) => sayln!(c, "Removed {}.", printable(&saved.name)),
            Err(err) => {
                // Still there: the session takes the game back, locked again.
                if in_play && let Ok((file, Some(_))) = GameFile::open_text(&saved.path) {
                    self.file = Some(file);
                }
                return Err(err);
            }
        }
        if in_play {
            self.game = None;
            sayln!(
                c,
                "That was the game in play: new or resume starts another."
            );
        }
        Ok(())
    }

    pub(super) fn export(
        &mut self,
        format: &str,
        file: Option<&str>,
        c: &mut Console,
    ) -> Result<(), Error> {
        let game = self.game()?;
        let format = Format::parse(format)?;
        let text = game.scored().export().to_format(format)?;
        let Some(file) = file else {
            c.raw(&text);
            return Ok(());
        };
        let path = expand_home(file);
        if self.file.as_ref().is_some_and(|f| f.is(&path)) {
            return Err(Overwrite::InPlay { path }.into());
        }
        match store::write_file(&path, &text, false) {
            Ok(()) => sayln!(c, "Exported to {}.", printable_path(&path)),
            Err(Error::Overwrite(Overwrite::Exists { .. })) => {
                sayln!(
                    c,
                    "{} exists already. Replace it with the export? Type yes to replace it, anything else to keep it.",
                    printable_path(&path)
                );
                self.question = Some(Question::Replace { path, text });
            }
            Err(err) => return Err(err),
        }
        Ok(())
    }

    pub(super) fn stats(&self, c: &mut Console) -> Result<(), Error> {
        let (games, skipped) = catalogue::scored_games(self.dirs()?);
        let counted = crate::games::stats(&games);
        say!(c, "{}", render::games::stats(&counted, c.look()));
        for (file, problem) in &skipped {
            sayln!(
                c,
                "Passed over {}: {}",
                printable_path(file),
                printable(problem)
            );
        }
        Ok(())
    }
}

/// Whether two paths name one file.
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}
