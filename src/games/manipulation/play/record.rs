//! A game of Carousel saved and resumed (its record with the family's log of play), and the
//! table's conveniences: a step for the player whose turn it is, a move read as typed, a hint.

use super::{
    CardCounts, DRAWS_A_TURN, Deck, Error, Event, Game, HandCount, HandReport, Hint, Judged, Meld,
    Move, Phase, RoundChange, RoundRecord, Rules, Setup, Table, no_such_meld, scoring,
};
use crate::error::{MoveForm, RecordKey, RecordPlace, RecordProblem, RoundKey, Stage, Turn};
use crate::games::manipulation::game::GameRecord;
use crate::hand::HandEntry;
use crate::notation::Place;
use crate::session::{self, Session};

/// Where a record's round `number` (edited by hand, say) parts from what its log of play
/// gives: the key and both values, and the `fix` that makes the change for real.
pub(super) fn mismatch(number: usize, said: &RoundRecord, gave: &RoundRecord, deck: Deck) -> Error {
    let place = |key| RecordPlace::Round { number, key };
    if said.knocker != gave.knocker {
        return RecordProblem::KnockerDisagrees {
            round: number,
            says: said.knocker.clone(),
            gives: gave.knocker.clone(),
        }
        .at(place(Some(RoundKey::Knocker)));
    }
    let names = said.hands.keys().chain(gave.hands.keys());
    for name in names {
        let (a, b) = (said.hands.get(name), gave.hands.get(name));
        if !same_hand(a, b, deck) {
            return RecordProblem::HandDisagrees {
                round: number,
                player: name.clone(),
                says: a.map(HandEntry::written),
                gives: b.map(HandEntry::written),
            }
            .at(place(Some(RoundKey::Hand(name.clone()))));
        }
    }
    RecordProblem::RoundDisagrees.at(place(None))
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

/// Steps as the log of a Carousel game holds them, with what they did.
pub type Step = session::Taken<Setup>;

impl Game {
    /// A new game: players in seating order (2 to 5), the first named dealing first.
    pub fn new(players: Vec<String>, rules: Rules) -> Result<Game, Error> {
        Ok(Session::start_with(Setup::new(players, rules, 0)?))
    }

    /// Resumes a saved game: replays its log and checks it gives the rounds recorded. A
    /// record with no log of play (written by hand) goes on after its last round.
    pub fn from_record(record: &GameRecord) -> Result<Game, Error> {
        let setup = Setup::new(record.players.clone(), record.rules.clone(), 0).map_err(|e| {
            RecordProblem::Players { error: Box::new(e) }.at(RecordPlace::Key(RecordKey::Players))
        })?;
        Session::resume(&setup, &record.rounds, record.play.as_ref())
    }

    /// A saved game read from its file and replayed, as the REPL opens one (without
    /// locking it): anything that is no game the referee can go on with is damaged.
    pub fn load(path: &std::path::Path) -> Result<Game, Error> {
        let text = crate::store::read_text(path)?;
        crate::store::read_game(path, &text, |text| {
            Game::from_record(&GameRecord::from_toml(text)?)
        })
    }

    /// The text the game is saved as: the header, the record with its log, the end mark.
    pub fn saved_text(&self) -> String {
        crate::seal::sealed(
            "Carousel",
            &toml::to_string_pretty(&self.to_record()).unwrap_or_default(),
        )
    }

    /// The game record to save: a `tally` record of the finished rounds with the log.
    pub fn to_record(&self) -> GameRecord {
        GameRecord {
            players: self.players().to_vec(),
            rules: self.rules().clone(),
            rounds: self.results().to_vec(),
            play: Some(self.play_log()),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.setup().rules
    }

    /// Where the round stands: being played, or waiting for hands.
    pub fn phase(&self) -> &Phase {
        &self.round().phase
    }

    pub(super) fn turn(&self) -> usize {
        self.round().turn
    }

    /// The player whose turn it is draws a card.
    pub fn draw(&mut self) -> Result<Vec<session::Note<Setup>>, Error> {
        self.event(Event::Draw {
            player: self.turn(),
        })
    }

    /// `count` draws or none: `draw 4` must not make three and then refuse the fourth.
    pub fn draw_n(&mut self, count: u32) -> Result<Vec<session::Note<Setup>>, Error> {
        let name = self.setup().name(self.turn()).to_string();
        let player = self.turn();
        // A turn has three draws: a fourth is refused, so no more are tried.
        let steps = (0..count.min(DRAWS_A_TURN + 1))
            .map(|_| session::Step::Play(Event::Draw { player }))
            .collect();
        let stock = self.round().stock();
        self.apply_all(steps).map_err(|(drawn, e)| {
            let drawn = drawn as u32;
            match e {
                e if e.is_refusal() && drawn > 0 && stock <= drawn => {
                    Turn::StockShort { drawn, count }.into()
                }
                e if e.is_refusal() && drawn > 0 => Turn::TooManyDraws {
                    player: name.clone(),
                    drawn,
                    count,
                }
                .into(),
                e => e,
            }
        })
    }

    /// The player whose turn it is makes a move.
    pub fn play(&mut self, mv: Move) -> Result<Vec<session::Note<Setup>>, Error> {
        self.event(Event::Move {
            player: self.turn(),
            mv,
        })
    }

    /// The player whose turn it is ends it.
    pub fn done(&mut self) -> Result<Vec<session::Note<Setup>>, Error> {
        self.event(Event::Done {
            player: self.turn(),
        })
    }

    /// The player whose turn it is draws on to the third card (unless they have melded,
    /// or the stock is out) and ends the turn: a turn without a meld in one word. All or
    /// nothing: when the end is refused, no card is drawn either.
    pub fn pass(&mut self) -> Result<Vec<session::Note<Setup>>, Error> {
        let player = self.turn();
        let r = self.round();
        let draws = if r.melded || r.last_lap.is_some() || r.phase != Phase::Play {
            0
        } else {
            DRAWS_A_TURN.saturating_sub(r.draws).min(r.stock())
        };
        let mut steps: Vec<_> = (0..draws)
            .map(|_| session::Step::Play(Event::Draw { player }))
            .collect();
        steps.push(session::Step::Play(Event::Done { player }));
        self.apply_all(steps).map_err(|(_, e)| e)
    }

    /// The player whose turn it is knocks with this hand.
    pub fn knock(&mut self, hand: HandReport) -> Result<Vec<session::Note<Setup>>, Error> {
        self.event(Event::Knock {
            player: self.turn(),
            hand,
        })
    }

    /// A player's hand, given at the end of the round.
    pub fn hand(
        &mut self,
        player: usize,
        hand: HandReport,
    ) -> Result<Vec<session::Note<Setup>>, Error> {
        self.event(Event::Hand { player, hand })
    }

    /// Corrects the referee's count of a player's cards.
    pub fn correct_held(
        &mut self,
        player: usize,
        held: u32,
    ) -> Result<Vec<session::Note<Setup>>, Error> {
        self.event(Event::Cards { player, held })
    }

    /// Corrects the table mirror to the table as it lies.
    pub fn correct_table(&mut self, table: Table) -> Result<Vec<session::Note<Setup>>, Error> {
        self.event(Event::Table { table })
    }

    /// Judges a move against the table in play without making it.
    pub fn judge(&self, mv: &Move) -> Result<Judged, Error> {
        self.round().judge(self.setup(), self.number(), mv)
    }

    /// Reads a round's whole result typed in one line (as `enter_round` takes it).
    pub fn round_record(&self, text: &str) -> Result<RoundRecord, Error> {
        super::event::parse_round(text, self.setup())
    }

    /// Corrects finished round `round` (from 1) in one of Carousel's ways; every later
    /// score and total follows. The correction is a step: undo takes it back.
    pub fn correct(
        &mut self,
        round: usize,
        change: RoundChange,
    ) -> Result<Vec<session::Note<Setup>>, Error> {
        let current = self.finished(round)?;
        let record = super::change_result(self.setup(), current, change);
        if &record == current {
            return Err(Stage::AlreadySo { round }.into());
        }
        self.apply(session::Step::Fix {
            round,
            result: Some(record),
        })
    }

    /// Reads melds typed by a player: `7h 8h 9h | Ks Kd Kc`.
    pub fn melds(&self, text: &str) -> Result<Vec<Meld>, Error> {
        Ok(
            Table::parse(text, self.setup().meld_rules, self.setup().deck)?
                .melds()
                .to_vec(),
        )
    }

    /// Reads a rearrangement typed by a player: `1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d`.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        Move::parse(text, self.setup())
    }

    /// The move that adds cards (`6d`, `*`, `*7h`) to meld `number`. A bare joker is given
    /// the one card that makes the meld legal.
    pub fn extend(&self, number: usize, cards: &str) -> Result<Move, Error> {
        let table = &self.round().table;
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
            self.setup().meld_rules,
            self.setup().deck,
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
        HandReport::parse(text.trim().trim_matches('"'), self.setup().deck)
    }

    /// Who is to give their hand, when the round is over.
    pub fn waiting_hands(&self) -> Vec<usize> {
        self.round().waiting()
    }

    /// The best play of `hand` on the table in play. After the third draw no meld is
    /// allowed (unless the house rule says so), so the advice is then the hand as it is,
    /// and whether it may knock.
    pub fn hint(&self, hand: &crate::games::manipulation::table::Hand) -> Result<Hint, Error> {
        let setup = self.setup();
        let table = &self.round().table;
        let together = CardCounts::of(
            table
                .cards()
                .map(crate::card::TableCard::physical)
                .chain(hand.cards().iter().copied()),
        );
        setup
            .deck
            .check_counts(&together, " on the table and in the hand together")?;
        let r = self.round();
        let third_draw_over = !self.is_over()
            && r.phase == Phase::Play
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
                no_meld: r.may_meld(setup, self.number()).err(),
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
            self.round()
                .table
                .cards()
                .map(crate::card::TableCard::physical)
                .chain(hand.cards().iter().copied()),
        );
        self.setup()
            .deck
            .check_counts(&together, " on the table and in the hand together")?;
        let rules = &self.setup().rules;
        let deadwood = crate::games::manipulation::scoring::deadwood(hand, rules);
        let held = self.round().held[player];
        Ok(HandCount {
            deadwood,
            under_limit: deadwood <= rules.knock_limit,
            held,
            given: hand.cards().len() as u32,
        })
    }
}
