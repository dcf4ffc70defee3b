//! A game of the family at the table: its setup, the log of every step, and where the game
//! stands. Written once for every game.
//!
//! Four kinds of step make the log ([`Step`]): a step of the game's own (a draw, a move, a
//! hand given), a round's result entered whole, a finished round corrected (or taken out),
//! and a house rule changed. A step is applied in place: the round in progress is tried on a
//! copy (it is small), and a finished round is added to the totals in time proportional to
//! the players, so a game of n steps is replayed in O(n). A refused step changes nothing.
//!
//! Undo replays the log from its start, less the steps undone; resuming a saved game replays
//! its log: both land on exactly the state the steps gave. What undo took stays for redo
//! until a new step is taken, and is saved with the game, so it survives a resume.

use crate::error::{
    AfterTheEnd, Error, FixForm, LogList, NoSuch, RecordKey, RecordPlace, RecordProblem, Stage,
    StepForm, Undo, Unscored,
};
use crate::game::{Game, Played};
use crate::record::PlayLog;
use crate::rules::GameRules;
use crate::tally::Tally;

/// One step of the log.
#[derive(Clone, Debug, PartialEq)]
pub enum Step<G: Game> {
    /// A step of the round being played, in the game's own terms.
    Play(G::Event),
    /// The round in progress ends with this result, entered whole (a round played on paper,
    /// or by a table that only wants the score kept).
    Round(G::Result),
    /// Finished round `round` (from 1) corrected to `result`, or taken out (`None`); every
    /// later total follows.
    Fix {
        round: usize,
        result: Option<G::Result>,
    },
    /// A house rule changed, from `was` to `value` (both as a rules file writes them); every
    /// total is scored again under it.
    Rule {
        key: &'static str,
        value: String,
        was: String,
    },
}

/// What a step did, for the players to read.
#[derive(Clone, Debug, PartialEq)]
pub enum Note<G: Game> {
    /// What a step of the game did.
    Game(G::Note),
    /// Round `round` is over and scored.
    Scored { round: usize, score: G::Score },
    /// Round `round` is dealt.
    Dealt { round: usize },
    /// A total reached the target: the game is over.
    GameOver,
    /// Finished round `round` corrected, or taken out: the totals are scored again.
    Fixed { round: usize, deleted: bool },
    /// A house rule changed. `redealt`: the round in progress had not begun, so it was
    /// dealt again under the new rule; otherwise a rule of the deal applies from the next.
    Rule {
        key: &'static str,
        value: String,
        redealt: bool,
    },
}

/// A step of the log with what it did, and the round it was taken in.
#[derive(Clone, Debug, PartialEq)]
pub struct Taken<G: Game> {
    pub round: usize,
    pub step: Step<G>,
    pub notes: Vec<Note<G>>,
}

/// Where a game stands, whatever steps led there.
#[derive(Debug, PartialEq)]
pub struct Standing<'a, G: Game> {
    pub setup: &'a G,
    pub results: &'a [G::Result],
    pub tally: &'a Tally<G::Score>,
    pub round: &'a G::Round,
    pub number: usize,
}

/// A game followed at the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Session<G: Game> {
    /// The setup the log starts from (before any house rule was changed in it).
    start: G,
    /// The setup in force now.
    setup: G,
    /// Every finished round, as the record keeps it.
    results: Vec<G::Result>,
    /// The finished rounds scored.
    tally: Tally<G::Score>,
    /// The round in progress (once the game is over: the last one played, as it ended).
    round: G::Round,
    /// Its number, from 1.
    number: usize,
    taken: Vec<Taken<G>>,
    /// Steps undone, the next to redo last; a new step clears them.
    undone: Vec<Step<G>>,
}

impl<G: Game> Session<G> {
    /// A new game: round 1 dealt by the first dealer.
    pub fn start_with(setup: G) -> Session<G> {
        let round = setup.deal(1, setup.first_dealer());
        let mut session = Session {
            start: setup.clone(),
            tally: Tally::new(setup.sides()),
            setup,
            results: Vec::new(),
            round,
            number: 1,
            taken: Vec::new(),
            undone: Vec::new(),
        };
        let mut round = session.round.clone();
        session.setup.settle(&mut round);
        session.round = round;
        session
    }

