//! `carousel tally`: a whole game record scored.

use super::{Answer, Output, print_json};
use crate::console::Console;
use crate::games::manipulation::rules::Rules;
use clap::Args;
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

pub(super) fn run(args: &TallyArgs, c: &mut Console) -> anyhow::Result<Answer> {
    let game = super::export::load_scored(&args.game)?;
    if args.output.json {
        print_json(c, &game.tally_json());
    } else {
        let look = c.look();
        crate::render::board::write_scoreboard(&game.board(), look, &mut |piece| {
            say!(c, "{piece}");
        });
    }
    Ok(Answer::Yes)
}
