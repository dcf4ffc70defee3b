//! A Canadian or Carolina game kept at the table, as an event log: after each hand the
//! score keeper gives who went out, each side's table and each player's hand; the hand is
//! scored as soon as all are given. Every step is a line of the saved log, so the game
//! resumes exactly where it stopped, and undo takes back any number of steps, across hands.
//!
//! ```text
//! out alice                        (out none: the stock ran out)
//! melds alice: Ks Kh 2c | Qs Qd Qh *   (a side's table, by any one of its players, or a count)
//! hand bob: Qs 5h                  (a player's hand left, or a count)
//! ```

use super::record::{self, PlayLog, Record, Round, Tally};
use super::scoring::{HandScore, TableEntry, is_empty};
use super::sides::{Sides, parse_teams};
use super::{CanadianRules, Rulebook, Variant};
use crate::card::CardCounts;
use crate::error::Error;
use crate::error::{AfterTheEnd, LogMismatch, NoSuch, Stage, StepForm, Undo, Unscored};
use crate::hand::HandEntry;
use crate::hand::HandReport;

/// One step the score keeper gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Who went out; none when the stock ran out.
    Out { player: Option<usize> },
    /// A side's table, given by one of its players.
    Melds { player: usize, table: TableEntry },
    /// A player's hand left.
    Hand { player: usize, hand: HandReport },
}

impl Event {
    /// The one line the log holds for this step.
    pub fn text(&self, players: &[String]) -> String {
        let name = |p: &usize| players.get(*p).map_or("?", String::as_str);
        match self {
            Event::Out { player: Some(p) } => format!("out {}", name(p)),
            Event::Out { player: None } => "out none".to_string(),
            Event::Melds { player, table } => format!("melds {}: {}", name(player), table.text())
                .trim_end()
                .to_string(),
            Event::Hand { player, hand } => format!("hand {}: {}", name(player), hand.text())
                .trim_end()
                .to_string(),
        }
    }
}

/// The hand being entered: what has been given so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pending {
    /// Given once `out` is: `Some(None)` means the stock ran out.
    pub out: Option<Option<usize>>,
    /// Per side: the player who gave it and the table.
    pub tables: Vec<Option<(usize, TableEntry)>>,
    /// Per player.
    pub hands: Vec<Option<HandReport>>,
}

impl Pending {
    fn new(sides: usize, players: usize) -> Pending {
        Pending {
            out: None,
            tables: vec![None; sides],
            hands: vec![None; players],
        }
    }

    fn is_complete(&self) -> bool {
        self.out.is_some()
            && self.tables.iter().all(Option::is_some)
            && self.hands.iter().all(Option::is_some)
    }

    /// Whether nothing of this hand has been given yet.
    pub fn is_blank(&self) -> bool {
        self.out.is_none()
            && self.tables.iter().all(Option::is_none)
            && self.hands.iter().all(Option::is_none)
    }
}

/// What a step did, for the referee to tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A side's table was taken: its sets and their value.
    Table {
        side: usize,
        table: TableEntry,
        value: u32,
    },
    /// A hand was counted.
    Hand {
        player: usize,
        count: u32,
    },
    Out {
        player: Option<usize>,
    },
    /// The hand is complete and scored.
    Scored {
        number: usize,
        score: HandScore,
    },
    /// The game is over.
    Over,
    /// A new hand begins: who deals and who plays first.
    NextHand {
        number: usize,
        dealer: usize,
    },
}

/// A game of Canadian or Carolina followed by the referee.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The record: players, teams, rules and every finished hand.
    record: Record,
    sides: Sides,
    first_dealer: usize,
    /// Hands written before the log began.
    earlier: usize,
    events: Vec<Event>,
    pending: Pending,
    tally: Tally,
}

impl Game {
    /// A new game. Teams are given as `--teams` writes them, or by default.
    pub fn new(
        variant: Variant,
        players: Vec<String>,
        teams: Option<&str>,
        rules: CanadianRules,
    ) -> Result<Game, Error> {
        let teams = teams.map(parse_teams);
        let record = Record {
            variant,
            players,
            teams,
            rules,
            rounds: Vec::new(),
            play: None,
        };
        Game::from_parts(record, 0, &[])
    }

