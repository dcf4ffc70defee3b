//! `carousel check`: legal and illegal moves, exit codes, the JSON shape, bad input.

use crate::test::carousel;
use serde_json::json;

fn check(before: &str, hand: Option<&str>, after: &str) -> crate::test::Test {
    let mut args = vec!["check", "--before", before, "--after", after];
    if let Some(hand) = hand {
        args.extend(["--hand", hand]);
    }
    carousel(&args)
}

#[test]
fn check_legal_split_into_a_set_exits_0() {
    check(
        "3s 4s 5s 6s | 3h 4h 5h 6h",
        Some("6d"),
        "3s 4s 5s | 3h 4h 5h | 6s 6h 6d",
    )
    .json(json!({"legal": true, "played": ["6d"], "violations": []}))
    .run();
}

#[test]
fn check_three_cards_played_instead_of_one() {
    check(
        "7c 8c 9c | 7d 8d 9d | 8s 9s 10s",
        Some("7h 9h Js"),
        "7c 7d 7h | 8c 8d 8s | 9c 9d 9h | 9s 10s Js",
    )
    .json(json!({"legal": true, "played": ["7h", "9h", "Js"], "violations": []}))
    .run();
}

#[test]
fn check_joker_not_released_breaks_m4_and_exits_1() {
    let ran = check("8h 9h *10h", Some("6h"), "6h *7h 8h 9h")
        .status(1)
        .json(json!({
            "legal": false,
            "played": ["6h"],
            "violations": [{"rule": "M4", "message": "the joker that stood for 10h now stands for 7h, but no real 10h is on the table to release it; a joker keeps its card until a real 10h takes its place"}]
        }))
        .run();
    assert!(ran.stderr.is_empty());
}

#[test]
fn check_joker_released_by_real_card_is_legal() {
    check("8h 9h *10h", Some("10h 7s 7d"), "8h 9h 10h | 7s 7d *7c")
        .json(json!({"legal": true, "played": ["10h", "7s", "7d"], "violations": []}))
        .run();
}

#[test]
fn check_reports_every_rule_broken() {
    let ran = check(
        "8h 9h *10h | 3c 4c 5c",
        Some("Kd"),
        "8h 9h *7h | 4c 5c Qs | 2d 2s",
    )
    .status(1)
    .arg("--json")
    .run();
    let v: serde_json::Value = serde_json::from_str(&ran.stdout).unwrap();
    let rules: Vec<&str> = v["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["M1", "M2", "M3", "M3", "M4"]);
}

#[test]
fn check_m3_message_names_the_meld_and_the_missing_card() {
    check("", Some("7h 8h 10h"), "7h 8h 10h")
        .status(1)
        .stdout_has("M3  7h 8h 10h: not a run, 9h is missing between 8h and 10h")
        .run();
}

#[test]
fn check_without_hand_takes_added_cards_from_the_hand() {
    check("3s 4s 5s", None, "3s 4s 5s 6s *7s")
        .json(json!({"legal": true, "played": ["6s", "*"], "violations": []}))
        .run();
}

#[test]
fn check_human_output_shows_the_table_after() {
    check(
        "3s 4s 5s 6s | 3h 4h 5h 6h",
        Some("6d"),
        "3s-4s-5s 3h-4h-5h 6s-6h-6d",
    )
    .stdout("Legal: 6d played.\nTable after: 3s 4s 5s | 3h 4h 5h | 6s 6h 6d\n")
    .run();
}

#[test]
fn check_bare_joker_inferred_when_one_card_fits() {
    check("8h 9h *10h", Some("10h 7s 7d 7h"), "8h 9h 10h | 7s 7d 7h *")
        .json(json!({"legal": true, "played": ["10h", "7s", "7d", "7h"], "violations": []}))
        .run();
}

#[test]
fn check_bare_joker_with_choices_is_bad_input_listing_them() {
    check("", None, "7h 8h *")
        .status(2)
        .stderr_has("*6h, *9h")
        .run();
}

#[test]
fn check_bad_token_is_named_with_exit_2() {
    check("7h 8h 9h", None, "7h 8h 9h 1h")
        .status(2)
        .stderr_has("\"1h\" (meld 1, card 4): no such rank; ranks are A 2-10 J Q K")
        .run();
}

#[test]
fn check_too_many_copies_names_card_and_counts() {
    check("7h 8h 9h | 7h 7d 7c", Some("7h"), "7h 8h 9h | 7h 7d 7c 7s")
        .status(2)
        .stderr_has(
            "7h appears 3 times in the table before and the hand together; a 3-player deck has 2",
        )
        .run();
    check("7h 8h 9h | 7h 7d 7c", None, "7h 8h 9h | 7h 7d 7c")
        .arg("--players")
        .arg("2")
        .status(2)
        .stderr_has("7h appears 2 times; a 2-player deck has 1")
        .run();
    check("", Some("* * *"), "7h 8h 9h")
        .status(2)
        .stderr_has("* (joker) appears 3 times in the hand; a 3-player deck has 2")
        .run();
}

#[test]
fn check_players_must_be_two_to_five() {
    check("", None, "7h 8h 9h")
        .arg("--players")
        .arg("6")
        .status(2)
        .stderr_has("2 to 5 players")
        .run();
}

#[test]
fn check_aces_low_only_house_rule_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "aces-low-only = true\n").unwrap();
    check("", None, "Qh Kh Ah")
        .arg("--rules")
        .arg(&rules)
        .status(1)
        .stdout_has("aces play low only")
        .run();
    check("", None, "Qh Kh Ah").run();
}

#[test]
fn check_bad_input_with_json_still_prints_one_object() {
    let ran = check("", None, "7h 8x 9h").status(2).arg("--json").run();
    let v: serde_json::Value = serde_json::from_str(&ran.stdout).unwrap();
    assert!(v["error"].as_str().unwrap().contains("\"8x\""));
}

/// docs/rules.md#a-turn-is-judged-whole: `check` of a turn's end state judges it as the
/// referee judges the turn typed as two moves (the transcript
/// `tests/transcripts/carousel-jokers-and-check.txt`): one real 10h releases one joker.
#[test]
fn check_judges_a_turn_whole_as_the_referee_does() {
    check(
        "8h 9h *10h | 10s 10d 10c *10h",
        None,
        "8h 9h 10h | 7s 7d *7c | 10s 10d 10c | Jd Qd *Kd",
    )
    .status(1)
    .stdout_has("M4  2 jokers stood for 10h")
    .run();
}
