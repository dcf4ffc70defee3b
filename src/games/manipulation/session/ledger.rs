//! The log: a [`Game`] is its setup and its events; every step is applied on a copy, undo
//! and redo replay the log, and a saved record is read back by replaying its log and
//! comparing the rounds it gives with the rounds written.

use super::{
    CardCounts, DRAWS_A_TURN, Deck, Error, Event, Game, GameRecord, HandCount, HandReport, Hint,
    Judged, Meld, Move, Note, Phase, PlayRecord, Round, RoundChange, RoundRecord, Rules, Setup,
    State, Step, Table, event, no_such_meld, plural, scoring,
};
use crate::error::{MoveForm, Stage, Turn, Undo};
use crate::hand::HandEntry;
use crate::notation::Place;

/// Where a record's rounds (edited by hand, say) part from what its log of play gives: the
/// round, the key and both values, and the `fix` that makes the change for real.
pub(super) fn first_mismatch(
    recorded: &[RoundRecord],
    replayed: &[RoundRecord],
    deck: Deck,
) -> Option<Error> {
    let keep = "The file is left as it is";
    if recorded.len() != replayed.len() {
        return Some(Error::Record {
            place: "round".to_string(),
            problem: format!(
                "the record holds {}, but its log of play gives {}. {keep}: to add a round, put the file back and type round RESULT in the game; to take one out, fix N delete",
                plural(recorded.len() as u32, "finished round", "finished rounds"),
                plural(replayed.len() as u32, "finished round", "finished rounds"),
            ),
        });
    }
    let (k, (said, gave)) = recorded
        .iter()
        .zip(replayed)
        .enumerate()
        .find(|(_, (a, b))| !same_round(a, b, deck))?;
    let number = k + 1;
    let word = |v: &Option<String>| {
        v.as_deref()
            .map_or("nobody".to_string(), |n| format!("\"{n}\""))
    };
    if said.knocker != gave.knocker {
        return Some(Error::Record {
            place: format!("round {number}, knocker"),
            problem: format!(
                "the record says {}, but the log of play gives {}. {keep}: put it back and type fix {number} knock {} in the game",
                word(&said.knocker),
                word(&gave.knocker),
                said.knocker.as_deref().unwrap_or("nobody")
            ),
        });
    }
    let entry = |e: Option<&HandEntry>| match e {
        Some(HandEntry::Count(n)) => n.to_string(),
        Some(HandEntry::Cards(text)) => format!("\"{text}\""),
        None => "no hand".to_string(),
    };
    let names = said.hands.keys().chain(gave.hands.keys());
    for name in names {
        let (a, b) = (said.hands.get(name), gave.hands.get(name));
        if !same_hand(a, b, deck) {
            let value = match a {
                Some(HandEntry::Count(n)) => n.to_string(),
                Some(HandEntry::Cards(text)) => text.clone(),
                None => "N".to_string(),
            };
            return Some(Error::Record {
                place: format!("round {number}, hands.{name}"),
                problem: format!(
                    "the record says {}, but the log of play gives {}. {keep}: put it back to {} and type fix {number} hand {} {value} in the game",
                    entry(a),
                    entry(b),
                    entry(b),
                    crate::words::typed(name)
                ),
            });
        }
    }
    None
}

/// Two records of a round say the same: the same knocker, and every hand the same count or
/// the same cards, however they were spaced, ordered or spelled.
pub(super) fn same_round(a: &RoundRecord, b: &RoundRecord, deck: Deck) -> bool {
    a.knocker == b.knocker
        && a.hands.len() == b.hands.len()
        && a.hands
            .iter()
            .all(|(name, hand)| same_hand(Some(hand), b.hands.get(name), deck))
}

pub(super) fn same_hand(a: Option<&HandEntry>, b: Option<&HandEntry>, deck: Deck) -> bool {
    let meaning = |entry: &HandEntry| match entry {
        HandEntry::Count(n) => Some(Err(*n)),
        HandEntry::Cards(text) => crate::games::manipulation::table::Hand::parse(text, deck)
            .ok()
            .map(|hand| {
                let mut cards = hand.cards().to_vec();
                cards.sort_unstable();
                Ok(cards)
            }),
    };
    match (a, b) {
        (Some(a), Some(b)) => a == b || (meaning(a).is_some() && meaning(a) == meaning(b)),
        (None, None) => true,
        _ => false,
    }
}

