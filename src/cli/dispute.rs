//! `carousel pile` and `carousel set`: the disputes of a Canadian or Carolina table settled
//! as one-shots, "may I take the pile?" and "is this a legal set / may we lay these on our
//! set?". Exit 0 yes, 1 no, 2 bad input.

use super::canadian::load_rules;
use super::{Answer, Output, print_json};
use crate::card::CardCounts;
use crate::console::Console;
use crate::error::{Argument, Error};
use crate::games::canadian::meld::LayVerdict;
use crate::games::canadian::pile::PileAnswer;
use crate::games::canadian::{Rulebook, Variant};
use crate::notation::{parse_hand, parse_wild_melds};
use crate::words::printable;
use clap::Args;
use serde::Serialize;
use std::path::PathBuf;

/// The game and house rules a dispute is settled under.
#[derive(Args, Debug)]
pub(crate) struct GameArgs {
    /// The game: canadian or carolina
    #[arg(long, value_name = "GAME", default_value = "canadian", ignore_case = true,
          value_parser = ["canadian", "carolina"])]
    pub game: String,
    /// House rules: a TOML file with a [rules] table of these games' keys
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
}

impl GameArgs {
    fn rulebook(&self) -> anyhow::Result<Rulebook> {
        // Carousel has no pile: its sets are judged as Canadian Rummy's.
        let variant = match crate::games::kind(&self.game)? {
            kind if kind == crate::games::canadian::CAROLINA => Variant::Carolina,
            _ => Variant::Canadian,
        };
        Ok(Rulebook::new(variant, load_rules(self.rules.as_deref())?))
    }
}

/// May a player take the discard pile? (Canadian and Carolina Rummy)
///
/// The top card must be natural (a wild card on top cannot be taken), and the player must hold
/// two natural cards of its rank (house rule wild-pickup: one may be wild). Exit 0 yes, 1 no.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel pile --top Kd --hand \"Ks Kh 5c\"
  carousel pile --game carolina --top 3d --hand \"3s 3h\"      (no: a 3 on top is wild)")]
pub(crate) struct PileArgs {
    #[command(flatten)]
    pub setup: GameArgs,
    /// The pile's top card
    #[arg(long, value_name = "CARD")]
    pub top: String,
    /// The cards in the player's hand (or just those that would take it)
    #[arg(long, value_name = "HAND")]
    pub hand: String,
    #[command(flatten)]
    pub output: Output,
}

/// Is this a legal set, or may a side lay these cards on its set? (Canadian and Carolina)
///
/// MELDS are sets separated by |; with --on, the cards to lay on the side's set SET.
/// Exit 0 yes, 1 no.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel set \"Ks Kh 2c | 7s 7d *\"
  carousel set 2d --on \"Ks Kh Kd\"
  carousel set --game carolina \"3s 3h 2c\"")]
pub(crate) struct SetArgs {
    #[command(flatten)]
    pub setup: GameArgs,
    /// The cards: sets separated by |
    #[arg(value_name = "MELDS")]
    pub melds: String,
    /// The side's set on the table the cards would be laid on
    #[arg(long, value_name = "SET")]
    pub on: Option<String>,
    #[command(flatten)]
    pub output: Output,
}

pub(super) fn pile(args: &PileArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let book = args.setup.rulebook()?;
    let top = match parse_hand(&args.top)?.as_slice() {
        [card] => *card,
        _ => {
            return Err(Error::from(Argument::NotOneCard {
                given: printable(&args.top).into_owned(),
            })
            .into());
        }
    };
    let hand = parse_hand(&args.hand)?;
    if hand.is_empty() {
        return Err(Error::from(Argument::Empty {
            what: "--hand",
            wanted: "the cards in hand that would take the pile, like --hand \"Ks 2h\"",
        })
        .into());
    }
    let mut all = CardCounts::of(hand.iter().copied());
    all.add(top);
    book.variant
        .deck()
        .check_counts(&all, " in the top card and the hand together")?;
    let answer = book.may_take_pile(top, &hand);
    let (yes, text) = match &answer {
        PileAnswer::Yes { with } => (
            true,
            format!(
                "Yes: {} and {} take the pile with {top}; the three go to the table at once.",
                with[0], with[1]
            ),
        ),
        PileAnswer::No(why) => (false, format!("No: {why}.")),
    };
    if args.output.json {
        print_json(
            c,
            &match &answer {
                PileAnswer::Yes { with } => PileJson {
                    may_take: true,
                    with: Some(with.iter().map(ToString::to_string).collect()),
                    reason: None,
                },
                PileAnswer::No(why) => PileJson {
                    may_take: false,
                    with: None,
                    reason: Some(why.to_string()),
                },
            },
        );
    } else {
        sayln!(c, "{text}");
    }
    Ok(if yes { Answer::Yes } else { Answer::No })
}

pub(super) fn set(args: &SetArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let book = args.setup.rulebook()?;
    let melds = parse_wild_melds(&args.melds)?;
    if melds.is_empty() {
        return Err(Error::from(Argument::Empty {
            what: "MELDS",
            wanted: "the cards of one set or more, like \"Ks Kh 2c\"",
        })
        .into());
    }
    let on = args.on.as_deref().map(parse_wild_melds).transpose()?;
    let all = CardCounts::of(melds.iter().chain(on.iter().flatten()).flatten().copied());
    book.variant.deck().check_counts(&all, "")?;
    let verdict = book.judge_lay(&melds, on.as_deref()).map_err(|problem| {
        Error::from(Argument::On {
            problem: Box::new(problem.into()),
        })
    })?;
    if args.output.json {
        print_json(
            c,
            &match &verdict {
                LayVerdict::Sets(sets) => LayJson {
                    legal: true,
                    sets: Some(sets.iter().map(ToString::to_string).collect()),
                    value: Some(book.sets_value(sets)),
                    reason: None,
                },
                LayVerdict::LaidOn { set, .. } => LayJson {
                    legal: true,
                    sets: Some(vec![set.to_string()]),
                    value: Some(book.table_value(set)),
                    reason: None,
                },
                LayVerdict::No(why) => LayJson {
                    legal: false,
                    sets: None,
                    value: None,
                    reason: Some(why.to_string()),
                },
            },
        );
    } else {
        say!(c, "{}", crate::games::canadian::text::lay(&book, &verdict));
    }
    Ok(match verdict {
        LayVerdict::No(_) => Answer::No,
        _ => Answer::Yes,
    })
}

/// `pile --json` (docs/commands.md#pile): the cards that take the pile, or why not.
#[derive(Serialize)]
struct PileJson {
    may_take: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    with: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

/// `set --json` (docs/commands.md#set): the sets and their value, or why not.
#[derive(Serialize)]
struct LayJson {
    legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    sets: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}
