//! A Canadian or Carolina game kept at the table: after each hand the score keeper gives who
//! went out, each side's table and each player's hand, in any order; the hand is scored as
//! soon as all are given. The log, undo and redo, a hand entered whole in one line, a
//! finished hand corrected and a house rule changed are the family's ([`crate::session`]);
//! what is this game's is here. Every step is a line of the saved log:
//!
//! ```text
//! out alice                            (out none: the stock ran out)
//! melds alice: Ks Kh 2c | Qs Qd Qh *   (a side's table, by any one of its players, or a count)
//! hand bob: Qs 5h                      (a player's hand left, or a count)
//! ```

use super::record::{self, Round};
use super::scoring::{Given, HandScore, TableEntry, is_empty};
use super::sides::{Sides, parse_teams};
use super::{CanadianRules, Rulebook, Variant};
use crate::card::CardCounts;
use crate::error::{AfterTheEnd, Error, FixForm, HandStep, RecordPlace, RecordProblem, StepForm};
use crate::game::{self, Played};
use crate::hand::{HandEntry, HandReport};
use crate::rules::GameRules;
use crate::session::Session;
use crate::tally::{Ending, Scores};

/// A game of Canadian or Carolina Rummy followed by the referee.
pub type Game = Session<Setup>;

/// Who plays, in which sides, under which house rules, and who dealt first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: Variant,
    pub sides: Sides,
    pub rules: CanadianRules,
    pub first_dealer: usize,
}

impl Setup {
    /// A new game. Teams are given as `--teams` writes them, or by default.
    pub fn new(
        variant: Variant,
        players: Vec<String>,
        teams: Option<&str>,
        rules: CanadianRules,
    ) -> Result<Setup, Error> {
        let teams = teams.map(parse_teams);
        let sides = Sides::new(variant, players, teams.as_deref()).map_err(|problem| {
            let problem = Box::new(Error::from(problem));
            if teams.is_some() {
                HandStep::Teams { problem }.into()
            } else {
                Error::from(HandStep::Players { problem })
            }
        })?;
        let book = Rulebook::new(variant, rules);
        book.check_deal(sides.players().len())?;
        Ok(Setup {
            variant,
            sides,
            rules: book.rules,
            first_dealer: 0,
        })
    }

    pub fn rulebook(&self) -> Rulebook {
        Rulebook::new(self.variant, self.rules.clone())
    }

    /// The same players in other teams, before the first hand.
    pub fn with_teams(&self, teams: &str) -> Result<Setup, Error> {
        let teams = parse_teams(teams);
        let sides = Sides::new(self.variant, self.sides.players().to_vec(), Some(&teams)).map_err(
            |problem| HandStep::Teams {
                problem: Box::new(problem.into()),
            },
        )?;
        Ok(Setup {
            sides,
            ..self.clone()
        })
    }

    /// A player by name, case forgiven, or a message naming the players.
    pub fn player(&self, name: &str) -> Result<usize, Error> {
        crate::game::find_player(self.sides.players(), name)
    }

    fn name(&self, player: usize) -> &str {
        self.sides.players().get(player).map_or("?", String::as_str)
    }

    /// A side's table or a hand as a player types it after `melds NAME` or `hand NAME`:
    /// `none` is nothing.
    fn nothing_as_none(text: &str) -> &str {
        let text = text.trim().trim_matches('"');
        if text.eq_ignore_ascii_case("none") {
            ""
        } else {
            text
        }
    }

    /// The words of a table's sets or count, as the one-line hand takes them.
    pub fn table_entry(&self, text: &str) -> Result<TableEntry, Error> {
        self.rulebook()
            .parse_table_entry(Self::nothing_as_none(text))
    }

    /// Melds given for a side as a player types them after `melds NAME`.
    pub fn given(&self, text: &str) -> Result<Given, Error> {
        self.rulebook().parse_given(Self::nothing_as_none(text))
    }

