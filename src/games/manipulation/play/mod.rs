//! A game of Carousel at a real table, as the referee follows it, round after round.
//!
//! The referee never sees a hand it is not given. It keeps the table mirror (the melds, as
//! numbered on screen), whose turn it is, the draws of that turn, and how many cards each
//! player holds (dealt, plus draws, less cards played). Since Carousel has no discard, the
//! stock is the deck less the table and the hands. From these it refuses what the rules of a
//! turn forbid (docs/rules.md#a-turn), judges every move by M1-M4 and runs the last lap when
//! the stock runs out.
//!
//! The game is the family's [`Session`] of this game's [`Setup`]: the log, undo and redo, a
//! round entered whole, a finished round corrected and a house rule changed are written
//! once for every game ([`crate::session`]); what is Carousel's is here, split along the
//! game's seams: `turn` (draws, moves, `done`, the knock, the last lap), `hands` (the
//! round's end: the hands given), `corrections` (the table and a card count set right),
//! `event` (the steps as the log writes them, and a round's result in one line) and
//! `record` (the game saved and resumed, and the table's conveniences).

mod corrections;
mod event;
mod hands;
mod record;
mod turn;

pub use event::Event;
pub use record::Step;

use crate::card::{CardCounts, HandCard};
use crate::deck::Deck;
use crate::error::{AfterTheEnd, Error, MoveForm, Name, NoSuch, Stage};
use crate::game::{self, Played};
use crate::games::manipulation::game::{self as record_game, RoundRecord};
use crate::games::manipulation::meld::MeldRules;
use crate::games::manipulation::moves::{self, MoveRule, Verdict, Violation};
use crate::games::manipulation::rules::Rules;
use crate::games::manipulation::scoring::{self, RoundScore};
use crate::games::manipulation::table::{Meld, Table};
use crate::hand::HandReport;
use crate::notation::Spaced;
use crate::rules::GameRules;
use crate::session::Session;
use crate::tally::Ending;
use crate::words::plural;

/// The draws a turn may take before it ends (docs/rules.md#draws).
pub const DRAWS_A_TURN: u32 = 3;

/// A game of Carousel followed by the referee.
pub type Game = Session<Setup>;

/// What a game is played with: who, under which house rules, and who dealt first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// In seating order: play and the deal pass to the next one named (to the left).
    pub players: Vec<String>,
    pub rules: Rules,
    pub deck: Deck,
    pub meld_rules: MeldRules,
    pub first_dealer: usize,
}

impl Setup {
    /// Checks the names (one word each, all different) and that the deal fits the deck.
    pub fn new(players: Vec<String>, rules: Rules, first_dealer: usize) -> Result<Setup, Error> {
        let deck = Deck::for_players(players.len())?;
        for name in &players {
            check_name(name)?;
        }
        // Folded as `player` folds a name to find it, so every player can be addressed.
        if let Some(problem) = record_game::same_name(&players) {
            return Err(problem.into());
        }
        check_deal(&rules, deck)?;
        let meld_rules = MeldRules::new(&rules, deck);
        Ok(Setup {
            first_dealer: first_dealer % players.len(),
            players,
            rules,
            deck,
            meld_rules,
        })
    }

    /// The setup a record's players and rules give, checked as a record's reader checks
    /// them (by [`record_game::GameRecord::deck`]): for scoring its rounds.
    pub(crate) fn of_record(players: Vec<String>, rules: Rules, deck: Deck) -> Setup {
        let meld_rules = MeldRules::new(&rules, deck);
        Setup {
            players,
            rules,
            deck,
            meld_rules,
            first_dealer: 0,
        }
    }

    pub fn name(&self, player: usize) -> &str {
        self.players.get(player).map_or("?", String::as_str)
    }

    /// Finds a player by name, forgiving case and accepting a unique beginning (`car`).
    pub fn player(&self, name: &str) -> Result<usize, Error> {
        crate::game::find_player(&self.players, name)
    }

