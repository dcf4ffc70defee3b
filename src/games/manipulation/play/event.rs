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
//!
//! A round's result entered whole (`round knock bob alice=12 bob=3 carol="Kd *"`), a
//! finished round corrected (`fix 2 out carol alice=12 bob=30`, `fix 3 delete`) and a house
//! rule changed are the family's steps (`crate::session`); the one line of a round's result
//! is Carousel's, and read here.

use super::{Move, RoundChange, Setup};
use crate::error::Error;
use crate::error::{FixForm, RoundForm, StepForm};
use crate::games::manipulation::game::RoundRecord;
use crate::games::manipulation::table::Table;
use crate::hand::HandEntry;
use crate::hand::HandReport;
use indexmap::IndexMap;
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

impl Event {
    /// The one line the log holds for this step.
    pub fn text(&self, players: &[String]) -> String {
        let name = |p: &usize| players.get(*p).map_or("?", String::as_str);
        match self {
            Event::Draw { player } => format!("{}: draw", name(player)),
            Event::Move { player, mv } => format!("{}: play {mv}", name(player)),
            Event::Done { player } => format!("{}: done", name(player)),
            Event::Knock { player, hand } => format!("{}: knock {}", name(player), hand.text())
                .trim_end()
                .to_string(),
            Event::Hand { player, hand } => format!("{}: hand {}", name(player), hand.text())
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
            return Err(StepForm::NoName {
                text: text.to_string(),
            }
            .into());
        };
        let player = setup
            .players
            .iter()
            .position(|p| p == name.trim())
            .ok_or_else(|| StepForm::NotAPlayer {
                name: name.trim().to_string(),
            })?;
        let rest = rest.trim();
        let (verb, args) = rest.split_once(' ').unwrap_or((rest, ""));
        let args = args.trim();
        let no_args = |event: Event| -> Result<Event, Error> {
            if args.is_empty() {
                Ok(event)
            } else {
                Err(StepForm::TakesNothingMore {
                    verb: verb.to_string(),
                    rest: rest.to_string(),
                }
                .into())
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
                held: args.parse().map_err(|_| StepForm::NotACount {
                    given: args.to_string(),
                })?,
            }),
            _ => Err(StepForm::NotAStep {
                verb: verb.to_string(),
            }
            .into()),
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

/// A round's result in one line, as typed and as the log keeps it: `knock NAME` or
/// `out NAME` (or neither: the stock ran out), then `NAME=HAND` for every player.
pub(crate) fn round_text(record: &RoundRecord) -> String {
    let out = record
        .hands
        .iter()
        .find(|(_, hand)| is_out(hand))
        .map(|(name, _)| name.clone());
    let mut words = Vec::new();
    match (&record.knocker, &out) {
        (Some(knocker), _) => words.push(format!("knock {}", shell_words::quote(knocker))),
        (None, Some(out)) => words.push(format!("out {}", shell_words::quote(out))),
        (None, None) => {}
    }
    for (name, hand) in &record.hands {
        // The player out is implied by `out NAME`; a hand given as no cards stays written.
        if record.knocker.is_none()
            && out.as_ref() == Some(name)
            && matches!(hand, HandEntry::Count(0))
        {
            continue;
        }
        let hand = match hand {
            HandEntry::Count(n) => n.to_string(),
            HandEntry::Cards(text) => text.clone(),
        };
        words.push(format!(
            "{}={}",
            shell_words::quote(name),
            shell_words::quote(&hand)
        ));
    }
    words.join(" ")
}

fn is_out(hand: &HandEntry) -> bool {
    match hand {
        HandEntry::Count(n) => *n == 0,
        HandEntry::Cards(text) => text.trim().is_empty(),
    }
}

/// Reads a round's result typed in one line (see [`round_text`]). Every player gets a hand,
/// named once; the player who went out may be left out (they hold no cards). Whether the
/// result can be scored (the knock limit, the copies of a card) is checked when it is.
pub(crate) fn parse_round(text: &str, setup: &Setup) -> Result<RoundRecord, Error> {
    let words = shell_words::split(text).map_err(|e| RoundForm::Words {
        text: text.trim().to_string(),
        problem: e.to_string(),
    })?;
    let mut words = words.iter().map(String::as_str).peekable();
    let mut knocker = None;
    let mut out = None;
    if let Some(word @ ("knock" | "out")) = words.peek().copied() {
        words.next();
        let name = words.next().ok_or_else(|| RoundForm::NeedsName {
            word: word.to_string(),
        })?;
        let player = setup.player(name)?;
        if word == "knock" {
            knocker = Some(player);
        } else {
            out = Some(player);
        }
    }
    let mut hands: Vec<Option<HandEntry>> = vec![None; setup.players.len()];
    for word in words {
        let Some((name, hand)) = word.split_once('=') else {
            return Err(RoundForm::NotAHand {
                word: word.to_string(),
            }
            .into());
        };
        let player = setup.player(name)?;
        if hands[player].is_some() {
            return Err(RoundForm::TwoHands {
                word: word.to_string(),
                player: setup.name(player).to_string(),
            }
            .into());
        }
        let report = HandReport::parse(hand, setup.deck).map_err(|e| RoundForm::Hand {
            player: setup.name(player).to_string(),
            error: Box::new(e),
        })?;
        if out == Some(player) && !report.is_out() {
            return Err(RoundForm::OutHolds {
                word: word.to_string(),
                player: setup.name(player).to_string(),
            }
            .into());
        }
        hands[player] = Some(match report {
            HandReport::Count(n) => HandEntry::Count(i64::from(n)),
            HandReport::Cards(hand) => HandEntry::Cards(hand.to_string()),
        });
    }
    if let Some(player) = out {
        hands[player].get_or_insert(HandEntry::Count(0));
    }
    let missing: Vec<String> = (0..hands.len())
        .filter(|p| hands[*p].is_none())
        .map(|p| setup.name(p).to_string())
        .collect();
    if !missing.is_empty() {
        return Err(RoundForm::Missing { players: missing }.into());
    }
    Ok(RoundRecord {
        knocker: knocker.map(|p| setup.name(p).to_string()),
        hands: setup
            .players
            .iter()
            .cloned()
            .zip(hands.into_iter().flatten())
            .collect::<IndexMap<String, HandEntry>>(),
    })
}

/// A correction of finished round `round` as typed after `fix N`: `hand NAME HAND`, `knock
/// NAME` (`knock nobody`, or `stock`: the stock ran out), `out NAME`. `None`: the words are
/// none of these (a whole result, say, which the family reads).
pub(crate) fn parse_change(
    round: usize,
    words: &str,
    setup: &Setup,
) -> Result<Option<RoundChange>, Error> {
    let words = words.trim();
    let (verb, rest) = words.split_once(char::is_whitespace).unwrap_or((words, ""));
    let rest = rest.trim();
    let verb = verb.to_lowercase();
    // `knock bob alice=12 ...` and `out carol alice=12 ...` are whole results.
    if rest.contains('=') && verb != "hand" {
        return Ok(None);
    }
    match verb.as_str() {
        "hand" => {
            let (name, hand) = crate::words::name_and_rest(rest);
            if name.is_empty() {
                return Err(FixForm::Hand { round }.into());
            }
            let player = setup.player(&name)?;
            let hand = HandReport::parse(&hand, setup.deck)?;
            Ok(Some(RoundChange::Hand { player, hand }))
        }
        "knock" | "knocker" => match rest.to_lowercase().as_str() {
            "" => Err(FixForm::Knock { round }.into()),
            "nobody" | "none" | "no-one" | "noone" => Ok(Some(RoundChange::Knocker(None))),
            _ => Ok(Some(RoundChange::Knocker(Some(
                setup.player(rest.trim_matches('"'))?,
            )))),
        },
        "stock" => Ok(Some(RoundChange::Knocker(None))),
        "out" if rest.is_empty() => Err(FixForm::Out { round }.into()),
        "out" => Ok(Some(RoundChange::Out(
            setup.player(rest.trim_matches('"'))?,
        ))),
        _ => Ok(None),
    }
}
