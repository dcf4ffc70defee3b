//! The game in progress at a real table, as the referee follows it, round after round.
//!
//! The referee never sees a hand it is not given. It keeps the table mirror (the melds, as
//! numbered on screen), whose turn it is, the draws of that turn, and how many cards each
//! player holds (dealt, plus draws, less cards played). Since Carousel has no discard, the
//! stock is the deck less the table and the hands. From these it refuses what the rules of a
//! turn forbid (RULES.md, "A turn"), judges every move by M1-M4, runs the last lap when the
//! stock runs out and scores each round by [`crate::game::tally`].
//!
//! A [`Game`] is its setup (players, house rules, first dealer, rounds recorded before) and a
//! log of [`Event`]s; the [`State`] is what replaying that log gives. Undo replays a shorter
//! log; resuming a saved game replays the saved one, so both land on exactly the same state.

mod event;

pub use event::{Event, report_text};

use crate::Error;
use crate::card::{CardCounts, HandCard};
use crate::deck::Deck;
use crate::game::{self, GameRecord, HandEntry, PlayRecord, RoundRecord, Tally};
use crate::meld::MeldRules;
use crate::moves::{self, MoveRule, Verdict, Violation};
use crate::notation::Spaced;
use crate::rules::Rules;
use crate::scoring::{self, HandReport, RoundScore};
use crate::table::{Meld, Table};

