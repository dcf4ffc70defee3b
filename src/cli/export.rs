//! `carousel export`: a game's rounds, totals and bonuses as CSV, Markdown or JSON.

use super::{Answer, Output};
use crate::console::Console;
use crate::error::Error;
use crate::export::Format;
use crate::family::Scored;
use crate::store;
use crate::words::printable_path;
use anyhow::Context;
use clap::Args;
use std::path::{Path, PathBuf};

/// Export a game: every round's hands, points, winners, knocker, undercut and totals, and the bonuses
///
/// GAME is a game record or a saved game (a file, or the number or name `carousel games`
/// lists), of Carousel, Canadian or Carolina Rummy. For Carousel, CSV has a row a round (and
/// a `bonuses` row once the game is over), three columns a player: deadwood, points, running
/// total. For Canadian and Carolina Rummy, CSV has a row a hand (and a `winners` row once
/// the game is over), the player who went out, and six columns a side: table, held,
/// deducted, bonus, points, running total. Markdown is the scoreboard as a table with how
/// every round's points came about. JSON is one object (as `--json`). --output never
/// writes over a game's record or a file a session holds, and over another file only with
/// --force.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel export examples/finished-game.toml --format csv
  carousel export examples/finished-game.toml --format markdown
  carousel export examples/finished-game.toml --json
  carousel export examples/canadian-game.toml --format markdown")]
pub(crate) struct ExportArgs {
    /// The game: a file, or a saved game's number or name
    #[arg(value_name = "GAME.toml")]
    pub game: String,
    /// csv, markdown or json
    #[arg(long, short, value_name = "FORMAT", default_value = "csv")]
    pub format: String,
    /// Write to this file instead of standard output (a file that exists only with --force)
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace the --output file if it exists; a game's record, or a file a session holds,
    /// is never replaced
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub json: Output,
}

/// A game file named on the command line: the file when it exists, else a saved game by
/// its number or name.
pub(super) fn game_path(game: &str) -> anyhow::Result<PathBuf> {
    let path = PathBuf::from(game);
    if path.exists() {
        return Ok(path);
    }
    let dirs = crate::store::Dirs::of_user()
        .with_context(|| format!("cannot read {game}: no such file"))?;
    let list = crate::catalogue::list(&dirs);
    let saved = crate::catalogue::pick(&list, game)
        .with_context(|| format!("cannot read {game}: no such file"))?;
    Ok(saved.path.clone())
}

/// Reads and scores a game record (or saved game) of any game of the family.
pub(super) fn load_scored(path: &Path) -> anyhow::Result<Box<dyn Scored>> {
    // The log of a sealed record is not read: the rounds alone are scored.
    let text = crate::record::read_for_rounds(path).map_err(|e| match e {
        Error::File { problem, .. } => {
            anyhow::anyhow!("cannot read {}: {problem}", printable_path(path))
        }
        e => e.into(),
    })?;
    let kind = crate::games::of_record(&text).with_context(|| path.display().to_string())?;
    kind.entry()
        .scored(&text)
        .with_context(|| path.display().to_string())
}

pub(super) fn run(args: &ExportArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let format = if args.json.json {
        Format::Json
    } else {
        Format::parse(&args.format).context("--format")?
    };
    let path = game_path(&args.game)?;
    let game = load_scored(&path)?;
    // Written as it is made, a round at a time: a long game's export is never held whole.
    let export = game.export();
    if let Some(out) = &args.output {
        store::write_file_with(out, args.force, |w| export.write_to(format, w))?;
        warnln!(c, "Written to {}.", printable_path(out));
    } else {
        let mut out = c.writer();
        let written = export
            .write_to(format, &mut out)
            .and_then(|()| std::io::Write::flush(&mut out));
        drop(out);
        written.map_err(|e| crate::export::csv_failed(&e))?;
    }
    Ok(Answer::Yes)
}
