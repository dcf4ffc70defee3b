//! Where a move is judged: the table before, the hand, the table after, and rules M1-M4 of
//! docs/rules.md#legal-moves-m1-m5. Every broken rule is reported, each naming the cards and melds involved.
//!
//! Only the end state is judged: during a turn the table may be rearranged freely.

use crate::card::{Card, CardCounts, HandCard, TableCard};
use crate::deck::Deck;
use crate::error::{Error, Failure};
use crate::games::manipulation::meld::MeldRules;
use crate::games::manipulation::table::{Hand, Table};
use crate::notation::Spaced;
use std::collections::BTreeMap;
use std::fmt;

/// The rules of docs/rules.md#legal-moves-m1-m5 a move can break (M5 follows from M1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveRule {
    /// Nothing leaves the table.
    M1,
    /// The new cards come from the hand, at least one.
    M2,
    /// Every meld after is legal.
    M3,
    /// A joker on the table keeps its card unless a real one released it.
    M4,
}

impl fmt::Display for MoveRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub rule: MoveRule,
    pub message: String,
}

/// What the referee rules on a move: the cards it lays from the hand and every rule broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub played: Vec<HandCard>,
    pub violations: Vec<Violation>,
}

impl Verdict {
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty()
    }
}

/// A move refused for the rules it breaks: a well-formed "no" that changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal(pub Verdict);

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let broken: Vec<String> = self
            .0
            .violations
            .iter()
            .map(|v| format!("{} {}", v.rule, v.message))
            .collect();
        write!(f, "illegal move: {}", broken.join("; "))
    }
}

impl Failure for Illegal {
    fn is_refusal(&self) -> bool {
        true
    }

    fn cited(&self) -> Vec<String> {
        self.0
            .violations
            .iter()
            .map(|v| v.rule.to_string())
            .collect()
    }
}

/// Judges a move. Without a hand, the cards added are taken to come from the hand.
/// Refuses (as bad input) a table before and hand that together hold more of a card than
/// the deck does.
pub fn judge(
    before: &Table,
    hand: Option<&Hand>,
    after: &Table,
    rules: MeldRules,
    deck: Deck,
) -> Result<Verdict, Error> {
    let before_counts = before.physical_counts();
    let after_counts = after.physical_counts();
    if let Some(hand) = hand {
        let together = CardCounts::of(
            before
                .cards()
                .map(TableCard::physical)
                .chain(hand.cards().iter().copied()),
        );
        deck.check_counts(&together, " in the table before and the hand together")?;
    }
    let played = in_order_given(&after_counts.excess_over(&before_counts), hand, after);
    let left = before_counts.excess_over(&after_counts);
    let mut violations = Vec::new();

    if !left.is_empty() {
        violations.push(Violation {
            rule: MoveRule::M1,
            message: format!(
                "{} left the table; every card on the table before must be on it after",
                name_cards(&left)
            ),
        });
    }

    if played.is_empty() {
        violations.push(Violation {
            rule: MoveRule::M2,
            message: "no card was played from the hand; a move lays at least one".to_string(),
        });
    } else if let Some(hand) = hand {
        let new_counts = CardCounts::of(played.iter().copied());
        let held = hand.counts();
        let not_in_hand = new_counts.excess_over(&held);
        if !not_in_hand.is_empty() {
            let hand_text = if hand.is_empty() {
                "empty".to_string()
            } else {
                hand.to_string()
            };
            let mut short: Vec<HandCard> = not_in_hand.clone();
            short.sort_unstable();
            short.dedup();
            let message = if short.iter().all(|card| held.get(*card) == 0) {
                let verb = if not_in_hand.len() == 1 { "is" } else { "are" };
                format!(
                    "{} {verb} new on the table but not in the hand ({hand_text})",
                    name_cards(&not_in_hand)
                )
            } else {
                // Some of them are in the hand, only fewer than are new: say both counts.
                let counted: Vec<String> = short
                    .iter()
                    .map(|card| {
                        format!(
                            "{} {card} new, {} in the hand",
                            new_counts.get(*card),
                            held.get(*card)
                        )
                    })
                    .collect();
                format!(
                    "more cards are new on the table than the hand holds: {} ({hand_text})",
                    counted.join("; ")
                )
            };
            violations.push(Violation {
                rule: MoveRule::M2,
                message,
            });
        }
    }

    for meld in after.melds() {
        if let Err(reason) = meld.judge(rules) {
            violations.push(Violation {
                rule: MoveRule::M3,
                message: format!("{meld}: {reason}"),
            });
        }
    }

    violations.extend(joker_releases(
        before,
        after,
        left.contains(&HandCard::Joker),
    ));
    Ok(Verdict { played, violations })
}

