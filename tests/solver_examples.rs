//! The solver on hand-made positions: the rulings' examples and the corners of
//! docs/rules.md.

use carousel::card::HandCard;
use carousel::deck::Deck;
use carousel::games::manipulation::meld::MeldRules;
use carousel::games::manipulation::moves;
use carousel::games::manipulation::rules::Rules;
use carousel::games::manipulation::solver::{Solution, arrange, solve};
use carousel::games::manipulation::table::Hand;
use carousel::games::manipulation::table::Table;

fn deck(players: usize) -> Deck {
    Deck::for_players(players).unwrap()
}

fn table(text: &str, rules: &Rules, players: usize) -> Table {
    Table::parse(text, MeldRules::new(rules, deck(players)), deck(players)).unwrap()
}

/// Solves and checks the answer with the referee: a play is legal, nothing is nothing.
fn solved_with(table_text: &str, hand_text: &str, rules: &Rules, players: usize) -> Solution {
    let before = table(table_text, rules, players);
    let hand = Hand::parse(hand_text, deck(players)).unwrap();
    let solution =
        solve(&before, &hand, rules, deck(players)).expect("a position the deck can hold");
    if solution.played.is_empty() {
        assert_eq!(solution.table, before);
    } else {
        let verdict = moves::judge(
            &before,
            Some(&hand),
            &solution.table,
            MeldRules::new(rules, deck(players)),
            deck(players),
        )
        .unwrap();
        assert!(verdict.is_legal(), "{verdict}\n{}", solution.table);
    }
    solution
}

fn solved(table_text: &str, hand_text: &str) -> Solution {
    solved_with(table_text, hand_text, &Rules::default(), 3)
}