    /// A hand left as typed: cards, a count, or none.
    pub fn hand_left(&self, text: &str) -> Result<HandReport, Error> {
        self.rulebook().parse_hand_left(Self::nothing_as_none(text))
    }
}

/// One step the score keeper gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Who went out; none when the stock ran out.
    Out { player: Option<usize> },
    /// Melds a side has on the table, given by one of its players; a side's melds given
    /// twice add up (a card may be laid off on a set the side has).
    Melds { player: usize, given: Given },
    /// A player's hand left.
    Hand { player: usize, hand: HandReport },
}

/// The hand being entered: what has been given so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// Who dealt this hand.
    pub dealer: usize,
    /// Given once `out` is: `Some(None)` means the stock ran out.
    pub out: Option<Option<usize>>,
    /// Per side: the player who gave it first and the table so far.
    pub tables: Vec<Option<(usize, TableEntry)>>,
    /// Per player.
    pub hands: Vec<Option<HandReport>>,
}

impl Pending {
    fn new(dealer: usize, sides: usize, players: usize) -> Pending {
        Pending {
            dealer,
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
    /// A side's table was taken: its sets (with any given before) and their value.
    Table {
        side: usize,
        table: TableEntry,
        value: u32,
        /// Whether earlier melds of the side were added to.
        added: bool,
    },
    /// A hand was counted.
    Hand {
        player: usize,
        count: u32,
    },
    Out {
        player: Option<usize>,
    },
}

impl Scores for HandScore {
    fn points(&self) -> Vec<i64> {
        self.sides.iter().map(|s| s.points).collect()
    }

    /// The sides that scored the most in the hand (ties: each).
    fn winners(&self) -> Vec<usize> {
        let best = self.sides.iter().map(|s| s.points).max().unwrap_or(0);
        (0..self.sides.len())
            .filter(|s| self.sides[*s].points == best)
            .collect()
    }
}

impl Ending for Setup {
    fn target(&self) -> i64 {
        i64::from(self.rules.target)
    }

    fn most(&self) -> i64 {
        i64::MAX
    }

    /// These games have no end-of-game bonuses.
    fn bonuses(&self, totals: &[i64], _won: &[u32]) -> Vec<i64> {
        vec![0; totals.len()]
    }

    fn total_word(&self) -> &'static str {
        "a side's total"
    }
}

impl game::Game for Setup {
    const FIRST_STEP: &'static str = "the first hand is entered";
    const ROUND_WORD: &'static str = "hand";
    const AFTER_THE_END: AfterTheEnd = AfterTheEnd::Step;
    const FIX_FORMS: &'static str = "fix N hand NAME HAND, fix N out NAME (or none), fix N melds NAME MELDS, fix N delete, or fix N and the whole result as round takes it";

    type Rules = CanadianRules;
    type Event = Event;
    type Round = Pending;
    type Result = Round;
    type Score = HandScore;
    type Note = Note;

    fn players(&self) -> &[String] {
        self.sides.players()
    }

    fn sides(&self) -> Vec<String> {
        self.sides.names()
    }

    fn rules(&self) -> &CanadianRules {
        &self.rules
    }

    fn with_rules(&self, rules: CanadianRules) -> Result<Setup, Error> {
        rules.playable()?;
        let book = Rulebook::new(self.variant, rules);
        book.check_deal(self.sides.players().len())?;
        Ok(Setup {
            rules: book.rules,
            ..self.clone()
        })
    }

    fn first_dealer(&self) -> usize {
        self.first_dealer
    }

    fn with_first_dealer(&self, dealer: usize) -> Setup {
        Setup {
            first_dealer: dealer % self.sides.players().len(),
            ..self.clone()
        }
    }

    fn deal(&self, _number: usize, dealer: usize) -> Pending {
        Pending::new(dealer, self.sides.len(), self.sides.players().len())
    }

