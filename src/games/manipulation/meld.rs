//! Where sets and runs are validated: is a meld legal, and if not, why, in a player's words.
//!
//! A meld is judged on its cards' faces, each joker taken as its stated card
//! (docs/rules.md#melds). Runs place an ace low or high, never both ends of a wrap; a two-deck run may hold
//! both aces of its suit, one low and one high.

use crate::card::{Card, Rank, Suit, TableCard};
use crate::deck::Deck;
use crate::games::manipulation::rules::Rules;
use crate::notation::Spaced;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldKind {
    Set,
    Run,
}

/// What a meld's rules depend on beyond its cards: the ace reading and how many decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeldRules {
    pub aces_high: bool,
    pub two_aces_in_a_run: bool,
}

impl MeldRules {
    pub fn new(rules: &Rules, deck: Deck) -> MeldRules {
        MeldRules {
            aces_high: !rules.aces_low_only,
            two_aces_in_a_run: deck.copies() >= 2 && !rules.aces_low_only,
        }
    }
}

impl Default for MeldRules {
    /// The rulings with two decks.
    fn default() -> Self {
        MeldRules {
            aces_high: true,
            two_aces_in_a_run: true,
        }
    }
}

/// Rank as placed in a run: 1 for a low ace up to 14 for a high ace.
type RunRank = u8;

/// How a legal run places its aces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aces {
    None,
    Low,
    High,
    Both,
}

/// Judges one meld. `Err` says why it is not legal, starting "not a set", "not a run" or the
/// like, ready to follow the meld's cards and a colon.
pub fn judge(cards: &[TableCard], rules: MeldRules) -> Result<MeldKind, String> {
    if cards.len() < 3 {
        return Err(format!(
            "a meld needs at least 3 cards, this has {}",
            cards.len()
        ));
    }
    let faces: Vec<Card> = cards.iter().map(|c| c.face()).collect();
    let first = faces[0];
    if faces.iter().all(|f| f.rank == first.rank) {
        judge_set(cards).map(|()| MeldKind::Set)
    } else if faces.iter().all(|f| f.suit == first.suit) {
        run_aces(&faces, rules).map(|_| MeldKind::Run)
    } else {
        Err("not a set (the ranks differ) nor a run (the suits differ)".to_string())
    }
}

pub fn is_legal(cards: &[TableCard], rules: MeldRules) -> bool {
    judge(cards, rules).is_ok()
}

fn judge_set(cards: &[TableCard]) -> Result<(), String> {
    if cards.len() > 4 {
        return Err(format!(
            "not a set, a set has at most 4 cards and this has {}",
            cards.len()
        ));
    }
    for suit in Suit::ALL {
        let same: Vec<TableCard> = cards
            .iter()
            .copied()
            .filter(|c| c.face().suit == suit)
            .collect();
        if same.len() > 1 {
            let face = same[0].face();
            return Err(match same.iter().find(|c| c.is_joker()) {
                Some(joker) => format!(
                    "not a set, {joker} stands for {face}, which the set already holds; a set's suits are all different"
                ),
                None => format!(
                    "not a set, {face} appears {} times; a set's suits are all different",
                    same.len()
                ),
            });
        }
    }
    Ok(())
}

