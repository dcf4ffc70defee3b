//! The interactive referee: reads lines (rustyline at a terminal, plain lines from a pipe or
//! a test's input), hands each to the one [`Referee`] of every game, and prints through the
//! console it is given. No rule lives here.

mod command;
mod complete;
#[cfg(test)]
mod fuzz;
pub(crate) mod help;
mod question;
mod referee;
mod saved;

pub use crate::cli::PlayArgs;
pub use referee::{Flow, Outcome, Referee};

use crate::console::{Console, WRITE_FAILED};
use crate::store::Dirs;
use complete::ReplHelper;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};
use std::path::PathBuf;

/// A line of input, or why there is none.
enum Input {
    Line(String),
    /// A line of a script that is not UTF-8: the byte where it goes wrong (from 1).
    NotText(usize),
    /// Ctrl-C at the terminal.
    Cleared,
    End,
    Failed(String),
}

/// Reads a line of a script (input that is no terminal) with no prompt. A line that is not
/// UTF-8 is reported and skipped rather than ending the session.
fn script_line(c: &mut Console) -> Input {
    match c.read_line() {
        Ok(None) => Input::End,
        Ok(Some(bytes)) => match String::from_utf8(bytes) {
            Ok(line) => Input::Line(line),
            Err(e) => Input::NotText(e.utf8_error().valid_up_to() + 1),
        },
        Err(e) => Input::Failed(e.to_string()),
    }
}

fn history_file(dirs: Option<&Dirs>) -> Option<PathBuf> {
    let path = dirs?.history();
    std::fs::create_dir_all(path.parent()?).ok()?;
    Some(path)
}

/// Runs the session with the user's directories: see [`run_with`].
pub fn run(args: &PlayArgs, c: &mut Console) -> u8 {
    run_with(args, Dirs::of_user(), c)
}

/// Runs the session to its end: Ctrl-D, `quit`, or the end of the input; `dirs` are where
/// games, the line history and house rules are kept. The exit status of a script ranks its
/// lines (see [`PlayArgs`]); whatever the input, it is 3 when the game in play is not saved
/// at the end, or the output could not be written.
pub fn run_with(args: &PlayArgs, dirs: Option<Dirs>, c: &mut Console) -> u8 {
    let interactive = c.is_terminal();
    let history = if interactive {
        history_file(dirs.as_ref())
    } else {
        None
    };
    let mut referee = match Referee::start(args, dirs, c) {
        Ok(referee) => referee,
        Err(err) => {
            warnln!(
                c,
                "carousel: {}",
                crate::words::printable_lines(&err.to_string())
            );
            return c.finish(2);
        }
    };
    let mut editor = None;
    if interactive {
        let config = Config::builder()
            .completion_type(CompletionType::List)
            .auto_add_history(false)
            .build();
        match Editor::<ReplHelper, DefaultHistory>::with_config(config) {
            Ok(mut made) => {
                made.set_helper(Some(ReplHelper::default()));
                editor = Some(made);
            }
            Err(err) => {
                warnln!(c, "carousel: cannot open the terminal: {err}");
                return c.finish(2);
            }
        }
    }
    if let (Some(path), Some(editor)) = (&history, &mut editor)
        && path.exists()
    {
        let _ = editor.load_history(path);
    }
    if interactive {
        referee.banner(c);
    }
    let mut worst = Outcome::Accepted;
    let mut told_of_recall = false;
    let mut warned_unsaved = false;
    let mut number = 0;
    loop {
        let prompt = referee.prompt();
        let read = match &mut editor {
            Some(editor) => {
                if let Some(helper) = editor.helper_mut() {
                    helper.names = referee.names();
                    helper.words = referee.game_words();
                    helper.takes_a_name = referee.takes_a_name();
                    let rules = referee.rules_now();
                    helper.rules = rules
                        .table()
                        .iter()
                        .map(|r| (r.key, matches!(r.default, crate::rules::Setting::Switch(_))))
                        .collect();
                }
                c.flush();
                match editor.readline(&prompt) {
                    Ok(line) => Input::Line(line),
                    Err(ReadlineError::Interrupted) => Input::Cleared,
                    Err(ReadlineError::Eof) => Input::End,
                    Err(err) => Input::Failed(err.to_string()),
                }
            }
            None => script_line(c),
        };
        match read {
            Input::Line(line) => {
                number += 1;
                if args.echo && !interactive {
                    sayln!(c, "{prompt}{line}");
                }
                // Every line goes into the history, so Up brings back a failed one to edit;
                // a failed line is never put in front of the next one typed.
                if let Some(editor) = &mut editor
                    && !line.trim().is_empty()
                {
                    let _ = editor.add_history_entry(line.as_str());
                    if let Some(path) = &history {
                        let _ = editor.append_history(path);
                    }
                }
                let (outcome, flow) = referee.line(&line, (!interactive).then_some(number), c);
                worst = worst.max(outcome);
                // A turn line refused part-way: Up brings back the parts still to play, not
                // the steps that stood.
                let retry = referee.take_retry();
                if let (Some(editor), Some(retry)) = (&mut editor, &retry) {
                    let _ = editor.add_history_entry(retry.as_str());
                }
                if let Some(retry) = retry.filter(|_| interactive) {
                    sayln!(
                        c,
                        "(Up arrow brings back what is left to play: {}.)",
                        crate::words::printable(&retry)
                    );
                } else if interactive && outcome != Outcome::Accepted && !told_of_recall {
                    sayln!(c, "(Up arrow brings the line back to edit.)");
                    told_of_recall = true;
                }
                if let Flow::Quit = flow {
                    // At the terminal, a first quit with steps unsaved only warns.
                    match referee.unsaved_warning() {
                        Some(warning) if interactive && !warned_unsaved => {
                            warnln!(c, "{warning} quit again leaves without saving.");
                            warned_unsaved = true;
                        }
                        _ => break,
                    }
                }
            }
            Input::NotText(byte) => {
                number += 1;
                warnln!(
                    c,
                    "line {number}: error: not UTF-8 text at byte {byte}; the line is skipped"
                );
                worst = Outcome::NotUnderstood;
            }
            Input::Cleared => {
                if referee.unsaved_warning().is_some() {
                    sayln!(
                        c,
                        "(Line cleared. The game is not saved: save FILE writes it to another file.)"
                    );
                } else {
                    sayln!(
                        c,
                        "(Line cleared. quit or Ctrl-D leaves; the game is saved.)"
                    );
                }
            }
            Input::End => {
                if let Some(err) = referee.unanswered() {
                    warnln!(c, "refused: {err}");
                    worst = worst.max(Outcome::Refused);
                }
                match referee.unsaved_warning() {
                    Some(warning) if interactive && !warned_unsaved => {
                        warnln!(c, "{warning} Ctrl-D again leaves without saving.");
                        warned_unsaved = true;
                    }
                    _ => break,
                }
            }
            Input::Failed(err) => {
                warnln!(c, "carousel: cannot read a line: {err}");
                worst = Outcome::NotUnderstood;
                break;
            }
        }
        // A reader that went away (a closed pipe) or a full disk ends the session: every
        // step so far is saved, and nothing more can be shown.
        if c.failure().is_some() {
            break;
        }
    }
    if interactive {
        referee.farewell(c);
    }
    if let Some(warning) = referee.unsaved_warning() {
        warnln!(c, "carousel: {warning}");
        return c.finish(WRITE_FAILED);
    }
    if interactive {
        return c.finish(0);
    }
    c.finish(match worst {
        Outcome::Accepted => 0,
        Outcome::Refused => 1,
        Outcome::NotUnderstood => 2,
    })
}