fn names(cards: &[HandCard]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn solve_example_splitting_two_runs_to_make_a_set() {
    let s = solved("3s 4s 5s 6s | 3h 4h 5h 6h", "6d");
    assert_eq!(names(&s.played), "6d");
    assert_eq!(s.deadwood, 0);
    assert!(s.can_knock);
}

#[test]
fn solve_example_three_cards_instead_of_one() {
    let s = solved("7c 8c 9c | 7d 8d 9d | 8s 9s 10s", "7h 9h Js");
    assert_eq!(names(&s.played), "7h 9h Js");
    assert_eq!(s.deadwood, 0);
}

#[test]
fn solve_joker_not_released_keeps_its_card() {
    // 6h cannot go in: the joker may not leave 10h (M4).
    let s = solved("8h 9h *10h", "6h");
    assert!(s.played.is_empty());
    assert_eq!(s.deadwood, 6);
}

#[test]
fn solve_joker_released_by_the_real_card() {
    let s = solved("8h 9h *10h", "10h 7s 7d");
    assert_eq!(names(&s.played), "10h 7s 7d");
    assert_eq!(s.deadwood, 0);
}

#[test]
fn solve_plays_nothing_when_nothing_fits() {
    let s = solved("3s 4s 5s", "9h Kd");
    assert!(s.played.is_empty());
    assert_eq!(s.deadwood, 19);
    assert!(!s.can_knock);
    assert_eq!(s.changed, vec![false]);
}

#[test]
fn solve_empty_table_lays_melds_from_the_hand() {
    let s = solved("", "2c 3c 4c 9d * Kh Ks");
    assert_eq!(s.deadwood, 9, "{}", s.table);
    assert_eq!(names(&s.left), "9d");
}

#[test]
fn solve_prefers_more_value_over_more_cards() {
    // Kd Kc make no meld without a third king; 3c 4c go on the clubs.
    let s = solved("Qs Qh Qd | 5c 6c 7c", "Kd Kc 4c 3c");
    assert_eq!(names(&s.left), "Kd Kc", "{}", s.table);
    // With a joker, Kd Kc and the joker are a set.
    let s = solved("Qs Qh Qd | 5c 6c 7c", "Kd Kc 4c 3c *");
    assert_eq!(s.deadwood, 0, "{}", s.table);
    // Every card that can go somewhere goes.
    let s = solved("Js Qs Ks | 5c 6c 7c | 8h 9h 10h", "10s 4c 3d");
    assert_eq!(names(&s.left), "3d", "{}", s.table);
}

#[test]
fn solve_hand_joker_goes_where_it_helps() {
    let s = solved("3s 4s 5s", "* 9h");
    assert_eq!(names(&s.played), "*");
    assert_eq!(s.deadwood, 9);
}

#[test]
fn solve_high_ace_and_no_wrap() {
    let s = solved("Qh Kh | 2h 3h 4h", "Ah");
    // Qh Kh is not a meld, so the table must change: Qh Kh Ah.
    assert_eq!(s.deadwood, 0, "{}", s.table);
    let s = solved("Kh Qh Jh", "2h 3h");
    assert_eq!(s.deadwood, 5, "K-A-2 does not wrap: {}", s.table);
}

#[test]
fn solve_fourteen_card_run_with_two_decks_only() {
    let full = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh";
    let s = solved(full, "Ah");
    assert_eq!(s.deadwood, 0);
    assert_eq!(s.table.to_string(), format!("{full} Ah"));
    let one = solved_with(
        "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh | *As Ad Ac",
        "Ah",
        &Rules::default(),
        2,
    );
    // One deck: Ah can go low or high but the joker for As stays.
    assert_eq!(one.deadwood, 0);
}

#[test]
fn solve_aces_low_only_house_rule() {
    let rules = Rules {
        aces_low_only: true,
        ..Rules::default()
    };
    let s = solved_with("Jh Qh Kh", "Ah", &rules, 3);
    assert!(s.played.is_empty());
    let s = solved_with("2h 3h 4h", "Ah", &rules, 3);
    assert_eq!(s.deadwood, 0);
}

#[test]
fn solve_marks_changed_melds() {
    let s = solved("3s 4s 5s | 9d 9c 9h | Jc Qc Kc", "6s");
    // Melds left as they were come first, in their order; then what the play made.
    assert_eq!(s.table.to_string(), "9h 9d 9c | Jc Qc Kc | 3s 4s 5s 6s");
    assert_eq!(s.changed, vec![false, false, true]);
}

#[test]
fn solve_may_restate_a_free_joker() {
    // The real 10h is already on the table, so the joker is free to become 7c.
    let s = solved("8h 9h 10h | 10s 10d *10h", "7s 7d 10c");
    assert_eq!(s.deadwood, 0, "{}", s.table);
}

#[test]
fn arrange_finds_a_layout_or_proves_none() {
    let rules = Rules::default();
    let cards = Hand::parse("7h 8h 9h *", deck(3)).unwrap();
    let t = arrange(cards.cards(), &rules, deck(3)).unwrap();
    assert_eq!(t.melds().len(), 1);
    let cards = Hand::parse("7h 8h 10c", deck(3)).unwrap();
    assert!(arrange(cards.cards(), &rules, deck(3)).is_none());
    let cards = Hand::parse("Kh Ah 2h", deck(3)).unwrap();
    assert!(arrange(cards.cards(), &rules, deck(3)).is_none());
    let cards = Hand::parse("7h 7h 7s 7s 7d 7d", deck(3)).unwrap();
    assert_eq!(
        arrange(cards.cards(), &rules, deck(3))
            .unwrap()
            .melds()
            .len(),
        2
    );
    assert_eq!(arrange(&[], &rules, deck(3)), Some(Table::default()));
}

#[test]
fn solve_ties_on_deadwood_play_more_cards() {
    // A zero-value joker still gets played: more cards played breaks the tie.
    let rules = Rules {
        joker_value: 0,
        ..Rules::default()
    };
    let s = solved_with("3c 4c 5c", "* Kd", &rules, 3);
    assert_eq!(names(&s.played), "*");
    assert_eq!(s.deadwood, 10);
}

#[test]
fn solve_joker_as_a_third_copy_when_nothing_else_fits() {
    // Both 7h are in sets; 6h *7h 8h needs the joker as a third 7h (the rulings allow a
    // stated card beyond the deck's copies).
    let s = solved("7h 7s 7d | 7h 7c 7d", "6h 8h *");
    assert_eq!(s.deadwood, 0, "{}", s.table);
}

#[test]
fn solve_one_deck_run_takes_no_second_ace() {
    let rules = Rules::default();
    // A-K of hearts with one deck: the joker can't be the high ace on that run, but it can
    // top a Q-K-A split off it.
    let s = solved_with("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", "*", &rules, 2);
    assert_eq!(s.deadwood, 0, "{}", s.table);
    assert!(s.table.melds().len() >= 2, "{}", s.table);
}

#[test]
fn solve_released_joker_moves_to_a_new_meld() {
    // The real 5c frees *5c, which then makes 9d 9s *9x with the hand's 9s.
    let s = solved("3c 4c *5c 6c", "5c 9d 9s");
    assert_eq!(s.deadwood, 0, "{}", s.table);
}

#[test]
fn solve_loose_jokers_with_no_room_fall_back() {
    // Every meld is a full set: the hand joker has nowhere to go but a new meld.
    let s = solved("5s 5h 5d 5c | 9s 9h 9d 9c", "* Kd Kc");
    assert_eq!(s.deadwood, 0, "{}", s.table);
    let s = solved("5s 5h 5d 5c | 9s 9h 9d 9c", "*");
    assert!(s.played.is_empty());
    assert_eq!(s.deadwood, 25);
}

#[test]
fn solve_rearranges_an_illegal_table() {
    // The table before is not legal (a two-card meld); playing 7h makes it legal.
    let rules = Rules::default();
    let before = Table::parse("5h 6h", MeldRules::new(&rules, deck(3)), deck(3)).unwrap();
    let hand = Hand::parse("7h Kd", deck(3)).unwrap();
    let s = solve(&before, &hand, &rules, deck(3)).expect("a position the deck can hold");
    assert_eq!(names(&s.played), "7h");
    let verdict = moves::judge(
        &before,
        Some(&hand),
        &s.table,
        MeldRules::default(),
        deck(3),
    )
    .unwrap();
    assert!(verdict.is_legal(), "{verdict}");
    // Nothing fixes it: play nothing.
    let hand = Hand::parse("Kd", deck(3)).unwrap();
    let s = solve(&before, &hand, &rules, deck(3)).expect("a position the deck can hold");
    assert!(s.played.is_empty());
    assert_eq!(s.table, before);
}

#[test]
fn solve_too_many_copies_is_refused_naming_the_card() {
    let rules = Rules::default();
    let before = Table::parse("7h 8h 9h | 7h 7s 7d", MeldRules::default(), deck(3)).unwrap();
    let hand = Hand::new(vec![HandCard::Real(
        carousel::notation::parse_card("7h").unwrap(),
    )]);
    let refused = solve(&before, &hand, &rules, deck(3)).expect_err("three 7h in two decks");
    assert!(
        refused.to_string().starts_with("7h appears 3 times"),
        "{refused}"
    );
}

#[test]
fn arrange_both_aces_and_jokers() {
    let rules = Rules::default();
    let pile = |text: &str| Hand::parse(text, deck(3)).unwrap();
    let full = pile("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah");
    assert_eq!(
        arrange(full.cards(), &rules, deck(3))
            .unwrap()
            .melds()
            .len(),
        1
    );
    let one_deck = Hand::parse("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh *", deck(2)).unwrap();
    let table = arrange(one_deck.cards(), &rules, deck(2)).unwrap();
    assert!(table.melds().len() >= 2, "{table}");
    let jokers_only = pile("* *");
    assert!(arrange(jokers_only.cards(), &rules, deck(3)).is_none());
    let two_jokers = pile("7h * *");
    let table = arrange(two_jokers.cards(), &rules, deck(3)).unwrap();
    assert_eq!(table.melds().len(), 1, "{table}");
}

#[test]
fn solve_changes_only_the_melds_the_play_needs() {
    let table = "As 2s 3s | 5h 6h 7h 8h | 9c 9d 9s | Jd Qd Kd | 4c 5c 6c | 7s 7h 7d | Qs Qh Qc";
    let s = solved(table, "4s 10d");
    assert_eq!(s.deadwood, 0, "{}", s.table);
    // The spades run takes the 4s and the diamonds run the 10d; nothing else moves.
    assert_eq!(s.changed.iter().filter(|c| **c).count(), 2, "{}", s.table);
    assert_eq!(
        s.table.to_string(),
        "5h 6h 7h 8h | 9s 9d 9c | 4c 5c 6c | 7s 7h 7d | Qs Qh Qc | As 2s 3s 4s | 10d Jd Qd Kd"
    );
}

#[test]
fn solve_survives_a_huge_joker_value() {
    let rules = Rules {
        joker_value: u32::MAX,
        ..Rules::default()
    };
    let s = solved_with("5s 5h 5d 5c | 9s 9h 9d 9c", "* * Kd", &rules, 3);
    assert_eq!(s.deadwood, 0, "{}", s.table);
    // Two jokers alone make no meld: their count saturates.
    let s = solved_with("", "* *", &rules, 3);
    assert_eq!(s.deadwood, u32::MAX, "{}", s.table);
    let s = solved_with("", "* * Kd 2c", &rules, 3);
    assert_eq!(s.deadwood, 2, "{}", s.table);
}

/// The slowest of the harsh positions once timed by hand (the full-size class, seed
/// 988): two table jokers, and a best play that lays both where a meld needs them, which
/// only the last and dearest of the staged joker searches finds.
#[test]
fn solve_harsh_position_seed_988() {
    let table = "7h 8h 9h 10h Jh Qh | As Ah Ad Ac | *9h 10h Jh Qh | 2s 3s 4s 5s 6s | 7d 8d 9d \
                 | *As Ah Ad Ac | 3d 4d 5d 6d 7d | 4s 4h 4d 4c | 9s 9h 9d 9c | 3s 3d 3c \
                 | 2h 3h 4h 5h 6h 7h | 7c 8c 9c 10c | 2c 3c 4c 5c 6c 7c";
    let s = solved(table, "Qd Qd Ks Qs 10c 5c 9s As 8s 2h 6d 8s 3h Kd 2d 5h");
    assert_eq!(s.deadwood, 8, "{}", s.table);
    assert_eq!(s.played.len(), 15, "{}", s.table);
}

/// A position the rank search once took a quarter of a second over (a window of ranks,
/// many duplicates, table jokers a hand card releases): only the 9c stays, no meld can
/// take it with everything else laid. Checked for its answer, not its time.
#[test]
fn solve_duplicate_heavy_table_keeps_only_the_nine() {
    let s = solved(
        "2d 3d 4d 5d 6d | 2d 3d 4d 5d 6d | Qd Qc Qs Qh | Ac 2c 3c 4c 5c 6c 7c | 6h 7h *8h | \
         6h 7h 8h | Jd Js Jc | Jd Js Jc | 2c 3c 4c 5c 6c *7c | Kd Ks Kc Kh | Ks Kh Kd Kc | \
         As Ah Ad | As Ah Ad | Qs Qd Qc | 5s 6s 7s 8s 9s | 5s 6s 7s 8s 9s",
        "7d 3h 7d 10h 9c 3h 3s 5h 5h 2h 2s 2s Ac 8h 10h 3s 2h 4s",
    );
    assert_eq!(names(&s.left), "9c");
    assert_eq!(s.deadwood, 9);
    assert_eq!(s.played.len(), 17);
}
