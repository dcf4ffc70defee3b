//! `carousel chart`: the running totals of a game drawn in the terminal, or as an SVG.

use super::export::{game_path, load_scored};
use super::{Answer, Output, by_name, print_json};
use crate::console::Console;
use crate::render::chart;
use crate::store;
use crate::words::printable_path;
use clap::Args;
use indexmap::IndexMap;
use serde::Serialize;
use std::path::PathBuf;

/// Draw how a game went: each player's (or side's) running total over the rounds
///
/// One letter a player (a capital at each round's total), the target as a dashed line. In
/// Canadian and Carolina Rummy, one letter a side, over the hands; --json keys the totals
/// by side.
/// GAME is a game record or a saved game (a file, or the number or name `carousel games`
/// lists). --svg writes the chart as an SVG picture as well (never over a game's record or a
/// file a session holds, and over another file only with --force). --json gives the totals.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel chart examples/finished-game.toml
  carousel chart examples/carolina-game.toml")]
pub(crate) struct ChartArgs {
    /// The game: a file, or a saved game's number or name
    #[arg(value_name = "GAME.toml")]
    pub game: String,
    /// Also write the chart as an SVG picture to this file (a file that exists only with --force)
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Replace the --svg file if it exists; a game's record, or a file a session holds, is
    /// never replaced
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub output: Output,
}

pub(super) fn run(args: &ChartArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let path = game_path(&args.game)?;
    let series = load_scored(&path)?.series();
    if let Some(svg) = &args.svg {
        store::write_file(svg, &chart::svg(&series), args.force)?;
        warnln!(c, "Chart written to {}.", printable_path(svg));
    }
    if args.output.json {
        print_json(
            c,
            &ChartJson {
                target: series.target,
                totals: by_name(&series.names, &series.totals),
            },
        );
    } else {
        say!(c, "{}", chart::chart(&series, c.look()));
    }
    Ok(Answer::Yes)
}

/// `chart --json`: the target and each name's running totals.
#[derive(Serialize)]
struct ChartJson {
    target: i64,
    totals: IndexMap<String, Vec<i64>>,
}