    /// Who deals round `number` (from 1) when no round was taken out: the deal passes left
    /// each round.
    pub fn dealer_of(&self, number: usize) -> usize {
        (self.first_dealer + number.saturating_sub(1)) % self.players.len()
    }

    fn left_of(&self, player: usize) -> usize {
        (player + 1) % self.players.len()
    }
}

/// A name at the table: one word or a few, each starting with a letter (`alice`,
/// `Jean-Luc`, `o'hara`, `Mary Jo`), single spaces between them.
fn check_name(name: &str) -> Result<(), Error> {
    crate::error::Name::check_printable(name)?;
    let word_ok = |word: &str| {
        let mut chars = word.chars();
        chars.next().is_some_and(char::is_alphabetic)
            && chars.all(|c| c.is_alphanumeric() || "-_.'".contains(c))
    };
    if !name.split(' ').all(word_ok) || name.chars().count() > 24 {
        return Err(Name::Form {
            name: name.to_string(),
        }
        .into());
    }
    Ok(())
}

/// Refuses a hand size the deck cannot deal with a stock left over.
fn check_deal(rules: &Rules, deck: Deck) -> Result<(), Error> {
    let dealt = rules.hand_size.saturating_mul(deck.players() as u32);
    if rules.hand_size == 0 || dealt >= deck.size() {
        return Err(crate::error::RulesError::NoStock {
            hand_size: rules.hand_size,
            players: deck.players(),
            dealt,
            deck: deck.size(),
        }
        .into());
    }
    Ok(())
}

/// A move as typed against the numbered table: the melds it takes up (numbered from 1) and
/// the melds it lays. The new melds take the numbers of those they replace, in order; any
/// more go at the end, and numbers left over close up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub replaced: Vec<usize>,
    pub melds: Vec<Meld>,
}

impl Move {
    /// Reads `1 2 = MELDS` (numbers by spaces or commas; none for new melds only).
    pub fn parse(text: &str, setup: &Setup) -> Result<Move, Error> {
        let Some((numbers, melds)) = text.split_once('=') else {
            return Err(MoveForm::NoEquals {
                text: text.trim().to_string(),
            }
            .into());
        };
        let mut replaced = Vec::new();
        for token in numbers.split(|c: char| c.is_whitespace() || c == ',') {
            if token.is_empty() {
                continue;
            }
            let number = token.parse::<usize>().map_err(|_| {
                Error::from(MoveForm::NotAMeldNumber {
                    token: token.to_string(),
                })
            })?;
            replaced.push(number);
        }
        let table = Table::parse(melds, setup.meld_rules, setup.deck)?;
        Ok(Move {
            replaced,
            melds: table.melds().to_vec(),
        })
    }

    /// The table after this move, and the numbers of the melds it laid there.
    pub fn after(&self, before: &Table) -> Result<(Table, Vec<usize>), Error> {
        let count = before.melds().len();
        let mut numbers = self.replaced.clone();
        numbers.sort_unstable();
        for (i, n) in numbers.iter().enumerate() {
            if *n == 0 || *n > count {
                return Err(no_such_meld(*n, count));
            }
            if i > 0 && numbers[i - 1] == *n {
                return Err(MoveForm::NamedTwice { number: *n }.into());
            }
        }
        let mut slots: Vec<(Meld, bool)> =
            before.melds().iter().cloned().map(|m| (m, false)).collect();
        let mut new = self.melds.iter().cloned();
        let mut emptied = Vec::new();
        for n in &numbers {
            match new.next() {
                Some(meld) => slots[n - 1] = (meld, true),
                None => emptied.push(n - 1),
            }
        }
        let mut melds: Vec<(Meld, bool)> = slots
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !emptied.contains(i))
            .map(|(_, slot)| slot)
            .collect();
        melds.extend(new.map(|m| (m, true)));
        // A meld typed again as it was is not new.
        let fresh = (1..=melds.len())
            .filter(|n| melds[n - 1].1 && !before.melds().contains(&melds[n - 1].0))
            .collect();
        Ok((
            Table::new(melds.into_iter().map(|(m, _)| m).collect()),
            fresh,
        ))
    }
}

