//! `score` and `tally` for Canadian and Carolina Rummy
//! (docs/commands.md#score---game-canadiancarolina): the library scores, this reads the arguments and prints by side.

use super::score_args::{HAND_EXAMPLE, ScoreArgs, name_and_value};
use super::{Answer, print_json};
use crate::console::Console;
use crate::error::{Argument, Error};
use crate::games::canadian::scoring::{HandScore, TableEntry, score_hand};
use crate::games::canadian::sides::{Sides, check_name, parse_teams};
use crate::games::canadian::{CanadianRules, Rulebook, Variant};
use crate::hand::HandReport;
use anyhow::Context;
use indexmap::IndexMap;
use serde::Serialize;
use std::path::Path;

/// The house rules of `--rules FILE` (read by the library), or these games' defaults.
pub(crate) fn load_rules(path: Option<&Path>) -> anyhow::Result<CanadianRules> {
    Ok(path
        .map(CanadianRules::load)
        .transpose()?
        .unwrap_or_default())
}

/// `score --game canadian|carolina`: one hand scored by side.
pub(crate) fn score(args: &ScoreArgs, variant: Variant, c: &mut Console) -> anyhow::Result<Answer> {
    if args.knocker.is_some() {
        return Err(Error::from(Argument::KnockerIsCarousels {
            game: variant.title(),
        })
        .into());
    }
    let book = Rulebook::new(variant, load_rules(args.rules.as_deref())?);
    let mut names: Vec<String> = Vec::new();
    let mut hands: Vec<HandReport> = Vec::new();
    for arg in &args.hands {
        let (name, hand) = name_and_value(arg, HAND_EXAMPLE)?;
        check_name(name).map_err(Error::from)?;
        if names.iter().any(|n| n == name) {
            return Err(Error::from(Argument::TwoHands {
                name: name.to_string(),
            })
            .into());
        }
        let report = book
            .parse_hand_left(hand)
            .with_context(|| format!("{name}'s hand"))?;
        names.push(name.to_string());
        hands.push(report);
    }
    Sides::new(variant, names.clone(), None).map_err(Error::from)?;
    let teams = args.teams.as_deref().map(parse_teams);
    let sides = Sides::new(variant, names.clone(), teams.as_deref()).map_err(|problem| {
        Error::from(Argument::Teams {
            problem: Box::new(problem.into()),
        })
    })?;
    book.check_deal(names.len()).map_err(Error::from)?;
    let not_a_player = |option: &'static str, name: &str| {
        anyhow::Error::from(Error::from(Argument::NotAPlayer {
            option,
            name: name.to_string(),
            players: names.clone(),
        }))
    };
    let mut tables: Vec<Option<(String, TableEntry)>> = vec![None; sides.len()];
    for arg in &args.melds {
        let (name, melds) = name_and_value(arg, "--melds bob=\"Ks Kh 2c\" or --melds bob=85")?;
        let player = sides
            .player(name)
            .ok_or_else(|| not_a_player("--melds", name))?;
        let side = sides.side_of(player);
        if let Some((first, _)) = &tables[side] {
            return Err(Error::from(Argument::MeldsTwice {
                name: name.to_string(),
                side: sides.name(side),
                first: first.clone(),
            })
            .into());
        }
        let table = book
            .parse_table_entry(melds)
            .with_context(|| format!("--melds {name}"))?;
        tables[side] = Some((name.to_string(), table));
    }
    let out = match &args.out {
        Some(name) => Some(
            sides
                .player(name)
                .ok_or_else(|| not_a_player("--out", name))?,
        ),
        None => None,
    };
    let tables: Vec<TableEntry> = tables
        .into_iter()
        .map(|t| t.map(|(_, table)| table).unwrap_or_default())
        .collect();
    let score = score_hand(&book, &sides, &tables, &hands, out)?;
    if args.output.json {
        print_json(c, &hand_json(variant, &sides, &score));
    } else {
        say!(
            c,
            "{}",
            crate::games::canadian::text::hand(&sides, &score, c.look().width)
        );
    }
    Ok(Answer::Yes)
}

/// The JSON of one scored hand (docs/commands.md#score---game-canadiancarolina).
pub(crate) fn hand_json<'a>(variant: Variant, sides: &'a Sides, score: &HandScore) -> HandJson<'a> {
    HandJson {
        game: variant.name(),
        sides: score
            .sides
            .iter()
            .enumerate()
            .map(|(s, side)| {
                let side = SideJson {
                    table: side.table,
                    hand: side.hand,
                    points: side.points,
                };
                (sides.name(s), side)
            })
            .collect(),
        went_out: score.out.map(|p| &sides.players()[p]),
    }
}

#[derive(Serialize)]
pub(crate) struct HandJson<'a> {
    game: &'static str,
    sides: IndexMap<String, SideJson>,
    went_out: Option<&'a String>,
}

#[derive(Serialize)]
struct SideJson {
    table: u32,
    hand: u32,
    points: i64,
}