    /// Replays `steps` from `start`. A step that cannot be taken gives its index.
    pub fn replay(start: G, steps: Vec<Step<G>>) -> Result<Session<G>, (usize, Error)> {
        let mut session = Session::start_with(start);
        session.taken.reserve(steps.len());
        for (i, step) in steps.into_iter().enumerate() {
            session.take(step).map_err(|e| (i, e))?;
        }
        Ok(session)
    }

    pub fn setup(&self) -> &G {
        &self.setup
    }

    /// The setup the log starts from.
    pub fn start(&self) -> &G {
        &self.start
    }

    pub fn players(&self) -> &[String] {
        self.setup.players()
    }

    pub fn round(&self) -> &G::Round {
        &self.round
    }

    /// The number of the round in progress (the last one played once the game is over).
    pub fn number(&self) -> usize {
        self.number
    }

    pub fn results(&self) -> &[G::Result] {
        &self.results
    }

    pub fn tally(&self) -> &Tally<G::Score> {
        &self.tally
    }

    pub fn is_over(&self) -> bool {
        self.tally.is_over()
    }

    /// Every step taken, with what it did.
    pub fn steps(&self) -> &[Taken<G>] {
        &self.taken
    }

    /// How many steps undone redo can bring back.
    pub fn can_redo(&self) -> usize {
        self.undone.len()
    }

