//! `carousel score`: one round scored from each player's hand.

use super::{Answer, Output, load_rules, print_json};
use anyhow::Context;
use carousel::card::CardCounts;
use carousel::scoring::{self, HandReport};
use carousel::{Deck, Error};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;

/// Score one round from the hands left
///
/// Give every player's hand as NAME=CARDS (the cards left) or NAME=COUNT (their value).
/// Without --knocker the stock ran out. A hand of no cards (NAME= or NAME=0) went out.
/// Exit 1 when the knock is refused (the knocker holds more than the knock limit).
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel score --knocker bob alice=12 bob=\"4s Ah\" carol=\"Kd *\"
  carousel score alice=7 bob=0 carol=22        (bob went out)")]
pub struct ScoreArgs {
    /// The player who knocked; leave out when the stock ran out
    #[arg(long, value_name = "NAME")]
    pub knocker: Option<String>,
    /// Each player's hand: NAME=CARDS or NAME=COUNT
    #[arg(value_name = "NAME=HAND", required = true)]
    pub hands: Vec<String>,
    /// House rules: a TOML file of [rules] keys (see `carousel tally --help`)
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    #[command(flatten)]
    pub output: Output,
}

pub fn run(args: &ScoreArgs) -> anyhow::Result<Answer> {
    let rules = load_rules(args.rules.as_deref())?;
    let deck = Deck::for_players(args.hands.len())?;
    let mut names: Vec<String> = Vec::new();
    let mut reports: Vec<HandReport> = Vec::new();
    for arg in &args.hands {
        let Some((name, hand)) = arg.split_once('=') else {
            return Err(Error::Round(format!(
                "\"{arg}\": a hand is NAME=CARDS or NAME=COUNT, like bob=\"4s Ah\" or bob=5"
            ))
            .into());
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(
                Error::Round(format!("\"{arg}\": the player's name is missing before =")).into(),
            );
        }
        if names.iter().any(|n| n == name) {
            return Err(Error::Round(format!("\"{name}\" is given two hands")).into());
        }
        let report = HandReport::parse(hand, deck).with_context(|| format!("{name}'s hand"))?;
        names.push(name.to_string());
        reports.push(report);
    }
    let all = CardCounts::of(reports.iter().flat_map(|r| r.cards().iter().copied()));
    deck.check_counts(&all, " in the hands together")?;
    let knocker = match &args.knocker {
        Some(name) => Some(names.iter().position(|n| n == name).ok_or_else(|| {
            Error::Round(format!(
                "--knocker \"{name}\" is not one of the players given ({})",
                names.join(", ")
            ))
        })?),
        None => None,
    };
    let score = scoring::score_round(&names, &reports, knocker, &rules)?;
    if args.output.json {
        let by_name = |values: &[u32]| -> serde_json::Map<String, serde_json::Value> {
            names
                .iter()
                .cloned()
                .zip(values.iter().map(|v| json!(v)))
                .collect()
        };
        print_json(&json!({
            "deadwood": by_name(&score.deadwood),
            "winners": score.winners.iter().map(|w| &names[*w]).collect::<Vec<_>>(),
            "points": by_name(&score.points),
            "undercut": score.undercut,
            "went_out": score.went_out,
        }));
    } else {
        out!("{}", crate::render::round(&names, knocker, &score, &rules));
    }
    Ok(Answer::Yes)
}
