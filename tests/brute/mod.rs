//! A second, independent exact method for small positions, to check the solver against:
//! every way to split the cards into melds, every joker's every stated card, every part of
//! the hand played, each table judged by the referee itself (`moves::judge`).
//!
//! It shares nothing with the solver but the library's meld and move rulings, and is far too
//! slow for real positions: it is meant for a dozen cards.

#![allow(dead_code)]

use carousel::card::Card;
use carousel::card::HandCard;
use carousel::card::Rank;
use carousel::card::Suit;
use carousel::card::TableCard;
use carousel::deck::Deck;
use carousel::games::manipulation::meld::{self, MeldRules};
use carousel::games::manipulation::moves;
use carousel::games::manipulation::rules::Rules;
use carousel::games::manipulation::scoring::card_value;
use carousel::games::manipulation::table::Hand;
use carousel::games::manipulation::table::Meld;
use carousel::games::manipulation::table::Table;

/// The best play by brute force: (deadwood, cards played), or the do-nothing answer.
pub(crate) fn best_play(table: &Table, hand: &Hand, rules: &Rules, deck: Deck) -> (u32, usize) {
    let meld_rules = MeldRules::new(rules, deck);
    let cards = hand.cards();
    let total: u32 = cards.iter().map(|c| card_value(*c, rules)).sum();
    let mut best = (total, 0usize);
    let before: Vec<HandCard> = table
        .cards()
        .map(carousel::card::TableCard::physical)
        .collect();
    // Every part of the hand, by bit mask; identical cards give the same part twice, which
    // costs time but nothing else.
    for mask in 1u32..(1 << cards.len()) {
        let played: Vec<HandCard> = (0..cards.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        let left: u32 = (0..cards.len())
            .filter(|i| mask & (1 << i) == 0)
            .map(|i| card_value(cards[i], rules))
            .sum();
        let candidate = (left, played.len());
        if !(candidate.0 < best.0 || (candidate.0 == best.0 && candidate.1 > best.1)) {
            continue;
        }
        let mut pool = before.clone();
        pool.extend(played.iter().copied());
        let found = any_layout(&pool, meld_rules, &mut |melds| {
            let after = Table::new(
                melds
                    .iter()
                    .map(|m| Meld::new(m.clone(), meld_rules))
                    .collect(),
            );
            moves::judge(table, Some(hand), &after, meld_rules, deck)
                .is_ok_and(|verdict| verdict.is_legal())
        });
        if found {
            best = candidate;
        }
    }
    best
}

/// Whether all of `cards` (jokers bare) can be laid as legal melds.
pub(crate) fn can_arrange(cards: &[HandCard], rules: &Rules, deck: Deck) -> bool {
    any_layout(cards, MeldRules::new(rules, deck), &mut |_| true)
}

/// Calls `accept` on layouts of all of `cards` until it accepts one.
pub(crate) fn any_layout(
    cards: &[HandCard],
    rules: MeldRules,
    accept: &mut dyn FnMut(&[Vec<TableCard>]) -> bool,
) -> bool {
    let mut reals: Vec<Card> = cards
        .iter()
        .filter_map(|c| match c {
            HandCard::Real(card) => Some(*card),
            HandCard::Joker => None,
        })
        .collect();
    reals.sort();
    let jokers = cards.iter().filter(|c| **c == HandCard::Joker).count();
    let mut melds = Vec::new();
    split(&mut reals, jokers, rules, &mut melds, accept)
}

/// Takes the first real card left and tries every meld it can be in, then the rest.
fn split(
    reals: &mut Vec<Card>,
    jokers: usize,
    rules: MeldRules,
    melds: &mut Vec<Vec<TableCard>>,
    accept: &mut dyn FnMut(&[Vec<TableCard>]) -> bool,
) -> bool {
    if reals.is_empty() {
        return jokers == 0 && accept(melds);
    }
    let pivot = reals.remove(0);
    for candidate in melds_with(pivot, reals, jokers) {
        if !meld::is_legal(&candidate, rules) {
            continue;
        }
        let mut rest = reals.clone();
        let mut used_jokers = 0;
        let mut fits = true;
        for card in candidate.iter().skip(1) {
            match card {
                TableCard::Real(c) => match rest.iter().position(|r| r == c) {
                    Some(at) => {
                        rest.remove(at);
                    }
                    None => fits = false,
                },
                TableCard::Joker(_) => used_jokers += 1,
            }
        }
        if !fits || used_jokers > jokers {
            continue;
        }
        melds.push(candidate);
        if split(&mut rest, jokers - used_jokers, rules, melds, accept) {
            melds.pop();
            reals.insert(0, pivot);
            return true;
        }
        melds.pop();
    }
    reals.insert(0, pivot);
    false
}

/// Every meld shape holding `pivot` (first) and other cards from `reals` and up to `jokers`
/// jokers, each joker with each card it might stand for. Not all are legal.
fn melds_with(pivot: Card, reals: &[Card], jokers: usize) -> Vec<Vec<TableCard>> {
    let mut shapes = Vec::new();
    let available = |card: Card| reals.iter().filter(|r| **r == card).count();
    // Sets: the pivot, real cards of its rank in other suits, jokers for any suits.
    let others: Vec<Suit> = Suit::ALL
        .into_iter()
        .filter(|s| *s != pivot.suit && available(Card::new(pivot.rank, *s)) > 0)
        .collect();
    for mask in 0u32..(1 << others.len()) {
        let mut set = vec![TableCard::Real(pivot)];
        for (i, suit) in others.iter().enumerate() {
            if mask & (1 << i) != 0 {
                set.push(TableCard::Real(Card::new(pivot.rank, *suit)));
            }
        }
        for joker_suits in joker_choices(jokers.min(2)) {
            let mut with = set.clone();
            with.extend(
                joker_suits
                    .iter()
                    .map(|s| TableCard::Joker(Card::new(pivot.rank, Suit::ALL[*s]))),
            );
            if (3..=4).contains(&with.len()) {
                shapes.push(with);
            }
        }
    }
    // Runs: every span of run ranks 1..=14 (14 is the ace again) holding the pivot's rank,
    // each other place a real card (if one is left) or a joker.
    let suit = pivot.suit;
    let places: Vec<u8> = if pivot.rank == Rank::ACE {
        vec![1, 14]
    } else {
        vec![pivot.rank.number()]
    };
    for place in places {
        for low in 1..=place {
            for high in place.max(low + 2)..=14 {
                let faces: Vec<Card> = (low..=high)
                    .filter(|p| *p != place)
                    .map(|p| Card::new(Rank::new(if p == 14 { 1 } else { p }).unwrap(), suit))
                    .collect();
                fill_run(pivot, &faces, reals, jokers, &mut shapes);
            }
        }
    }
    shapes
}

/// Every multiset of suits (as indices) for `n` jokers, n at most 2.
fn joker_choices(n: usize) -> Vec<Vec<usize>> {
    let mut choices = vec![vec![]];
    if n >= 1 {
        choices.extend((0..4).map(|a| vec![a]));
    }
    if n >= 2 {
        for a in 0..4 {
            for b in a..4 {
                choices.push(vec![a, b]);
            }
        }
    }
    choices
}

/// Runs with the pivot and one card per face in `faces`: a real one while any are left,
/// or a joker, in every mix the counts allow.
fn fill_run(
    pivot: Card,
    faces: &[Card],
    reals: &[Card],
    jokers: usize,
    shapes: &mut Vec<Vec<TableCard>>,
) {
    fn go(
        faces: &[Card],
        reals: &mut Vec<Card>,
        jokers: usize,
        run: &mut Vec<TableCard>,
        shapes: &mut Vec<Vec<TableCard>>,
    ) {
        let Some((face, rest)) = faces.split_first() else {
            shapes.push(run.clone());
            return;
        };
        if let Some(at) = reals.iter().position(|r| r == face) {
            let card = reals.remove(at);
            run.push(TableCard::Real(card));
            go(rest, reals, jokers, run, shapes);
            run.pop();
            reals.insert(at, card);
        }
        if jokers > 0 {
            run.push(TableCard::Joker(*face));
            go(rest, reals, jokers - 1, run, shapes);
            run.pop();
        }
    }
    let mut left = reals.to_vec();
    let mut run = vec![TableCard::Real(pivot)];
    go(faces, &mut left, jokers, &mut run, shapes);
}
