//! A third, independent exact method for the best play's deadwood: an integer linear
//! program (den Hertog & Hulshof 2006 style, adapted to Carousel's manipulation and jokers),
//! solved by `microlp` (pure Rust, a dev-dependency only). Unlike the brute force
//! (`tests/brute`) it is fast enough for full-scale positions: a two-deck table of 60-95
//! cards and a hand of 10-25.
//!
//! It shares nothing with the solver: only the library's card types and `card_value`.
//!
//! # The model
//! Faces are the 52 cards (rank and suit). A *meld shape* is a set of faces making a legal
//! meld: every set (3 or 4 faces of one rank, distinct suits) and every run of length 3 to 5
//! (consecutive faces of one suit, run positions 1..=14 where 14 is the ace again, so
//! A-2-3 and Q-K-A; no wrapping; no high ace under `aces_low_only`).
//!
//! Runs of 3 to 5 suffice. Any run of length n >= 6 splits into runs of 3 to 5 (6 = 3+3,
//! 7 = 3+4, 8 = 4+4, ..., always possible since every n >= 6 is a sum of 3s, 4s and 5s),
//! and a split of a legal run is legal runs: each joker keeps its stated card, which is still
//! a card of its piece's suit in its piece's span; the 14-card A..A run (two decks only)
//! splits into a low A-2-3 and a high ...-Q-K-A, each holding one ace, legal with or
//! without two decks. Conversely any collection of 3-to-5 runs is a layout. So the best
//! layout with runs of any length has the same cards on the table as one with runs of 3-5:
//! the deadwood is the same. (The rules judge melds one at a time: nothing limits how many
//! jokers on the table stand for one card, so two melds may each hold an ace of hearts, real
//! or joker, even with one deck.)
//!
//! Variables, all integers:
//! - `x[m]` in 0..=2: copies of meld shape `m` laid (three copies would need three of each
//!   face, so at least three jokers: there are at most two);
//! - `p[f]` in 0..=hand[f]: real cards of face `f` played from the hand;
//! - `J[f]` >= 0: jokers laid standing for face `f`;
//! - `pj` in 0..=hand jokers: hand jokers played;
//! - `k[f]` in 0..=before[f] (faces some table joker stood for): the table jokers that keep
//!   standing for `f`.
//!
//! Constraints:
//! - each face's slots are filled by a real card or a joker: for every face,
//!   `sum over shapes m holding f of x[m] = table real f + p[f] + J[f]`
//!   (every table card is laid: M1; played cards come from the hand: M2). Splitting each
//!   slot into real use and joker use per meld (`r[m,f] + j[m,f] = x[m]`) is not needed:
//!   any slot of face f can take either, so only the per-face totals matter;
//! - jokers: `sum J[f] = table jokers + pj` (table jokers stay on the table: M1, M5);
//! - M4 as counts: `J[f] >= k[f]` and `before[f] - k[f] <= table real f + p[f]`: the table
//!   jokers that stood for f and no longer do are at most the real f on the table after.
//!
//! Objective: the least deadwood, `sum (hand[f] - p[f]) value(f) + (hand jokers - pj) joker
//! value`. Playing nothing is always allowed (even from a table that is not legal before),
//! so the answer is the smaller of that and the hand's whole value.

#![allow(dead_code)]

use carousel::card::Card;
use carousel::card::CardCounts;
use carousel::card::HandCard;
use carousel::card::Rank;
use carousel::card::Suit;
use carousel::card::TableCard;
use carousel::deck::Deck;
use carousel::games::manipulation::meld::MeldRules;
use carousel::games::manipulation::rules::Rules;
use carousel::games::manipulation::scoring::card_value;
use carousel::games::manipulation::table::Hand;
use carousel::games::manipulation::table::Meld;
use carousel::games::manipulation::table::Table;
use microlp::{ComparisonOp, OptimizationDirection, Problem};

/// The ILP's answer: the least deadwood, and (when it plays something) the cards played
/// and a table after that realises it, for the referee to judge.
#[derive(Clone, Debug)]
pub(crate) struct IlpPlay {
    pub deadwood: u32,
    pub played: Vec<HandCard>,
    pub table: Option<Table>,
}

/// Every meld shape: sets of 3 and 4 suits, runs of 3 to 5 (by run position, 14 = high ace).
pub(crate) fn meld_shapes(rules: &Rules) -> Vec<Vec<Card>> {
    let mut shapes = Vec::new();
    for rank in Rank::all() {
        for mask in 0u32..16 {
            if mask.count_ones() >= 3 {
                shapes.push(
                    Suit::ALL
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| mask & (1 << i) != 0)
                        .map(|(_, s)| Card::new(rank, *s))
                        .collect(),
                );
            }
        }
    }
    let top = if rules.aces_low_only { 13 } else { 14 };
    for suit in Suit::ALL {
        for len in 3u8..=5 {
            for low in 1u8..=(top + 1 - len) {
                shapes.push(
                    (low..low + len)
                        .map(|p| Card::new(Rank::new(if p == 14 { 1 } else { p }).unwrap(), suit))
                        .collect(),
                );
            }
        }
    }
    shapes
}

