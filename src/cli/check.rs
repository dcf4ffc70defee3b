//! `carousel check`: is this rearrangement legal?

use super::{Answer, Output, Setup, print_json};
use crate::console::Console;
use crate::games::manipulation::moves;
use crate::games::manipulation::table::Hand;
use crate::games::manipulation::table::Table;
use anyhow::Context;
use clap::Args;
use serde::Serialize;

/// Is this rearrangement of the table legal? (rules M1-M4)
///
/// Judges a move from the table before, the table after and (optionally) the player's hand.
/// Without --hand the cards added are taken to come from the hand. Exit 0 legal, 1 illegal.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel check --before \"8h 9h *10h\" --hand \"6h\" --after \"6h *7h 8h 9h\"
  carousel check --before \"3s 4s 5s 6s | 3h 4h 5h 6h\" --hand 6d --after \"3s 4s 5s | 3h 4h 5h | 6s 6h 6d\"")]
pub(crate) struct CheckArgs {
    /// The table before the move, melds separated by | ("" for an empty table)
    #[arg(long, value_name = "TABLE", allow_hyphen_values = true)]
    pub before: String,
    /// The table after the move
    #[arg(long, value_name = "TABLE", allow_hyphen_values = true)]
    pub after: String,
    /// The cards the player held, jokers as a bare *
    #[arg(long, value_name = "HAND", allow_hyphen_values = true)]
    pub hand: Option<String>,
    #[command(flatten)]
    pub setup: Setup,
    #[command(flatten)]
    pub output: Output,
}

pub(super) fn run(args: &CheckArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let (_, deck, meld_rules) = args.setup.load()?;
    let before = Table::parse(&args.before, meld_rules, deck).context("--before")?;
    let after = Table::parse(&args.after, meld_rules, deck).context("--after")?;
    let hand = match &args.hand {
        Some(text) => Some(Hand::parse(text, deck).context("--hand")?),
        None => None,
    };
    let verdict = moves::judge(&before, hand.as_ref(), &after, meld_rules, deck)?;
    if args.output.json {
        print_json(
            c,
            &CheckJson {
                legal: verdict.is_legal(),
                played: verdict.played.iter().map(ToString::to_string).collect(),
                violations: verdict
                    .violations
                    .iter()
                    .map(|v| ViolationJson {
                        rule: v.rule.to_string(),
                        message: &v.message,
                    })
                    .collect(),
            },
        );
    } else {
        say!(
            c,
            "{}",
            crate::games::manipulation::text::verdict(&verdict, &after)
        );
    }
    Ok(if verdict.is_legal() {
        Answer::Yes
    } else {
        Answer::No
    })
}

/// `check --json` (docs/commands.md#check).
#[derive(Serialize)]
struct CheckJson<'a> {
    legal: bool,
    played: Vec<String>,
    violations: Vec<ViolationJson<'a>>,
}

#[derive(Serialize)]
struct ViolationJson<'a> {
    rule: String,
    message: &'a str,
}
