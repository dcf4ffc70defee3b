//! The command line: the one-shot commands of docs/commands.md#check and after, each a thin call into the library.

mod arrange;
pub(crate) mod canadian;
mod chart;
mod check;
mod completions;
mod dispute;
mod export;
mod games;
mod manual;
mod play;
mod score;
mod score_args;
mod solve;
mod stats;
mod tally;

use crate::console::Console;
use crate::deck::Deck;
use crate::games::manipulation::meld::MeldRules;
use crate::games::manipulation::rules::Rules;
use crate::words::{printable, printable_lines};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use indexmap::IndexMap;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub use play::PlayArgs;

#[derive(Parser, Debug)]
#[command(
    name = "carousel",
    version,
    about = "A referee and scorekeeper for Carousel (Manipulation Rummy) played with real cards",
    long_about = "A referee and scorekeeper for Carousel (Manipulation Rummy) played with real cards.\n\n\
        Type the table and a move in compact notation to hear whether it is legal, score rounds \
        and whole games, or ask for the best play.\n\n\
        Cards: 7h, 10s, Th, Qd, A♣; a joker is * (on the table *7h, the card it stands for).\n\
        A table is melds separated by |: \"3s 4s 5s | 6h 6d 6c *6s\".\n\n\
        It keeps the score of Canadian and Carolina Rummy too: score --game canadian|carolina, \
        tally of their records, pile and set for their disputes, and new --game in the REPL.",
    after_help = "Examples:
  carousel                                   referee a game at the table (the REPL)
  carousel check --before \"8h 9h *10h\" --hand 6h --after \"6h *7h 8h 9h\"
  carousel score --knocker bob alice=12 bob=3 carol=\"Kd *\"
  carousel solve --table \"7c 8c 9c | 7d 8d 9d\" --hand \"7h 9h Js\"
  carousel score --game canadian --out alice --melds alice=\"Ks Kh 2c\" alice=0 bob=20 carol=5 dave=5"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    Check(check::CheckArgs),
    Score(score_args::ScoreArgs),
    Tally(tally::TallyArgs),
    Solve(solve::SolveArgs),
    Arrange(arrange::ArrangeArgs),
    Pile(dispute::PileArgs),
    Set(dispute::SetArgs),
    Play(PlayArgs),
    Games(games::GamesArgs),
    Export(export::ExportArgs),
    Stats(stats::StatsArgs),
    Chart(chart::ChartArgs),
    Completions(completions::CompletionsArgs),
    Man(manual::ManArgs),
}

/// Options every one-shot command takes.
#[derive(Args, Debug, Clone)]
pub(crate) struct Output {
    /// Print one JSON object on stdout instead of text for people
    #[arg(long)]
    pub json: bool,
}

/// The deck and house rules a position is judged under.
#[derive(Args, Debug, Clone)]
pub(crate) struct Setup {
    /// Players at the table: 2 play one deck and a joker, 3-5 two decks and two jokers
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub players: usize,
    /// House rules: a TOML file of [rules] keys (see `carousel tally --help`)
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
}

impl Setup {
    pub(crate) fn load(&self) -> anyhow::Result<(Rules, Deck, MeldRules)> {
        let rules = load_rules(self.rules.as_deref())?;
        let deck = Deck::for_players(self.players)?;
        let meld_rules = MeldRules::new(&rules, deck);
        Ok((rules, deck, meld_rules))
    }
}

/// The house rules of `--rules FILE` (read by the library), or the rulings' defaults.
pub(crate) fn load_rules(path: Option<&Path>) -> anyhow::Result<Rules> {
    Ok(path.map(Rules::load).transpose()?.unwrap_or_default())
}

/// What a command found: a yes (exit 0) or a well-formed no (exit 1).
pub(crate) enum Answer {
    Yes,
    No,
}

/// Runs a one-shot command and turns its outcome into the exit status of
/// docs/commands.md#exit-status:
/// 0 yes, 1 a well-formed no, 2 bad input (with the message on stderr). `play` (and no
/// command at all) is the REPL's, which `main` starts.
pub(crate) fn run(command: &Command, c: &mut Console) -> u8 {
    let (result, json) = match command {
        Command::Check(args) => (check::run(args, c), args.output.json),
        Command::Score(args) => (score::run(args, c), args.output.json),
        Command::Tally(args) => (tally::run(args, c), args.output.json),
        Command::Solve(args) => (solve::run(args, c), args.output.json),
        Command::Arrange(args) => (arrange::run(args, c), args.output.json),
        Command::Pile(args) => (dispute::pile(args, c), args.output.json),
        Command::Set(args) => (dispute::set(args, c), args.output.json),
        Command::Play(_) => (
            Err(anyhow::anyhow!(
                "play starts the REPL, not a one-shot command"
            )),
            false,
        ),
        Command::Games(args) => (games::run(args, c), args.output.json),
        Command::Export(args) => (export::run(args, c), args.json.json),
        Command::Stats(args) => (stats::run(args, c), args.output.json),
        Command::Chart(args) => (chart::run(args, c), args.output.json),
        Command::Completions(args) => (completions::run(args, c), false),
        Command::Man(args) => (manual::run(args, c), false),
    };
    let status = match result {
        Ok(Answer::Yes) => 0,
        Ok(Answer::No) => 1,
        Err(err) => {
            let (line, message, status) = crate::render::error::one_shot(&err);
            warnln!(c, "{line}");
            if json {
                print_json(c, &ErrorJson { error: &message });
            }
            status
        }
    };
    c.finish(status)
}