    /// Where the game stands, whatever steps led there: two games that stand alike compare
    /// equal.
    pub fn standing(&self) -> Standing<'_, G> {
        Standing {
            setup: &self.setup,
            results: &self.results,
            tally: &self.tally,
            round: &self.round,
            number: self.number,
        }
    }

    /// The steps undone that redo can bring back, the next last.
    pub fn undone(&self) -> &[Step<G>] {
        &self.undone
    }

    /// Whether any step has been taken: the seating is fixed from then on.
    pub fn has_started(&self) -> bool {
        !self.taken.is_empty()
    }

    /// Who deals the first round: only before the first step.
    pub fn set_first_dealer(&mut self, dealer: usize) -> Result<(), Error> {
        if self.has_started() {
            return Err(Stage::SetupFixed {
                what: "the first dealer",
                first: G::FIRST_STEP,
            }
            .into());
        }
        *self = Session::start_with(self.setup.with_first_dealer(dealer));
        Ok(())
    }

    /// Replaces the whole setup before the first step (the teams, say).
    pub fn set_setup(&mut self, setup: G, what: &'static str) -> Result<(), Error> {
        if self.has_started() {
            return Err(Stage::SetupFixed {
                what,
                first: G::FIRST_STEP,
            }
            .into());
        }
        *self = Session::start_with(setup);
        Ok(())
    }

    /// Takes a step. A refused step changes nothing; a step taken ends what redo could
    /// bring back.
    pub fn apply(&mut self, step: Step<G>) -> Result<Vec<Note<G>>, Error> {
        let notes = self.take(step)?;
        self.undone.clear();
        Ok(notes)
    }

    /// Takes several steps, all or none: when one is refused, those before it are taken
    /// back and its index comes with the refusal.
    pub fn apply_all(&mut self, steps: Vec<Step<G>>) -> Result<Vec<Note<G>>, (usize, Error)> {
        let plays_only = steps.iter().all(|s| matches!(s, Step::Play(_)));
        let (round, number) = (self.round.clone(), self.number);
        let (taken, finished) = (self.taken.len(), self.results.len());
        let mut notes = Vec::new();
        for (i, step) in steps.into_iter().enumerate() {
            match self.take(step) {
                Ok(more) => notes.extend(more),
                Err(e) => {
                    if plays_only && self.results.len() == finished {
                        // Only the round in progress changed: it is put back as it was.
                        self.round = round;
                        self.number = number;
                        self.taken.truncate(taken);
                    } else {
                        let steps = self.taken[..taken].iter().map(|t| t.step.clone()).collect();
                        let undone = std::mem::take(&mut self.undone);
                        *self = Session::replay(self.start.clone(), steps).map_err(|e| (i, e.1))?;
                        self.undone = undone;
                    }
                    return Err((i, e));
                }
            }
        }
        self.undone.clear();
        Ok(notes)
    }

    /// A step of the game's own.
    pub fn event(&mut self, event: G::Event) -> Result<Vec<Note<G>>, Error> {
        self.apply(Step::Play(event))
    }

    fn take(&mut self, step: Step<G>) -> Result<Vec<Note<G>>, Error> {
        let round = self.number;
        let mut notes = match &step {
            Step::Play(event) => self.play_event(event)?,
            Step::Round(result) => {
                self.not_over(AfterTheEnd::Round)?;
                self.setup.may_end(&self.round, self.number)?;
                self.finish(result.clone())?
            }
            Step::Fix { round, result } => self.fix_round(*round, result.as_ref())?,
            Step::Rule { key, value, .. } => self.change_rule(key, value)?,
        };
        if !self.is_over() {
            notes.extend(
                self.setup
                    .settle(&mut self.round)
                    .into_iter()
                    .map(Note::Game),
            );
        }
        self.taken.push(Taken {
            round,
            step,
            notes: notes.clone(),
        });
        Ok(notes)
    }

    fn not_over(&self, tried: AfterTheEnd) -> Result<(), Error> {
        if self.is_over() {
            return Err(Stage::GameOver { tried }.into());
        }
        Ok(())
    }

    fn play_event(&mut self, event: &G::Event) -> Result<Vec<Note<G>>, Error> {
        self.not_over(G::AFTER_THE_END)?;
        let mut round = self.round.clone();
        let Played { notes, ended } = self.setup.play(&mut round, self.number, event)?;
        let mut notes: Vec<Note<G>> = notes.into_iter().map(Note::Game).collect();
        match ended {
            None => self.round = round,
            Some(result) => {
                // Scored before anything changes: a round the rules cannot score is refused.
                let before = std::mem::replace(&mut self.round, round);
                match self.finish(result) {
                    Ok(more) => notes.extend(more),
                    Err(e) => {
                        self.round = before;
                        return Err(e);
                    }
                }
            }
        }
        Ok(notes)
    }

    /// Records the round in progress as finished with `result`, scores it, then deals the
    /// next round or ends the game. Nothing changes when it cannot be scored.
    fn finish(&mut self, result: G::Result) -> Result<Vec<Note<G>>, Error> {
        let number = self.number;
        let score = self.setup.score(&result, number)?;
        self.tally.push(score.clone(), &self.setup)?;
        self.results.push(result);
        let mut notes = vec![Note::Scored {
            round: number,
            score,
        }];
        if self.is_over() {
            notes.push(Note::GameOver);
        } else {
            // The deal passes left from whoever dealt this round.
            let dealer = (self.setup.dealer(&self.round) + 1) % self.players().len();
            self.number = number + 1;
            self.round = self.setup.deal(self.number, dealer);
            notes.push(Note::Dealt { round: self.number });
        }
        Ok(notes)
    }

    /// Finished round `number` (from 1), or why there is none.
    pub fn finished(&self, number: usize) -> Result<&G::Result, Error> {
        self.results.get(number.wrapping_sub(1)).ok_or_else(|| {
            NoSuch::Round {
                number,
                finished: self.results.len(),
            }
            .into()
        })
    }

    /// Scores the finished rounds from `from` (from 1) on again, under the setup in force.
    fn rescore(&self, results: &[G::Result], from: usize) -> Result<Tally<G::Score>, Error> {
        let mut tally = self.tally.clone();
        tally.truncate(from);
        for (i, result) in results.iter().enumerate().skip(from - 1) {
            let score = self.setup.score(result, i + 1)?;
            tally.push(score, &self.setup)?;
        }
        Ok(tally)
    }

    /// After the finished rounds were scored again: the game ends, or goes on with a new
    /// round dealt when it was over and no longer is, or goes on with the round in play,
    /// renumbered.
    fn settle_end(&mut self, was_over: bool) -> Vec<Note<G>> {
        let next = self.results.len() + 1;
        match (self.is_over(), was_over) {
            (true, false) => vec![Note::GameOver],
            (false, true) => {
                self.number = next;
                let dealer = (self.setup.first_dealer() + next - 1) % self.players().len();
                self.round = self.setup.deal(next, dealer);
                vec![Note::Dealt { round: next }]
            }
            (true, true) => Vec::new(),
            // The round in play keeps its deal, under its new number.
            (false, false) => {
                self.number = next;
                Vec::new()
            }
        }
    }

    fn fix_round(
        &mut self,
        number: usize,
        result: Option<&G::Result>,
    ) -> Result<Vec<Note<G>>, Error> {
        self.finished(number)?;
        let mut results = self.results.clone();
        match result {
            Some(result) => results[number - 1] = result.clone(),
            None => {
                results.remove(number - 1);
            }
        }
        let tally = self
            .rescore(&results, number)
            .map_err(|e| Unscored::Correction {
                word: G::ROUND_WORD,
                round: number,
                error: Box::new(e),
            })?;
        let was_over = self.is_over();
        self.results = results;
        self.tally = tally;
        let mut notes = vec![Note::Fixed {
            round: number,
            deleted: result.is_none(),
        }];
        notes.extend(self.settle_end(was_over));
        Ok(notes)
    }

    fn change_rule(&mut self, key: &'static str, value: &str) -> Result<Vec<Note<G>>, Error> {
        let mut rules = self.setup.rules().clone();
        rules.set(key, value)?;
        // Whether the round in play has begun is judged under the rules it was dealt by.
        let fresh = !self.is_over() && self.setup.is_fresh(&self.round);
        let mut session = self.clone();
        session.setup = self.setup.with_rules(rules)?;
        session.tally = session
            .rescore(&self.results, 1)
            .map_err(|e| Unscored::Rule {
                key,
                error: Box::new(e),
            })?;
        let was_over = self.is_over();
        let mut notes = Vec::new();
        if fresh {
            let dealer = session.setup.dealer(&session.round);
            session.round = session.setup.deal(session.number, dealer);
        }
        notes.push(Note::Rule {
            key,
            value: rules_value(&session.setup, key),
            redealt: fresh,
        });
        notes.extend(session.settle_end(was_over));
        *self = session;
        Ok(notes)
    }

    /// Takes back the last `count` steps, across rounds too. Returns the steps undone.
    pub fn undo(&mut self, count: usize) -> Result<Vec<Taken<G>>, Error> {
        let taken = self.taken.len();
        if taken == 0 {
            return Err(Undo::NothingToUndo.into());
        }
        if count == 0 || count > taken {
            return Err(Undo::UndoCount { taken, count }.into());
        }
        let keep = taken - count;
        let steps = self.taken[..keep].iter().map(|t| t.step.clone()).collect();
        let session = Session::replay(self.start.clone(), steps).map_err(|(_, e)| e)?;
        let undone = self.taken.split_off(keep);
        let mut redo = std::mem::take(&mut self.undone);
        redo.extend(undone.iter().rev().map(|t| t.step.clone()));
        *self = session;
        self.undone = redo;
        Ok(undone)
    }

    /// Takes again the last `count` steps undone, all or none.
    pub fn redo(&mut self, count: usize) -> Result<Vec<Taken<G>>, Error> {
        let waiting = self.undone.len();
        if waiting == 0 {
            return Err(Undo::NothingToRedo.into());
        }
        if count == 0 || count > waiting {
            return Err(Undo::RedoCount { waiting, count }.into());
        }
        let before = self.taken.len();
        for _ in 0..count {
            let Some(step) = self.undone.pop() else {
                break;
            };
            if let Err(e) = self.take(step.clone()) {
                // Steps undone were taken once, so this is rare (a saved log edited by
                // hand): the steps redone are taken back, and the redo waits as it was.
                self.undone.push(step);
                let back = self.taken.split_off(before);
                self.undone.extend(back.into_iter().rev().map(|t| t.step));
                let steps = self.taken.iter().map(|t| t.step.clone()).collect();
                let undone = std::mem::take(&mut self.undone);
                *self = Session::replay(self.start.clone(), steps).map_err(|(_, e)| e)?;
                self.undone = undone;
                return Err(e);
            }
        }
        Ok(self.taken[before..].to_vec())
    }
}