/// The draws a turn may take before it ends (RULES.md, "A turn").
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
        for (i, name) in players.iter().enumerate() {
            check_name(name)?;
            // Folded as `player` folds a name to find it, so every player can be addressed.
            let folded = name.to_lowercase();
            if let Some(twin) = players[..i].iter().find(|p| p.to_lowercase() == folded) {
                return Err(Error::Play(format!(
                    "\"{name}\" and \"{twin}\" are the same name; every player needs their own"
                )));
            }
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
            [] => Err(Error::Play(format!(
                "\"{name}\" is not a player; the players are {}",
                self.players.join(", ")
            ))),
            many => Err(Error::Play(format!(
                "\"{name}\" could be {}; type more of the name",
                many.iter()
                    .map(|p| self.name(*p))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ))),
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
    let word_ok = |word: &str| {
        let mut chars = word.chars();
        chars.next().is_some_and(char::is_alphabetic)
            && chars.all(|c| c.is_alphanumeric() || "-_.'".contains(c))
    };
    if !name.split(' ').all(word_ok) || name.chars().count() > 24 {
        return Err(Error::Play(format!(
            "\"{name}\" cannot be a player's name: a name is a word or a few (in quotes: new \"Mary Jo\" bob) of up to 24 letters and digits, each starting with a letter"
        )));
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
            return Err(Error::Play(format!(
                "\"{}\": a rearrangement is the meld numbers, =, and the melds they become, like 1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d",
                text.trim()
            )));
        };
        let mut replaced = Vec::new();
        for token in numbers.split(|c: char| c.is_whitespace() || c == ',') {
            if token.is_empty() {
                continue;
            }
            let number = token.parse::<usize>().map_err(|_| {
                Error::Play(format!(
                    "\"{token}\" (before =): not a meld number; the melds are numbered 1, 2, ... on screen"
                ))
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
                return Err(Error::Play(format!("meld {n} is named twice")));
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
    Error::Play(match count {
        0 => format!("there is no meld {number}: the table is empty"),
        1 => format!("there is no meld {number}: the table has meld 1 only"),
        _ => format!("there is no meld {number}: the table has melds 1 to {count}"),
    })
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
    /// The table when this turn began: a turn is judged whole (RULES.md, "A turn is judged
    /// whole"), so every move of it is judged from here, however the player types it.
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

fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

impl State {
    fn start(setup: &Setup, earlier: &[RoundRecord]) -> Result<State, Error> {
        let tally = tally_of(setup, earlier)?;
        let number = earlier.len() + 1;
        let phase = if tally.end.is_some() {
            Phase::Over
        } else {
            Phase::Play
        };
        Ok(State {
            rounds: earlier.to_vec(),
            tally,
            round: Round::deal(number, setup),
            phase,
        })
    }

    /// Why nobody may play now, if the round is not being played.
    fn expect_play(&self, setup: &Setup) -> Result<(), Error> {
        match &self.phase {
            Phase::Play => Ok(()),
            Phase::Hands { hands, .. } => {
                let waiting: Vec<&str> = (0..hands.len())
                    .filter(|p| hands[*p].is_none())
                    .map(|p| setup.name(p))
                    .collect();
                Err(Error::Refused(format!(
                    "round {} is over; the hands of {} are still to be given",
                    self.round.number,
                    waiting.join(" and ")
                )))
            }
            Phase::Over => Err(Error::Refused(
                "the game is over; no more turns are played".to_string(),
            )),
        }
    }

    fn expect_turn(&self, setup: &Setup, player: usize) -> Result<(), Error> {
        self.expect_play(setup)?;
        if player != self.round.turn {
            return Err(Error::Refused(format!(
                "it is {}'s turn, not {}'s",
                setup.name(self.round.turn),
                setup.name(player)
            )));
        }
        Ok(())
    }

    /// Whether the player whose turn it is may meld now.
    fn may_meld(&self, setup: &Setup) -> Result<(), Error> {
        self.expect_play(setup)?;
        let r = &self.round;
        let name = setup.name(r.turn);
        if r.last_lap.is_none() {
            if r.draws == 0 {
                return Err(Error::Refused(format!(
                    "{name} has not drawn yet; a turn begins with a draw"
                )));
            }
            if r.draws >= DRAWS_A_TURN && !setup.rules.meld_after_third_draw {
                return Err(Error::Refused(format!(
                    "{name} has drawn a third card, and there is no meld after the third draw (the house rule meld-after-third-draw is off); {name} may knock or end the turn"
                )));
            }
        }
        Ok(())
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

    /// A turn that would begin with the stock empty (after a correction, say) begins the
    /// last lap by itself (RULES.md, "Stock out"), so the table is never left with nothing
    /// to do but undo.
    fn last_lap_if_no_stock(&mut self, setup: &Setup) -> Vec<Note> {
        let r = &mut self.round;
        if self.phase != Phase::Play
            || r.last_lap.is_some()
            || r.draws > 0
            || r.melded
            || r.stock() > 0
        {
            return Vec::new();
        }
        let last_lap = Some(setup.players.len());
        r.last_lap = last_lap;
        vec![
            Note::LastLap,
            Note::Turn {
                player: r.turn,
                stock: 0,
                last_lap,
            },
        ]
    }

    fn draw(&mut self, setup: &Setup, player: usize) -> Result<Vec<Note>, Error> {
        self.expect_turn(setup, player)?;
        let name = setup.name(player);
        let r = &mut self.round;
        if r.last_lap.is_some() {
            return Err(Error::Refused(
                "the stock is out: this is the last lap, one turn each to meld without drawing"
                    .to_string(),
            ));
        }
        if r.melded {
            return Err(Error::Refused(format!(
                "{name} has melded this turn, and melding ends the drawing"
            )));
        }
        if r.draws >= DRAWS_A_TURN {
            return Err(Error::Refused(format!(
                "{name} has drawn three cards this turn; a fourth draw is refused"
            )));
        }
        if r.stock() == 0 {
            return Err(Error::Refused(format!(
                "the stock is empty; the last lap begins when {name}'s turn ends"
            )));
        }
        r.draws += 1;
        r.held[player] += 1;
        let mut notes = vec![Note::Drew {
            player,
            draw: r.draws,
            held: r.held[player],
            stock: r.stock(),
        }];
        if r.stock() == 0 {
            notes.push(Note::LastCard { player });
        }
        Ok(notes)
    }

    /// Judges a move as the end of the turn so far: M1, M2 and M4 compare the table at the
    /// start of the turn with the table after the move, M3 the table after. So a turn typed
    /// as two moves is judged exactly as the one move that makes the same table.
    fn judge(&self, setup: &Setup, mv: &Move) -> Result<Judged, Error> {
        let r = &self.round;
        let (after, fresh) = mv.after(&r.table)?;
        setup
            .deck
            .check_counts(&after.physical_counts(), " on the table after the move")?;
        let mut verdict = moves::judge(&r.turn_start, None, &after, setup.meld_rules, setup.deck)?;
        if self.phase == Phase::Play {
            let player = r.turn;
            // What the player held before laying anything this turn.
            let held = r.held[player].saturating_add(r.laid.len() as u32);
            let laid = verdict.played.len() as u32;
            if laid > held {
                let turn = if r.laid.is_empty() {
                    "the move lays"
                } else {
                    "this turn's moves lay"
                };
                verdict.violations.push(Violation {
                    rule: MoveRule::M2,
                    message: format!(
                        "{} holds {}, but {turn} {laid} from the hand ({})",
                        setup.name(player),
                        plural(held, "card", "cards"),
                        Spaced(&verdict.played)
                    ),
                });
                verdict.violations.sort_by_key(|v| v.rule);
            }
        }
        // In rank order, jokers last, as a player reads a hand.
        let mut this_move = CardCounts::of(after.cards().map(|c| c.physical()))
            .excess_over(&CardCounts::of(r.table.cards().map(|c| c.physical())));
        this_move.sort_unstable();
        let not_now = self.may_meld(setup).err();
        Ok(Judged {
            after,
            fresh,
            verdict,
            this_move,
            not_now,
        })
    }

    fn play(&mut self, setup: &Setup, player: usize, mv: &Move) -> Result<Vec<Note>, Error> {
        self.expect_turn(setup, player)?;
        self.may_meld(setup)?;
        let judged = self.judge(setup, mv)?;
        if !judged.verdict.is_legal() {
            return Err(Error::Illegal(judged.verdict));
        }
        let r = &mut self.round;
        let held = r.held[player].saturating_add(r.laid.len() as u32);
        r.table = judged.after;
        r.held[player] = held.saturating_sub(judged.verdict.played.len() as u32);
        r.laid = judged.verdict.played;
        r.melded = true;
        let mut notes = vec![Note::Played {
            player,
            played: judged.this_move,
            held: r.held[player],
            fresh: judged.fresh,
        }];
        if r.held[player] == 0 {
            notes.extend(self.end_round(setup, RoundEnd::WentOut(player), None));
        }
        Ok(notes)
    }

    fn done(&mut self, setup: &Setup, player: usize) -> Result<Vec<Note>, Error> {
        self.expect_turn(setup, player)?;
        let name = setup.name(player);
        let players = setup.players.len();
        let r = &mut self.round;
        let last_lap = match r.last_lap {
            Some(1) => return Ok(self.end_round(setup, RoundEnd::StockOut, None)),
            Some(left) => Some(left - 1),
            None if r.draws == 0 => {
                return Err(Error::Refused(format!(
                    "{name} has not drawn yet; a turn begins with a draw"
                )));
            }
            None if !r.melded && r.draws < DRAWS_A_TURN && r.stock() > 0 => {
                return Err(Error::Refused(format!(
                    "{name} has not melded, so the turn goes on to a third draw; {name} has drawn {}",
                    plural(r.draws, "card", "cards")
                )));
            }
            None if r.stock() == 0 => Some(players),
            None => None,
        };
        let mut notes = Vec::new();
        if r.last_lap.is_none() && last_lap.is_some() {
            notes.push(Note::LastLap);
        }
        r.last_lap = last_lap;
        r.pass_to(setup.left_of(r.turn));
        notes.push(Note::Turn {
            player: r.turn,
            stock: r.stock(),
            last_lap,
        });
        Ok(notes)
    }

    fn knock(
        &mut self,
        setup: &Setup,
        player: usize,
        hand: &HandReport,
    ) -> Result<Vec<Note>, Error> {
        self.expect_turn(setup, player)?;
        let name = setup.name(player);
        let r = &self.round;
        if r.last_lap.is_none() && r.draws == 0 {
            return Err(Error::Refused(format!(
                "{name} has not drawn yet; a knock comes at the end of the turn, after the draws"
            )));
        }
        // The turn ends with a meld or the third draw (or an empty stock): only then a knock.
        if r.last_lap.is_none() && !r.melded && r.draws < DRAWS_A_TURN && r.stock() > 0 {
            return Err(Error::Refused(format!(
                "{name} has not melded, so the turn goes on to a third draw; a knock comes at the end of the turn ({name} has drawn {})",
                plural(r.draws, "card", "cards")
            )));
        }
        self.check_report(setup, player, hand, &[])?;
        let deadwood = hand.deadwood(&setup.rules);
        if deadwood > setup.rules.knock_limit {
            return Err(Error::KnockRefused {
                player: name.to_string(),
                deadwood,
                limit: setup.rules.knock_limit,
            });
        }
        Ok(self.end_round(setup, RoundEnd::Knock(player), Some(hand.clone())))
    }

    /// Ends the round at once and waits for the hands not known yet.
    fn end_round(&mut self, setup: &Setup, end: RoundEnd, known: Option<HandReport>) -> Vec<Note> {
        let mut hands: Vec<Option<HandReport>> = vec![None; setup.players.len()];
        match end {
            RoundEnd::Knock(p) => hands[p] = known,
            RoundEnd::WentOut(p) => hands[p] = Some(HandReport::Count(0)),
            RoundEnd::StockOut => {}
        }
        self.phase = Phase::Hands { end, hands };
        vec![Note::RoundOver { end }]
    }

    /// A hand given for `player`: as many cards as the referee counts, a count those cards
    /// can make, and no more copies of a card than the deck holds with the table and the
    /// other hands given as cards (`others`).
    fn check_report(
        &self,
        setup: &Setup,
        player: usize,
        report: &HandReport,
        others: &[&HandReport],
    ) -> Result<(), Error> {
        let name = setup.name(player);
        let held = self.round.held[player];
        match report {
            HandReport::Cards(hand) => {
                let given = hand.cards().len() as u32;
                if given != held {
                    return Err(Error::Play(format!(
                        "{name} holds {} by the referee's count, but {} given ({}); if the count is wrong, correct it first (cards {name} N)",
                        plural(held, "card", "cards"),
                        plural(given, "card was", "cards were"),
                        if hand.is_empty() {
                            "none".to_string()
                        } else {
                            hand.to_string()
                        }
                    )));
                }
            }
            HandReport::Count(0) if held > 0 => {
                return Err(Error::Play(format!(
                    "{name} holds {}, and a count of 0 means no cards left (gone out); if they count 0, give the cards (hand {name} * ...)",
                    plural(held, "card", "cards")
                )));
            }
            HandReport::Count(count) => {
                let elsewhere = CardCounts::of(
                    self.round
                        .table
                        .cards()
                        .map(|c| c.physical())
                        .chain(others.iter().flat_map(|r| r.cards().iter().copied())),
                );
                let (low, high) = count_range(setup, held, &elsewhere);
                if *count < low || *count > high {
                    return Err(Error::Play(format!(
                        "{name} holds {}, which count {low} to {high} with the cards still out of sight; {count} cannot be their count",
                        plural(held, "card", "cards")
                    )));
                }
            }
        }
        let pile = CardCounts::of(
            self.round
                .table
                .cards()
                .map(|c| c.physical())
                .chain(others.iter().flat_map(|r| r.cards().iter().copied()))
                .chain(report.cards().iter().copied()),
        );
        setup
            .deck
            .check_counts(&pile, " on the table and in the hands given")
    }

    fn hand(
        &mut self,
        setup: &Setup,
        player: usize,
        report: &HandReport,
    ) -> Result<Vec<Note>, Error> {
        let name = setup.name(player);
        // A refused step leaves no trace: `Game::apply` works on a copy of the state.
        let Phase::Hands { end, mut hands } = self.phase.clone() else {
            self.expect_play(setup)?;
            return Err(Error::Refused(format!(
                "the round is still being played; hands are given when it is over, and {name}'s cards can be counted any time"
            )));
        };
        match end {
            RoundEnd::Knock(p) if p == player => {
                return Err(Error::Refused(format!(
                    "{name} knocked with that hand; undo the knock to change it"
                )));
            }
            RoundEnd::WentOut(p) if p == player => {
                return Err(Error::Refused(format!(
                    "{name} went out and holds no cards"
                )));
            }
            _ => {}
        }
        hands[player] = None;
        let others: Vec<&HandReport> = hands.iter().flatten().collect();
        self.check_report(setup, player, report, &others)?;
        hands[player] = Some(report.clone());
        let waiting: Vec<usize> = (0..hands.len()).filter(|p| hands[*p].is_none()).collect();
        let mut notes = vec![Note::HandIn {
            player,
            deadwood: report.deadwood(&setup.rules),
            waiting: waiting.clone(),
        }];
        if waiting.is_empty() {
            let hands: Vec<HandReport> = hands.into_iter().flatten().collect();
            notes.extend(self.score(setup, end, &hands)?);
        } else {
            self.phase = Phase::Hands { end, hands };
        }
        Ok(notes)
    }

    /// Scores the round as `tally` does, then deals the next one or ends the game.
    fn score(
        &mut self,
        setup: &Setup,
        end: RoundEnd,
        hands: &[HandReport],
    ) -> Result<Vec<Note>, Error> {
        let record = RoundRecord {
            knocker: end.knocker().map(|p| setup.name(p).to_string()),
            hands: setup
                .players
                .iter()
                .zip(hands)
                .map(|(name, report)| {
                    let entry = match report {
                        HandReport::Count(n) => HandEntry::Count(i64::from(*n)),
                        HandReport::Cards(hand) => HandEntry::Cards(hand.to_string()),
                    };
                    (name.clone(), entry)
                })
                .collect(),
        };
        self.finish_round(setup, record)
    }

    /// A round's result entered whole: the round in progress ends with it, whatever was
    /// played of it, and is scored with every check `score` makes.
    fn enter_round(&mut self, setup: &Setup, record: &RoundRecord) -> Result<Vec<Note>, Error> {
        match &self.phase {
            Phase::Play => {}
            Phase::Hands { .. } => {
                return Err(Error::Refused(format!(
                    "round {} is over already; give the hands that are still wanted (hand NAME ...), or undo the step that ended it",
                    self.round.number
                )));
            }
            Phase::Over => {
                return Err(Error::Refused(
                    "the game is over; no more rounds are played (fix N corrects one)".to_string(),
                ));
            }
        }
        self.finish_round(setup, record.clone())
    }

    /// Records a finished round, scores it, then deals the next one or ends the game.
    fn finish_round(&mut self, setup: &Setup, record: RoundRecord) -> Result<Vec<Note>, Error> {
        let knocker = record
            .knocker
            .as_deref()
            .and_then(|k| setup.players.iter().position(|p| p == k));
        self.rounds.push(record);
        self.tally = tally_of(setup, &self.rounds)?;
        let number = self.round.number;
        let score = self
            .tally
            .rounds
            .last()
            .map(|r| r.score.clone())
            .ok_or_else(|| Error::Play("the round was not scored".to_string()))?;
        let mut notes = vec![Note::Scored {
            round: number,
            knocker,
            score,
        }];
        if self.tally.end.is_some() {
            self.phase = Phase::Over;
            notes.push(Note::GameOver);
        } else {
            // The deal passes left from whoever dealt this round.
            self.round = Round::deal_by(number + 1, setup.left_of(self.round.dealer), setup);
            self.phase = Phase::Play;
            notes.push(Note::NewRound {
                round: number + 1,
                dealer: self.round.dealer,
                first: self.round.turn,
                stock: self.round.stock(),
            });
        }
        Ok(notes)
    }

    /// Finished round `number` (from 1), or why there is none.
    fn finished_round(&self, number: usize) -> Result<&RoundRecord, Error> {
        let finished = self.rounds.len();
        self.rounds.get(number.wrapping_sub(1)).ok_or_else(|| {
            Error::Play(match finished {
                0 => format!("there is no round {number} to fix: no round is finished yet"),
                1 => format!("there is no round {number} to fix: round 1 is the only one finished"),
                _ => format!(
                    "there is no round {number} to fix: rounds 1 to {finished} are finished"
                ),
            })
        })
    }

    /// Corrects finished round `number` (or takes it out), and scores the game again from
    /// there: every later total follows. When the correction moves the game's end, the game
    /// ends, or goes on with a new round dealt.
    fn fix_round(
        &mut self,
        setup: &Setup,
        number: usize,
        record: Option<&RoundRecord>,
    ) -> Result<Vec<Note>, Error> {
        self.finished_round(number)?;
        let mut rounds = self.rounds.clone();
        match record {
            Some(record) => rounds[number - 1] = record.clone(),
            None => {
                rounds.remove(number - 1);
            }
        }
        let tally = tally_of(setup, &rounds).map_err(|e| {
            Error::Play(format!(
                "that correction of round {number} cannot be scored: {e}; nothing changed"
            ))
        })?;
        let was_over = self.phase == Phase::Over;
        self.rounds = rounds;
        self.tally = tally;
        let mut notes = vec![Note::Fixed {
            round: number,
            deleted: record.is_none(),
        }];
        let next = self.rounds.len() + 1;
        match (self.tally.end.is_some(), was_over) {
            (true, false) => {
                self.phase = Phase::Over;
                notes.push(Note::GameOver);
            }
            (false, true) => {
                self.round = Round::deal(next, setup);
                self.phase = Phase::Play;
                notes.push(Note::NewRound {
                    round: next,
                    dealer: self.round.dealer,
                    first: self.round.turn,
                    stock: self.round.stock(),
                });
            }
            (true, true) => {}
            // The round in play keeps its deal, under its new number.
            (false, false) => self.round.number = next,
        }
        Ok(notes)
    }

    fn not_over(&self) -> Result<(), Error> {
        if self.phase == Phase::Over {
            return Err(Error::Refused(
                "the game is over; there is nothing left to correct".to_string(),
            ));
        }
        Ok(())
    }

    fn correct_table(&mut self, setup: &Setup, table: &Table) -> Result<Vec<Note>, Error> {
        self.not_over()?;
        let cards_before = self.round.table.cards().count();
        let cards_after = table.cards().count();
        let held: u32 = self.round.held.iter().sum();
        if cards_after as u32 + held > setup.deck.size() {
            return Err(Error::Play(format!(
                "that table holds {cards_after} cards and the hands {held}: more than the {} of the deck",
                setup.deck.size()
            )));
        }
        let illegal = table
            .melds()
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.judge(setup.meld_rules).err().map(|e| (i + 1, e)))
            .collect();
        self.round.table = table.clone();
        // The corrected table is where the rest of the turn is judged from.
        self.round.turn_start = table.clone();
        self.round.laid.clear();
        Ok(vec![Note::TableCorrected {
            cards_before,
            cards_after,
            stock: self.round.stock(),
            illegal,
        }])
    }

    fn correct_held(
        &mut self,
        setup: &Setup,
        player: usize,
        held: u32,
    ) -> Result<Vec<Note>, Error> {
        self.not_over()?;
        let name = setup.name(player);
        if let Phase::Hands { hands, .. } = &self.phase
            && hands[player].is_some()
        {
            return Err(Error::Refused(format!(
                "{name}'s hand is given already; undo it to correct the count"
            )));
        }
        if held == 0 {
            return Err(Error::Play(format!(
                "a player with no cards has gone out, which a move does; {name} holds 1 card or more"
            )));
        }
        let was = self.round.held[player];
        let others = self.round.out_of_stock().saturating_sub(was);
        if others
            .checked_add(held)
            .is_none_or(|n| n > setup.deck.size())
        {
            return Err(Error::Play(format!(
                "{name} cannot hold {held}: with the table and the other hands that is more than the {} cards of the deck",
                setup.deck.size()
            )));
        }
        self.round.held[player] = held;
        Ok(vec![Note::CardsCorrected {
            player,
            was,
            held,
            stock: self.round.stock(),
        }])
    }
}

/// The least and the most that `held` cards can count, drawn from the deck less the cards
/// seen `elsewhere` (the table, the hands given as cards): three cards of a one-deck game
/// count at most 25 + 10 + 10, not 3 x 25.
fn count_range(setup: &Setup, held: u32, elsewhere: &CardCounts) -> (u32, u32) {
    let deck = setup.deck;
    let mut values: Vec<u32> = std::iter::once(HandCard::Joker)
        .chain(crate::card::Card::all().map(HandCard::Real))
        .flat_map(|card| {
            let left = deck.holds(card).saturating_sub(elsewhere.get(card));
            std::iter::repeat_n(scoring::card_value(card, &setup.rules), left as usize)
        })
        .collect();
    values.sort_unstable();
    let take = (held as usize).min(values.len());
    let low = scoring::points_sum(values[..take].iter().copied());
    let high = scoring::points_sum(values[values.len() - take..].iter().copied());
    (low, high)
}

/// Where a record's rounds (edited by hand, say) part from what its log of play gives: the
/// round, the key and both values, and the `fix` that makes the change for real.
fn first_mismatch(recorded: &[RoundRecord], replayed: &[RoundRecord], deck: Deck) -> Option<Error> {
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
                    "the record says {}, but the log of play gives {}. {keep}: put it back to {} and type fix {number} hand {name} {value} in the game",
                    entry(a),
                    entry(b),
                    entry(b)
                ),
            });
        }
    }
    None
}