/// Places the aces of a one-suit meld so its ranks run without a gap, or says why they can't.
fn run_aces(faces: &[Card], rules: MeldRules) -> Result<Aces, String> {
    let suit = faces[0].suit;
    let aces = faces.iter().filter(|f| f.rank == Rank::ACE).count();
    let mut others: Vec<RunRank> = faces
        .iter()
        .filter(|f| f.rank != Rank::ACE)
        .map(|f| f.rank.number())
        .collect();
    others.sort_unstable();
    if let Some(pair) = others.windows(2).find(|w| w[0] == w[1]) {
        let card = run_card(pair[0], suit);
        let times = others.iter().filter(|r| **r == pair[0]).count();
        return Err(format!(
            "not a run, {card} appears {times} times; a run holds each rank once"
        ));
    }
    let with = |low: bool, high: bool| -> Vec<RunRank> {
        let mut ranks = others.clone();
        if low {
            ranks.insert(0, 1);
        }
        if high {
            ranks.push(14);
        }
        ranks
    };
    match aces {
        0 => gaps(&others, suit).map(|()| Aces::None),
        1 => {
            let low = with(true, false);
            let low_gaps = gaps(&low, suit);
            if low_gaps.is_ok() {
                return Ok(Aces::Low);
            }
            if !rules.aces_high {
                return low_gaps.map(|()| Aces::Low).map_err(|e| {
                    if others.last() == Some(&13) {
                        format!("{e} (aces play low only at this table)")
                    } else {
                        e
                    }
                });
            }
            let high = with(false, true);
            let high_gaps = gaps(&high, suit);
            if high_gaps.is_ok() {
                return Ok(Aces::High);
            }
            if others.first() == Some(&2) && others.last() == Some(&13) {
                return Err(
                    "not a run, K-A-2 does not wrap; an ace is low (A-2-3) or high (Q-K-A), not both"
                        .to_string(),
                );
            }
            // Explain with the ace where it is nearer its neighbours.
            let low_span = others.last().copied().unwrap_or(1);
            let high_span = 14 - others.first().copied().unwrap_or(14);
            if high_span < low_span {
                high_gaps.map(|()| Aces::High)
            } else {
                low_gaps.map(|()| Aces::Low)
            }
        }
        2 => {
            if !rules.aces_high {
                return Err(
                    "not a run, it holds two aces and aces play low only at this table".to_string(),
                );
            }
            if !rules.two_aces_in_a_run {
                return Err(format!(
                    "not a run, it holds two {}: a run holds both aces (A-2-...-K-A) only with two decks",
                    run_card(1, suit)
                ));
            }
            gaps(&with(true, true), suit)
                .map(|()| Aces::Both)
                .map_err(|e| format!("{e} (a run with two aces runs A-2-...-K-A, all 14 cards)"))
        }
        _ => Err(format!(
            "not a run, it holds {aces} aces; a run holds at most two, one low and one high"
        )),
    }
}

/// A run card's name from its run rank (14 is the ace again).
fn run_card(rank: RunRank, suit: Suit) -> Card {
    let number = if rank == 14 { 1 } else { rank };
    Card::new(Rank::new(number).unwrap_or(Rank::ACE), suit)
}

/// `Ok` when sorted distinct ranks are consecutive; else names every missing card.
fn gaps(ranks: &[RunRank], suit: Suit) -> Result<(), String> {
    let holes: Vec<String> = ranks
        .windows(2)
        .filter(|w| w[1] > w[0] + 1)
        .map(|w| {
            let missing: Vec<Card> = (w[0] + 1..w[1]).map(|r| run_card(r, suit)).collect();
            let verb = if missing.len() == 1 { "is" } else { "are" };
            format!(
                "{} {verb} missing between {} and {}",
                Spaced(&missing),
                run_card(w[0], suit),
                run_card(w[1], suit)
            )
        })
        .collect();
    if holes.is_empty() {
        Ok(())
    } else {
        Err(format!("not a run, {}", holes.join("; ")))
    }
}

/// Puts a meld's cards in canonical order: a run by rank (a high ace last), a set by suit
/// (s h d c), anything else by rank then suit. Real cards before jokers of the same face.
pub fn canonical_order(cards: &mut [TableCard], rules: MeldRules) {
    let key = |c: &TableCard| (c.face().rank, c.face().suit, c.is_joker());
    cards.sort_by_key(key);
    match judge(cards, rules) {
        Ok(MeldKind::Set) => cards.sort_by_key(|c| (c.face().suit, c.is_joker())),
        Ok(MeldKind::Run) => {
            let faces: Vec<Card> = cards.iter().map(|c| c.face()).collect();
            match run_aces(&faces, rules) {
                // The aces sort first; the last of them moves to the top of the run.
                Ok(Aces::High) => cards.rotate_left(1),
                Ok(Aces::Both) => cards[1..].rotate_left(1),
                _ => {}
            }
        }
        Err(_) => {}
    }
}