fn rules_value<G: Game>(setup: &G, key: &str) -> String {
    setup.rules().value_text(key).unwrap_or_default()
}

/// The words of the log: each step one line, read back exactly.
impl<G: Game> Session<G> {
    /// A step as the log writes it: the game's own line for its steps, and for the family's
    /// `round RESULT`, `fix N RESULT`, `fix N delete` and `rules KEY = VALUE (was OLD)`.
    pub fn step_text(&self, step: &Step<G>) -> String {
        match step {
            Step::Play(event) => self.setup.event_text(event),
            Step::Round(result) => format!("round {}", self.setup.result_text(result)),
            Step::Fix {
                round,
                result: Some(result),
            } => format!("fix {round} {}", self.setup.result_text(result)),
            Step::Fix {
                round,
                result: None,
            } => format!("fix {round} delete"),
            Step::Rule { key, value, was } => format!("rules {key} = {value} (was {was})"),
        }
    }

    /// Reads one line of the log back, against the game as it stands.
    pub fn parse_step(&self, text: &str) -> Result<Step<G>, Error> {
        let text = text.trim();
        // A player named like a family's step (`round robin: draw`) is the game's first.
        let game = self.setup.parse_event(text);
        if let Ok(event) = game {
            return Ok(Step::Play(event));
        }
        if let Some(rest) = text.strip_prefix("round ") {
            return Ok(Step::Round(self.setup.parse_result(rest)?));
        }
        if let Some(rest) = text.strip_prefix("fix ") {
            let (number, rest) = rest.trim().split_once(' ').unwrap_or((rest.trim(), ""));
            let round = number.parse::<usize>().map_err(|_| {
                Error::from(StepForm::NotARoundNumber {
                    number: number.to_string(),
                })
            })?;
            let result = match rest.trim() {
                "delete" => None,
                rest => Some(self.setup.parse_result(rest)?),
            };
            return Ok(Step::Fix { round, result });
        }
        if let Some(rest) = text.strip_prefix("rules ") {
            return parse_rule::<G>(rest);
        }
        game.map(Step::Play)
    }