    fn dealer(&self, round: &Pending) -> usize {
        round.dealer
    }

    fn is_fresh(&self, round: &Pending) -> bool {
        round.is_blank()
    }

    fn play(
        &self,
        pending: &mut Pending,
        _number: usize,
        event: &Event,
    ) -> Result<Played<Self>, Error> {
        let book = self.rulebook();
        let name = |p: usize| self.name(p).to_string();
        let note = match event {
            Event::Out { player } => {
                if let Some(p) = player
                    && let Some(hand) = &pending.hands[*p]
                    && !is_empty(hand)
                {
                    return Err(HandStep::OutHolds {
                        player: name(*p),
                        hand: hand.text(),
                    }
                    .into());
                }
                pending.out = Some(*player);
                Note::Out { player: *player }
            }
            Event::Melds { player, given } => {
                let side = self.sides.side_of(*player);
                let (first, table, added) = match pending.tables[side].take() {
                    Some((first, before)) => (first, book.lay(Some(&before), given)?, true),
                    None => (*player, book.lay(None, given)?, false),
                };
                let value = table.value(&book);
                pending.tables[side] = Some((first, table.clone()));
                Note::Table {
                    side,
                    table,
                    value,
                    added,
                }
            }
            Event::Hand { player, hand } => {
                if pending.out == Some(Some(*player)) && !is_empty(hand) {
                    return Err(HandStep::OutHolds {
                        player: name(*player),
                        hand: hand.text(),
                    }
                    .into());
                }
                pending.hands[*player] = Some(hand.clone());
                Note::Hand {
                    player: *player,
                    count: book.report_count(hand),
                }
            }
        };
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
        let ended = pending.is_complete().then(|| self.round_of(pending));
        Ok(Played {
            notes: vec![note],
            ended,
        })
    }

    fn may_end(&self, _round: &Pending, _number: usize) -> Result<(), Error> {
        Ok(())
    }

    fn score(&self, result: &Round, number: usize) -> Result<HandScore, Error> {
        // The record's reading: its errors name the [[round]] table.
        record::score_round(&self.rulebook(), &self.sides, result, number)
    }

    fn event_text(&self, event: &Event) -> String {
        let players = self.sides.players();
        let name = |p: &usize| players.get(*p).map_or("?", String::as_str);
        match event {
            Event::Out { player: Some(p) } => format!("out {}", name(p)),
            Event::Out { player: None } => "out none".to_string(),
            Event::Melds { player, given } => format!("melds {}: {}", name(player), given.text())
                .trim_end()
                .to_string(),
            Event::Hand { player, hand } => format!("hand {}: {}", name(player), hand.text())
                .trim_end()
                .to_string(),
        }
    }