    fn from_parts(mut record: Record, first_dealer: usize, log: &[String]) -> Result<Game, Error> {
        let play_error = |e: Error| match e {
            Error::Record { place, problem } if place == "teams" => {
                Error::Play(format!("teams: {problem}"))
            }
            Error::Record { problem, .. } => Error::Play(problem),
            other => other,
        };
        let sides = record.sides().map_err(play_error)?;
        record.teams = sides.teams();
        let tally = record::tally(&record)?;
        let earlier = record.rounds.len();
        let mut game = Game {
            pending: Pending::new(sides.len(), sides.players().len()),
            record,
            sides,
            first_dealer,
            earlier,
            events: Vec::new(),
            tally,
        };
        for (i, line) in log.iter().enumerate() {
            let at_step = |e: Error| Error::AtStep {
                step: i + 1,
                line: line.clone(),
                error: Box::new(e),
            };
            let event = game.parse_event(line).map_err(at_step)?;
            game.apply(event).map_err(at_step)?;
        }
        Ok(game)
    }

    /// A saved game, replayed from its log.
    pub fn from_record(record: &Record) -> Result<Game, Error> {
        let mut base = record.clone();
        // A record written by hand (no log of play) holds only finished hands: all of them
        // were written before play.
        let play = base.play.take().unwrap_or_else(|| PlayLog {
            earlier_rounds: base.rounds.len(),
            ..PlayLog::default()
        });
        let first_dealer = match &play.first_dealer {
            Some(name) => base
                .players
                .iter()
                .position(|p| p == name)
                .ok_or_else(|| LogMismatch::FirstDealer { name: name.clone() })?,
            None => 0,
        };
        if play.earlier_rounds > base.rounds.len() {
            return Err(LogMismatch::EarlierRounds {
                earlier: play.earlier_rounds,
                held: base.rounds.len(),
            }
            .into());
        }
        base.rounds.truncate(play.earlier_rounds);
        Game::from_parts(base, first_dealer, &play.log)
    }

    /// The record to save: the finished hands, with the log that resumes the game.
    pub fn to_record(&self) -> Record {
        let mut record = self.record.clone();
        record.play = Some(PlayLog {
            first_dealer: Some(self.sides.players()[self.first_dealer].clone()),
            earlier_rounds: self.earlier,
            log: self
                .events
                .iter()
                .map(|e| e.text(self.sides.players()))
                .collect(),
        });
        record
    }

    pub fn variant(&self) -> Variant {
        self.record.variant
    }

    pub fn rules(&self) -> &CanadianRules {
        &self.record.rules
    }

    pub fn rulebook(&self) -> Rulebook {
        self.record.rulebook()
    }

    pub fn sides(&self) -> &Sides {
        &self.sides
    }