fn no_such_meld(number: usize, count: usize) -> Error {
    NoSuch::Meld { number, count }.into()
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundEnd {
    Knock(usize),
    WentOut(usize),
    StockOut,
}

impl RoundEnd {
    pub fn knocker(self) -> Option<usize> {
        match self {
            RoundEnd::Knock(p) => Some(p),
            _ => None,
        }
    }
}

/// Where the round stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The round is being played.
    Play,
    /// The round is over; the hands are being given. Each hand known so far, by player.
    Hands {
        end: RoundEnd,
        hands: Vec<Option<HandReport>>,
    },
}

/// The round being played: the table mirror, the turn, and every player's card count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub dealer: usize,
    pub table: Table,
    /// How many cards each player holds.
    pub held: Vec<u32>,
    /// Whose turn it is.
    pub turn: usize,
    /// Cards drawn this turn.
    pub draws: u32,
    /// Whether the player has melded this turn (which ends the drawing).
    pub melded: bool,
    /// In the last lap: the turns left in it, this one included.
    pub last_lap: Option<usize>,
    pub phase: Phase,
    /// The table when this turn began: a turn is judged whole
    /// (docs/rules.md#a-turn-is-judged-whole), so every move of it is judged from here,
    /// however the player types it.
    turn_start: Table,
    /// The cards laid from the hand this turn so far, counted against `turn_start`.
    laid: Vec<HandCard>,
    deck_size: u32,
}

impl Round {
    fn deal_by(dealer: usize, setup: &Setup) -> Round {
        Round {
            dealer,
            table: Table::default(),
            held: vec![setup.rules.hand_size; setup.players.len()],
            turn: setup.left_of(dealer),
            draws: 0,
            melded: false,
            last_lap: None,
            phase: Phase::Play,
            turn_start: Table::default(),
            laid: Vec::new(),
            deck_size: setup.deck.size(),
        }
    }

    /// The table as it was when this turn began.
    pub fn turn_start(&self) -> &Table {
        &self.turn_start
    }

    /// Whether the table has changed this turn: a further move is judged with the earlier
    /// ones, as one turn.
    pub fn moved_this_turn(&self) -> bool {
        self.table != self.turn_start
    }

    /// Passes the turn to `player`: a new turn starts from the table as it is.
    fn pass_to(&mut self, player: usize) {
        self.turn = player;
        self.draws = 0;
        self.melded = false;
        self.turn_start = self.table.clone();
        self.laid.clear();
    }

    /// The cards left in the stock: the deck less the table and the hands. In the last lap
    /// the stock is out, whatever a corrected count would leave.
    pub fn stock(&self) -> u32 {
        if self.last_lap.is_some() {
            return 0;
        }
        self.deck_size.saturating_sub(self.out_of_stock())
    }

    fn out_of_stock(&self) -> u32 {
        self.table.cards().count() as u32 + self.held.iter().sum::<u32>()
    }

    /// Who is to give their hand, when the round is over.
    pub fn waiting(&self) -> Vec<usize> {
        match &self.phase {
            Phase::Hands { hands, .. } => {
                (0..hands.len()).filter(|p| hands[*p].is_none()).collect()
            }
            Phase::Play => Vec::new(),
        }
    }
}