/// Two records of a round say the same: the same knocker, and every hand the same count or
/// the same cards, however they were spaced, ordered or spelled.
fn same_round(a: &RoundRecord, b: &RoundRecord, deck: Deck) -> bool {
    a.knocker == b.knocker
        && a.hands.len() == b.hands.len()
        && a.hands
            .iter()
            .all(|(name, hand)| same_hand(Some(hand), b.hands.get(name), deck))
}

fn same_hand(a: Option<&HandEntry>, b: Option<&HandEntry>, deck: Deck) -> bool {
    let meaning = |entry: &HandEntry| match entry {
        HandEntry::Count(n) => Some(Err(*n)),
        HandEntry::Cards(text) => crate::table::Hand::parse(text, deck).ok().map(|hand| {
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
    /// Rounds recorded before the log began.
    earlier: Vec<RoundRecord>,
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

impl Game {
    /// A new game: players in seating order (2 to 5), the first named dealing first.
    pub fn new(players: Vec<String>, rules: Rules) -> Result<Game, Error> {
        let setup = Setup::new(players, rules, 0)?;
        let state = State::start(&setup, &[])?;
        Ok(Game {
            setup,
            earlier: Vec::new(),
            steps: Vec::new(),
            state,
            undone: Vec::new(),
        })
    }

    /// Replays a log from the start. An event that cannot be applied gives its index.
    fn replay(
        setup: Setup,
        earlier: Vec<RoundRecord>,
        events: Vec<Event>,
    ) -> Result<Game, (usize, Error)> {
        let state = State::start(&setup, &earlier).map_err(|e| (0, e))?;
        let mut game = Game {
            setup,
            earlier,
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
        let game = Game::replay(setup, Vec::new(), events).map_err(|(i, e)| {
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
                earlier_rounds: self.earlier.len(),
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
        !self.steps.is_empty() || !self.earlier.is_empty()
    }

    fn expect_setup(&self, what: &str) -> Result<(), Error> {
        if self.has_started() {
            return Err(Error::Refused(format!(
                "{what} can be changed only before the first draw of the game (undo back to it to change it)"
            )));
        }
        Ok(())
    }

    /// Who deals round 1: only before the game starts.
    pub fn set_first_dealer(&mut self, player: usize) -> Result<(), Error> {
        self.expect_setup("the first dealer")?;
        let setup = Setup::new(self.setup.players.clone(), self.setup.rules.clone(), player)?;
        self.state = State::start(&setup, &self.earlier)?;
        self.setup = setup;
        Ok(())
    }

    /// The house rules: only before the game starts.
    pub fn set_rules(&mut self, rules: Rules) -> Result<(), Error> {
        self.expect_setup("the house rules")?;
        let setup = Setup::new(self.setup.players.clone(), rules, self.setup.first_dealer)?;
        self.state = State::start(&setup, &self.earlier)?;
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

    fn take_step(&mut self, event: Event) -> Result<Vec<Note>, Error> {
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

    fn turn(&self) -> usize {
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
                Err(Error::Refused(_)) if drawn > 0 && stock == 0 => {
                    return Err(Error::Refused(format!(
                        "the stock held only {}, not {count}; nothing was drawn",
                        plural(drawn, "card", "cards")
                    )));
                }
                Err(Error::Refused(_)) if drawn > 0 => {
                    return Err(Error::Refused(format!(
                        "{name} may draw {drawn} more this turn, not {count}; nothing was drawn"
                    )));
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
            return Err(Error::Refused(
                "nothing to undo: no step has been taken yet".to_string(),
            ));
        }
        if count == 0 || count > taken {
            return Err(Error::Play(match taken {
                1 => format!("only 1 step has been taken, so undo takes 1, not {count}"),
                _ => format!("undo takes 1 to {taken} steps (the steps taken so far), not {count}"),
            }));
        }
        let keep = taken - count;
        let events = self.steps[..keep].iter().map(|s| s.event.clone()).collect();
        let game =
            Game::replay(self.setup.clone(), self.earlier.clone(), events).map_err(|(_, e)| e)?;
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
            return Err(Error::Refused(
                "nothing to redo: redo takes back an undo, before any new step".to_string(),
            ));
        }
        if count == 0 || count > waiting {
            return Err(Error::Play(format!(
                "redo takes 1 to {waiting} (the steps undone), not {count}"
            )));
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
            return Err(Error::Refused(format!(
                "round {round} already reads so; nothing changed"
            )));
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
            return Err(Error::Play(
                "add lays cards on one meld; to change several melds, write the numbers, =, and the melds they become".to_string(),
            ));
        }
        let added = cards.replace('-', " ");
        if added.trim().is_empty() {
            return Err(Error::Play(format!(
                "add {number} needs the cards to add, like add {number} 6d"
            )));
        }
        // Spelling first, so a bad card is named where it was typed.
        crate::notation::parse_table(&added).map_err(|mut e| {
            e.place = e.place.replace("meld 1, card", "card to add");
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
    pub fn hint(&self, hand: &crate::table::Hand) -> Result<Hint, Error> {
        let setup = &self.setup;
        let table = &self.state.round.table;
        let together = CardCounts::of(
            table
                .cards()
                .map(|c| c.physical())
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
            let best = crate::solver::Solution {
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
            best: crate::solver::solve(table, hand, &setup.rules, setup.deck),
            no_meld: None,
        })
    }

    /// The hand a player enters to have it counted: its deadwood, whether it may knock now,
    /// and a word when its size is not what the referee counts. A hand that shows a card
    /// the table already holds every copy of is refused, as it would be at a knock.
    pub fn count_hand(&self, player: usize, hand: &crate::table::Hand) -> Result<HandCount, Error> {
        let together = CardCounts::of(
            self.state
                .round
                .table
                .cards()
                .map(|c| c.physical())
                .chain(hand.cards().iter().copied()),
        );
        self.setup
            .deck
            .check_counts(&together, " on the table and in the hand together")?;
        let rules = &self.setup.rules;
        let deadwood = crate::scoring::deadwood(hand, rules);
        let held = self.state.round.held[player];
        Ok(HandCount {
            deadwood,
            under_limit: deadwood <= rules.knock_limit,
            held,
            given: hand.cards().len() as u32,
        })
    }
}

/// The referee's advice for a hand: the best play now, or, when no meld is allowed now,
/// the hand kept as it is with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub best: crate::solver::Solution,
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
