//! `carousel tally`: a whole game record scored.

use super::{Answer, Output, by_name, print_json};
use crate::error::Error;
use crate::family::Record;
use crate::games::canadian;
use crate::games::manipulation::game::{self, GameRecord};
use crate::games::manipulation::rules::Rules;
use crate::store;
use anyhow::Context;
use clap::Args;
use indexmap::IndexMap;
use serde::Serialize;
use std::path::PathBuf;

/// Score a whole game record: totals after each round, and the bonuses at the end
#[derive(Args, Debug)]
#[command(long_about = long_about())]
#[command(after_help = "Example:
  carousel tally examples/finished-game.toml --json")]
pub(crate) struct TallyArgs {
    /// The game record (TOML)
    #[arg(value_name = "GAME.toml")]
    pub game: PathBuf,
    #[command(flatten)]
    pub output: Output,
}

/// `tally --help`: what a record holds, its `[rules]` written out from [`Rules::TABLE`] with
/// their defaults.
fn long_about() -> String {
    let mut text = String::from(
        "Score a whole game record: totals after each round, and the bonuses at the end

The record is TOML: the players, optional house rules, and each round's knocker and hands.
A top-level game = \"canadian\" or \"carolina\" makes it a record of those games (see the
README): teams, each round's out, [round.melds] by side and [round.hands], scored by side.

  players = [\"alice\", \"bob\", \"carol\"]
  [rules]                 # optional; the defaults are shown
",
    );
    for rule in &Rules::TABLE {
        text.push_str(&format!("  {} = {}\n", rule.key, rule.default.toml()));
    }
    text.push_str(
        "  [[round]]
  knocker = \"bob\"         # left out when the stock ran out
  [round.hands]           # each hand: a count or the cards left
  alice = 12
  bob = \"4s Ah\"
  carol = \"Kd *\"",
    );
    text
}

pub(super) fn run(args: &TallyArgs) -> anyhow::Result<Answer> {
    let text = store::read_text(&args.game).map_err(|e| match e {
        Error::File { path, problem } => anyhow::anyhow!("cannot read {path}: {problem}"),
        e => e.into(),
    })?;
    let place = || args.game.display().to_string();
    // A record the referee saved must be whole: one cut short is not another game.
    store::check_whole(&text).map_err(|problem| Error::Damaged {
        path: args.game.display().to_string(),
        problem,
    })?;
    match Record::from_toml(&text).with_context(place)? {
        Record::Carousel(record) => carousel_tally(args, &record),
        Record::Canadian(record) => {
            let (setup, tally) = canadian::record::scored(&record).with_context(place)?;
            if args.output.json {
                print_json(&super::canadian::tally_json(record.variant, &tally));
            } else {
                out!("{}", crate::render::canadian::scoreboard(&setup, &tally));
            }
            Ok(Answer::Yes)
        }
    }
}

fn carousel_tally(args: &TallyArgs, record: &GameRecord) -> anyhow::Result<Answer> {
    let record = record.clone();
    let tally = game::tally(&record).with_context(|| args.game.display().to_string())?;
    if args.output.json {
        let names = |indices: &[usize]| -> Vec<&String> {
            indices.iter().map(|i| &tally.sides[*i]).collect()
        };
        let end = tally.end.as_ref();
        print_json(&TallyJson {
            rounds: tally
                .rounds
                .iter()
                .map(|r| RoundJson {
                    points: by_name(&tally.sides, &r.score.points),
                    winners: names(&r.score.winners),
                    totals: by_name(&tally.sides, &r.totals),
                })
                .collect(),
            totals: by_name(&tally.sides, &tally.totals),
            finished: end.is_some(),
            bonuses: end.map(|e| by_name(&tally.sides, &e.bonuses)),
            final_totals: end.map(|e| by_name(&tally.sides, &e.final_totals)),
            game_winners: end.map_or(Vec::new(), |e| names(&e.winners)),
        });
    } else {
        out!("{}", crate::render::scoreboard(&tally, &record.rules));
    }
    Ok(Answer::Yes)
}

/// `tally --json` of a Carousel record (docs/commands.md#tally): `bonuses` and `final` only
/// once the game is finished.
#[derive(Serialize)]
struct TallyJson<'a> {
    rounds: Vec<RoundJson<'a>>,
    totals: IndexMap<String, i64>,
    finished: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    bonuses: Option<IndexMap<String, i64>>,
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    final_totals: Option<IndexMap<String, i64>>,
    game_winners: Vec<&'a String>,
}

#[derive(Serialize)]
struct RoundJson<'a> {
    points: IndexMap<String, u32>,
    winners: Vec<&'a String>,
    totals: IndexMap<String, i64>,
}
