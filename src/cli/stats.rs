//! `carousel stats`: statistics across the saved games.

use super::{Answer, Output, print_json};
use crate::render::{games, look::Look};
use carousel::game::{self, GameRecord};
use carousel::{catalogue, stats};
use clap::Args;
use serde_json::json;

/// Statistics across the saved games: games and rounds won, undercuts, going out, deadwood
///
/// Counts every game in your data directory ($XDG_DATA_HOME/carousel/games), archived games
/// included, finished or not (only finished games count as won): for each player, games and
/// rounds played and won, rounds won by an undercut, times gone out, knocks, the average
/// deadwood left at a round's end and the most points scored in one round. A file that
/// cannot be read as a game is passed over and named.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel stats
  carousel stats --json")]
pub struct StatsArgs {
    #[command(flatten)]
    pub output: Output,
}

pub fn run(args: &StatsArgs) -> anyhow::Result<Answer> {
    let dirs = super::games::dirs()?;
    let mut tallies = Vec::new();
    let mut skipped = Vec::new();
    for path in catalogue::all_game_files(&dirs) {
        let scored = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| GameRecord::from_toml(&text).map_err(|e| e.to_string()))
            .and_then(|record| game::tally(&record).map_err(|e| e.to_string()));
        match scored {
            Ok(tally) => tallies.push(tally),
            Err(problem) => skipped.push((path.display().to_string(), problem)),
        }
    }
    let counted = stats::stats(&tallies);
    if args.output.json {
        let skipped: Vec<_> = skipped
            .iter()
            .map(|(file, problem)| json!({ "file": file, "problem": problem }))
            .collect();
        print_json(&json!({
            "games": counted.games,
            "finished": counted.finished,
            "rounds": counted.rounds,
            "players": counted.players,
            "skipped": skipped,
        }));
    } else {
        print!("{}", games::stats(&counted, Look::of_stdout()));
        for (file, problem) in &skipped {
            println!("Passed over {file}: {problem}");
        }
    }
    Ok(Answer::Yes)
}
