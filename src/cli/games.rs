//! `carousel games`: the saved games listed, and one archived or removed.

use super::{Answer, Output, print_json};
use crate::catalogue::{self, Tidy};
use crate::console::Console;
use crate::error::Error;
use crate::render::games;
use crate::store::Dirs;
use crate::words::{printable, printable_path};
use clap::Args;
use serde::Serialize;

/// List the saved games: players, round, leader, when last played, finished or not
///
/// The games are those the referee saves in your data directory ($XDG_DATA_HOME/carousel/games,
/// by default ~/.local/share/carousel/games), the most recently played first, numbered for
/// `resume N` in the REPL. A game is named by its number or by (a part of) its file name.
/// --archive moves a game into games/archive/ (out of the list, still counted by `carousel
/// stats`); --remove deletes it. Both ask for a yes first, read from the terminal or the
/// next line of standard input, and say when the game is not finished; with no answer
/// nothing is done (exit 1). --yes answers for a script. A game open in a session is never
/// archived or removed.
#[derive(Args, Debug)]
#[allow(clippy::doc_markdown)] // this text is the `--help`: a path in backticks would show them
#[command(after_help = "Examples:
  carousel games
  carousel games --json")]
pub(crate) struct GamesArgs {
    /// Archive this finished game (its number or name)
    #[arg(long, value_name = "GAME", conflicts_with = "remove")]
    pub archive: Option<String>,
    /// Remove this finished game (its number or name)
    #[arg(long, value_name = "GAME")]
    pub remove: Option<String>,
    /// Answer yes to the confirmation
    #[arg(long)]
    pub yes: bool,
    #[command(flatten)]
    pub output: Output,
}

/// The user's directories, or why there are none.
pub(super) fn dirs() -> anyhow::Result<Dirs> {
    Dirs::of_user().ok_or_else(|| {
        anyhow::anyhow!("there is no data directory (no home directory), so no saved games")
    })
}

/// Asks a yes-or-no question on standard input. No answer at all (the end of the input)
/// is a refusal, so a script that forgot to answer changes nothing.
/// With `json`, the question goes to standard error: standard output holds the JSON alone.
pub(super) fn confirm(question: &str, json: bool, c: &mut Console) -> Result<bool, Error> {
    match (c.is_terminal(), json) {
        (true, false) => say!(c, "{question} (yes/no) "),
        (false, false) => sayln!(c, "{question} (yes/no)"),
        (_, true) => warnln!(c, "{question} (yes/no)"),
    }
    c.flush();
    match c.read_line() {
        Ok(None) | Err(_) => Err(Error::NoAnswerNoYes),
        Ok(Some(answer)) => Ok(matches!(
            String::from_utf8_lossy(&answer)
                .trim()
                .to_lowercase()
                .as_str(),
            "y" | "yes"
        )),
    }
}

pub(super) fn run(args: &GamesArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let dirs = dirs()?;
    let list = catalogue::list(&dirs);
    let (tidy, which) = match (&args.archive, &args.remove) {
        (Some(which), _) => (Tidy::Archive, which),
        (None, Some(which)) => (Tidy::Remove, which),
        (None, None) => {
            if args.output.json {
                print_json(c, &ListJson { games: &list });
            } else {
                say!(c, "{}", games::games(&list, c.look()));
                say!(c, "{}", games::gone(&dirs.forget_gone(), c.look()));
            }
            return Ok(Answer::Yes);
        }
    };
    let saved = catalogue::pick(&list, which)?;
    catalogue::check_tidy(saved, tidy)?;
    let verb = tidy.verb();
    if !args.yes {
        let question = format!(
            "{} {} ({})?",
            crate::words::capitalized(verb),
            printable(&saved.name),
            saved.summary.as_ref().map_or_else(String::new, |s| {
                let players = s.players.join(", ");
                if s.finished {
                    players
                } else {
                    format!("{players}; not finished: {}", crate::games::place(s))
                }
            })
        );
        if !confirm(&question, args.output.json, c)? {
            if args.output.json {
                print_json(c, &NotDoneJson { done: false });
            } else {
                sayln!(c, "Nothing was {verb}d.");
            }
            return Ok(Answer::No);
        }
    }
    let moved = catalogue::tidy(&dirs, saved, tidy)?;
    if args.output.json {
        let path = Some(saved.path.display().to_string());
        let (archive, remove) = match tidy {
            Tidy::Archive => (path, None),
            Tidy::Remove => (None, path),
        };
        print_json(
            c,
            &TidyJson {
                done: true,
                archive,
                remove,
                to: moved.as_ref().map(|p| p.display().to_string()),
            },
        );
    } else {
        match moved {
            Some(to) => sayln!(
                c,
                "Archived {} in {}.",
                printable(&saved.name),
                printable_path(&to)
            ),
            None => sayln!(c, "Removed {}.", printable(&saved.name)),
        }
    }
    Ok(Answer::Yes)
}

/// `games --json`: the saved games, most recently played first.
#[derive(Serialize)]
struct ListJson<'a> {
    games: &'a [catalogue::Saved],
}

/// `games --archive/--remove --json` done: the game's file under the verb's name and where
/// an archived game went (null when removed).
#[derive(Serialize)]
struct TidyJson {
    done: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    archive: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    remove: Option<String>,
    to: Option<String>,
}

/// `games --archive/--remove --json` when the answer was no.
#[derive(Serialize)]
struct NotDoneJson {
    done: bool,
}
