//! The steps of a game as the saved log writes them: one line each, readable at a glance and
//! read back exactly.
//!
//! ```text
//! bob: draw
//! bob: play 1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d     (melds 1 and 2 become these three)
//! bob: play = 7c 8c 9c                             (a new meld)
//! bob: done
//! carol: knock 4s Ah                               (or a count: carol: knock 5)
//! alice: hand 12                                   (a hand given when the round is over)
//! alice: cards 9                                   (the referee's count of alice's cards corrected)
//! table = 3s 4s 5s | 6h 6d 6c                      (the table mirror corrected)
//! ```

use super::{Move, Setup};
use crate::Error;
use crate::scoring::HandReport;
use crate::table::Table;
use std::fmt::Write;

/// One step of the game: what a player did, or a correction of the referee's mirror.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The player whose turn it is draws a card from the stock.
    Draw { player: usize },
    /// The player whose turn it is changes the table (M1-M4 judge it).
    Move { player: usize, mv: Move },
    /// The player whose turn it is ends it.
    Done { player: usize },
    /// The player whose turn it is knocks, giving their hand.
    Knock { player: usize, hand: HandReport },
    /// A player's hand, given when the round is over.
    Hand { player: usize, hand: HandReport },
    /// The referee's count of a player's cards, corrected.
    Cards { player: usize, held: u32 },
    /// The table mirror, corrected to the table as it lies.
    Table { table: Table },
}

/// A hand report as the log and the game record write it: a count, or the cards.
pub fn report_text(report: &HandReport) -> String {
    match report {
        HandReport::Count(n) => n.to_string(),
        HandReport::Cards(hand) => hand.to_string(),
    }
}

impl Event {
    /// The one line the log holds for this step.
    pub fn text(&self, players: &[String]) -> String {
        let name = |p: &usize| players.get(*p).map_or("?", String::as_str);
        match self {
            Event::Draw { player } => format!("{}: draw", name(player)),
            Event::Move { player, mv } => format!("{}: play {mv}", name(player)),
            Event::Done { player } => format!("{}: done", name(player)),
            Event::Knock { player, hand } => {
                format!("{}: knock {}", name(player), report_text(hand))
                    .trim_end()
                    .to_string()
            }
            Event::Hand { player, hand } => format!("{}: hand {}", name(player), report_text(hand))
                .trim_end()
                .to_string(),
            Event::Cards { player, held } => format!("{}: cards {held}", name(player)),
            Event::Table { table } => format!("table = {table}").trim_end().to_string(),
        }
    }

    /// Reads one line of the log back. Names must match the players exactly.
    pub fn parse(text: &str, setup: &Setup) -> Result<Event, Error> {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix("table =") {
            let table = Table::parse(rest, setup.meld_rules, setup.deck)?;
            return Ok(Event::Table { table });
        }
        let Some((name, rest)) = text.split_once(':') else {
            return Err(Error::Play(format!(
                "\"{text}\": a step is \"NAME: what they did\" or \"table = MELDS\""
            )));
        };
        let player = setup
            .players
            .iter()
            .position(|p| p == name.trim())
            .ok_or_else(|| Error::Play(format!("\"{}\" is not a player", name.trim())))?;
        let rest = rest.trim();
        let (verb, args) = rest.split_once(' ').unwrap_or((rest, ""));
        let args = args.trim();
        let no_args = |event: Event| -> Result<Event, Error> {
            if args.is_empty() {
                Ok(event)
            } else {
                Err(Error::Play(format!(
                    "\"{rest}\": {verb} takes nothing more"
                )))
            }
        };
        match verb {
            "draw" => no_args(Event::Draw { player }),
            "done" => no_args(Event::Done { player }),
            "play" => Ok(Event::Move {
                player,
                mv: Move::parse(args, setup)?,
            }),
            "knock" => Ok(Event::Knock {
                player,
                hand: HandReport::parse(args, setup.deck)?,
            }),
            "hand" => Ok(Event::Hand {
                player,
                hand: HandReport::parse(args, setup.deck)?,
            }),
            "cards" => Ok(Event::Cards {
                player,
                held: args
                    .parse()
                    .map_err(|_| Error::Play(format!("\"{args}\": not a number of cards")))?,
            }),
            _ => Err(Error::Play(format!(
                "\"{verb}\" is not a step; the steps are draw, play, done, knock, hand, cards"
            ))),
        }
    }
}

impl std::fmt::Display for Move {
    /// `1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d`, or `= 7c 8c 9c` for new melds only.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut out = String::new();
        for n in &self.replaced {
            let _ = write!(out, "{n} ");
        }
        out.push('=');
        for (i, meld) in self.melds.iter().enumerate() {
            out.push_str(if i == 0 { " " } else { " | " });
            let _ = write!(out, "{meld}");
        }
        f.write_str(&out)
    }
}