/// Lists the played cards as the player gave them: in the hand's order, then any not in the
/// hand in the order the table after shows them.
fn in_order_given(played: &[HandCard], hand: Option<&Hand>, after: &Table) -> Vec<HandCard> {
    let mut left = CardCounts::of(played.iter().copied());
    let mut ordered = Vec::with_capacity(played.len());
    let hand_cards = hand.map_or(&[][..], Hand::cards).iter().copied();
    for card in hand_cards.chain(after.cards().map(TableCard::physical)) {
        if left.get(card) > 0 {
            left.remove(card);
            ordered.push(card);
        }
    }
    ordered
}

/// Rule M4 by the count rule: for every card X, the table jokers that stood for X before
/// and stand for something else after must not outnumber the real X on the table after.
fn joker_releases(before: &Table, after: &Table, jokers_left: bool) -> Vec<Violation> {
    let stated = |table: &Table| -> BTreeMap<Card, u32> {
        let mut counts = BTreeMap::new();
        for card in table.cards() {
            if let TableCard::Joker(face) = card {
                *counts.entry(face).or_insert(0) += 1;
            }
        }
        counts
    };
    let was = stated(before);
    let now = stated(after);
    let real_after = CardCounts::of(
        after
            .cards()
            .filter(|c| !c.is_joker())
            .map(crate::card::TableCard::physical),
    );
    let restated: Vec<Card> = now
        .iter()
        .flat_map(|(face, n)| {
            let kept = was.get(face).copied().unwrap_or(0).min(*n);
            std::iter::repeat_n(*face, (n - kept) as usize)
        })
        .collect();
    // Jokers that left the table (already an M1 breach) are not also blamed here.
    let mut gone = before
        .cards()
        .filter(|c| c.is_joker())
        .count()
        .saturating_sub(after.cards().filter(|c| c.is_joker()).count());
    if !jokers_left {
        gone = 0;
    }
    let mut violations = Vec::new();
    for (face, stood) in &was {
        let still = now.get(face).copied().unwrap_or(0);
        let released = stood.saturating_sub(still);
        let real = real_after.get(HandCard::Real(*face));
        let mut unexplained = released.saturating_sub(real) as usize;
        let excused = unexplained.min(gone);
        unexplained -= excused;
        gone -= excused;
        if unexplained == 0 {
            continue;
        }
        violations.push(Violation {
            rule: MoveRule::M4,
            message: release_message(*face, *stood, released, real, unexplained, &restated),
        });
    }
    violations
}

/// Says which jokers lost their card without a real one to release them. One joker is
/// "the joker"; two or more are counted, so a table that saw two jokers leave 10h with one
/// real 10h reads that one of them had no release.
fn release_message(
    face: Card,
    stood: u32,
    released: u32,
    real: u32,
    unexplained: usize,
    restated: &[Card],
) -> String {
    // What the released jokers stand for now, when that is theirs alone to say.
    let what = match restated {
        [only] if released == 1 => format!("now stands for {only}"),
        _ if released == 1 => "stands for another card after".to_string(),
        many if many.len() == released as usize => {
            let faces: Vec<HandCard> = many.iter().map(|c| HandCard::Real(*c)).collect();
            format!("stand for other cards after ({})", name_cards(&faces))
        }
        _ => "stand for other cards after".to_string(),
    };
    let subject = if stood == 1 {
        format!("the joker that stood for {face} {what}")
    } else {
        let which = match released {
            1 => "one of them".to_string(),
            2 if stood == 2 => "both".to_string(),
            n if n == stood => format!("all {n}"),
            n => format!("{n} of them"),
        };
        format!("{stood} jokers stood for {face} and {which} {what}")
    };
    let them = if released == 1 { "it" } else { "them" };
    let release = if real == 0 {
        format!("no real {face} is on the table to release {them}")
    } else if unexplained == 1 && released == 2 {
        format!("the {real} real {face} on the table releases only one of them")
    } else {
        format!(
            "only {real} real {face} {} on the table to release {real} of them; {unexplained} {} no release",
            if real == 1 { "is" } else { "are" },
            if unexplained == 1 { "has" } else { "have" }
        )
    };
    format!("{subject}, but {release}; a joker keeps its card until a real {face} takes its place")
}