/// One value per player (or side), keyed by name in seating order: a JSON object.
pub(crate) fn by_name<T: Clone>(names: &[String], values: &[T]) -> IndexMap<String, T> {
    names.iter().cloned().zip(values.iter().cloned()).collect()
}

/// What `--json` prints when a command fails (docs/commands.md#json-output).
#[derive(Serialize)]
struct ErrorJson<'a> {
    error: &'a str,
}

/// Prints a value as one line of JSON. Each command's JSON is a type of its own, so its
/// shape is written once, as the type's fields in order.
pub(crate) fn print_json(c: &mut Console, value: &impl Serialize) {
    // Written as it is serialized: a long game's JSON is never held whole.
    let mut out = c.writer();
    let written = serde_json::to_writer(&mut out, value).and_then(|()| {
        use std::io::Write;
        out.write_all(b"\n").map_err(serde_json::Error::io)?;
        out.flush().map_err(serde_json::Error::io)
    });
    drop(out);
    // Only a map with keys that are not strings fails (the console keeps a failed write
    // itself), and no output type has one.
    if let Err(e) = written {
        warnln!(c, "carousel: cannot write the JSON: {e}");
    }
}

/// Runs the program: the command line read, the REPL or a one-shot command run, the exit
/// status returned.
pub fn main() -> ExitCode {
    let mut console = Console::of_process();
    ExitCode::from(run_args(
        &std::env::args_os().collect::<Vec<_>>(),
        &mut console,
    ))
}

/// Runs the program on the command line `args` (the program's name first) with `c` for its
/// streams: the REPL or a one-shot command. Gives the exit status.
pub fn run_args(args: &[std::ffi::OsString], c: &mut Console) -> u8 {
    let typed_control = args
        .iter()
        .any(|a| a.to_string_lossy().contains(char::is_control));
    match parse(args, typed_control) {
        // The referee decides; main only says which part of the binary hears the request.
        Ok(Cli { command: None }) => crate::repl::run(&PlayArgs::default(), c),
        Ok(Cli {
            command: Some(Command::Play(play)),
        }) => crate::repl::run(&play, c),
        Ok(Cli {
            command: Some(command),
        }) => run(&command, c),
        Err(err) if err.kind() == clap::error::ErrorKind::InvalidUtf8 => {
            warnln!(c, "carousel: {}", not_utf8_argument(args));
            c.finish(2)
        }
        Err(err) => {
            // clap's help and its own errors. An error that says back an argument holding a
            // control character has no colours (see `parse`), and is shown with the argument
            // escaped.
            let said = if typed_control {
                format!(
                    "{}\n",
                    printable_lines(err.render().ansi().to_string().trim_end())
                )
            } else if c.is_terminal() && err.use_stderr() {
                err.render().ansi().to_string()
            } else {
                err.render().to_string()
            };
            if err.use_stderr() {
                warn!(c, "{said}");
            } else {
                say!(c, "{said}");
            }
            c.finish(u8::try_from(err.exit_code()).unwrap_or(2))
        }
    }
}

/// The command line read by clap. When an argument holds a control character, clap's
/// messages are made without its colours, so that the only escapes in them are the
/// argument's own, which `main` then shows escaped.
fn parse(args: &[std::ffi::OsString], typed_control: bool) -> Result<Cli, clap::Error> {
    if !typed_control {
        return Cli::try_parse_from(args);
    }
    let mut command = Cli::command().styles(clap::builder::Styles::plain());
    let matches = command.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))
}

/// Which argument is not UTF-8, and where: clap only says that one is.
fn not_utf8_argument(args: &[std::ffi::OsString]) -> String {
    for (i, arg) in args.iter().enumerate().skip(1) {
        if arg.to_str().is_none() {
            let bytes = arg.as_encoded_bytes();
            let at = std::str::from_utf8(bytes)
                .err()
                .map_or(0, |e| e.valid_up_to());
            return format!(
                "argument {i} (\"{}\"): not UTF-8 text at byte {} (0x{:02x}); cards, names and tables are text",
                printable(&arg.to_string_lossy()),
                at + 1,
                bytes[at]
            );
        }
    }
    "an argument is not UTF-8 text".to_string()
}
