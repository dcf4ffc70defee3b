//! `carousel score`: one round scored from each player's hand.

use super::score_args::{HAND_EXAMPLE, ScoreArgs, name_and_value};
use super::{Answer, by_name, load_rules, print_json};
use crate::console::Console;
use crate::error::{Argument, Error};
use crate::games::canadian::Variant;
use crate::games::manipulation::game;
use indexmap::IndexMap;
use serde::Serialize;

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

fn carousel_round(args: &ScoreArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let other_game = [
        ("--out", args.out.is_some()),
        ("--teams", args.teams.is_some()),
        ("--melds", !args.melds.is_empty()),
    ];
    if let Some((option, _)) = other_game.iter().find(|(_, given)| *given) {
        return Err(Error::from(Argument::NotCarousels { option }).into());
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
