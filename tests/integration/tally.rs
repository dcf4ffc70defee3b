//! `carousel tally`: whole game records, the end of the game, and record errors.

use crate::test::{Home, carousel};
use serde_json::json;
use std::path::PathBuf;

/// Writes a game record into a home of the test's own, which lives as long as the test
/// keeps it.
fn record(text: &str) -> (Home, PathBuf) {
    let home = Home::new();
    let path = home.dir("game.toml");
    std::fs::write(&path, text).unwrap();
    (home, path)
}

const FINISHED: &str = r#"
players = ["alice", "bob", "carol"]

[[round]]
knocker = "bob"
[round.hands]
alice = 12
bob = "4s Ah"
carol = "Kd *"

[[round]]
[round.hands]
alice = 3
bob = 60
carol = 60

[[round]]
knocker = "carol"
[round.hands]
alice = 3
bob = 20
carol = 5

[[round]]
[round.hands]
alice = "Ac 2d"
bob = 10
carol = 0
"#;

#[test]
fn tally_running_game_json() {
    let (_dir, path) = record(
        "players = [\"alice\", \"bob\"]\n[[round]]\nknocker = \"bob\"\n[round.hands]\nalice = 12\nbob = \"4s Ah\"\n",
    );
    carousel(&["tally"])
        .arg(&path)
        .json(json!({
            "rounds": [{"points": {"alice": 0, "bob": 7}, "winners": ["bob"], "totals": {"alice": 0, "bob": 7}}],
            "totals": {"alice": 0, "bob": 7},
            "finished": false,
            "game_winners": []
        }))
        .run();
}

#[test]
fn tally_finished_game_with_bonuses() {
    let (_dir, path) = record(FINISHED);
    // Round 4: carol went out: 3 + 10 + 25 = 38 -> carol 38; alice 143 stays.
    // Not finished yet at 143: add a round that takes alice over.
    let text = format!(
        "{FINISHED}\n[[round]]\nknocker = \"alice\"\n[round.hands]\nalice = 1\nbob = 4\ncarol = 9\n"
    );
    let (_dir2, path2) = record(&text);
    carousel(&["tally"])
        .arg(&path)
        .stdout_has("alice leads with 143")
        .run();
    carousel(&["tally"])
        .arg(&path2)
        .json(json!({
            "rounds": [
                {"points": {"alice": 0, "bob": 37, "carol": 0}, "winners": ["bob"], "totals": {"alice": 0, "bob": 37, "carol": 0}},
                {"points": {"alice": 114, "bob": 0, "carol": 0}, "winners": ["alice"], "totals": {"alice": 114, "bob": 37, "carol": 0}},
                {"points": {"alice": 29, "bob": 0, "carol": 0}, "winners": ["alice"], "totals": {"alice": 143, "bob": 37, "carol": 0}},
                {"points": {"alice": 0, "bob": 0, "carol": 38}, "winners": ["carol"], "totals": {"alice": 143, "bob": 37, "carol": 38}},
                {"points": {"alice": 11, "bob": 0, "carol": 0}, "winners": ["alice"], "totals": {"alice": 154, "bob": 37, "carol": 38}}
            ],
            "totals": {"alice": 154, "bob": 37, "carol": 38},
            "finished": true,
            "bonuses": {"alice": 100, "bob": 25, "carol": 25},
            "final": {"alice": 254, "bob": 62, "carol": 63},
            "game_winners": ["alice"]
        }))
        .run();
}

#[test]
fn tally_scoreboard_for_people() {
    let text = format!(
        "{FINISHED}\n[[round]]\nknocker = \"alice\"\n[round.hands]\nalice = 1\nbob = 4\ncarol = 9\n"
    );
    let (_dir, path) = record(&text);
    let ran = carousel(&["tally"]).arg(&path).run();
    insta::assert_snapshot!(ran.stdout);
}

#[test]
fn tally_record_errors_exit_2_naming_round_and_key() {
    let (_d, path) = record("players = [\"a\", \"b\"]\n[rules]\ntarget = 100\nknock = 3\n");
    carousel(&["tally"])
        .arg(&path)
        .status(2)
        .stderr_has("knock")
        .stderr_has("line 4")
        .run();
    let (_d, path) =
        record("players = [\"a\", \"b\"]\n[[round]]\n[round.hands]\na = 1\nb = 2\nc = 3\n");
    carousel(&["tally"])
        .arg(&path)
        .status(2)
        .stderr_has("round 1, hands.c: \"c\" is not a player")
        .run();
    let (_d, path) = record("players = [\"a\", \"b\"]\n[[round]]\n[round.hands]\na = 1\n");
    carousel(&["tally"])
        .arg(&path)
        .status(2)
        .stderr_has("round 1, hands: no hand for b")
        .run();
    let (_d, path) = record(
        "players = [\"a\", \"b\"]\n[[round]]\nknocker = \"c\"\n[round.hands]\na = 1\nb = 2\n",
    );
    carousel(&["tally"])
        .arg(&path)
        .status(2)
        .stderr_has("round 1, knocker")
        .run();
    let (_d, path) = record(
        "players = [\"a\", \"b\"]\n[rules]\ntarget = 5\n[[round]]\n[round.hands]\na = 1\nb = 20\n[[round]]\n[round.hands]\na = 1\nb = 20\n",
    );
    carousel(&["tally"])
        .arg(&path)
        .status(2)
        .stderr_has("round 2: recorded after the game ended in round 1")
        .run();
    let (_d, path) = record("players = [\"a\"]\n");
    carousel(&["tally"])
        .arg(&path)
        .status(2)
        .stderr_has("players")
        .run();
    let (_d, path) = record("this is not toml [");
    carousel(&["tally"]).arg(&path).status(2).run();
    carousel(&["tally", "/no/such/game.toml"])
        .status(2)
        .stderr_has("cannot read")
        .run();
}

#[test]
fn tally_refused_knock_in_a_round_exits_1() {
    let (_d, path) = record(
        "players = [\"a\", \"b\"]\n[[round]]\nknocker = \"a\"\n[round.hands]\na = 8\nb = 2\n",
    );
    carousel(&["tally"])
        .arg(&path)
        .status(1)
        .stderr_has("round 1: a cannot knock with 8")
        .run();
}

#[test]
fn tally_house_rules_from_the_record() {
    let (_d, path) = record(
        "players = [\"a\", \"b\"]\n[rules]\ntarget = 20\ngame-bonus = 50\nround-bonus = 5\nround-bonus-for-all = true\n[[round]]\n[round.hands]\na = 1\nb = 30\n",
    );
    carousel(&["tally"])
        .arg(&path)
        .json(json!({
            "rounds": [{"points": {"a": 29, "b": 0}, "winners": ["a"], "totals": {"a": 29, "b": 0}}],
            "totals": {"a": 29, "b": 0},
            "finished": true,
            "bonuses": {"a": 55, "b": 0},
            "final": {"a": 84, "b": 0},
            "game_winners": ["a"]
        }))
        .run();
}