/// Names physical cards for a message: `10h`, `10h and 7c`, `a joker`.
fn name_cards(cards: &[HandCard]) -> String {
    let jokers = cards.iter().filter(|c| **c == HandCard::Joker).count();
    let mut names: Vec<String> = cards
        .iter()
        .filter(|c| **c != HandCard::Joker)
        .map(ToString::to_string)
        .collect();
    match jokers {
        0 => {}
        1 => names.push("a joker".to_string()),
        n => names.push(format!("{n} jokers")),
    }
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

impl fmt::Display for Verdict {
    /// One line when legal; else one line a broken rule.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_legal() {
            write!(f, "legal: played {}", Spaced(&self.played))
        } else {
            writeln!(f, "illegal:")?;
            for (i, v) in self.violations.iter().enumerate() {
                if i > 0 {
                    writeln!(f)?;
                }
                write!(f, "  {}  {}", v.rule, v.message)?;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deck() -> Deck {
        Deck::for_players(3).unwrap()
    }

    fn table(text: &str) -> Table {
        Table::parse(text, MeldRules::default(), deck()).unwrap()
    }

    fn judge_text(before: &str, hand: Option<&str>, after: &str) -> Verdict {
        let hand = hand.map(|h| Hand::parse(h, deck()).unwrap());
        judge(
            &table(before),
            hand.as_ref(),
            &table(after),
            MeldRules::default(),
            deck(),
        )
        .unwrap()
    }

    /// Judges with two decks and four jokers, for tables that hold three or four.
    fn judge_four_jokers(before: &str, hand: &str, after: &str) -> Verdict {
        let deck = Deck::two_decks_four_jokers();
        let table = |text| Table::parse(text, MeldRules::default(), deck).unwrap();
        let hand = Hand::parse(hand, deck).unwrap();
        judge(
            &table(before),
            Some(&hand),
            &table(after),
            MeldRules::default(),
            deck,
        )
        .unwrap()
    }

    fn rules_broken(verdict: &Verdict) -> Vec<MoveRule> {
        verdict.violations.iter().map(|v| v.rule).collect()
    }

    #[test]
    fn example_splitting_two_runs_to_make_a_set_is_legal() {
        let v = judge_text(
            "3s 4s 5s 6s | 3h 4h 5h 6h",
            Some("6d"),
            "3s 4s 5s | 3h 4h 5h | 6s 6h 6d",
        );
        assert!(v.is_legal(), "{v}");
        assert_eq!(
            v.played,
            vec![HandCard::Real(crate::notation::parse_card("6d").unwrap())]
        );
    }

    #[test]
    fn example_three_cards_played_instead_of_one_is_legal() {
        let v = judge_text(
            "7c 8c 9c | 7d 8d 9d | 8s 9s 10s",
            Some("7h 9h Js"),
            "7c 7d 7h | 8c 8d 8s | 9c 9d 9h | 9s 10s Js",
        );
        assert!(v.is_legal(), "{v}");
        assert_eq!(v.played.len(), 3);
    }

    #[test]
    fn example_joker_moved_off_its_card_without_release_breaks_m4() {
        let v = judge_text("8h 9h *10h", Some("6h"), "6h *7h 8h 9h");
        assert_eq!(rules_broken(&v), vec![MoveRule::M4]);
        assert_eq!(
            v.violations[0].message,
            "the joker that stood for 10h now stands for 7h, but no real 10h is on the table to release it; a joker keeps its card until a real 10h takes its place"
        );
    }

    #[test]
    fn example_joker_released_by_the_real_card_is_legal() {
        let v = judge_text("8h 9h *10h", Some("10h 7s 7d"), "8h 9h 10h | 7s 7d *7c");
        assert!(v.is_legal(), "{v}");
    }

    #[test]
    fn m1_nothing_leaves_the_table() {
        let v = judge_text("3s 4s 5s 6s", Some("7s"), "4s 5s 6s 7s");
        assert_eq!(rules_broken(&v), vec![MoveRule::M1]);
        assert!(v.violations[0].message.starts_with("3s left the table"));
        let v = judge_text("8h 9h *10h | 3c 4c 5c", None, "3c 4c 5c 6c");
        assert!(rules_broken(&v).contains(&MoveRule::M1));
        assert!(
            v.violations[0].message.contains("8h, 9h and a joker"),
            "{v}"
        );
        // The joker's leaving is M1's business, not also M4's.
        assert!(!rules_broken(&v).contains(&MoveRule::M4), "{v}");
    }

    #[test]
    fn m2_two_new_copies_of_a_card_the_hand_holds_once_say_both_counts() {
        let v = judge_text("8h 9h 10h", Some("Jh"), "8h 9h 10h Jh Jh");
        assert_eq!(rules_broken(&v), vec![MoveRule::M2, MoveRule::M3]);
        assert_eq!(
            v.violations[0].message,
            "more cards are new on the table than the hand holds: 2 Jh new, 1 in the hand (Jh)"
        );
    }

    #[test]
    fn m2_new_cards_come_from_the_hand() {
        let v = judge_text("3s 4s 5s", Some("7h"), "3s 4s 5s 6s");
        assert_eq!(rules_broken(&v), vec![MoveRule::M2]);
        assert_eq!(
            v.violations[0].message,
            "6s is new on the table but not in the hand (7h)"
        );
    }

    #[test]
    fn m2_at_least_one_card_is_played() {
        let v = judge_text("3s 4s 5s 6s", Some("7h"), "3s 4s 5s 6s");
        assert_eq!(rules_broken(&v), vec![MoveRule::M2]);
        let v = judge_text("3s 4s 5s 6s", None, "3s 4s 5s 6s");
        assert_eq!(rules_broken(&v), vec![MoveRule::M2]);
    }

    #[test]
    fn m2_without_a_hand_the_added_cards_are_the_hand() {
        let v = judge_text("3s 4s 5s", None, "3s 4s 5s 6s *7s");
        assert!(v.is_legal(), "{v}");
        assert_eq!(v.played.last(), Some(&HandCard::Joker));
    }

    #[test]
    fn m3_every_meld_after_is_legal() {
        let v = judge_text("", Some("7h 8h 10h 7s 7d 7c"), "7h 8h 10h | 7s 7d 7c");
        assert_eq!(rules_broken(&v), vec![MoveRule::M3]);
        assert_eq!(
            v.violations[0].message,
            "7h 8h 10h: not a run, 9h is missing between 8h and 10h"
        );
    }

    #[test]
    fn first_meld_on_an_empty_table_needs_no_minimum() {
        assert!(judge_text("", Some("2c 3c 4c 9d"), "2c 3c 4c").is_legal());
    }

    #[test]
    fn every_violation_is_reported_not_only_the_first() {
        let v = judge_text(
            "8h 9h *10h | 3c 4c 5c",
            Some("Kd"),
            "8h 9h *7h | 4c 5c Qs | 2d 2s",
        );
        assert_eq!(
            rules_broken(&v),
            vec![
                MoveRule::M1,
                MoveRule::M2,
                MoveRule::M3,
                MoveRule::M3,
                MoveRule::M4
            ]
        );
    }

    #[test]
    fn m4_joker_may_move_melds_while_it_keeps_its_card() {
        let v = judge_text("8h 9h *10h Jh", Some("Qh 10h"), "8h 9h 10h | *10h Jh Qh");
        assert!(v.is_legal(), "{v}");
    }

    #[test]
    fn m4_jokers_are_alike_so_one_that_keeps_its_card_is_the_same_joker() {
        let v = judge_text("8h 9h *10h", Some("* 6h"), "6h *7h 8h 9h *10h");
        assert!(v.is_legal(), "{v}");
    }

    #[test]
    fn m4_one_real_card_releases_one_joker() {
        let before = "8h 9h *10h | 10s 10d *10h";
        let v = judge_text(
            before,
            Some("10h 7s 7d"),
            "8h 9h 10h | 10s 10d *10c | 7s 7d *7c",
        );
        assert_eq!(rules_broken(&v), vec![MoveRule::M4], "{v}");
        assert_eq!(
            v.violations[0].message,
            "2 jokers stood for 10h and both stand for other cards after (7c and 10c), but the 1 real 10h on the table releases only one of them; a joker keeps its card until a real 10h takes its place",
        );
    }

    #[test]
    fn m4_message_counts_two_jokers_with_no_release() {
        let v = judge_text(
            "8h 9h *10h | 10s 10d *10h",
            Some("7s 7d 7h"),
            "7h 8h 9h | 10s 10d *10c | 7s 7d *7c",
        );
        assert_eq!(rules_broken(&v), vec![MoveRule::M4], "{v}");
        assert_eq!(
            v.violations[0].message,
            "2 jokers stood for 10h and both stand for other cards after (7c and 10c), but no real 10h is on the table to release them; a joker keeps its card until a real 10h takes its place",
        );
    }

    #[test]
    fn m4_message_names_the_one_of_two_jokers_that_moved() {
        let v = judge_text(
            "8h 9h *10h | 10s 10d *10h",
            Some("7s 7d"),
            "8h 9h *10h | 10s 10d *10c | 7s 7d",
        );
        let m4: Vec<&Violation> = v
            .violations
            .iter()
            .filter(|v| v.rule == MoveRule::M4)
            .collect();
        assert_eq!(
            m4[0].message,
            "2 jokers stood for 10h and one of them now stands for 10c, but no real 10h is on the table to release it; a joker keeps its card until a real 10h takes its place",
        );
    }

    fn m4_messages(verdict: &Verdict) -> Vec<&str> {
        verdict
            .violations
            .iter()
            .filter(|v| v.rule == MoveRule::M4)
            .map(|v| v.message.as_str())
            .collect()
    }

    #[test]
    fn m4_message_says_another_card_when_the_new_cards_are_not_that_jokers_alone() {
        // Two jokers each left their card; which new card is whose cannot be told.
        let v = judge_text(
            "8h 9h *10h | 4c 5c *6c",
            Some("6h"),
            "6h *7h 8h 9h | *3c 4c 5c",
        );
        assert_eq!(
            m4_messages(&v),
            vec![
                "the joker that stood for 6c stands for another card after, but no real 6c is on the table to release it; a joker keeps its card until a real 6c takes its place",
                "the joker that stood for 10h stands for another card after, but no real 10h is on the table to release it; a joker keeps its card until a real 10h takes its place",
            ],
            "{v}"
        );
    }

    #[test]
    fn m4_message_names_no_new_card_when_fewer_than_the_jokers_released() {
        // One of the two jokers left the table (M1), the other stands for 7h: the message
        // cannot say what "both" stand for.
        let v = judge_text(
            "8h 9h *10h | 10s 10d *10h",
            Some("6h"),
            "6h *7h 8h 9h | 10s 10d",
        );
        assert_eq!(
            m4_messages(&v),
            vec![
                "2 jokers stood for 10h and both stand for other cards after, but no real 10h is on the table to release them; a joker keeps its card until a real 10h takes its place"
            ],
            "{v}"
        );
    }

    #[test]
    fn m4_message_counts_some_of_three_jokers() {
        let v = judge_four_jokers(
            "8h 9h *10h | 10s 10d *10h | 10c 10d *10h",
            "Jh",
            "8h 9h *10h Jh | 10s 10d *10c | 10c 10d *10s",
        );
        assert_eq!(
            m4_messages(&v),
            vec![
                "3 jokers stood for 10h and 2 of them stand for other cards after (10s and 10c), but no real 10h is on the table to release them; a joker keeps its card until a real 10h takes its place"
            ],
            "{v}"
        );
    }

    #[test]
    fn m4_message_counts_all_of_three_jokers_and_the_real_cards_short_of_them() {
        let v = judge_four_jokers(
            "8h 9h *10h | 10s 10d *10h | 10c 10d *10h",
            "10h 10h 5h",
            "8h 9h 10h | 10s 10d 10h | 10c 10d *10s | *3h *4h 5h",
        );
        assert_eq!(
            m4_messages(&v),
            vec![
                "3 jokers stood for 10h and all 3 stand for other cards after (3h, 4h and 10s), but only 2 real 10h are on the table to release 2 of them; 1 has no release; a joker keeps its card until a real 10h takes its place"
            ],
            "{v}"
        );
    }

    #[test]
    fn m4_still_judged_when_another_joker_left_the_table() {
        let v = judge_text("8h 9h *10h | 5h 5d *5s", Some("6h"), "6h *7h 8h 9h | 5h 5d");
        assert_eq!(
            rules_broken(&v),
            vec![MoveRule::M1, MoveRule::M3, MoveRule::M4],
            "{v}"
        );
    }

    #[test]
    fn m5_a_released_joker_stays_on_the_table() {
        let v = judge_text("8h 9h *10h", Some("10h"), "8h 9h 10h");
        assert_eq!(rules_broken(&v), vec![MoveRule::M1]);
        assert!(v.violations[0].message.contains("a joker left the table"));
    }

    #[test]
    fn verdict_reads_as_one_line_when_legal_and_one_line_a_broken_rule() {
        // What a failing assertion on a move prints.
        let v = judge_text("3s 4s 5s", Some("6s 7s"), "3s 4s 5s 6s 7s");
        assert_eq!(v.to_string(), "legal: played 6s 7s");
        let v = judge_text("3s 4s 5s 6s", Some("7h"), "4s 5s 6s");
        assert_eq!(
            v.to_string(),
            "illegal:\n  M1  3s left the table; every card on the table before must be on it after\n  M2  no card was played from the hand; a move lays at least one"
        );
    }

    #[test]
    fn deck_limit_covers_the_table_before_and_the_hand_together() {
        let err = judge(
            &table("7h 8h 9h | 7h 7s 7d"),
            Some(&Hand::parse("7h", deck()).unwrap()),
            &table("7h 8h 9h | 7h 7s 7d"),
            MeldRules::default(),
            deck(),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "7h appears 3 times in the table before and the hand together; a 3-player deck has 2"
        );
    }
}
