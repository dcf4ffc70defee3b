//! `carousel score`: one round scored from each player's hand.

use super::{Answer, Output, by_name, load_rules, print_json};
use crate::console::Console;
use crate::error::Error;
use crate::games::canadian::Variant;
use crate::games::manipulation::game;

/// How a hand argument is written, for messages.
pub(super) const HAND_EXAMPLE: &str = "bob=\"4s Ah\" or bob=5 (a hand is NAME=CARDS or NAME=COUNT)";
use clap::Args;
use indexmap::IndexMap;
use serde::Serialize;
use std::path::PathBuf;

/// Score one round from the hands left
///
/// Give every player's hand as NAME=CARDS (the cards left) or NAME=COUNT (their value).
/// Carousel: without --knocker the stock ran out; a hand of no cards (NAME= or NAME=0) went
/// out; exit 1 when the knock is refused (the knocker holds more than the knock limit).
/// Canadian and Carolina Rummy (--game): each side scores its melds on the table (--melds)
/// less its players' hands, except the side of the player who went out (--out).
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel score --knocker bob alice=12 bob=\"4s Ah\" carol=\"Kd *\"
  carousel score alice=7 bob=0 carol=22        (bob went out)
  carousel score --game canadian --out alice --melds alice=\"Ks Kh 2c | Qs Qd Qh *\" --melds bob=85 alice=0 bob=\"Qs 5h\" carol=\"3d 2c\" dave=20
  carousel score --game carolina --melds ann=\"3s 3h 2c\" ann=\"9d\" ben=40 cleo=\"Ks 3c\"")]
pub(crate) struct ScoreArgs {
    /// The game: carousel, canadian or carolina
    #[arg(long, value_name = "GAME", default_value = "carousel", ignore_case = true,
          value_parser = clap::builder::PossibleValuesParser::new(crate::games::names()))]
    pub game: String,
    /// Carousel: the player who knocked; leave out when the stock ran out
    #[arg(long, value_name = "NAME")]
    pub knocker: Option<String>,
    /// Canadian/Carolina: the player who went out; leave out when the stock ran out
    #[arg(long, value_name = "NAME")]
    pub out: Option<String>,
    /// Canadian/Carolina: the sides, two teams of two ("alice+carol bob+dave")
    #[arg(long, value_name = "SIDES")]
    pub teams: Option<String>,
    /// Canadian/Carolina: a side's melds on the table, by any one of its players: sets or a count
    #[arg(long = "melds", value_name = "NAME=MELDS")]
    pub melds: Vec<String>,
    /// Each player's hand: NAME=CARDS or NAME=COUNT
    #[arg(value_name = "NAME=HAND", required = true)]
    pub hands: Vec<String>,
    /// House rules: a TOML file of [rules] keys (see `carousel tally --help`)
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    #[command(flatten)]
    pub output: Output,
}

pub(super) fn run(args: &ScoreArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let kind = crate::games::kind(&args.game)?;
    if kind == crate::games::canadian::CANADIAN {
        super::canadian::score(args, Variant::Canadian, c)
    } else if kind == crate::games::canadian::CAROLINA {
        super::canadian::score(args, Variant::Carolina, c)
    } else {
        carousel_round(args, c)
    }
}

/// Splits `NAME=VALUE`, naming the argument when it is not so.
pub(super) fn name_and_value<'a>(arg: &'a str, example: &str) -> Result<(&'a str, &'a str), Error> {
    let Some((name, value)) = arg.split_once('=') else {
        return Err(Error::Round(format!(
            "\"{arg}\": give NAME=VALUE, like {example}"
        )));
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::Round(format!(
            "\"{arg}\": the player's name is missing before ="
        )));
    }
    Ok((name, value))
}

fn carousel_round(args: &ScoreArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let other_game = [
        ("--out", args.out.is_some()),
        ("--teams", args.teams.is_some()),
        ("--melds", !args.melds.is_empty()),
    ];
    if let Some((option, _)) = other_game.iter().find(|(_, given)| *given) {
        return Err(Error::Round(format!(
            "{option} is for Canadian and Carolina Rummy (--game canadian or --game carolina), not Carousel"
        ))
        .into());
    }
    let rules = load_rules(args.rules.as_deref())?;
    let hands = args
        .hands
        .iter()
        .map(|arg| {
            let (name, hand) = name_and_value(arg, HAND_EXAMPLE)?;
            Ok((name.to_string(), hand.to_string()))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let round = game::score_hands(&hands, args.knocker.as_deref(), &rules)?;
    let (names, knocker, score) = (&round.players, round.score.knocker, &round.score);
    if args.output.json {
        let by_name = |values: &[u32]| by_name(names, values);
        print_json(
            c,
            &ScoreJson {
                deadwood: by_name(&score.deadwood),
                winners: score.winners.iter().map(|w| &names[*w]).collect(),
                points: by_name(&score.points),
                undercut: score.undercut,
                went_out: score.went_out,
            },
        );
    } else {
        say!(
            c,
            "{}",
            crate::games::manipulation::text::round_result(names, knocker, score, &rules)
        );
    }
    Ok(Answer::Yes)
}

/// `score --json` of a Carousel round (docs/commands.md#score).
#[derive(Serialize)]
struct ScoreJson<'a> {
    deadwood: IndexMap<String, u32>,
    winners: Vec<&'a String>,
    points: IndexMap<String, u32>,
    undercut: bool,
    went_out: bool,
}