impl Game {
    /// A new game: players in seating order (2 to 5), the first named dealing first.
    pub fn new(players: Vec<String>, rules: Rules) -> Result<Game, Error> {
        let setup = Setup::new(players, rules, 0)?;
        let state = State::start(&setup)?;
        Ok(Game {
            setup,
            steps: Vec::new(),
            state,
            undone: Vec::new(),
        })
    }

    /// Replays a log from the start. An event that cannot be applied gives its index.
    pub(super) fn replay(setup: Setup, events: Vec<Event>) -> Result<Game, (usize, Error)> {
        let state = State::start(&setup).map_err(|e| (0, e))?;
        let mut game = Game {
            setup,
            steps: Vec::with_capacity(events.len()),
            state,
            undone: Vec::new(),
        };
        for (i, event) in events.into_iter().enumerate() {
            game.take_step(event).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// Resumes a saved game: replays its log and checks it gives the rounds recorded. A
    /// record with no log of play (written by hand) goes on after its last round.
    pub fn from_record(record: &GameRecord) -> Result<Game, Error> {
        let at = |place: String| {
            move |e: Error| Error::Record {
                place,
                problem: e.to_string(),
            }
        };
        let (first_dealer, earlier, log) = match &record.play {
            None => (0, record.rounds.len(), &[][..]),
            Some(play) => {
                let dealer = record
                    .players
                    .iter()
                    .position(|p| *p == play.first_dealer)
                    .ok_or_else(|| Error::Record {
                        place: "play.first-dealer".to_string(),
                        problem: format!("\"{}\" is not one of the players", play.first_dealer),
                    })?;
                (dealer, play.earlier_rounds, play.log.as_slice())
            }
        };
        if earlier > record.rounds.len() {
            return Err(Error::Record {
                place: "play.earlier-rounds".to_string(),
                problem: format!(
                    "{earlier} rounds were recorded before the log, but the record holds {}",
                    record.rounds.len()
                ),
            });
        }
        let setup = Setup::new(record.players.clone(), record.rules.clone(), first_dealer)
            .map_err(at("players".to_string()))?;
        // Rounds recorded before the log (played on paper) become its first steps, each a
        // round entered whole, so they can be corrected or taken out like any other.
        let mut events = Vec::with_capacity(earlier + log.len());
        for (i, round) in record.rounds[..earlier].iter().enumerate() {
            let text = format!("round {}", event::round_text(round));
            events.push(Event::parse(&text, &setup).map_err(at(format!("round {}", i + 1)))?);
        }
        for (i, text) in log.iter().enumerate() {
            events.push(
                Event::parse(text, &setup)
                    .map_err(at(format!("play.log, step {} \"{text}\"", i + 1)))?,
            );
        }
        let game = Game::replay(setup, events).map_err(|(i, e)| {
            match i
                .checked_sub(earlier)
                .and_then(|step| log.get(step).map(|t| (step, t)))
            {
                Some((step, text)) => Error::Record {
                    place: format!("play.log, step {} \"{text}\"", step + 1),
                    problem: e.to_string(),
                },
                None => Error::Record {
                    place: format!("round {}", i + 1),
                    problem: e.to_string(),
                },
            }
        })?;
        if let Some(mismatch) = first_mismatch(&record.rounds, &game.state.rounds, game.setup.deck)
        {
            return Err(mismatch);
        }
        Ok(game)
    }

    /// The game record to save: a `tally` record of the finished rounds with the log.
    pub fn to_record(&self) -> GameRecord {
        GameRecord {
            players: self.setup.players.clone(),
            rules: self.setup.rules.clone(),
            rounds: self.state.rounds.clone(),
            play: Some(PlayRecord {
                first_dealer: self.setup.name(self.setup.first_dealer).to_string(),
                earlier_rounds: 0,
                log: self
                    .steps
                    .iter()
                    .map(|s| s.event.text(&self.setup.players))
                    .collect(),
            }),
        }
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn players(&self) -> &[String] {
        &self.setup.players
    }

    pub fn rules(&self) -> &Rules {
        &self.setup.rules
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    pub fn round(&self) -> &Round {
        &self.state.round
    }

    /// Every step taken, with what it did.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Whether anything has been played or recorded; the setup is fixed from then on.
    pub fn has_started(&self) -> bool {
        !self.steps.is_empty()
    }

    pub(super) fn expect_setup(&self, what: &str) -> Result<(), Error> {
        if self.has_started() {
            return Err(Stage::SetBeforeFirstDraw {
                what: what.to_string(),
            }
            .into());
        }
        Ok(())
    }

    /// Who deals round 1: only before the game starts.
    pub fn set_first_dealer(&mut self, player: usize) -> Result<(), Error> {
        self.expect_setup("the first dealer")?;
        let setup = Setup::new(self.setup.players.clone(), self.setup.rules.clone(), player)?;
        self.state = State::start(&setup)?;
        self.setup = setup;
        Ok(())
    }

    /// The house rules: only before the game starts.
    pub fn set_rules(&mut self, rules: Rules) -> Result<(), Error> {
        self.expect_setup("the house rules")?;
        let setup = Setup::new(self.setup.players.clone(), rules, self.setup.first_dealer)?;
        self.state = State::start(&setup)?;
        self.setup = setup;
        Ok(())
    }

    /// Takes a step. A refused step changes nothing; a step taken ends what `redo` could
    /// bring back.
    pub fn apply(&mut self, event: Event) -> Result<Vec<Note>, Error> {
        let notes = self.take_step(event)?;
        self.undone.clear();
        Ok(notes)
    }

    pub(super) fn take_step(&mut self, event: Event) -> Result<Vec<Note>, Error> {
        let mut state = self.state.clone();
        let round = state.round.number;
        let notes = state.apply(&self.setup, &event)?;
        self.state = state;
        self.steps.push(Step {
            round,
            event,
            notes: notes.clone(),
        });
        Ok(notes)
    }

    pub(super) fn turn(&self) -> usize {
        self.state.round.turn
    }

    /// The player whose turn it is draws a card.
    pub fn draw(&mut self) -> Result<Vec<Note>, Error> {
        self.apply(Event::Draw {
            player: self.turn(),
        })
    }

    /// `count` draws or none: `draw 4` must not make three and then refuse the fourth.
    pub fn draw_n(&mut self, count: u32) -> Result<Vec<Note>, Error> {
        let mut trial = self.clone();
        let name = self.setup.name(self.turn()).to_string();
        let mut notes = Vec::new();
        for drawn in 0..count {
            let stock = trial.state.round.stock();
            match trial.draw() {
                Ok(more) => notes.extend(more),
                Err(e) if e.is_refusal() && drawn > 0 && stock == 0 => {
                    return Err(Turn::StockShort { drawn, count }.into());
                }
                Err(e) if e.is_refusal() && drawn > 0 => {
                    return Err(Turn::TooManyDraws {
                        player: name,
                        drawn,
                        count,
                    }
                    .into());
                }
                Err(e) => return Err(e),
            }
        }
        *self = trial;
        Ok(notes)
    }

    /// The player whose turn it is makes a move.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Note>, Error> {
        self.apply(Event::Move {
            player: self.turn(),
            mv,
        })
    }

    /// The player whose turn it is ends it.
    pub fn done(&mut self) -> Result<Vec<Note>, Error> {
        self.apply(Event::Done {
            player: self.turn(),
        })
    }

    /// The player whose turn it is knocks with this hand.
    pub fn knock(&mut self, hand: HandReport) -> Result<Vec<Note>, Error> {
        self.apply(Event::Knock {
            player: self.turn(),
            hand,
        })
    }

    /// A player's hand, given at the end of the round.
    pub fn hand(&mut self, player: usize, hand: HandReport) -> Result<Vec<Note>, Error> {
        self.apply(Event::Hand { player, hand })
    }

    /// Corrects the referee's count of a player's cards.
    pub fn correct_held(&mut self, player: usize, held: u32) -> Result<Vec<Note>, Error> {
        self.apply(Event::Cards { player, held })
    }

    /// Corrects the table mirror to the table as it lies.
    pub fn correct_table(&mut self, table: Table) -> Result<Vec<Note>, Error> {
        self.apply(Event::Table { table })
    }

    /// Judges a move against the table in play without making it.
    pub fn judge(&self, mv: &Move) -> Result<Judged, Error> {
        self.state.judge(&self.setup, mv)
    }

    /// Takes back the last `count` steps, across rounds too. Returns the steps undone.
    pub fn undo(&mut self, count: usize) -> Result<Vec<Step>, Error> {
        let taken = self.steps.len();
        if taken == 0 {
            return Err(Undo::NothingToUndo.into());
        }
        if count == 0 || count > taken {
            return Err(Undo::UndoCount { taken, count }.into());
        }
        let keep = taken - count;
        let events = self.steps[..keep].iter().map(|s| s.event.clone()).collect();
        let game = Game::replay(self.setup.clone(), events).map_err(|(_, e)| e)?;
        let undone = self.steps[keep..].to_vec();
        let mut redo = std::mem::take(&mut self.undone);
        redo.extend(undone.iter().rev().map(|s| s.event.clone()));
        *self = game;
        self.undone = redo;
        Ok(undone)
    }

    /// Takes again the last `count` steps undone, all or none.
    pub fn redo(&mut self, count: usize) -> Result<Vec<Step>, Error> {
        let waiting = self.undone.len();
        if waiting == 0 {
            return Err(Undo::NothingToRedo.into());
        }
        if count == 0 || count > waiting {
            return Err(Undo::RedoCount { waiting, count }.into());
        }
        let mut trial = self.clone();
        let mut redone = Vec::with_capacity(count);
        for _ in 0..count {
            let Some(event) = trial.undone.pop() else {
                break;
            };
            trial.take_step(event)?;
            redone.extend(trial.steps.last().cloned());
        }
        *self = trial;
        Ok(redone)
    }

    /// How many undone steps `redo` can bring back.
    pub fn can_redo(&self) -> usize {
        self.undone.len()
    }

    /// The round in progress ends with this result, typed in one line: `knock bob
    /// alice=12 bob=3 carol="Kd *"`, `out carol alice=12 bob=30`, or the hands alone.
    pub fn enter_round(&mut self, text: &str) -> Result<Vec<Note>, Error> {
        let record = event::parse_round(text, &self.setup)?;
        self.apply(Event::Round { record })
    }

    /// Reads a round's whole result typed in one line (as `enter_round` takes it).
    pub fn round_record(&self, text: &str) -> Result<RoundRecord, Error> {
        event::parse_round(text, &self.setup)
    }

    /// Corrects finished round `round` (from 1); every later score and total follows.
    /// The correction is a step: undo takes it back.
    pub fn fix(&mut self, round: usize, change: RoundChange) -> Result<Vec<Note>, Error> {
        let current = self.state.finished_round(round)?;
        let name = |p: usize| self.setup.name(p).to_string();
        let record = match change {
            RoundChange::Delete => None,
            RoundChange::Whole(record) => Some(record),
            RoundChange::Hand { player, hand } => {
                let mut record = current.clone();
                let entry = match hand {
                    HandReport::Count(n) => HandEntry::Count(i64::from(n)),
                    HandReport::Cards(hand) => HandEntry::Cards(hand.to_string()),
                };
                record.hands.insert(name(player), entry);
                Some(record)
            }
            RoundChange::Knocker(knocker) => {
                let mut record = current.clone();
                record.knocker = knocker.map(name);
                Some(record)
            }
            RoundChange::Out(player) => {
                let mut record = current.clone();
                record.knocker = None;
                record.hands.insert(name(player), HandEntry::Count(0));
                Some(record)
            }
        };
        if record.as_ref() == Some(current) {
            return Err(Stage::AlreadySo { round }.into());
        }
        self.apply(Event::Fix { round, record })
    }

    /// Reads melds typed by a player: `7h 8h 9h | Ks Kd Kc`.
    pub fn melds(&self, text: &str) -> Result<Vec<Meld>, Error> {
        Ok(Table::parse(text, self.setup.meld_rules, self.setup.deck)?
            .melds()
            .to_vec())
    }

    /// Reads a rearrangement typed by a player: `1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d`.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        Move::parse(text, &self.setup)
    }

    /// The move that adds cards (`6d`, `*`, `*7h`) to meld `number`. A bare joker is given
    /// the one card that makes the meld legal.
    pub fn extend(&self, number: usize, cards: &str) -> Result<Move, Error> {
        let table = &self.state.round.table;
        let meld = number
            .checked_sub(1)
            .and_then(|i| table.melds().get(i))
            .ok_or_else(|| no_such_meld(number, table.melds().len()))?;
        if cards.contains('|') {
            return Err(MoveForm::AddToSeveral.into());
        }
        let added = cards.replace('-', " ");
        if added.trim().is_empty() {
            return Err(MoveForm::AddNothing { number }.into());
        }
        // Spelling first, so a bad card is named where it was typed.
        crate::notation::parse_table(&added).map_err(|mut e| {
            if let Place::MeldCard { card, .. } = e.place {
                e.place = Place::CardToAdd(card);
            }
            Error::Parse(e)
        })?;
        let joined = Table::parse(
            &format!("{meld} {added}"),
            self.setup.meld_rules,
            self.setup.deck,
        )
        .map_err(|e| match e {
            Error::JokerChoice { meld, choices, .. } => Error::JokerChoice {
                meld_number: number,
                meld,
                choices,
            },
            other => other,
        })?;
        Ok(Move {
            replaced: vec![number],
            melds: joined.melds().to_vec(),
        })
    }

    /// Reads a hand as given: a count (`12`) or the cards (`Kd *`).
    pub fn report(&self, text: &str) -> Result<HandReport, Error> {
        HandReport::parse(text.trim().trim_matches('"'), self.setup.deck)
    }

    /// Who is to give their hand, when the round is over.
    pub fn waiting_hands(&self) -> Vec<usize> {
        match &self.state.phase {
            Phase::Hands { hands, .. } => {
                (0..hands.len()).filter(|p| hands[*p].is_none()).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The best play of `hand` on the table in play. After the third draw no meld is
    /// allowed (unless the house rule says so), so the advice is then the hand as it is,
    /// and whether it may knock.
    pub fn hint(&self, hand: &crate::games::manipulation::table::Hand) -> Result<Hint, Error> {
        let setup = &self.setup;
        let table = &self.state.round.table;
        let together = CardCounts::of(
            table
                .cards()
                .map(crate::card::TableCard::physical)
                .chain(hand.cards().iter().copied()),
        );
        setup
            .deck
            .check_counts(&together, " on the table and in the hand together")?;
        let r = &self.state.round;
        let third_draw_over = self.state.phase == Phase::Play
            && r.last_lap.is_none()
            && r.draws >= DRAWS_A_TURN
            && !setup.rules.meld_after_third_draw;
        if third_draw_over {
            let deadwood = scoring::deadwood(hand, &setup.rules);
            let best = crate::games::manipulation::solver::Solution {
                played: Vec::new(),
                left: hand.cards().to_vec(),
                table: table.clone(),
                changed: vec![false; table.melds().len()],
                deadwood,
                can_knock: deadwood <= setup.rules.knock_limit,
            };
            return Ok(Hint {
                best,
                no_meld: self.state.may_meld(setup).err(),
            });
        }
        Ok(Hint {
            best: crate::games::manipulation::solver::solve(table, hand, &setup.rules, setup.deck)?,
            no_meld: None,
        })
    }

    /// The hand a player enters to have it counted: its deadwood, whether it may knock now,
    /// and a word when its size is not what the referee counts. A hand that shows a card
    /// the table already holds every copy of is refused, as it would be at a knock.
    pub fn count_hand(
        &self,
        player: usize,
        hand: &crate::games::manipulation::table::Hand,
    ) -> Result<HandCount, Error> {
        let together = CardCounts::of(
            self.state
                .round
                .table
                .cards()
                .map(crate::card::TableCard::physical)
                .chain(hand.cards().iter().copied()),
        );
        self.setup
            .deck
            .check_counts(&together, " on the table and in the hand together")?;
        let rules = &self.setup.rules;
        let deadwood = crate::games::manipulation::scoring::deadwood(hand, rules);
        let held = self.state.round.held[player];
        Ok(HandCount {
            deadwood,
            under_limit: deadwood <= rules.knock_limit,
            held,
            given: hand.cards().len() as u32,
        })
    }
}