    /// The log as a record saves it: who dealt first, every step, and what redo would bring
    /// back.
    pub fn play_log(&self) -> PlayLog {
        PlayLog {
            first_dealer: Some(self.setup.players()[self.setup.first_dealer()].clone()),
            earlier_rounds: 0,
            log: self.taken.iter().map(|t| self.step_text(&t.step)).collect(),
            redo: self
                .undone
                .iter()
                .rev()
                .map(|s| self.step_text(s))
                .collect(),
        }
    }

    /// Resumes a saved game: `setup` as the record sets it up now (its house rules the ones
    /// in force at the end of the log), its finished rounds, and its log. The log is
    /// replayed and must give the rounds recorded; rounds recorded before the log (played on
    /// paper, or a record written by hand) become its first steps, each a round entered
    /// whole, so they can be corrected or taken out like any other.
    pub fn resume(
        setup: &G,
        results: &[G::Result],
        play: Option<&PlayLog>,
    ) -> Result<Session<G>, Error> {
        let empty = PlayLog::default();
        let (play, earlier) = match play {
            Some(play) => (play, play.earlier_rounds),
            None => (&empty, results.len()),
        };
        if earlier > results.len() {
            return Err(RecordProblem::EarlierRounds {
                earlier,
                held: results.len(),
            }
            .at(RecordPlace::Key(RecordKey::EarlierRounds)));
        }
        let mut start = setup.clone();
        if let Some(name) = &play.first_dealer {
            let dealer = setup
                .players()
                .iter()
                .position(|p| p == name)
                .ok_or_else(|| {
                    RecordProblem::DealerNotAPlayer { name: name.clone() }
                        .at(RecordPlace::Key(RecordKey::FirstDealer))
                })?;
            start = start.with_first_dealer(dealer);
        }
        // A line of the log that cannot be read or replayed, numbered when it is a step.
        let at_step = |list: LogList, number: Option<usize>, line: &str, e: Error| {
            RecordProblem::Step { error: Box::new(e) }.at(RecordPlace::Step {
                list,
                number,
                line: line.to_string(),
            })
        };
        // The log starts under the house rules before any change it makes.
        let mut rules = start.rules().clone();
        for line in play.log.iter().rev() {
            if let Some(Ok(Step::Rule { key, was, .. })) =
                line.trim().strip_prefix("rules ").map(parse_rule::<G>)
            {
                rules
                    .set(key, &was)
                    .map_err(|e| at_step(LogList::Log, None, line, e))?;
            }
        }
        let start = start.with_rules(rules).map_err(|e| {
            RecordProblem::Rules { error: Box::new(e) }.at(RecordPlace::Key(RecordKey::Rules))
        })?;
        let mut session = Session::start_with(start);
        for (i, result) in results[..earlier].iter().enumerate() {
            // Read again from its one line, as if typed: cards written as they are typed.
            let at = |e: Error| {
                // The place names the round: an error that names it too is said without it.
                let error = match e {
                    Error::InRound { round, error } if round == i + 1 => error,
                    e => Box::new(e),
                };
                RecordProblem::EarlierRound { error }.at(RecordPlace::Round {
                    number: i + 1,
                    key: None,
                })
            };
            let result = session
                .setup
                .parse_result(&session.setup.result_text(result))
                .map_err(at)?;
            session.take(Step::Round(result)).map_err(at)?;
        }
        for (i, line) in play.log.iter().enumerate() {
            let step = session
                .parse_step(line)
                .map_err(|e| at_step(LogList::Log, Some(i + 1), line, e))?;
            session
                .take(step)
                .map_err(|e| at_step(LogList::Log, Some(i + 1), line, e))?;
        }
        if session.results.len() != results.len() {
            return Err(RecordProblem::RoundCount {
                held: results.len(),
                gave: session.results.len(),
            }
            .at(RecordPlace::Key(RecordKey::Rounds)));
        }
        if let Some((i, (said, gave))) = results
            .iter()
            .zip(&session.results)
            .enumerate()
            .find(|(_, (said, gave))| !session.setup.same_result(said, gave))
        {
            return Err(session.setup.mismatch(i + 1, said, gave));
        }
        for line in play.redo.iter().rev() {
            let step = session
                .parse_step(line)
                .map_err(|e| at_step(LogList::Redo, None, line, e))?;
            session.undone.push(step);
        }
        Ok(session)
    }