/// The least deadwood any legal play of `hand` onto `table` leaves, by integer programming.
pub(crate) fn ilp_optimum(table: &Table, hand: &Hand, rules: &Rules, deck: Deck) -> IlpPlay {
    let meld_rules = MeldRules::new(rules, deck);
    let hand_total: u32 = hand.cards().iter().map(|c| card_value(*c, rules)).sum();
    let nothing = IlpPlay {
        deadwood: hand_total,
        played: Vec::new(),
        table: None,
    };
    let mut table_real = [0i32; 52];
    let mut before = [0i32; 52];
    let mut table_jokers = 0i32;
    for card in table.cards() {
        match card {
            TableCard::Real(c) => table_real[c.index()] += 1,
            TableCard::Joker(c) => {
                before[c.index()] += 1;
                table_jokers += 1;
            }
        }
    }
    let counts = hand.counts();
    let in_hand = |f: usize| counts.get(HandCard::Real(Card::from_index(f).unwrap())) as i32;
    let hand_jokers = counts.get(HandCard::Joker) as i32;
    let all_jokers = table_jokers + hand_jokers;

    let mut problem = Problem::new(OptimizationDirection::Minimize);
    let shapes = meld_shapes(rules);
    let x: Vec<_> = shapes
        .iter()
        .map(|_| problem.add_integer_var(0.0, (0, 2)))
        .collect();
    let value = |f: usize| {
        f64::from(card_value(
            HandCard::Real(Card::from_index(f).unwrap()),
            rules,
        ))
    };
    let p: Vec<_> = (0..52)
        .map(|f| problem.add_integer_var(-value(f), (0, in_hand(f))))
        .collect();
    let j: Vec<_> = (0..52)
        .map(|_| problem.add_integer_var(0.0, (0, all_jokers)))
        .collect();
    let pj = problem.add_integer_var(-f64::from(rules.joker_value), (0, hand_jokers));
    for f in 0..52 {
        let mut row: Vec<(microlp::Variable, f64)> = shapes
            .iter()
            .zip(&x)
            .filter(|(shape, _)| shape.iter().any(|c| c.index() == f))
            .map(|(_, v)| (*v, 1.0))
            .collect();
        row.push((p[f], -1.0));
        row.push((j[f], -1.0));
        problem.add_constraint(row, ComparisonOp::Eq, f64::from(table_real[f]));
        if before[f] > 0 {
            let k = problem.add_integer_var(0.0, (0, before[f]));
            problem.add_constraint([(j[f], 1.0), (k, -1.0)], ComparisonOp::Ge, 0.0);
            problem.add_constraint(
                [(p[f], 1.0), (k, 1.0)],
                ComparisonOp::Ge,
                f64::from(before[f] - table_real[f]),
            );
        }
    }
    let mut jokers: Vec<(microlp::Variable, f64)> = j.iter().map(|v| (*v, 1.0)).collect();
    jokers.push((pj, -1.0));
    problem.add_constraint(jokers, ComparisonOp::Eq, f64::from(table_jokers));

    let solution = match problem.solve() {
        Ok(outcome) => {
            assert!(outcome.is_optimal(), "the ILP stopped short of optimal");
            outcome.into_solution().unwrap()
        }
        Err(microlp::Error::Infeasible) => return nothing,
        Err(e) => panic!("the ILP failed: {e}"),
    };
    let int = |v: microlp::Variable| solution.var_value(v).round() as i32;
    let played_value: i32 = (0..52).map(|f| int(p[f]) * value(f) as i32).sum::<i32>()
        + int(pj) * rules.joker_value as i32;
    let deadwood = hand_total - played_value as u32;
    if deadwood >= hand_total {
        return nothing;
    }
    let mut played: Vec<HandCard> = Vec::new();
    for (f, var) in p.iter().enumerate() {
        for _ in 0..int(*var) {
            played.push(HandCard::Real(Card::from_index(f).unwrap()));
        }
    }
    played.extend(std::iter::repeat_n(HandCard::Joker, int(pj) as usize));
    // The layout: each shape laid x times, each slot a real card while its face has any
    // left, else a joker stating that face.
    let mut real_left: Vec<i32> = (0..52).map(|f| table_real[f] + int(p[f])).collect();
    let mut melds = Vec::new();
    for (shape, var) in shapes.iter().zip(&x) {
        for _ in 0..int(*var) {
            let cards: Vec<TableCard> = shape
                .iter()
                .map(|c| {
                    if real_left[c.index()] > 0 {
                        real_left[c.index()] -= 1;
                        TableCard::Real(*c)
                    } else {
                        TableCard::Joker(*c)
                    }
                })
                .collect();
            melds.push(Meld::new(cards, meld_rules));
        }
    }
    let after = Table::new(melds);
    let mut expected = CardCounts::of(table.cards().map(carousel::card::TableCard::physical));
    for card in &played {
        expected.add(*card);
    }
    assert_eq!(
        after.physical_counts(),
        expected,
        "the ILP's layout {after} is not the table and the cards played"
    );
    IlpPlay {
        deadwood,
        played,
        table: Some(after),
    }
}
