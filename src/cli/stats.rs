//! `carousel stats`: statistics across the saved games.

use super::{Answer, Output, print_json};
use crate::catalogue;
use crate::console::Console;
use crate::render::games;
use crate::stats;
use crate::words::{printable, printable_path};
use clap::Args;
use serde::Serialize;

/// Statistics across the saved games: games and rounds won, undercuts, going out, deadwood
///
/// Counts every game in your data directory ($XDG_DATA_HOME/carousel/games), archived games
/// included, finished or not (only finished games count as won): for each player of
/// Carousel, games and rounds played and won, rounds won by an undercut, times gone out,
/// knocks, the average deadwood left at a round's end and the most points scored in one
/// round. Canadian and Carolina Rummy are counted each on its own, under its name: for each
/// player, games and hands played, games and hands won with their side (a hand is won by the
/// side that scored the most in it), and times gone out. A file that cannot be read as a
/// game is passed over and named.
#[derive(Args, Debug)]
#[allow(clippy::doc_markdown)] // this text is the `--help`: a path in backticks would show them
#[command(after_help = "Examples:
  carousel stats
  carousel stats --json")]
pub(crate) struct StatsArgs {
    #[command(flatten)]
    pub output: Output,
}

pub(super) fn run(args: &StatsArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let dirs = super::games::dirs()?;
    let (games, skipped) = catalogue::scored_games(&dirs);
    let counted = crate::games::stats(&games);
    if args.output.json {
        print_json(
            c,
            &StatsJson {
                games: &counted,
                skipped: skipped
                    .iter()
                    .map(|(file, problem)| SkippedJson {
                        file: file.display().to_string(),
                        problem,
                    })
                    .collect(),
            },
        );
    } else {
        say!(c, "{}", games::stats(&counted, c.look()));
        for (file, problem) in &skipped {
            sayln!(
                c,
                "Passed over {}: {}",
                printable_path(file),
                printable(problem)
            );
        }
    }
    Ok(Answer::Yes)
}

/// `stats --json` (docs/commands.md#stats): the counts, then the files passed over.
#[derive(Serialize)]
struct StatsJson<'a> {
    /// Each game of the family played, counted on its own.
    games: &'a [stats::GameStats],
    skipped: Vec<SkippedJson<'a>>,
}

#[derive(Serialize)]
struct SkippedJson<'a> {
    file: String,
    problem: &'a str,
}