    pub fn players(&self) -> &[String] {
        self.sides.players()
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    pub fn pending(&self) -> &Pending {
        &self.pending
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn is_over(&self) -> bool {
        self.tally.finished
    }

    /// The hand being entered, from 1.
    pub fn hand_number(&self) -> usize {
        self.record.rounds.len() + 1
    }

    /// Who deals hand `number`: the deal passes left (to the next player named) each hand.
    pub fn dealer_of(&self, number: usize) -> usize {
        (self.first_dealer + number - 1) % self.players().len()
    }

    /// Whether the game has begun: a step given, or a hand on record.
    pub fn has_started(&self) -> bool {
        !self.events.is_empty() || !self.record.rounds.is_empty()
    }

    fn before_start(&self, what: &str) -> Result<(), Error> {
        if self.has_started() {
            return Err(Stage::SetBeforeFirstHand {
                what: what.to_string(),
            }
            .into());
        }
        Ok(())
    }

    /// Sets the teams before the first hand.
    pub fn set_teams(&mut self, teams: &str) -> Result<(), Error> {
        self.before_start("the teams")?;
        let mut record = self.record.clone();
        record.teams = Some(parse_teams(teams));
        *self = Game::from_parts(record, self.first_dealer, &[])?;
        Ok(())
    }

    /// Sets the house rules before the first hand.
    pub fn set_rules(&mut self, rules: CanadianRules) -> Result<(), Error> {
        self.before_start("the house rules")?;
        let mut record = self.record.clone();
        record.rules = rules;
        *self = Game::from_parts(record, self.first_dealer, &[])?;
        Ok(())
    }

    /// Picks who deals the first hand, before the first hand.
    pub fn set_first_dealer(&mut self, player: usize) -> Result<(), Error> {
        self.before_start("the first dealer and the teams")?;
        self.first_dealer = player;
        Ok(())
    }

    /// A player by name, case forgiven, or a message naming the players.
    pub fn player(&self, name: &str) -> Result<usize, Error> {
        let players = self.players();
        players
            .iter()
            .position(|p| p == name)
            .or_else(|| players.iter().position(|p| p.eq_ignore_ascii_case(name)))
            .ok_or_else(|| {
                NoSuch::Player {
                    name: name.to_string(),
                    players: players.to_vec(),
                }
                .into()
            })
    }

    /// Reads one line of the log back.
    pub(crate) fn parse_event(&self, text: &str) -> Result<Event, Error> {
        let text = text.trim();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let named = |rest: &str| -> Result<(usize, String), Error> {
            let (name, value) = rest.split_once(':').unwrap_or((rest, ""));
            Ok((self.player(name.trim())?, value.trim().to_string()))
        };
        let book = self.rulebook();
        match word {
            "out" if rest.trim() == "none" => Ok(Event::Out { player: None }),
            "out" => Ok(Event::Out {
                player: Some(self.player(rest.trim())?),
            }),
            "melds" => {
                let (player, value) = named(rest)?;
                Ok(Event::Melds {
                    player,
                    table: book.parse_table_entry(&value)?,
                })
            }
            "hand" => {
                let (player, value) = named(rest)?;
                Ok(Event::Hand {
                    player,
                    hand: book.parse_hand_left(&value)?,
                })
            }
            _ => Err(StepForm::NotAHandStep {
                text: text.to_string(),
            }
            .into()),
        }
    }

    /// Takes one step. A step the rules refuse changes nothing.
    pub fn apply(&mut self, event: Event) -> Result<Vec<Note>, Error> {
        if self.is_over() {
            return Err(Stage::GameOver {
                tried: AfterTheEnd::Step,
            }
            .into());
        }
        let book = self.rulebook();
        let mut notes = Vec::new();
        let mut pending = self.pending.clone();
        match &event {
            Event::Out { player } => {
                if let Some(p) = player
                    && let Some(hand) = &pending.hands[*p]
                    && !is_empty(hand)
                {
                    return Err(Error::Refused(format!(
                        "{} holds {} by the hand given; the player who went out holds none (hand {} 0 corrects it)",
                        self.players()[*p],
                        hand.text(),
                        self.players()[*p]
                    )));
                }
                pending.out = Some(*player);
                notes.push(Note::Out { player: *player });
            }
            Event::Melds { player, table } => {
                let side = self.sides.side_of(*player);
                pending.tables[side] = Some((*player, table.clone()));
                notes.push(Note::Table {
                    side,
                    table: table.clone(),
                    value: table.value(&book),
                });
            }
            Event::Hand { player, hand } => {
                pending.hands[*player] = Some(hand.clone());
                notes.push(Note::Hand {
                    player: *player,
                    count: book.report_count(hand),
                });
            }
        }
        let given = CardCounts::of(
            pending
                .tables
                .iter()
                .flatten()
                .flat_map(|(_, table)| table.cards())
                .chain(
                    pending
                        .hands
                        .iter()
                        .flatten()
                        .flat_map(|h| h.cards().iter().copied()),
                ),
        );
        book.variant
            .deck()
            .check_counts(&given, " in this hand's melds and hands together")?;
        if pending.is_complete() {
            let round = self.round_of(&pending);
            let mut record = self.record.clone();
            record.rounds.push(round);
            let tally = record::tally(&record).map_err(|e| match e {
                Error::Record { problem, .. } => Unscored::Hand { problem }.into(),
                other => other,
            })?;
            let number = record.rounds.len();
            if let Some(last) = tally.rounds.last() {
                notes.push(Note::Scored {
                    number,
                    score: last.score.clone(),
                });
            }
            self.record = record;
            self.tally = tally;
            pending = Pending::new(self.sides.len(), self.players().len());
            if self.tally.finished {
                notes.push(Note::Over);
            } else {
                let next = number + 1;
                notes.push(Note::NextHand {
                    number: next,
                    dealer: self.dealer_of(next),
                });
            }
        }
        self.pending = pending;
        self.events.push(event);
        Ok(notes)
    }

    /// The round a complete pending hand makes, as the record writes it.
    fn round_of(&self, pending: &Pending) -> Round {
        let players = self.players();
        let entry = |text: String, count: Option<u32>| match count {
            Some(n) => HandEntry::Count(i64::from(n)),
            None => HandEntry::Cards(text),
        };
        Round {
            out: pending.out.flatten().map(|p| players[p].clone()),
            melds: pending
                .tables
                .iter()
                .flatten()
                .map(|(player, table)| {
                    let count = match table {
                        TableEntry::Count(n) => Some(*n),
                        TableEntry::Sets(_) => None,
                    };
                    (players[*player].clone(), entry(table.text(), count))
                })
                .collect(),
            hands: pending
                .hands
                .iter()
                .enumerate()
                .map(|(p, hand)| {
                    let count = match hand {
                        Some(HandReport::Count(n)) => Some(*n),
                        _ => None,
                    };
                    let text = hand.as_ref().map(HandReport::text).unwrap_or_default();
                    (players[p].clone(), entry(text, count))
                })
                .collect(),
        }
    }

    /// Takes back the last `count` steps (across hands too), returning them.
    pub fn undo(&mut self, count: usize) -> Result<Vec<Event>, Error> {
        if count == 0 {
            return Ok(Vec::new());
        }
        if self.events.is_empty() {
            return Err(Undo::NothingToUndo.into());
        }
        let keep = self.events.len().saturating_sub(count);
        let undone = self.events[keep..].to_vec();
        let mut base = self.record.clone();
        base.rounds.truncate(self.earlier);
        let log: Vec<String> = self.events[..keep]
            .iter()
            .map(|e| e.text(self.players()))
            .collect();
        let mut replayed = Game::from_parts(base, self.first_dealer, &log)?;
        replayed.earlier = self.earlier;
        *self = replayed;
        Ok(undone)
    }

    /// What is still to give for the hand being entered, in words.
    pub fn missing(&self) -> Vec<String> {
        let mut missing = Vec::new();
        if self.pending.out.is_none() {
            missing.push("who went out (out NAME, or out none)".to_string());
        }
        let sides: Vec<String> = (0..self.sides.len())
            .filter(|s| self.pending.tables[*s].is_none())
            .map(|s| self.sides.name(s))
            .collect();
        if !sides.is_empty() {
            missing.push(format!("the melds of {}", sides.join(", ")));
        }
        let hands: Vec<&str> = (0..self.players().len())
            .filter(|p| self.pending.hands[*p].is_none())
            .map(|p| self.players()[p].as_str())
            .collect();
        match hands.as_slice() {
            [] => {}
            [one] => missing.push(format!("{one}'s hand")),
            _ => missing.push(format!("the hands of {}", hands.join(", "))),
        }
        missing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        let players = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
        Game::new(Variant::Canadian, players, None, CanadianRules::default()).unwrap()
    }

    fn step(game: &mut Game, line: &str) -> Vec<Note> {
        let event = game.parse_event(line).unwrap();
        game.apply(event).unwrap()
    }

    const HAND: [&str; 7] = [
        "out alice",
        "melds alice: Ks Kh 2c | Qs Qd Qh *",
        "melds bob: 85",
        "hand alice: 0",
        "hand bob: Qs 5h",
        "hand carol: 3d 2c",
        "hand dave: 20",
    ];

    #[test]
    fn session_a_hand_is_scored_once_out_every_table_and_every_hand_are_given() {
        let mut g = game();
        for line in &HAND[..6] {
            let notes = step(&mut g, line);
            assert!(!notes.iter().any(|n| matches!(n, Note::Scored { .. })));
        }
        assert_eq!(g.missing(), ["dave's hand"]);
        let notes = step(&mut g, HAND[6]);
        let Some(Note::Scored { number: 1, score }) =
            notes.iter().find(|n| matches!(n, Note::Scored { .. }))
        else {
            panic!("{notes:?}")
        };
        assert_eq!(score.sides[0].points, 200);
        assert_eq!(g.tally().totals, [200, -40]);
        assert!(notes.contains(&Note::NextHand {
            number: 2,
            dealer: 1
        }));
        assert!(g.pending().is_blank());
    }

    #[test]
    fn session_log_round_trips_and_resumes_exactly() {
        let mut g = game();
        for line in &HAND[..5] {
            step(&mut g, line);
        }
        let record = g.to_record();
        let text = record.to_toml();
        let read = Record::from_toml(&text, Variant::Canadian).unwrap();
        assert_eq!(Game::from_record(&read).unwrap(), g);
        for line in HAND {
            let event = g.parse_event(line).unwrap();
            assert_eq!(g.parse_event(&event.text(g.players())).unwrap(), event);
        }
    }

    #[test]
    fn session_a_line_that_is_no_step_says_the_three_steps() {
        assert_eq!(
            game().parse_event("fly").unwrap_err(),
            StepForm::NotAHandStep {
                text: "fly".to_string()
            }
            .into()
        );
    }

    /// A saved log whose first dealer or earlier hands its own record contradicts is not
    /// replayed: the file is wrong.
    #[test]
    fn session_a_log_its_record_contradicts_is_not_resumed() {
        let mut g = game();
        step(&mut g, HAND[0]);
        let mut record = g.to_record();
        let play = record.play.as_mut().unwrap();
        play.first_dealer = Some("zed".to_string());
        assert_eq!(
            Game::from_record(&record).unwrap_err(),
            LogMismatch::FirstDealer {
                name: "zed".to_string()
            }
            .into()
        );
        let play = record.play.as_mut().unwrap();
        play.first_dealer = None;
        play.earlier_rounds = 2;
        let err = Game::from_record(&record).unwrap_err();
        assert_eq!(
            err,
            LogMismatch::EarlierRounds {
                earlier: 2,
                held: 0
            }
            .into()
        );
        assert!(!err.is_refusal());
    }

    #[test]
    fn session_undo_takes_back_steps_across_hands() {
        let mut g = game();
        for line in HAND {
            step(&mut g, line);
        }
        step(&mut g, "out none");
        let undone = g.undo(2).unwrap();
        assert_eq!(undone.len(), 2);
        assert_eq!(g.hand_number(), 1);
        assert_eq!(g.missing(), ["dave's hand"]);
        assert!(g.undo(100).is_ok());
        assert!(!g.has_started());
        let nothing = g.undo(1).unwrap_err();
        assert_eq!(nothing, Undo::NothingToUndo.into());
        assert!(nothing.is_refusal());
    }

    #[test]
    fn session_refuses_an_out_player_holding_cards_and_a_hand_that_cannot_be_scored() {
        let mut g = game();
        step(&mut g, "hand alice: Kd");
        let err = g.apply(g.parse_event("out alice").unwrap()).unwrap_err();
        assert!(err.is_refusal(), "{err}");
        for line in [
            "out none",
            "melds alice: 0",
            "melds bob: 0",
            "hand bob: 5",
            "hand carol: 5",
        ] {
            step(&mut g, line);
        }
        let err = g.apply(g.parse_event("hand dave: 0").unwrap()).unwrap_err();
        assert!(
            matches!(&err, Error::Unscored(Unscored::Hand { problem }) if problem.contains("dave's hand is empty, but nobody went out")),
            "{err}"
        );
        assert!(err.is_refusal());
        assert_eq!(g.missing(), ["dave's hand"]);
    }

    #[test]
    fn deck_copies_are_checked_as_each_table_and_hand_is_given() {
        let mut g = game();
        step(&mut g, "melds alice: Ks Ks Kh");
        let err = g
            .apply(g.parse_event("hand bob: Ks 5h").unwrap())
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Ks appears 3 times in this hand's melds and hands together; the 108-card deck has 2"
        );
        assert_eq!(g.events().len(), 1);
        step(&mut g, "melds alice: Ks Kh Kd");
        step(&mut g, "hand bob: Ks 5h");
    }

    #[test]
    fn session_teams_and_rules_before_the_first_hand_only() {
        let mut g = game();
        g.set_teams("alice+bob carol+dave").unwrap();
        assert_eq!(g.sides().names(), ["alice+bob", "carol+dave"]);
        assert!(g.set_teams("alice+bob carol").is_err());
        let rules = CanadianRules {
            target: 500,
            ..CanadianRules::default()
        };
        g.set_rules(rules).unwrap();
        step(&mut g, "out none");
        assert!(
            g.set_teams("alice+carol bob+dave")
                .unwrap_err()
                .is_refusal()
        );
    }

    #[test]
    fn session_the_game_ends_at_the_target() {
        let mut g = game();
        g.set_rules(CanadianRules {
            target: 100,
            ..CanadianRules::default()
        })
        .unwrap();
        for line in HAND {
            step(&mut g, line);
        }
        assert!(g.is_over());
        assert!(
            g.apply(Event::Out { player: None })
                .unwrap_err()
                .is_refusal()
        );
    }
}
