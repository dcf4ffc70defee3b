//! The end of a round: the hands given, checked against what the referee counted; once all
//! are given, the round's result goes to the session to be scored.

use super::corrections::count_range;
use super::{CardCounts, Error, HandReport, Note, Phase, Round, RoundEnd, RoundRecord, Setup};
use crate::error::{Count, Stage};
use crate::game::Played;

impl Round {
    /// Ends the round at once and waits for the hands not known yet.
    pub(super) fn end_round(
        &mut self,
        setup: &Setup,
        end: RoundEnd,
        known: Option<HandReport>,
    ) -> Vec<Note> {
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
    pub(super) fn check_report(
        &self,
        setup: &Setup,
        player: usize,
        report: &HandReport,
        others: &[&HandReport],
    ) -> Result<(), Error> {
        let name = setup.name(player);
        let held = self.held[player];
        match report {
            HandReport::Cards(hand) => {
                let given = hand.cards().len() as u32;
                if given != held {
                    return Err(Count::NotHeld {
                        player: name.to_string(),
                        held,
                        given,
                        hand: hand.to_string(),
                    }
                    .into());
                }
            }
            HandReport::Count(0) if held > 0 => {
                return Err(Count::Zero {
                    player: name.to_string(),
                    held,
                }
                .into());
            }
            HandReport::Count(count) => {
                let elsewhere = CardCounts::of(
                    self.table
                        .cards()
                        .map(crate::card::TableCard::physical)
                        .chain(others.iter().flat_map(|r| r.cards().iter().copied())),
                );
                let (low, high) = count_range(setup, held, &elsewhere);
                if *count < low || *count > high {
                    return Err(Count::OutOfRange {
                        player: name.to_string(),
                        held,
                        low,
                        high,
                        count: *count,
                    }
                    .into());
                }
            }
        }
        let pile = CardCounts::of(
            self.table
                .cards()
                .map(crate::card::TableCard::physical)
                .chain(others.iter().flat_map(|r| r.cards().iter().copied()))
                .chain(report.cards().iter().copied()),
        );
        setup
            .deck
            .check_counts(&pile, " on the table and in the hands given")
    }

    pub(super) fn hand(
        &mut self,
        setup: &Setup,
        number: usize,
        player: usize,
        report: &HandReport,
    ) -> Result<Played<Setup>, Error> {
        let name = setup.name(player);
        // A refused step leaves no trace: the session tries every step on a copy.
        let Phase::Hands { end, mut hands } = self.phase.clone() else {
            self.expect_play(setup, number)?;
            return Err(Stage::RoundInPlay {
                player: name.to_string(),
            }
            .into());
        };
        match end {
            RoundEnd::Knock(p) if p == player => {
                return Err(Stage::KnockedWith {
                    player: name.to_string(),
                }
                .into());
            }
            RoundEnd::WentOut(p) if p == player => {
                return Err(Stage::WentOut {
                    player: name.to_string(),
                }
                .into());
            }
            _ => {}
        }
        hands[player] = None;
        let others: Vec<&HandReport> = hands.iter().flatten().collect();
        self.check_report(setup, player, report, &others)?;
        hands[player] = Some(report.clone());
        let waiting: Vec<usize> = (0..hands.len()).filter(|p| hands[*p].is_none()).collect();
        let notes = vec![Note::HandIn {
            player,
            deadwood: crate::games::manipulation::scoring::report_deadwood(report, &setup.rules),
            waiting: waiting.clone(),
        }];
        if !waiting.is_empty() {
            self.phase = Phase::Hands { end, hands };
            return Ok(Played::notes(notes));
        }
        let hands: Vec<HandReport> = hands.into_iter().flatten().collect();
        let ended = Some(result(setup, end, &hands));
        Ok(Played { notes, ended })
    }
}

/// The result of a round that ended so, with these hands, as the record writes it.
fn result(setup: &Setup, end: RoundEnd, hands: &[HandReport]) -> RoundRecord {
    RoundRecord {
        knocker: end.knocker().map(|p| setup.name(p).to_string()),
        hands: setup
            .players
            .iter()
            .zip(hands)
            .map(|(name, report)| (name.clone(), report.entry()))
            .collect(),
    }
}