/// What a step did, for the players to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// `draw` is the number of the draw this turn.
    Drew {
        player: usize,
        draw: u32,
        held: u32,
        stock: u32,
    },
    /// That draw took the last card of the stock.
    LastCard {
        player: usize,
    },
    /// A legal move: the cards laid from the hand, the numbers of the melds laid.
    Played {
        player: usize,
        played: Vec<HandCard>,
        /// Cards laid earlier in the same turn that this move took back into the hand.
        back: Vec<HandCard>,
        held: u32,
        fresh: Vec<usize>,
    },
    /// The turn passes. `last_lap`: the turns left in the last lap, this one included.
    Turn {
        player: usize,
        stock: u32,
        last_lap: Option<usize>,
    },
    /// The stock is out: every player has one more turn, to meld without drawing.
    LastLap,
    RoundOver {
        end: RoundEnd,
    },
    /// A hand given at the round's end, and the players whose hands are still wanted.
    HandIn {
        player: usize,
        deadwood: u32,
        waiting: Vec<usize>,
    },
    /// The table mirror corrected; `illegal` lists melds that are not legal, by number.
    TableCorrected {
        cards_before: usize,
        cards_after: usize,
        stock: u32,
        illegal: Vec<(usize, String)>,
    },
    CardsCorrected {
        player: usize,
        was: u32,
        held: u32,
        stock: u32,
    },
}

/// A move judged against the table in play, without making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub after: Table,
    /// The numbers of the melds the move lays, in `after`.
    pub fresh: Vec<usize>,
    /// The turn so far judged whole: its `played` are every card laid this turn.
    pub verdict: Verdict,
    /// The cards this move alone lays from the hand.
    pub this_move: Vec<HandCard>,
    /// Why the player whose turn it is may not meld now, if they may not.
    pub not_now: Option<Error>,
}

/// A correction of a finished round's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundChange {
    /// A player's hand, as cards or a count.
    Hand { player: usize, hand: HandReport },
    /// Who knocked; `None`: nobody did (the stock ran out).
    Knocker(Option<usize>),
    /// This player went out (no cards left), and nobody knocked.
    Out(usize),
}

/// The referee's advice for a hand: the best play now, or, when no meld is allowed now,
/// the hand kept as it is with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub best: crate::games::manipulation::solver::Solution,
    /// Why the player whose turn it is may not meld now (after the third draw).
    pub no_meld: Option<Error>,
}

/// A hand counted on request during play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandCount {
    pub deadwood: u32,
    /// The deadwood is within the knock limit.
    pub under_limit: bool,
    /// The cards the referee counts for the player, and the cards given.
    pub held: u32,
    pub given: u32,
}

impl Ending for Setup {
    fn target(&self) -> i64 {
        i64::from(self.rules.target)
    }

    fn most(&self) -> i64 {
        i64::from(u32::MAX)
    }

    fn bonuses(&self, totals: &[i64], won: &[u32]) -> Vec<i64> {
        record_game::bonuses(totals, won, &self.rules)
    }
}

impl game::Game for Setup {
    const FIRST_STEP: &'static str = "the first draw of the game";
    const ROUND_WORD: &'static str = "round";
    const AFTER_THE_END: AfterTheEnd = AfterTheEnd::Turn;
    const FIX_FORMS: &'static str = "fix N hand NAME HAND, fix N knock NAME (or nobody), fix N out NAME, fix N delete, or fix N and the whole result as round takes it";

    type Rules = Rules;
    type Event = Event;
    type Round = Round;
    type Result = RoundRecord;
    type Score = RoundScore;
    type Note = Note;

    fn players(&self) -> &[String] {
        &self.players
    }