    fn parse_event(&self, text: &str) -> Result<Event, Error> {
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
                    given: book.parse_given(&value)?,
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

    fn result_text(&self, result: &Round) -> String {
        hand_text(result)
    }

    fn parse_result(&self, text: &str) -> Result<Round, Error> {
        parse_hand(text, self)
    }

    fn change(&self, round: usize, result: &Round, words: &str) -> Result<Option<Round>, Error> {
        let words = words.trim();
        let (verb, rest) = words.split_once(char::is_whitespace).unwrap_or((words, ""));
        let rest = rest.trim();
        let verb = verb.to_lowercase();
        if rest.contains('=') {
            return Ok(None);
        }
        let players = self.sides.players();
        let mut changed = result.clone();
        match verb.as_str() {
            "hand" => {
                let (name, hand) = crate::words::name_and_rest(rest);
                if name.is_empty() {
                    return Err(FixForm::Hand { round }.into());
                }
                let player = self.player(&name)?;
                let hand = self.hand_left(&hand)?;
                changed.hands.insert(players[player].clone(), hand.entry());
            }
            "out" if rest.is_empty() => return Err(FixForm::Out { round }.into()),
            "out" => {
                changed.out = match rest.to_lowercase().as_str() {
                    "none" | "nobody" | "stock" => None,
                    _ => Some(players[self.player(rest)?].clone()),
                };
            }
            "melds" => {
                let (name, melds) = crate::words::name_and_rest(rest);
                if name.is_empty() {
                    return Err(FixForm::Melds { round }.into());
                }
                let player = self.player(&name)?;
                let table = self.table_entry(&melds)?;
                let side = self.sides.side_of(player);
                // The side's melds, keyed by whichever of its players gave them.
                changed
                    .melds
                    .retain(|key, _| self.player(key).map(|p| self.sides.side_of(p)) != Ok(side));
                changed.melds.insert(players[player].clone(), table.entry());
            }
            _ => return Ok(None),
        }
        Ok(Some(changed))
    }

    fn same_result(&self, a: &Round, b: &Round) -> bool {
        a == b || self.meaning(a).is_some_and(|m| Some(m) == self.meaning(b))
    }

    fn mismatch(&self, number: usize, said: &Round, gave: &Round) -> Error {
        RecordProblem::ResultDisagrees {
            round: number,
            says: hand_text(said),
            gives: hand_text(gave),
        }
        .at(RecordPlace::Round { number, key: None })
    }
}

/// What a hand's result says, however its cards are spaced, ordered or spelled and whichever
/// player of a side gave its melds: who went out, each side's table, each player's hand.
type Meaning = (
    Option<String>,
    Vec<String>,
    Vec<Result<u32, Vec<crate::card::HandCard>>>,
);

impl Setup {
    fn meaning(&self, round: &Round) -> Option<Meaning> {
        let parsed = parse_hand(&hand_text(round), self).ok()?;
        let mut tables = vec![String::new(); self.sides.len()];
        for (name, entry) in &parsed.melds {
            let side = self.sides.side_of(self.player(name).ok()?);
            tables[side] = match entry {
                HandEntry::Count(n) => n.to_string(),
                HandEntry::Cards(text) => text.clone(),
            };
        }
        let hands = self
            .sides
            .players()
            .iter()
            .map(|name| match parsed.hands.get(name)? {
                HandEntry::Count(n) => u32::try_from(*n).ok().map(Ok),
                HandEntry::Cards(text) => {
                    let mut cards = self.hand_left(text).ok()?.cards().to_vec();
                    cards.sort_unstable();
                    Some(Err(cards))
                }
            })
            .collect::<Option<Vec<_>>>()?;
        Some((parsed.out, tables, hands))
    }