    /// `fix N ...` as typed: `delete`, one of the game's own corrections (`hand bob 12`), or
    /// the whole result as `round` takes it.
    pub fn fix(&mut self, round: usize, words: &str) -> Result<Vec<Note<G>>, Error> {
        let current = self.finished(round)?.clone();
        let words = words.trim();
        let (first, rest) = words.split_once(char::is_whitespace).unwrap_or((words, ""));
        let result = if matches!(first.to_lowercase().as_str(), "delete" | "remove") {
            if !rest.trim().is_empty() {
                return Err(FixForm::DeleteMore {
                    round,
                    rest: rest.trim().to_string(),
                }
                .into());
            }
            None
        } else if let Some(changed) = self.setup.change(round, &current, words)? {
            Some(changed)
        } else if words.contains('=') {
            Some(self.setup.parse_result(words)?)
        } else {
            return Err(FixForm::What {
                round,
                forms: G::FIX_FORMS,
            }
            .into());
        };
        if result.as_ref() == Some(&current) {
            return Err(Stage::AlreadySo { round }.into());
        }
        self.apply(Step::Fix { round, result })
    }

    /// The round in progress ends with a result typed in one line.
    pub fn enter_round(&mut self, text: &str) -> Result<Vec<Note<G>>, Error> {
        let result = self.setup.parse_result(text)?;
        self.apply(Step::Round(result))
    }

    /// Changes one house rule by its key as typed, from words: a step like any other.
    pub fn set_rule(&mut self, typed: &str, value: &str) -> Result<Vec<Note<G>>, Error> {
        let (key, _) = G::Rules::key(typed)?;
        let mut rules = self.setup.rules().clone();
        rules.set(key, value)?;
        let value = rules.value_text(key).unwrap_or_default();
        let was = rules_value(&self.setup, key);
        if value == was {
            return Err(Stage::RuleAlreadySo { key, value }.into());
        }
        self.apply(Step::Rule { key, value, was })
    }
}

/// `KEY = VALUE (was OLD)`, as the log writes a house rule changed.
fn parse_rule<G: Game>(text: &str) -> Result<Step<G>, Error> {
    let bad = || {
        Error::from(StepForm::NotARule {
            text: text.trim().to_string(),
        })
    };
    let (key, rest) = text.split_once('=').ok_or_else(bad)?;
    let (value, was) = rest.split_once("(was ").ok_or_else(bad)?;
    let was = was.trim().strip_suffix(')').ok_or_else(bad)?;
    let (key, _) = G::Rules::key(key.trim())?;
    Ok(Step::Rule {
        key,
        value: value.trim().to_string(),
        was: was.trim().to_string(),
    })
}
