//! `carousel solve` and `carousel arrange`: exact answers, and every play passes `check`.

use crate::test::carousel;
use serde_json::{Value, json};

/// Runs `solve --json` and checks the play it returns with `check`.
fn solve(table: &str, hand: &str) -> Value {
    let ran = carousel(&["solve", "--table", table, "--hand", hand, "--json"]).run();
    let best: Value = serde_json::from_str(&ran.stdout).unwrap();
    let after = best["table"].as_str().unwrap();
    // Playing nothing leaves the table as it was; anything else must pass the referee.
    if !best["played"].as_array().unwrap().is_empty() {
        carousel(&["check", "--before", table, "--hand", hand, "--after", after])
            .json(json!({
                "legal": true,
                "played": best["played"].clone(),
                "violations": []
            }))
            .run();
    }
    best
}

#[test]
fn solve_plays_three_cards_instead_of_one() {
    let best = solve("7c 8c 9c | 7d 8d 9d | 8s 9s 10s", "7h 9h Js");
    assert_eq!(best["played"], json!(["7h", "9h", "Js"]));
    assert_eq!(best["deadwood"], 0);
    assert_eq!(best["can_knock"], true);
}

#[test]
fn solve_playing_nothing_is_an_answer() {
    let best = solve("", "2c 9d Kh");
    assert_eq!(
        best,
        json!({"played": [], "table": "", "deadwood": 21, "can_knock": false})
    );
}

#[test]
fn solve_never_moves_a_joker_without_its_release() {
    let best = solve("8h 9h *10h", "6h 2c");
    assert_eq!(best["played"], json!([]));
    assert_eq!(best["deadwood"], 8);
}

#[test]
fn solve_releases_a_joker_with_the_real_card() {
    let best = solve("8h 9h *10h", "10h 7s 7d");
    assert_eq!(best["deadwood"], 0);
    assert_eq!(best["played"], json!(["10h", "7s", "7d"]));
}

#[test]
fn solve_leaves_the_least_deadwood() {
    // Kd Kh Ks is worth 30 laid; 2c 3c 4c only 9.
    let best = solve("", "Kd Kh Ks 2c 3c 4c 4d");
    assert_eq!(best["deadwood"], 4);
    assert_eq!(best["can_knock"], true);
}

#[test]
fn solve_human_output_marks_changed_melds() {
    carousel(&[
        "solve",
        "--table",
        "3s 4s 5s 6s | 3h 4h 5h 6h",
        "--hand",
        "6d Kc",
    ])
    .stdout_has("Best play: 6d (1 card).")
    .stdout_has("<- new")
    .stdout_has("Left in hand: Kc (deadwood 10).")
    .stdout_has("No knock: 10 is over the limit of 5.")
    .run();
}

#[test]
fn solve_bad_input_exits_2() {
    carousel(&["solve", "--table", "7h 8h", "--hand", "1h"])
        .status(2)
        .stderr_has("\"1h\"")
        .run();
    carousel(&["solve", "--table", "7h 8h 9h | 7h 8h 9h", "--hand", "7h"])
        .status(2)
        .stderr_has("7h appears 3 times in the table and the hand together")
        .run();
}

#[test]
fn arrange_finds_a_layout_with_every_joker_stated() {
    let ran = carousel(&["arrange", "7h 8h 9h *", "--json"]).run();
    let layout: Value = serde_json::from_str(&ran.stdout).unwrap();
    let table = layout["table"].as_str().unwrap();
    assert!(table.contains('*') && !table.contains("* "), "{table}");
    carousel(&[
        "check",
        "--before",
        "",
        "--hand",
        "7h 8h 9h *",
        "--after",
        table,
    ])
    .json(json!({"legal": true, "played": ["7h", "8h", "9h", "*"], "violations": []}))
    .run();
}

#[test]
fn arrange_proves_there_is_none_with_exit_1() {
    carousel(&["arrange", "As 2s 3s Ks Kh Kd 5c"])
        .status(1)
        .json(json!({"table": null}))
        .run();
    carousel(&["arrange", "Kh Ah 2h"]).status(1).run();
}

#[test]
fn arrange_names_the_cards_no_meld_of_the_pile_could_take() {
    carousel(&["arrange", "7h 8h 9h * Qs"])
        .status(1)
        .stdout(
            "No arrangement: these 5 cards cannot all be laid out as legal melds. \
             Qs fits no meld these cards could make.\n",
        )
        .run();
    // A run does not wrap from the king to the ace and on to the 2.
    carousel(&["arrange", "Kh Ah 2h"])
        .status(1)
        .stdout_has("Ah, 2h and Kh fit no meld these cards could make.")
        .run();
    // Each card fits some meld, but not all of them at once: nothing plain to name.
    carousel(&["arrange", "7h 8h 9h 9h"])
        .status(1)
        .stdout("No arrangement: these 4 cards cannot all be laid out as legal melds.\n")
        .run();
    carousel(&["arrange", "Ks"])
        .status(1)
        .stdout("No arrangement: one card alone is no meld.\n")
        .run();
}

#[test]
fn arrange_of_nothing_is_the_empty_table() {
    carousel(&["arrange", ""]).json(json!({"table": ""})).run();
}

#[test]
fn arrange_respects_the_deck() {
    carousel(&["arrange", "* * * 7h"])
        .status(2)
        .stderr_has("* (joker) appears 3 times")
        .run();
    carousel(&["arrange", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"]).run();
    carousel(&[
        "arrange",
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh *",
        "--players",
        "2",
    ])
    .run();
}