    /// The round a complete pending hand makes, as the record writes it.
    fn round_of(&self, pending: &Pending) -> Round {
        let players = self.sides.players();
        Round {
            out: pending.out.flatten().map(|p| players[p].clone()),
            melds: pending
                .tables
                .iter()
                .flatten()
                .map(|(player, table)| (players[*player].clone(), table.entry()))
                .collect(),
            hands: pending
                .hands
                .iter()
                .enumerate()
                .map(|(p, hand)| {
                    let entry = hand.as_ref().map_or(HandEntry::Count(0), HandReport::entry);
                    (players[p].clone(), entry)
                })
                .collect(),
        }
    }
}

/// A hand's result in one line, as `round` takes it and the log keeps it: `out NAME` (or
/// `out none`), then `melds NAME=MELDS` for each side with something on the table, then
/// `NAME=HAND` for every player.
pub(crate) fn hand_text(round: &Round) -> String {
    let quote = |text: &str| shell_words::quote(text).into_owned();
    let entry = |e: &HandEntry| match e {
        HandEntry::Count(n) => n.to_string(),
        HandEntry::Cards(text) => text.clone(),
    };
    let mut words = vec![match &round.out {
        Some(name) => format!("out {}", quote(name)),
        None => "out none".to_string(),
    }];
    for (name, table) in &round.melds {
        words.push(format!("melds {}={}", quote(name), quote(&entry(table))));
    }
    for (name, hand) in &round.hands {
        words.push(format!("{}={}", quote(name), quote(&entry(hand))));
    }
    words.join(" ")
}

/// Reads a hand's result typed in one line (see [`hand_text`]). `out NAME` or `out none`
/// comes first; a side given no melds has nothing on the table; every player's hand is given,
/// the player who went out's may be left out (it is empty).
pub(crate) fn parse_hand(text: &str, setup: &Setup) -> Result<Round, Error> {
    let words = shell_words::split(text).map_err(|e| HandStep::Words {
        text: text.trim().to_string(),
        problem: e.to_string(),
    })?;
    let players = setup.sides.players();
    let mut words = words.iter().map(String::as_str);
    let out = match words.next() {
        Some(word) if word.eq_ignore_ascii_case("out") => {
            let name = words.next().ok_or(HandStep::OutNeedsName)?;
            match name.to_lowercase().as_str() {
                "none" | "nobody" | "stock" => None,
                _ => Some(setup.player(name)?),
            }
        }
        _ => return Err(HandStep::OutFirst.into()),
    };
    let mut tables: Vec<Option<(usize, TableEntry)>> = vec![None; setup.sides.len()];
    let mut hands: Vec<Option<HandReport>> = vec![None; players.len()];
    while let Some(word) = words.next() {
        let (melds, word) = if word.eq_ignore_ascii_case("melds") {
            (true, words.next().ok_or(HandStep::MeldsNeedsName)?)
        } else {
            (false, word)
        };
        let Some((name, value)) = word.split_once('=') else {
            return Err(HandStep::NotNamed {
                word: word.to_string(),
            }
            .into());
        };
        let player = setup.player(name)?;
        if melds {
            let side = setup.sides.side_of(player);
            if tables[side].is_some() {
                return Err(HandStep::TwoTables {
                    side: setup.sides.name(side),
                }
                .into());
            }
            tables[side] = Some((player, setup.table_entry(value)?));
        } else {
            if hands[player].is_some() {
                return Err(HandStep::TwoHands {
                    player: players[player].clone(),
                }
                .into());
            }
            hands[player] = Some(setup.hand_left(value)?);
        }
    }
    if let Some(p) = out {
        hands[p].get_or_insert(HandReport::Count(0));
    }
    let missing: Vec<String> = (0..players.len())
        .filter(|p| hands[*p].is_none())
        .map(|p| players[p].clone())
        .collect();
    if !missing.is_empty() {
        return Err(HandStep::Missing { players: missing }.into());
    }
    Ok(Round {
        out: out.map(|p| players[p].clone()),
        melds: tables
            .into_iter()
            .flatten()
            .map(|(player, table)| (players[player].clone(), table.entry()))
            .collect(),
        hands: hands
            .into_iter()
            .enumerate()
            .map(|(p, hand)| {
                let entry = hand.as_ref().map_or(HandEntry::Count(0), HandReport::entry);
                (players[p].clone(), entry)
            })
            .collect(),
    })
}

/// What is still to give for the hand being entered, in words.
pub fn missing(setup: &Setup, pending: &Pending) -> Vec<String> {
    let mut missing = Vec::new();
    if pending.out.is_none() {
        missing.push("who went out (out NAME, or out none)".to_string());
    }
    let sides: Vec<String> = (0..setup.sides.len())
        .filter(|s| pending.tables[*s].is_none())
        .map(|s| setup.sides.name(s))
        .collect();
    if !sides.is_empty() {
        missing.push(format!("the melds of {}", sides.join(", ")));
    }
    let players = setup.sides.players();
    let hands: Vec<&str> = (0..players.len())
        .filter(|p| pending.hands[*p].is_none())
        .map(|p| players[p].as_str())
        .collect();
    match hands.as_slice() {
        [] => {}
        [one] => missing.push(format!("{one}'s hand")),
        _ => missing.push(format!("the hands of {}", hands.join(", "))),
    }
    missing
}

impl Game {
    /// A new game of these.
    pub fn new(
        variant: Variant,
        players: Vec<String>,
        teams: Option<&str>,
        rules: CanadianRules,
    ) -> Result<Game, Error> {
        Ok(Session::start_with(Setup::new(
            variant, players, teams, rules,
        )?))
    }