/// A meld's cards as a player writes them, for messages.
pub fn describe(cards: &[TableCard]) -> String {
    Spaced(cards).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{TypedTableCard, parse_table};

    fn meld(text: &str) -> Vec<TableCard> {
        let typed = parse_table(text).unwrap().remove(0);
        typed
            .into_iter()
            .map(|c| match c {
                TypedTableCard::Real(card) => TableCard::Real(card),
                TypedTableCard::Joker(Some(card)) => TableCard::Joker(card),
                TypedTableCard::Joker(None) => panic!("bare joker in a unit test meld"),
            })
            .collect()
    }

    fn two_decks(text: &str) -> Result<MeldKind, String> {
        judge(&meld(text), MeldRules::default())
    }

    fn one_deck(text: &str) -> Result<MeldKind, String> {
        let rules = MeldRules::new(&Rules::default(), Deck::for_players(2).unwrap());
        judge(&meld(text), rules)
    }

    fn aces_low_only(text: &str) -> Result<MeldKind, String> {
        let rules = Rules {
            aces_low_only: true,
            ..Rules::default()
        };
        judge(
            &meld(text),
            MeldRules::new(&rules, Deck::for_players(3).unwrap()),
        )
    }

    fn ordered(text: &str) -> String {
        let mut cards = meld(text);
        canonical_order(&mut cards, MeldRules::default());
        describe(&cards)
    }

    #[test]
    fn set_is_three_or_four_of_a_rank_in_different_suits() {
        assert_eq!(two_decks("7h 7d 7c"), Ok(MeldKind::Set));
        assert_eq!(two_decks("7h 7d 7c 7s"), Ok(MeldKind::Set));
        assert!(two_decks("7h 7d").unwrap_err().contains("at least 3 cards"));
    }

    #[test]
    fn set_never_holds_more_than_four() {
        let err = two_decks("7h 7d 7c 7s 7h").unwrap_err();
        assert!(err.contains("at most 4 cards"), "{err}");
    }

    #[test]
    fn set_never_holds_two_copies_of_a_card() {
        let err = two_decks("7h 7h 7c").unwrap_err();
        assert_eq!(
            err,
            "not a set, 7h appears 2 times; a set's suits are all different"
        );
    }

    #[test]
    fn set_joker_names_a_suit_the_set_lacks() {
        assert_eq!(two_decks("7h 7d *7c"), Ok(MeldKind::Set));
        let err = two_decks("7h 7d *7h").unwrap_err();
        assert!(
            err.contains("*7h stands for 7h, which the set already holds"),
            "{err}"
        );
    }

    #[test]
    fn run_is_three_or_more_consecutive_of_one_suit() {
        assert_eq!(two_decks("3s 4s 5s"), Ok(MeldKind::Run));
        assert_eq!(two_decks("5s 3s 4s 6s 7s 8s 9s"), Ok(MeldKind::Run));
        assert_eq!(
            two_decks("7h 8h 10h").unwrap_err(),
            "not a run, 9h is missing between 8h and 10h"
        );
        assert_eq!(
            two_decks("7h 8h Jh").unwrap_err(),
            "not a run, 9h 10h are missing between 8h and Jh"
        );
        assert!(two_decks("7h 8h 9c").unwrap_err().contains("suits differ"));
        assert!(
            two_decks("7h 7h 8h 9h")
                .unwrap_err()
                .contains("7h appears 2 times")
        );
    }

    #[test]
    fn run_with_a_repeated_rank_counts_the_copies() {
        assert_eq!(
            two_decks("5h 6h 6h 7h 8h").unwrap_err(),
            "not a run, 6h appears 2 times; a run holds each rank once"
        );
    }

    #[test]
    fn run_with_a_gap_beside_its_ace_is_not_called_a_wrap() {
        // Only a run that needs the ace both low and high (K-A-2) is a wrap.
        assert_eq!(
            two_decks("Ah 2h 3h 5h").unwrap_err(),
            "not a run, 4h is missing between 3h and 5h"
        );
        assert_eq!(
            two_decks("Jh Kh Ah").unwrap_err(),
            "not a run, Qh is missing between Jh and Kh"
        );
    }

    #[test]
    fn run_that_is_no_run_explains_its_ace_where_it_is_nearer() {
        // Jh Qh A: the ace is nearer high, so the high run's gap is named, not 2h-10h.
        assert_eq!(
            two_decks("Jh Qh Ah").unwrap_err(),
            "not a run, Kh is missing between Qh and Ah"
        );
        assert_eq!(
            two_decks("Ah 2h 4h").unwrap_err(),
            "not a run, 3h is missing between 2h and 4h"
        );
        // Halfway (8 from either end), the ace is read low, as A-2-3 is the first run learnt.
        assert_eq!(
            two_decks("Ah 6h 8h").unwrap_err(),
            "not a run, 2h 3h 4h 5h are missing between Ah and 6h; 7h is missing between 6h and 8h"
        );
    }

    #[test]
    fn run_ace_is_low_or_high() {
        assert_eq!(two_decks("Ah 2h 3h"), Ok(MeldKind::Run));
        assert_eq!(two_decks("Qh Kh Ah"), Ok(MeldKind::Run));
        assert_eq!(one_deck("Qh Kh Ah"), Ok(MeldKind::Run));
    }

    #[test]
    fn run_does_not_wrap_around_the_ace() {
        let err = two_decks("Kh Ah 2h").unwrap_err();
        assert!(err.contains("K-A-2 does not wrap"), "{err}");
        assert!(two_decks("Qh Kh Ah 2h 3h").is_err());
    }

    #[test]
    fn run_of_fourteen_holds_both_aces_with_two_decks() {
        let all = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah";
        assert_eq!(two_decks(all), Ok(MeldKind::Run));
        assert!(two_decks("Ah 2h 3h Kh Ah").is_err());
        assert!(two_decks("Ah Ah 2h").is_err());
        let err = one_deck("*Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah").unwrap_err();
        assert!(err.contains("only with two decks"), "{err}");
        assert!(two_decks("Ah Ah Ah 2h").unwrap_err().contains("3 aces"));
    }

    #[test]
    fn run_joker_fills_a_gap_or_an_end() {
        assert_eq!(two_decks("7h *8h 9h"), Ok(MeldKind::Run));
        assert_eq!(two_decks("7h 8h *9h"), Ok(MeldKind::Run));
        assert_eq!(two_decks("*Ah 2h 3h"), Ok(MeldKind::Run));
        assert!(two_decks("7h 8h *9c").is_err());
        assert!(two_decks("7h 8h *Jh").is_err());
    }

    #[test]
    fn house_rule_aces_low_only() {
        assert_eq!(aces_low_only("Ah 2h 3h"), Ok(MeldKind::Run));
        let err = aces_low_only("Qh Kh Ah").unwrap_err();
        assert!(err.contains("aces play low only"), "{err}");
        assert!(aces_low_only("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah").is_err());
    }

    #[test]
    fn canonical_order_puts_runs_by_rank_and_sets_by_suit() {
        assert_eq!(ordered("5s 3s 4s"), "3s 4s 5s");
        assert_eq!(ordered("Ah Kh Qh"), "Qh Kh Ah");
        assert_eq!(ordered("3h Ah 2h"), "Ah 2h 3h");
        assert_eq!(ordered("7c 7s *7d 7h"), "7s 7h *7d 7c");
        assert_eq!(ordered("*9h 8h 10h"), "8h *9h 10h");
        assert_eq!(
            ordered("Kh Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh *Ah"),
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh *Ah"
        );
    }
}