    fn sides(&self) -> Vec<String> {
        self.players.clone()
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn with_rules(&self, rules: Rules) -> Result<Setup, Error> {
        rules.playable()?;
        check_deal(&rules, self.deck)?;
        Ok(Setup {
            meld_rules: MeldRules::new(&rules, self.deck),
            rules,
            ..self.clone()
        })
    }

    fn first_dealer(&self) -> usize {
        self.first_dealer
    }

    fn with_first_dealer(&self, dealer: usize) -> Setup {
        Setup {
            first_dealer: dealer % self.players.len(),
            ..self.clone()
        }
    }

    fn deal(&self, _number: usize, dealer: usize) -> Round {
        Round::deal_by(dealer, self)
    }

    fn dealer(&self, round: &Round) -> usize {
        round.dealer
    }

    fn is_fresh(&self, round: &Round) -> bool {
        let mut dealt = Round::deal_by(round.dealer, self);
        dealt.last_lap_if_no_stock(self);
        *round == dealt
    }

    fn play(&self, round: &mut Round, number: usize, event: &Event) -> Result<Played<Self>, Error> {
        let notes = match event {
            Event::Draw { player } => round.draw(self, number, *player)?,
            Event::Move { player, mv } => round.play(self, number, *player, mv)?,
            Event::Done { player } => round.done(self, number, *player)?,
            Event::Knock { player, hand } => round.knock(self, number, *player, hand)?,
            Event::Hand { player, hand } => return round.hand(self, number, *player, hand),
            Event::Cards { player, held } => round.correct_held(self, *player, *held)?,
            Event::Table { table } => round.correct_table(self, table)?,
        };
        Ok(Played::notes(notes))
    }

    fn settle(&self, round: &mut Round) -> Vec<Note> {
        round.last_lap_if_no_stock(self)
    }

    fn may_end(&self, round: &Round, number: usize) -> Result<(), Error> {
        match round.phase {
            Phase::Play => Ok(()),
            Phase::Hands { .. } => Err(Stage::RoundOverAlready { round: number }.into()),
        }
    }

    fn score(&self, result: &RoundRecord, number: usize) -> Result<RoundScore, Error> {
        record_game::score_result(&self.players, &self.rules, self.deck, result, number)
    }

    fn event_text(&self, event: &Event) -> String {
        event.text(&self.players)
    }

    fn parse_event(&self, text: &str) -> Result<Event, Error> {
        Event::parse(text, self)
    }

    fn result_text(&self, result: &RoundRecord) -> String {
        event::round_text(result)
    }

    fn parse_result(&self, text: &str) -> Result<RoundRecord, Error> {
        event::parse_round(text, self)
    }

    fn change(
        &self,
        round: usize,
        result: &RoundRecord,
        words: &str,
    ) -> Result<Option<RoundRecord>, Error> {
        let Some(change) = event::parse_change(round, words, self)? else {
            return Ok(None);
        };
        Ok(Some(change_result(self, result, change)))
    }

    fn same_result(&self, a: &RoundRecord, b: &RoundRecord) -> bool {
        record::same_round(a, b, self.deck)
    }

    fn mismatch(&self, number: usize, said: &RoundRecord, gave: &RoundRecord) -> Error {
        record::mismatch(number, said, gave, self.deck)
    }
}

/// A finished round's result with one thing corrected.
pub(crate) fn change_result(
    setup: &Setup,
    current: &RoundRecord,
    change: RoundChange,
) -> RoundRecord {
    let name = |p: usize| setup.name(p).to_string();
    let mut record = current.clone();
    match change {
        RoundChange::Hand { player, hand } => {
            record.hands.insert(name(player), hand.entry());
        }
        RoundChange::Knocker(knocker) => record.knocker = knocker.map(name),
        RoundChange::Out(player) => {
            record.knocker = None;
            record
                .hands
                .insert(name(player), crate::hand::HandEntry::Count(0));
        }
    }
    record
}

/// The game as a record sets it up, for scoring its rounds: the players checked as every
/// reader checks them, the house rules, the first dealer (who does not matter to a score).
pub fn setup_of(record: &record_game::GameRecord) -> Result<Setup, Error> {
    let deck = record.deck()?;
    Ok(Setup::of_record(
        record.players.clone(),
        record.rules.clone(),
        deck,
    ))
}

/// Scores every round of a record in order, to the end of the game. A round recorded after
/// a total reached the target is refused.
pub fn tally(record: &record_game::GameRecord) -> Result<record_game::Tally, Error> {
    game::tally_of(&setup_of(record)?, &record.rounds)
}

#[cfg(test)]
mod tests;
