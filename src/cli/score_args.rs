//! The arguments of `carousel score`, read alike by every game's scorer.

use super::Output;
use crate::error::{Argument, Error};
use crate::words::printable;
use clap::Args;
use std::path::PathBuf;

/// How a hand argument is written, for messages.
pub(crate) const HAND_EXAMPLE: &str = "bob=\"4s Ah\" or bob=5 (a hand is NAME=CARDS or NAME=COUNT)";
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

/// Splits `NAME=VALUE`, naming the argument when it is not so.
pub(crate) fn name_and_value<'a>(
    arg: &'a str,
    example: &'static str,
) -> Result<(&'a str, &'a str), Error> {
    let Some((name, value)) = arg.split_once('=') else {
        return Err(Argument::NotNameValue {
            arg: printable(arg).into_owned(),
            example,
        }
        .into());
    };
    let name = name.trim();
    if name.is_empty() {
        return Err(Argument::NoName {
            arg: printable(arg).into_owned(),
        }
        .into());
    }
    Ok((name, value))
}
