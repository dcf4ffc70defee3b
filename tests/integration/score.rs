//! `carousel score`: one round, every scoring ruling, exit codes and the JSON shape.

use crate::test::{Home, carousel};
use serde_json::json;

#[test]
fn score_knocker_wins_with_the_differences() {
    carousel(&[
        "score",
        "--knocker",
        "bob",
        "alice=12",
        "bob=4s Ah",
        "carol=Kd *",
    ])
    .json(json!({
        "deadwood": {"alice": 12, "bob": 5, "carol": 35},
        "winners": ["bob"],
        "points": {"alice": 0, "bob": 37, "carol": 0},
        "undercut": false,
        "went_out": false
    }))
    .run();
}

#[test]
fn score_example_4_6_12_17_scores_23() {
    carousel(&["score", "--knocker", "a", "a=4", "b=6", "c=12", "d=17"])
        .json(json!({
            "deadwood": {"a": 4, "b": 6, "c": 12, "d": 17},
            "winners": ["a"],
            "points": {"a": 23, "b": 0, "c": 0, "d": 0},
            "undercut": false,
            "went_out": false
        }))
        .run();
}

#[test]
fn score_undercut_adds_10() {
    carousel(&["score", "--knocker", "a", "a=5", "b=3", "c=9"])
        .json(json!({
            "deadwood": {"a": 5, "b": 3, "c": 9},
            "winners": ["b"],
            "points": {"a": 0, "b": 18, "c": 0},
            "undercut": true,
            "went_out": false
        }))
        .run();
}

#[test]
fn score_knocker_tie_goes_to_the_others_with_undercut() {
    carousel(&["score", "--knocker", "a", "a=4", "b=4", "c=4", "d=10"])
        .json(json!({
            "deadwood": {"a": 4, "b": 4, "c": 4, "d": 10},
            "winners": ["b", "c"],
            "points": {"a": 0, "b": 16, "c": 16, "d": 0},
            "undercut": true,
            "went_out": false
        }))
        .run();
}

#[test]
fn score_stock_out_tie_has_no_bonus() {
    carousel(&["score", "a=3", "b=3", "c=20"])
        .json(json!({
            "deadwood": {"a": 3, "b": 3, "c": 20},
            "winners": ["a", "b"],
            "points": {"a": 17, "b": 17, "c": 0},
            "undercut": false,
            "went_out": false
        }))
        .run();
}

#[test]
fn score_going_out_scores_all_hands_plus_25() {
    carousel(&["score", "a=", "b=7c 8c", "c=*"])
        .json(json!({
            "deadwood": {"a": 0, "b": 15, "c": 25},
            "winners": ["a"],
            "points": {"a": 65, "b": 0, "c": 0},
            "undercut": false,
            "went_out": true
        }))
        .run();
}

#[test]
fn score_knock_over_the_limit_is_refused_with_exit_1() {
    carousel(&["score", "--knocker", "bob", "alice=12", "bob=6", "carol=30"])
        .status(1)
        .stderr_has("bob cannot knock with 6 in hand; the knock limit is 5")
        .run();
}

#[test]
fn score_house_rules_change_the_numbers() {
    let home = Home::new();
    home.test()
        .write(
            "rules.toml",
            "knock-limit = 7\nundercut-bonus = 20\njoker-value = 15\n",
        )
        .args(["score", "--knocker", "a", "a=7", "b=*", "c=2"])
        .arg("--rules")
        .arg(home.dir("rules.toml"))
        .json(json!({
            "deadwood": {"a": 7, "b": 15, "c": 2},
            "winners": ["c"],
            "points": {"a": 0, "b": 0, "c": 5 + 13 + 20},
            "undercut": true,
            "went_out": false
        }))
        .run();
}

/// docs/rules.md#going-out: going out means no cards left, never a hand whose cards count 0.
#[test]
fn score_going_out_is_no_cards_left_not_a_count_of_0() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "joker-value = 0\n").unwrap();
    carousel(&["score", "--knocker", "a", "a=*", "b=7", "c=9"])
        .arg("--rules")
        .arg(&rules)
        .json(json!({
            "deadwood": {"a": 0, "b": 7, "c": 9},
            "winners": ["a"],
            "points": {"a": 16, "b": 0, "c": 0},
            "undercut": false,
            "went_out": false
        }))
        .run();
    // Two hands of jokers counting 0 are two low hands, not two players gone out.
    carousel(&["score", "a=*", "b=*", "c=9"])
        .arg("--rules")
        .arg(&rules)
        .json(json!({
            "deadwood": {"a": 0, "b": 0, "c": 9},
            "winners": ["a", "b"],
            "points": {"a": 9, "b": 9, "c": 0},
            "undercut": false,
            "went_out": false
        }))
        .run();
    // A hand given as no cards is out.
    carousel(&["score", "a=", "b=7", "c=9"])
        .json(json!({
            "deadwood": {"a": 0, "b": 7, "c": 9},
            "winners": ["a"],
            "points": {"a": 41, "b": 0, "c": 0},
            "undercut": false,
            "went_out": true
        }))
        .run();
}

#[test]
fn score_two_players_out_are_named_in_plain_words() {
    carousel(&["score", "a=0", "b=0", "c=9"])
        .status(2)
        .stderr_has("only one player can go out in a round, but a and b have no cards left")
        .run();
}

#[test]
fn score_bad_input_exits_2_and_names_it() {
    carousel(&["score", "a=3", "b=1h"])
        .status(2)
        .stderr_has("\"1h\"")
        .run();
    carousel(&["score", "a=3", "b"])
        .status(2)
        .stderr_has("NAME=CARDS")
        .run();
    carousel(&["score", "a=3"])
        .status(2)
        .stderr_has("2 to 5 players")
        .run();
    carousel(&["score", "a=1", "b=2", "c=3", "d=4", "e=5", "f=6"])
        .status(2)
        .stderr_has("not 6")
        .run();
    carousel(&["score", "--knocker", "zed", "a=3", "b=4"])
        .status(2)
        .stderr_has("\"zed\" is not one of the players")
        .run();
    carousel(&["score", "a=3", "a=4"])
        .status(2)
        .stderr_has("two hands")
        .run();
    carousel(&["score", "a=-3", "b=4"])
        .status(2)
        .stderr_has("-3")
        .run();
}

#[test]
fn score_only_one_player_goes_out_and_not_with_a_knock() {
    carousel(&["score", "a=0", "b=", "c=9"])
        .status(2)
        .stderr_has("only one player")
        .run();
    carousel(&["score", "--knocker", "c", "a=0", "b=5", "c=3"])
        .status(2)
        .stderr_has("a went out")
        .run();
}

#[test]
fn score_hand_list_respects_the_deck() {
    carousel(&["score", "a=7h", "b=7h"])
        .status(2)
        .stderr_has("7h appears 2 times in the hands together; a 2-player deck has 1")
        .run();
    carousel(&["score", "a=7h", "b=7h", "c=9c"]).run();
}

#[test]
fn score_human_output_is_a_table() {
    let ran = carousel(&["score", "--knocker", "a", "a=5", "b=3", "c=9"]).run();
    insta::assert_snapshot!(ran.stdout);
}
