//! `carousel solve`: the best legal play of a hand onto a table.

use super::{Answer, Output, Setup, print_json};
use crate::console::Console;
use crate::games::manipulation::solver;
use crate::games::manipulation::table::Hand;
use crate::games::manipulation::table::Table;
use anyhow::Context;
use clap::Args;
use serde::Serialize;

/// The best play for a hand: the move that leaves the least deadwood
///
/// Tries every legal rearrangement of the table with cards from the hand (rules M1-M4:
/// table cards stay, jokers keep their card unless a real one releases them, hand jokers
/// stand for whatever helps) and shows the one that leaves the least in hand; on a tie, the
/// one that plays more cards. Playing nothing is an answer too.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel solve --table \"7c 8c 9c | 7d 8d 9d | 8s 9s 10s\" --hand \"7h 9h Js Kd\"
  carousel solve --table \"\" --hand \"Ah 2h 3h * 9s 9d\" --json")]
pub(crate) struct SolveArgs {
    /// The table, melds separated by | ("" for an empty table)
    #[arg(long, value_name = "TABLE", allow_hyphen_values = true)]
    pub table: String,
    /// The player's hand, jokers as a bare *
    #[arg(long, value_name = "HAND", allow_hyphen_values = true)]
    pub hand: String,
    #[command(flatten)]
    pub setup: Setup,
    #[command(flatten)]
    pub output: Output,
}

pub(super) fn run(args: &SolveArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let (rules, deck, meld_rules) = args.setup.load()?;
    let table = Table::parse(&args.table, meld_rules, deck).context("--table")?;
    let hand = Hand::parse(&args.hand, deck).context("--hand")?;
    let best = solver::solve(&table, &hand, &rules, deck)?;
    if args.output.json {
        print_json(
            c,
            &SolveJson {
                played: best.played.iter().map(ToString::to_string).collect(),
                table: best.table.to_string(),
                deadwood: best.deadwood,
                can_knock: best.can_knock,
            },
        );
    } else {
        say!(
            c,
            "{}",
            crate::games::manipulation::text::solution(&best, &rules)
        );
    }
    Ok(Answer::Yes)
}

/// `solve --json` (docs/commands.md#solve).
#[derive(Serialize)]
struct SolveJson {
    played: Vec<String>,
    table: String,
    deadwood: u32,
    can_knock: bool,
}