    /// A saved game, replayed from its log.
    pub fn from_record(record: &record::Record) -> Result<Game, Error> {
        Session::resume(
            &Setup::of_record(record)?,
            &record.rounds,
            record.play.as_ref(),
        )
    }

    /// The record to save: the finished hands, with the log that resumes the game.
    pub fn to_record(&self) -> record::Record {
        let setup = self.setup();
        record::Record {
            variant: setup.variant,
            players: setup.sides.players().to_vec(),
            teams: setup.sides.teams(),
            rules: setup.rules.clone(),
            rounds: self.results().to_vec(),
            play: Some(self.play_log()),
        }
    }

    pub fn variant(&self) -> Variant {
        self.setup().variant
    }

    pub fn rules(&self) -> &CanadianRules {
        &self.setup().rules
    }

    pub fn rulebook(&self) -> Rulebook {
        self.setup().rulebook()
    }

    pub fn sides(&self) -> &Sides {
        &self.setup().sides
    }

    pub fn pending(&self) -> &Pending {
        self.round()
    }

    /// The hand being entered, from 1 (the last one played once the game is over).
    pub fn hand_number(&self) -> usize {
        self.number()
    }

    /// Who deals hand `number` when no hand was taken out: the deal passes left.
    pub fn dealer_of(&self, number: usize) -> usize {
        (self.setup().first_dealer + number - 1) % self.players().len()
    }

    /// A player by name, case forgiven.
    pub fn player(&self, name: &str) -> Result<usize, Error> {
        self.setup().player(name)
    }

    /// Sets the teams before the first hand.
    pub fn set_teams(&mut self, teams: &str) -> Result<(), Error> {
        let setup = self.setup().with_teams(teams)?;
        self.set_setup(setup, "the teams")
    }

    /// What is still to give for the hand being entered, in words.
    pub fn missing(&self) -> Vec<String> {
        missing(self.setup(), self.round())
    }
}

impl Setup {
    /// A record's game as it is set up; the first dealer is the log's to say.
    pub fn of_record(record: &record::Record) -> Result<Setup, Error> {
        Ok(Setup {
            variant: record.variant,
            sides: record.sides()?,
            rules: record.rules.clone(),
            first_dealer: 0,
        })
    }
}

/// A record's game as it is set up, and its rounds scored in order to the end at the target;
/// a round recorded after a side's total reached it is refused.
pub fn scored(record: &record::Record) -> Result<(Setup, record::Tally), Error> {
    let setup = Setup::of_record(record)?;
    let tally = crate::game::tally_of(&setup, &record.rounds)?;
    Ok((setup, tally))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Stage, Undo, Unplayable};
    use crate::session::{Note as Said, Step};

    fn game() -> Game {
        let players = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
        Game::new(Variant::Canadian, players, None, CanadianRules::default()).unwrap()
    }

    fn step(game: &mut Game, line: &str) -> Vec<Said<Setup>> {
        let step = game.parse_step(line).unwrap();
        game.apply(step).unwrap()
    }

