//! `carousel arrange`: can a pile of cards all be laid out as legal melds?

use super::{Answer, Output, Setup, print_json};
use crate::console::Console;
use crate::games::manipulation::solver;
use crate::games::manipulation::table::Hand;
use anyhow::Context;
use clap::Args;
use serde::Serialize;

/// Can these cards, all of them, be laid out as legal melds?
///
/// Finds one layout of every card as sets and runs, each joker with the card it stands for,
/// or proves there is none, naming the cards no meld of the pile could take when there are
/// such. Exit 0 with a layout, 1 when none exists.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel arrange \"7h 8h 9h *\"
  carousel arrange \"As 2s 3s Ks Kh Kd 5c\" --json")]
pub(crate) struct ArrangeArgs {
    /// The cards, in hand notation (jokers as a bare *), as one argument
    #[arg(value_name = "CARDS", allow_hyphen_values = true)]
    pub cards: String,
    #[command(flatten)]
    pub setup: Setup,
    #[command(flatten)]
    pub output: Output,
}

pub(super) fn run(args: &ArrangeArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let (rules, deck, _) = args.setup.load()?;
    let pile = Hand::parse(&args.cards, deck).context("CARDS")?;
    let layout = solver::arrange(pile.cards(), &rules, deck);
    if args.output.json {
        print_json(
            c,
            &ArrangeJson {
                table: layout.as_ref().map(ToString::to_string),
            },
        );
    } else {
        match &layout {
            Some(table) if table.is_empty() => sayln!(c, "Nothing to lay out: no cards given."),
            Some(table) => sayln!(c, "{table}"),
            None => say!(
                c,
                "{}",
                crate::games::manipulation::text::no_arrangement(
                    pile.cards().len(),
                    &solver::cards_in_no_meld(pile.cards(), &rules, deck)
                )
            ),
        }
    }
    Ok(if layout.is_some() {
        Answer::Yes
    } else {
        Answer::No
    })
}

/// `arrange --json`: the layout, or null when the cards cannot all be laid out.
#[derive(Serialize)]
struct ArrangeJson {
    table: Option<String>,
}
