//! A turn: whose it is, the draws, the moves judged by M1-M4, `done`, the knock, and the
//! last lap when the stock runs out.

use super::{
    CardCounts, DRAWS_A_TURN, Error, HandReport, Judged, Move, MoveRule, Note, Phase, Round,
    RoundEnd, Setup, Spaced, Violation, moves, plural,
};
use crate::error::{Stage, Turn};
use crate::games::manipulation::moves::Illegal;

impl Round {
    /// Why nobody may play now, if the round is not being played.
    pub(super) fn expect_play(&self, setup: &Setup, number: usize) -> Result<(), Error> {
        match &self.phase {
            Phase::Play => Ok(()),
            Phase::Hands { .. } => Err(Stage::RoundOver {
                round: number,
                waiting: self
                    .waiting()
                    .into_iter()
                    .map(|p| setup.name(p).to_string())
                    .collect(),
            }
            .into()),
        }
    }

    pub(super) fn expect_turn(
        &self,
        setup: &Setup,
        number: usize,
        player: usize,
    ) -> Result<(), Error> {
        self.expect_play(setup, number)?;
        if player != self.turn {
            return Err(Turn::NotYours {
                turn: setup.name(self.turn).to_string(),
                player: setup.name(player).to_string(),
            }
            .into());
        }
        Ok(())
    }

    /// Whether the player whose turn it is may meld now.
    pub(super) fn may_meld(&self, setup: &Setup, number: usize) -> Result<(), Error> {
        self.expect_play(setup, number)?;
        let r = self;
        let name = setup.name(r.turn);
        if r.last_lap.is_none() {
            if r.draws == 0 {
                return Err(Turn::NotDrawn {
                    player: name.to_string(),
                    knock: false,
                }
                .into());
            }
            if r.draws >= DRAWS_A_TURN && !setup.rules.meld_after_third_draw {
                return Err(Turn::NoMeldAfterThirdDraw {
                    player: name.to_string(),
                }
                .into());
            }
        }
        Ok(())
    }

    /// A turn that would begin with the stock empty (after a correction, say) begins the
    /// last lap by itself (docs/rules.md#stock-out-and-the-last-lap), so the table is never left with nothing
    /// to do but undo.
    pub(super) fn last_lap_if_no_stock(&mut self, setup: &Setup) -> Vec<Note> {
        let r = self;
        if r.phase != Phase::Play
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

    pub(super) fn draw(
        &mut self,
        setup: &Setup,
        number: usize,
        player: usize,
    ) -> Result<Vec<Note>, Error> {
        self.expect_turn(setup, number, player)?;
        let name = setup.name(player);
        let r = self;
        if r.last_lap.is_some() {
            return Err(Turn::LastLap.into());
        }
        if r.melded {
            return Err(Turn::DrawAfterMeld {
                player: name.to_string(),
            }
            .into());
        }
        if r.draws >= DRAWS_A_TURN {
            return Err(Turn::FourthDraw {
                player: name.to_string(),
            }
            .into());
        }
        if r.stock() == 0 {
            return Err(Turn::StockEmpty {
                player: name.to_string(),
            }
            .into());
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
    pub(super) fn judge(&self, setup: &Setup, number: usize, mv: &Move) -> Result<Judged, Error> {
        let r = self;
        let (after, fresh) = mv.after(&r.table)?;
        setup
            .deck
            .check_counts(&after.physical_counts(), " on the table after the move")?;
        let mut verdict = moves::judge(&r.turn_start, None, &after, setup.meld_rules, setup.deck)?;
        if r.phase == Phase::Play {
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
        let mut this_move = CardCounts::of(after.cards().map(crate::card::TableCard::physical))
            .excess_over(&CardCounts::of(
                r.table.cards().map(crate::card::TableCard::physical),
            ));
        this_move.sort_unstable();
        let not_now = self.may_meld(setup, number).err();
        Ok(Judged {
            after,
            fresh,
            verdict,
            this_move,
            not_now,
        })
    }

    pub(super) fn play(
        &mut self,
        setup: &Setup,
        number: usize,
        player: usize,
        mv: &Move,
    ) -> Result<Vec<Note>, Error> {
        self.expect_turn(setup, number, player)?;
        self.may_meld(setup, number)?;
        let judged = self.judge(setup, number, mv)?;
        if !judged.verdict.is_legal() {
            return Err(Illegal(judged.verdict).into());
        }
        let r = &mut *self;
        let held = r.held[player].saturating_add(r.laid.len() as u32);
        // A turn is judged whole, so a card laid earlier this turn may go back to the hand.
        let mut back = CardCounts::of(r.table.cards().map(crate::card::TableCard::physical))
            .excess_over(&CardCounts::of(
                judged.after.cards().map(crate::card::TableCard::physical),
            ));
        back.sort_unstable();
        r.table = judged.after;
        r.held[player] = held.saturating_sub(judged.verdict.played.len() as u32);
        r.laid = judged.verdict.played;
        r.melded = true;
        let mut notes = vec![Note::Played {
            player,
            played: judged.this_move,
            back,
            held: r.held[player],
            fresh: judged.fresh,
        }];
        if r.held[player] == 0 {
            notes.extend(self.end_round(setup, RoundEnd::WentOut(player), None));
        }
        Ok(notes)
    }

    pub(super) fn done(
        &mut self,
        setup: &Setup,
        number: usize,
        player: usize,
    ) -> Result<Vec<Note>, Error> {
        self.expect_turn(setup, number, player)?;
        let name = setup.name(player);
        let players = setup.players.len();
        let r = &mut *self;
        let last_lap = match r.last_lap {
            Some(1) => return Ok(r.end_round(setup, RoundEnd::StockOut, None)),
            Some(left) => Some(left - 1),
            None if r.draws == 0 => {
                return Err(Turn::NotDrawn {
                    player: name.to_string(),
                    knock: false,
                }
                .into());
            }
            None if !r.melded && r.draws < DRAWS_A_TURN && r.stock() > 0 => {
                return Err(Turn::GoesOn {
                    player: name.to_string(),
                    draws: r.draws,
                    knock: false,
                }
                .into());
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

    pub(super) fn knock(
        &mut self,
        setup: &Setup,
        number: usize,
        player: usize,
        hand: &HandReport,
    ) -> Result<Vec<Note>, Error> {
        self.expect_turn(setup, number, player)?;
        let name = setup.name(player);
        let r = &*self;
        if r.last_lap.is_none() && r.draws == 0 {
            return Err(Turn::NotDrawn {
                player: name.to_string(),
                knock: true,
            }
            .into());
        }
        // The turn ends with a meld or the third draw (or an empty stock): only then a knock.
        if r.last_lap.is_none() && !r.melded && r.draws < DRAWS_A_TURN && r.stock() > 0 {
            return Err(Turn::GoesOn {
                player: name.to_string(),
                draws: r.draws,
                knock: true,
            }
            .into());
        }
        self.check_report(setup, player, hand, &[])?;
        let deadwood = crate::games::manipulation::scoring::report_deadwood(hand, &setup.rules);
        if deadwood > setup.rules.knock_limit {
            return Err(Error::KnockRefused {
                player: name.to_string(),
                deadwood,
                limit: setup.rules.knock_limit,
            });
        }
        Ok(self.end_round(setup, RoundEnd::Knock(player), Some(hand.clone())))
    }
}
