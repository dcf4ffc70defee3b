//! The game in progress at a real table, as the referee follows it, round after round.
//!
//! The referee never sees a hand it is not given. It keeps the table mirror (the melds, as
//! numbered on screen), whose turn it is, the draws of that turn, and how many cards each
//! player holds (dealt, plus draws, less cards played). Since Carousel has no discard, the
//! stock is the deck less the table and the hands. From these it refuses what the rules of a
//! turn forbid (docs/rules.md#a-turn), judges every move by M1-M4, runs the last lap when the
//! stock runs out and scores each round by [`crate::games::manipulation::game::tally`].
//!
//! A [`Game`] is its setup (players, house rules, first dealer, rounds recorded before) and a
//! log of [`Event`]s; the [`State`] is what replaying that log gives. Undo replays a shorter
//! log; resuming a saved game replays the saved one, so both land on exactly the same state.
//!
//! The types live here; what they do is split along the game's seams: `turn` (draws,
//! moves, `done`, the knock, the last lap), `round` (the round's end: hands given, the
//! round scored), `corrections` (a round entered whole, `fix`, the table and a card count
//! set right) and `ledger` (the event log: undo and redo by replay, a record read and
//! written).

mod corrections;
mod event;
mod ledger;
mod round;
mod turn;

pub use event::Event;

use corrections::count_range;

use crate::card::{CardCounts, HandCard};
use crate::deck::Deck;
use crate::error::Error;
use crate::error::{MoveForm, Name, NoSuch};
use crate::games::manipulation::game::{self, GameRecord, PlayRecord, RoundRecord, Tally};
use crate::games::manipulation::meld::MeldRules;
use crate::games::manipulation::moves::{self, MoveRule, Verdict, Violation};
use crate::games::manipulation::rules::Rules;
use crate::games::manipulation::scoring::{self, RoundScore};
use crate::games::manipulation::table::{Meld, Table};
use crate::hand::HandReport;
use crate::notation::Spaced;
use crate::words::plural;

/// The draws a turn may take before it ends (docs/rules.md#draws).
pub const DRAWS_A_TURN: u32 = 3;

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
        if let Some(problem) = game::same_name(&players) {
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

    pub fn name(&self, player: usize) -> &str {
        self.players.get(player).map_or("?", String::as_str)
    }

    /// Finds a player by name, forgiving case and accepting a unique beginning (`car`).
    pub fn player(&self, name: &str) -> Result<usize, Error> {
        let name = name.trim();
        let lower = name.to_lowercase();
        if let Some(p) = self.players.iter().position(|p| p.to_lowercase() == lower) {
            return Ok(p);
        }
        let starts: Vec<usize> = (0..self.players.len())
            .filter(|p| !lower.is_empty() && self.players[*p].to_lowercase().starts_with(&lower))
            .collect();
        match starts.as_slice() {
            [one] => Ok(*one),
            [] => Err(NoSuch::Player {
                name: name.to_string(),
                players: self.players.clone(),
            }
            .into()),
            many => Err(NoSuch::AmbiguousPlayer {
                name: name.to_string(),
                matches: many.iter().map(|p| self.name(*p).to_string()).collect(),
            }
            .into()),
        }
    }

    /// Who deals round `number` (from 1): the deal passes left each round.
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
    crate::words::check_printable(name)?;
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
        return Err(Error::Rules(format!(
            "hand-size {} for {} players deals {dealt} cards, and the deck holds {}: a deal is 1 card or more each, with a stock left over",
            rules.hand_size,
            deck.players(),
            deck.size()
        )));
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

/// The round being played: the table mirror, the turn, and every player's card count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// From 1, counting the rounds recorded before the log.
    pub number: usize,
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
    /// The table when this turn began: a turn is judged whole
    /// (docs/rules.md#a-turn-is-judged-whole), so every move of it is judged from here, however the player types it.
    turn_start: Table,
    /// The cards laid from the hand this turn so far, counted against `turn_start`.
    laid: Vec<HandCard>,
    deck_size: u32,
}

impl Round {
    fn deal(number: usize, setup: &Setup) -> Round {
        Round::deal_by(number, setup.dealer_of(number), setup)
    }

    fn deal_by(number: usize, dealer: usize, setup: &Setup) -> Round {
        Round {
            number,
            dealer,
            table: Table::default(),
            held: vec![setup.rules.hand_size; setup.players.len()],
            turn: setup.left_of(dealer),
            draws: 0,
            melded: false,
            last_lap: None,
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
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The round is being played.
    Play,
    /// The round is over; the hands are being given. Each hand known so far, by player.
    Hands {
        end: RoundEnd,
        hands: Vec<Option<HandReport>>,
    },
    /// A total reached the target; the game is scored.
    Over,
}

/// What replaying the log gives: the finished rounds and the one in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Every finished round, as the game record keeps it.
    pub rounds: Vec<RoundRecord>,
    /// The finished rounds scored, with the game end once a total reached the target.
    pub tally: Tally,
    /// The round in progress (after the game is over: the last one played).
    pub round: Round,
    pub phase: Phase,
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
    /// The round scored. `round` counts from 1.
    Scored {
        round: usize,
        knocker: Option<usize>,
        score: RoundScore,
    },
    NewRound {
        round: usize,
        dealer: usize,
        first: usize,
        stock: u32,
    },
    /// A total reached the target: the game-end bonuses are in the tally.
    GameOver,
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
    /// Finished round `round` corrected, or taken out: the totals are scored again.
    Fixed {
        round: usize,
        deleted: bool,
    },
}

/// A step of the log with what it did, and the round it was taken in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub round: usize,
    pub event: Event,
    pub notes: Vec<Note>,
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

impl State {
    /// A game before its first step: round 1 dealt. (Rounds played before the referee
    /// followed the game are the first steps of its log.)
    fn start(setup: &Setup) -> Result<State, Error> {
        Ok(State {
            rounds: Vec::new(),
            tally: tally_of(setup, &[])?,
            round: Round::deal(1, setup),
            phase: Phase::Play,
        })
    }

    fn apply(&mut self, setup: &Setup, event: &Event) -> Result<Vec<Note>, Error> {
        let mut notes = match event {
            Event::Draw { player } => self.draw(setup, *player),
            Event::Move { player, mv } => self.play(setup, *player, mv),
            Event::Done { player } => self.done(setup, *player),
            Event::Knock { player, hand } => self.knock(setup, *player, hand),
            Event::Hand { player, hand } => self.hand(setup, *player, hand),
            Event::Cards { player, held } => self.correct_held(setup, *player, *held),
            Event::Table { table } => self.correct_table(setup, table),
            Event::Round { record } => self.enter_round(setup, record),
            Event::Fix { round, record } => self.fix_round(setup, *round, record.as_ref()),
        }?;
        notes.extend(self.last_lap_if_no_stock(setup));
        Ok(notes)
    }
}

fn tally_of(setup: &Setup, rounds: &[RoundRecord]) -> Result<Tally, Error> {
    game::tally(&GameRecord {
        players: setup.players.clone(),
        rules: setup.rules.clone(),
        rounds: rounds.to_vec(),
        play: None,
    })
}

/// A game of Carousel followed by the referee: its setup, its log and where it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    setup: Setup,
    steps: Vec<Step>,
    state: State,
    /// Steps undone, the next to redo last; a new step clears them.
    undone: Vec<Event>,
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
    /// The whole result, as `round` takes it.
    Whole(RoundRecord),
    /// The round never happened (entered twice, say).
    Delete,
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

#[cfg(test)]
mod tests;