    fn refused(game: &mut Game, line: &str) -> Error {
        let before = game.clone();
        let step = game.parse_step(line).unwrap();
        let err = game.apply(step).unwrap_err();
        assert_eq!(*game, before, "a refused step changed the game: {line}");
        err
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
            assert!(!notes.iter().any(|n| matches!(n, Said::Scored { .. })));
        }
        assert_eq!(g.missing(), ["dave's hand"]);
        let notes = step(&mut g, HAND[6]);
        let Some(Said::Scored { round: 1, score }) =
            notes.iter().find(|n| matches!(n, Said::Scored { .. }))
        else {
            panic!("{notes:?}")
        };
        assert_eq!(score.sides[0].points, 200);
        assert_eq!(g.tally().totals, [200, -40]);
        assert!(notes.contains(&Said::Dealt { round: 2 }));
        assert_eq!(g.round().dealer, 1);
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
        let read = record::Record::from_toml(&text, Variant::Canadian).unwrap();
        assert_eq!(Game::from_record(&read).unwrap(), g);
        for line in HAND {
            let step = g.parse_step(line).unwrap();
            assert_eq!(g.parse_step(&g.step_text(&step)).unwrap(), step);
        }
    }

    #[test]
    fn session_a_line_that_is_no_step_says_the_three_steps() {
        assert_eq!(
            game().parse_step("fly").unwrap_err(),
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
        let err = Game::from_record(&record).unwrap_err();
        assert_eq!(
            err.to_string(),
            "play.first-dealer: \"zed\" is not one of the players"
        );
        assert!(!err.is_refusal());
        let play = record.play.as_mut().unwrap();
        play.first_dealer = None;
        play.earlier_rounds = 2;
        let err = Game::from_record(&record).unwrap_err();
        assert!(
            err.to_string().starts_with("play.earlier-rounds: 2 rounds"),
            "{err}"
        );
        assert!(!err.is_refusal());
    }

    #[test]
    fn session_undo_takes_back_steps_across_hands_and_redo_brings_them_back() {
        let mut g = game();
        for line in HAND {
            step(&mut g, line);
        }
        step(&mut g, "out none");
        let undone = g.undo(2).unwrap();
        assert_eq!(undone.len(), 2);
        assert_eq!(g.hand_number(), 1);
        assert_eq!(g.missing(), ["dave's hand"]);
        g.redo(2).unwrap();
        assert_eq!(g.hand_number(), 2);
        assert!(
            g.undo(100).is_err(),
            "a count past the steps taken is refused"
        );
        g.undo(8).unwrap();
        assert!(!g.has_started());
        let nothing = g.undo(1).unwrap_err();
        assert_eq!(nothing, Undo::NothingToUndo.into());
        assert!(nothing.is_refusal());
    }

    /// The player who went out holds no cards, whichever is given first.
    #[test]
    fn session_refuses_cards_for_the_player_who_went_out_in_either_order() {
        let mut g = game();
        step(&mut g, "hand alice: Kd");
        assert!(refused(&mut g, "out alice").is_refusal());
        let mut g = game();
        step(&mut g, "out alice");
        let err = refused(&mut g, "hand alice: 5");
        assert!(err.is_refusal(), "{err}");
        assert_eq!(
            err.to_string(),
            "alice holds 5 by the hand given; the player who went out holds none (hand alice 0 corrects it)"
        );
        step(&mut g, "hand alice: 0");
    }

    #[test]
    fn session_a_hand_that_cannot_be_scored_is_refused_and_nothing_changes() {
        let mut g = game();
        for line in [
            "out none",
            "melds alice: 0",
            "melds bob: 0",
            "hand bob: 5",
            "hand carol: 5",
            "hand alice: 5",
        ] {
            step(&mut g, line);
        }
        let err = refused(&mut g, "hand dave: 0");
        let empty = Error::from(Unplayable::EmptyButNobodyOut {
            player: "dave".to_string(),
        });
        assert!(
            matches!(
                &err,
                Error::Record {
                    place: RecordPlace::Round { number: 1, key: None },
                    problem,
                } if **problem == RecordProblem::Unscorable { error: Box::new(empty) }
            ),
            "{err:?}"
        );
        assert_eq!(g.missing(), ["dave's hand"]);
    }

    /// A side's melds given on two lines add up: its sets of one rank join.
    #[test]
    fn session_a_sides_melds_given_twice_add_up() {
        let mut g = game();
        step(&mut g, "melds alice: Ks Kh Kd");
        let notes = step(&mut g, "melds alice: Qs Qh Qd");
        assert!(matches!(
            &notes[0],
            Said::Game(Note::Table {
                value: 150,
                added: true,
                ..
            })
        ));
        step(&mut g, "melds carol: As Ad Ac | Kc");
        for line in [
            "out none",
            "melds bob: 0",
            "hand alice: 5",
            "hand bob: 5",
            "hand carol: 5",
            "hand dave: 5",
        ] {
            step(&mut g, line);
        }
        assert_eq!(g.tally().rounds[0].score.sides[0].table, 30 + 120 + 75 + 10);
    }

    #[test]
    fn deck_copies_are_checked_as_each_table_and_hand_is_given() {
        let mut g = game();
        step(&mut g, "melds alice: Ks Ks Kh");
        let err = refused(&mut g, "hand bob: Ks 5h");
        assert_eq!(
            err.to_string(),
            "Ks appears 3 times in this hand's melds and hands together; the 108-card deck has 2"
        );
        assert_eq!(g.steps().len(), 1);
        step(&mut g, "hand bob: Kd 5h");
    }

    #[test]
    fn session_teams_before_the_first_hand_only_and_rules_any_time() {
        let mut g = game();
        g.set_teams("alice+bob carol+dave").unwrap();
        assert_eq!(g.sides().names(), ["alice+bob", "carol+dave"]);
        assert!(g.set_teams("alice+bob carol").is_err());
        g.set_rule("target", "500").unwrap();
        step(&mut g, "out none");
        let err = g.set_teams("alice+carol bob+dave").unwrap_err();
        assert!(err.is_refusal());
        assert_eq!(
            err,
            Stage::SetupFixed {
                what: "the teams",
                first: "the first hand is entered"
            }
            .into()
        );
        g.set_rule("target", "1000").unwrap();
        assert_eq!(g.rules().target, 1000);
    }

    #[test]
    fn session_the_game_ends_at_the_target_and_a_lower_target_later_ends_it_then() {
        let mut g = game();
        g.set_rule("target", "100").unwrap();
        for line in HAND {
            step(&mut g, line);
        }
        assert!(g.is_over());
        assert!(refused(&mut g, "out none").is_refusal());
        // Undone to before the first hand, the target raised, the hand again: play goes on.
        let mut g = game();
        for line in HAND {
            step(&mut g, line);
        }
        assert!(!g.is_over());
        let notes = g.set_rule("target", "200").unwrap();
        assert!(notes.contains(&Said::GameOver), "{notes:?}");
        g.undo(1).unwrap();
        assert!(!g.is_over());
    }

    #[test]
    fn a_hand_entered_whole_in_one_line_and_fixed_later() {
        let mut g = game();
        g.enter_round("out alice melds alice=\"Ks Kh 2c | Qs Qd Qh *\" melds bob=85 bob=\"Qs 5h\" carol=\"3d 2c\" dave=20")
            .unwrap();
        assert_eq!(g.tally().totals, [200, -40]);
        g.fix(1, "hand dave 40").unwrap();
        assert_eq!(g.tally().totals, [200, -60]);
        g.fix(1, "melds bob 105").unwrap();
        assert_eq!(g.tally().totals, [200, -40]);
        let err = g.fix(1, "melds bob 105").unwrap_err();
        assert!(err.to_string().contains("already reads so"), "{err}");
        g.fix(1, "delete").unwrap();
        assert!(g.tally().rounds.is_empty());
        let err = g.fix(1, "out").unwrap_err();
        assert!(matches!(err, Error::NoSuch(_)), "{err}");
        assert!(matches!(
            g.steps().last().map(|t| &t.step),
            Some(Step::Fix { .. })
        ));
    }
}
