//! `score --game canadian|carolina` and `tally` of their records
//! (docs/commands.md#score---game-canadiancarolina): the JSON by side, the human tables, and every bad input, exit 2.

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

const CONTRACT_HAND: [&str; 11] = [
    "score",
    "--game",
    "canadian",
    "--out",
    "alice",
    "--melds",
    "alice=Ks Kh 2c | Qs Qd Qh *",
    "--melds",
    "bob=85",
    "alice=0",
    "bob=Qs 5h",
];

fn contract_hand(more: &[&str]) -> Vec<String> {
    CONTRACT_HAND
        .iter()
        .chain(["carol=3d 2c", "dave=20"].iter())
        .chain(more)
        .map(std::string::ToString::to_string)
        .collect()
}

fn run(args: &[String]) -> crate::test::Test {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    carousel(&args)
}

#[test]
fn score_canadian_side_that_went_out_is_not_deducted() {
    run(&contract_hand(&[]))
        .json(json!({
            "game": "canadian",
            "sides": {
                "alice+carol": {"table": 200, "hand": 0, "points": 200},
                "bob+dave": {"table": 85, "hand": 125, "points": -40}
            },
            "went_out": "alice"
        }))
        .run();
}

#[test]
fn score_canadian_human_output_is_a_table_by_side() {
    let ran = run(&contract_hand(&[])).run();
    insta::assert_snapshot!(ran.stdout);
}

#[test]
fn score_carolina_stock_out_singles_and_a_set_of_threes() {
    carousel(&[
        "score",
        "--game",
        "carolina",
        "--melds",
        "ann=3s 3h 2c",
        "--melds",
        "cleo=Ks Kh 3c",
        "ann=9d",
        "ben=40",
        "cleo=Ks 3c",
    ])
    .json(json!({
        "game": "carolina",
        "sides": {
            "ann": {"table": 15, "hand": 5, "points": 10},
            "ben": {"table": 0, "hand": 40, "points": -40},
            "cleo": {"table": 30, "hand": 15, "points": 15}
        },
        "went_out": null
    }))
    .run();
}

#[test]
fn score_carolina_human_output_with_a_going_out_bonus() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "[rules]\ngoing-out-bonus = 100\n").unwrap();
    let ran = carousel(&[
        "score",
        "--game",
        "carolina",
        "--out",
        "ben",
        "--melds",
        "ann=3s 3h 2c | As Ad *",
        "--melds",
        "ben=Qs Qh 3c | 7s-7d-7c",
        "ann=Qs 2d",
        "ben=",
        "cleo=12",
    ])
    .arg("--rules")
    .arg(&rules)
    .run();
    insta::assert_snapshot!(ran.stdout);
}

#[test]
fn score_teams_name_sides_in_player_order() {
    carousel(&[
        "score",
        "--game",
        "canadian",
        "--teams",
        "dave+alice carol+bob",
        "--out",
        "carol",
        "alice=5",
        "bob=10",
        "carol=0",
        "dave=5",
    ])
    .json(json!({
        "game": "canadian",
        "sides": {
            "alice+dave": {"table": 0, "hand": 10, "points": -10},
            "bob+carol": {"table": 0, "hand": 0, "points": 0}
        },
        "went_out": "carol"
    }))
    .run();
}

#[test]
fn score_a_side_with_no_melds_or_empty_melds_has_nothing_on_the_table() {
    carousel(&[
        "score", "--game", "carolina", "--melds", "ann=", "ann=5", "ben=10",
    ])
    .json(json!({
        "game": "carolina",
        "sides": {
            "ann": {"table": 0, "hand": 5, "points": -5},
            "ben": {"table": 0, "hand": 10, "points": -10}
        },
        "went_out": null
    }))
    .run();
}

#[test]
fn score_house_rules_file_of_these_keys_only() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "[rules]\ndeuce-in-hand = 15\n").unwrap();
    carousel(&["score", "--game", "carolina", "a=2c 2d", "b=5"])
        .arg("--rules")
        .arg(&rules)
        .json(json!({
            "game": "carolina",
            "sides": {
                "a": {"table": 0, "hand": 30, "points": -30},
                "b": {"table": 0, "hand": 5, "points": -5}
            },
            "went_out": null
        }))
        .run();
    std::fs::write(&rules, "[rules]\nknock-limit = 5\n").unwrap();
    carousel(&["score", "--game", "carolina", "a=5", "b=5"])
        .arg("--rules")
        .arg(&rules)
        .status(2)
        .stderr_has("knock-limit")
        .run();
    std::fs::write(&rules, "[rules]\nhand-size = 0\n").unwrap();
    carousel(&["score", "--game", "carolina", "a=5", "b=5"])
        .arg("--rules")
        .arg(&rules)
        .status(2)
        .stderr_has(
            "hand-size 0 deals nobody a card; a deal is 1 card or more each (13 by default)",
        )
        .run();
}

/// Each bad input of docs/commands.md#score---game-canadiancarolina, with the token its message names.
#[test]
fn score_bad_input_is_exit_2_naming_the_token() {
    let four = ["a=5", "b=5", "c=5", "d=5"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        // an illegal set
        (
            vec!["--melds", "a=Ks Qh 2c"],
            "\"Ks Qh 2c\" (meld 1): not a set: Ks and Qh",
        ),
        (vec!["--melds", "a=2c 2d *"], "no natural card"),
        (vec!["--melds", "a=Ks Kh Kd | 2c"], "\"2c\" (meld 2)"),
        (
            vec!["--melds", "a=Ks Kh"],
            "a set of kings needs at least 3 cards",
        ),
        (vec!["--melds", "a=Ks Kh Kd ||"], "empty meld"),
        (vec!["--melds", "a=Ks Kh Kd |"], "empty meld"),
        (vec!["--melds", "a=Ks *Kh 2c"], "\"*Kh\""),
        // a card beyond the deck in the melds and hands together
        (
            vec!["--melds", "a=Ks Ks Kh", "--melds", "b=Ks Kd Kc"],
            "Ks appears 3 times in the melds and hands together; the 108-card deck has 2",
        ),
        // an unknown player
        (
            vec!["--melds", "zed=5"],
            "--melds \"zed\" is not one of the players",
        ),
        (
            vec!["--out", "zed"],
            "--out \"zed\" is not one of the players",
        ),
        (vec!["--teams", "a+zed b+d"], "\"zed\""),
        // a player in two sides, a side with no player, a player in no side
        (vec!["--teams", "a+c a+d"], "\"a\" is in two sides"),
        (vec!["--teams", "a+ b+d"], "a side with no player"),
        (vec!["--teams", "a+c b"], "\"d\" is in no side"),
        (vec!["--teams", "a+c+b d"], "two teams of two"),
        // --out naming a player who holds cards
        (vec!["--out", "a"], "a went out but holds cards (5)"),
        // a Carousel-only option
        (vec!["--knocker", "a"], "--knocker"),
        // two --melds for one side
        (
            vec!["--melds", "a=5", "--melds", "c=5"],
            "a+c's melds: given twice (as a and as c)",
        ),
        // a count with a sign
        (
            vec!["--melds", "a=-5"],
            "\"-5\": a count is digits only, with no sign",
        ),
        (vec!["--melds", "a=+5"], "\"+5\""),
    ];
    for (options, expected) in cases {
        let mut args = vec!["score", "--game", "canadian"];
        args.extend(options);
        args.extend(four);
        carousel(&args).status(2).stderr_has(expected).run();
    }
}

#[test]
fn score_bad_hands_and_player_counts_are_exit_2() {
    let canadian = |rest: &[&str]| {
        let mut args = vec!["score", "--game", "canadian"];
        args.extend(rest);
        carousel(&args).status(2)
    };
    canadian(&["a=5", "b=5", "c=5"])
        .stderr_has("Canadian Rummy is played by exactly 4 players, not 3")
        .run();
    carousel(&["score", "--game", "carolina", "a=5"])
        .status(2)
        .stderr_has("Carolina Rummy is played by 2 to 8 players, not 1")
        .run();
    canadian(&["a=5", "b=5", "c=5", "a=3"])
        .stderr_has("\"a\" is given two hands")
        .run();
    canadian(&["a=5", "b=-3", "c=5", "d=5"])
        .stderr_has("\"-3\": a count is digits only")
        .run();
    canadian(&["a=5", "b=", "c=5", "d=5"])
        .stderr_has("b's hand is empty, but nobody went out")
        .run();
    canadian(&["a+x=5", "b=5", "c=5", "d=5"])
        .stderr_has("\"a+x\"")
        .run();
    canadian(&["a=5", "b=5", "c=5", "d=5", "--out", "a", "--out", "b"])
        .stderr_has("--out")
        .run();
    canadian(&[
        "a=5", "b=5", "c=5", "d=5", "--teams", "a+c b+d", "--teams", "a+b c+d",
    ])
    .stderr_has("--teams")
    .run();
    canadian(&["a=5 5h", "b=5", "c=5", "d=5"])
        .stderr_has("a's hand")
        .run();
}

#[test]
fn score_other_players_may_hold_no_cards_once_one_went_out() {
    carousel(&[
        "score", "--game", "canadian", "--out", "a", "a=0", "b=", "c=5", "d=5",
    ])
    .json(json!({
        "game": "canadian",
        "sides": {
            "a+c": {"table": 0, "hand": 0, "points": 0},
            "b+d": {"table": 0, "hand": 5, "points": -5}
        },
        "went_out": "a"
    }))
    .run();
}

#[test]
fn score_game_carousel_means_what_it_did_and_refuses_these_games_options() {
    carousel(&[
        "score",
        "--game",
        "carousel",
        "--knocker",
        "a",
        "a=4",
        "b=6",
        "c=12",
    ])
    .json(json!({
        "deadwood": {"a": 4, "b": 6, "c": 12},
        "winners": ["a"],
        "points": {"a": 10, "b": 0, "c": 0},
        "undercut": false,
        "went_out": false
    }))
    .run();
    for option in [["--out", "a"], ["--teams", "a+b c+d"], ["--melds", "a=5"]] {
        let mut args = vec!["score", "--game", "carousel"];
        args.extend(option);
        args.extend(["a=4", "b=6", "c=12"]);
        carousel(&args)
            .status(2)
            .stderr_has(&format!("{} is for Canadian and Carolina Rummy", option[0]))
            .run();
    }
    carousel(&["score", "--game", "poker", "a=4", "b=6"])
        .status(2)
        .stderr_has("poker")
        .run();
}

const CANADIAN: &str = r#"
game = "canadian"
players = ["alice", "bob", "carol", "dave"]
teams = [["alice", "carol"], ["bob", "dave"]]

[[round]]
out = "alice"
[round.melds]
alice = "Ks Kh 2c | Qs Qd Qh *"
bob = 85
[round.hands]
alice = 0
bob = "Qs 5h"
carol = "3d 2c"
dave = 20

[[round]]
[round.melds]
carol = 700
dave = "As Ah Ad 2c | Js Jh *"
[round.hands]
alice = 15
bob = "9c"
carol = 10
dave = 0
"#;

#[test]
fn tally_canadian_json_by_side() {
    let (_dir, path) = record(CANADIAN);
    carousel(&["tally"])
        .arg(&path)
        .status(2)
        .stderr_has("round 2: dave's hand is empty, but nobody went out")
        .run();
    let (_dir, path) = record(&CANADIAN.replace("dave = 0\n", "dave = 5\n"));
    carousel(&["tally"])
        .arg(&path)
        .json(json!({
            "game": "canadian",
            "rounds": [
                {"points": {"alice+carol": 200, "bob+dave": -40},
                 "totals": {"alice+carol": 200, "bob+dave": -40}},
                {"points": {"alice+carol": 675, "bob+dave": 160},
                 "totals": {"alice+carol": 875, "bob+dave": 120}}
            ],
            "totals": {"alice+carol": 875, "bob+dave": 120},
            "finished": false,
            "game_winners": []
        }))
        .run();
}

#[test]
fn tally_finished_game_final_equals_totals_and_winners_are_sides() {
    let text = CANADIAN
        .replace("dave = 0\n", "dave = 5\n")
        .replace("carol = 700", "carol = 1400");
    let (_dir, path) = record(&text);
    carousel(&["tally"])
        .arg(&path)
        .json(json!({
            "game": "canadian",
            "rounds": [
                {"points": {"alice+carol": 200, "bob+dave": -40},
                 "totals": {"alice+carol": 200, "bob+dave": -40}},
                {"points": {"alice+carol": 1375, "bob+dave": 160},
                 "totals": {"alice+carol": 1575, "bob+dave": 120}}
            ],
            "totals": {"alice+carol": 1575, "bob+dave": 120},
            "finished": true,
            "final": {"alice+carol": 1575, "bob+dave": 120},
            "game_winners": ["alice+carol"]
        }))
        .run();
    let ran = carousel(&["tally"]).arg(&path).run();
    insta::assert_snapshot!(ran.stdout);
}

#[test]
fn tally_the_example_games_read() {
    for (file, winner) in [
        ("examples/canadian-game.toml", "\"finished\":true"),
        ("examples/carolina-game.toml", "\"finished\":true"),
    ] {
        carousel(&["tally", file, "--json"])
            .stdout_has(winner)
            .run();
    }
}

/// Each bad input of docs/commands.md#tally-of-canadian-and-carolina-records, naming round and key.
#[test]
fn tally_bad_records_are_exit_2_naming_the_round_and_the_key() {
    let head = "game = \"canadian\"\nplayers = [\"a\", \"b\", \"c\", \"d\"]\n";
    let hands = "[round.hands]\na = 5\nb = 5\nc = 5\nd = 5\n";
    let cases: Vec<(String, &str)> = vec![
        (
            format!("{head}teams = [[\"a\", \"b\", \"c\"], [\"d\"]]\n"),
            "teams: ",
        ),
        (
            format!("{head}teams = [[\"a\", \"b\"], [\"c\", \"zed\"]]\n"),
            "teams: \"zed\"",
        ),
        (
            format!("{head}[[round]]\n[round.melds]\nzed = 5\n{hands}"),
            "round 1, melds.zed: \"zed\" is not a player",
        ),
        (
            format!("{head}[[round]]\nknocker = \"a\"\n{hands}"),
            "round 1 (line 4): `knocker` is a key of Carousel records",
        ),
        (
            format!("{head}[rules]\nknock-limit = 5\n"),
            "`knock-limit` is a key of Carousel records",
        ),
        (format!("{head}[rules]\njoker-value = 5\n"), "`joker-value`"),
        (format!("{head}[rules]\ntrget = 5\n"), "trget"),
        (
            format!("{head}[[round]]\ncolour = 1\n{hands}"),
            "round 1 (line 4): unknown field `colour`",
        ),
        (
            format!("{head}[[round]]\n{hands}e = 5\n"),
            "round 1, hands.e: \"e\" is not a player",
        ),
        (
            format!("{head}[[round]]\n[round.hands]\na = 5\n"),
            "round 1, hands: no hand for b",
        ),
        (
            format!("{head}[[round]]\nout = \"a\"\n{hands}"),
            "round 1: a went out but holds cards",
        ),
        (
            format!("{head}[[round]]\n[round.melds]\na = \"Ks Qh *\"\n{hands}"),
            "round 1, melds.a: \"Ks Qh *\" (meld 1): not a set",
        ),
        (
            format!("{head}[[round]]\n[round.melds]\na = -5\n{hands}"),
            "round 1, melds.a: -5 is not a count",
        ),
        (
            format!("{head}[[round]]\n[round.melds]\na = \"Kh * * *\"\nb = \"* * Ks\"\n{hands}"),
            "round 1: * (joker) appears 5 times",
        ),
        (
            format!(
                "{head}[rules]\ntarget = 10\n[[round]]\n[round.melds]\na = 20\n{hands}[[round]]\n{hands}"
            ),
            "round 2: recorded after the game ended in round 1",
        ),
        (
            "game = \"gin\"\nplayers = [\"a\", \"b\"]\n".to_string(),
            "line 1, game: \"gin\" is not a game",
        ),
    ];
    for (text, expected) in cases {
        let (_dir, path) = record(&text);
        carousel(&["tally"])
            .arg(&path)
            .status(2)
            .stderr_has(expected)
            .run();
    }
}

#[test]
fn tally_carousel_records_refuse_these_games_keys() {
    let head = "players = [\"a\", \"b\", \"c\"]\n";
    for (text, key) in [
        (format!("{head}teams = [[\"a\"]]\n"), "`teams`"),
        (
            format!("{head}[[round]]\nout = \"a\"\n"),
            "round 1 (line 3): `out`",
        ),
        (
            format!("{head}[[round]]\n[round.melds]\na = 5\n"),
            "round 1 (line 3): `melds`",
        ),
        (
            format!("{head}[rules]\ndeuce-in-hand = 5\n"),
            "`deuce-in-hand`",
        ),
        (
            format!("{head}[rules]\njokers-not-wild = true\n"),
            "`jokers-not-wild`",
        ),
        (
            format!("{head}[rules]\nwild-pickup = true\n"),
            "`wild-pickup`",
        ),
    ] {
        let (_dir, path) = record(&text);
        carousel(&["tally"])
            .arg(&path)
            .status(2)
            .stderr_has(key)
            .stderr_has("this record's game is carousel")
            .run();
    }
    let (_dir, path) = record(
        "game = \"carousel\"\nplayers = [\"a\", \"b\"]\n[[round]]\nknocker = \"a\"\n[round.hands]\na = 3\nb = 9\n",
    );
    carousel(&["tally"])
        .arg(&path)
        .stdout_has("a knocked")
        .run();
}

#[test]
fn pile_a_turn_two_naturals_of_the_top_cards_rank_take_it() {
    carousel(&["pile", "--top", "Kd", "--hand", "Ks Kh 5c"])
        .json(json!({"may_take": true, "with": ["Ks", "Kh"]}))
        .run();
    carousel(&["pile", "--top", "Kd", "--hand", "Ks 2c"])
        .status(1)
        .stdout_has("No: it takes two natural kings in hand")
        .run();
    carousel(&[
        "pile", "--game", "carolina", "--top", "3d", "--hand", "3s 3h",
    ])
    .status(1)
    .stdout_has("the top card 3d is wild")
    .run();
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "[rules]\nwild-pickup = true\n").unwrap();
    carousel(&["pile", "--top", "Kd", "--hand", "Ks 2c"])
        .arg("--rules")
        .arg(&rules)
        .stdout("Yes: Ks and 2c take the pile with Kd; the three go to the table at once.\n")
        .run();
    carousel(&["pile", "--top", "Kd Kh", "--hand", "Ks"])
        .status(2)
        .stderr_has("--top \"Kd Kh\"")
        .run();
    carousel(&["pile", "--top", "Kd", "--hand", "Kd Kd"])
        .status(2)
        .stderr_has("Kd appears 3 times")
        .run();
}

#[test]
fn set_is_this_a_legal_set_and_may_we_lay_these_on_our_set() {
    carousel(&["set", "Ks Kh 2c | 7s 7d *"])
        .stdout("Yes, legal sets: Ks Kh 2c (kings 30) | 7s 7d * (sevens 60).\n")
        .run();
    carousel(&["set", "2d", "--on", "Ks Kh Kd"])
        .json(json!({"legal": true, "sets": ["Ks Kh Kd 2d"], "value": 40}))
        .run();
    carousel(&["set", "7h", "--on", "Ks Kh Kd"])
        .status(1)
        .stdout_has("No: 7h cannot be laid on Ks Kh Kd: they are not kings")
        .run();
    carousel(&["set", "--game", "carolina", "3s 3h 2c"])
        .json(json!({"legal": true, "sets": ["3s 3h 2c"], "value": 15}))
        .run();
    carousel(&["set", "5h 6h 7h"])
        .status(1)
        .stdout_has("there are no runs")
        .run();
    carousel(&["set", "Ks", "--on", "Kd Kc"])
        .status(2)
        .stderr_has("--on: the set on the table is not legal")
        .run();
    carousel(&["set", "Ks *Kh"])
        .status(2)
        .stderr_has("\"*Kh\"")
        .run();
}

#[test]
fn deal_that_does_not_fit_the_deck_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "[rules]\nhand-size = 27\n").unwrap();
    carousel(&["score", "--game", "canadian", "a=5", "b=5", "c=5", "d=5"])
        .arg("--rules")
        .arg(&rules)
        .status(2)
        .stderr_has("27 cards to each of 4 players and one to start the pile need 109 cards; the deck holds 108")
        .run();
}

#[test]
fn end_of_the_game_equal_highest_totals_share_the_win() {
    let (_dir, path) = record(
        "game = \"carolina\"\nplayers = [\"ann\", \"ben\", \"cleo\"]\n[rules]\ntarget = 100\n\
         [[round]]\n[round.melds]\nann = 120\nben = 125\ncleo = 40\n\
         [round.hands]\nann = 5\nben = 10\ncleo = 5\n",
    );
    carousel(&["tally"])
        .arg(&path)
        .json(json!({
            "game": "carolina",
            "rounds": [{"points": {"ann": 115, "ben": 115, "cleo": 35},
                        "totals": {"ann": 115, "ben": 115, "cleo": 35}}],
            "totals": {"ann": 115, "ben": 115, "cleo": 35},
            "finished": true,
            "final": {"ann": 115, "ben": 115, "cleo": 35},
            "game_winners": ["ann", "ben"]
        }))
        .run();
    carousel(&["tally"])
        .arg(&path)
        .stdout_has("Game over after hand 1: ann and ben share the win with 115.")
        .run();
}

#[test]
fn house_rule_jokers_not_wild_through_score() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "[rules]\njokers-not-wild = true\n").unwrap();
    carousel(&[
        "score", "--game", "carolina", "--melds", "a=* * 2c", "a=5", "b=5",
    ])
    .arg("--rules")
    .arg(&rules)
    .json(json!({
        "game": "carolina",
        "sides": {"a": {"table": 150, "hand": 5, "points": 145},
                  "b": {"table": 0, "hand": 5, "points": -5}},
        "went_out": null
    }))
    .run();
    carousel(&[
        "score",
        "--game",
        "carolina",
        "--melds",
        "a=Ks Kh *",
        "a=5",
        "b=5",
    ])
    .arg("--rules")
    .arg(&rules)
    .status(2)
    .stderr_has("Ks and * are of different ranks")
    .run();
}

/// `set ""` was answered "Yes, legal sets: ." with exit 0: no sets is bad input.
#[test]
fn set_with_no_cards_is_bad_input_not_a_yes() {
    carousel(&["set", ""])
        .status(2)
        .stderr("carousel: MELDS is empty: give the cards of one set or more, like \"Ks Kh 2c\"\n")
        .run();
}

/// `pile --top Kd --hand ""` printed "and  holds none": an empty hand is bad input.
#[test]
fn pile_with_an_empty_hand_is_bad_input() {
    carousel(&["pile", "--top", "Kd", "--hand", ""])
        .status(2)
        .stderr_has("--hand is empty: give the cards in hand that would take the pile")
        .run();
    carousel(&["pile", "--top", "Kd Ks", "--hand", "Ks Kh"])
        .status(2)
        .stderr_has("--top \"Kd Ks\": give the one card on top of the pile")
        .run();
}

/// Two hands of 3,000,000,000 were added into a hand of 4294967295: a count more than the
/// whole deck counts is refused, naming the hand.
#[test]
fn score_a_hand_count_beyond_the_deck_is_refused_not_added_past_what_a_score_holds() {
    carousel(&[
        "score",
        "--game",
        "canadian",
        "--out",
        "alice",
        "alice=0",
        "bob=3000000000",
        "carol=5",
        "dave=3000000000",
    ])
    .status(2)
    .stderr(
        "carousel: bob's hand: \"3000000000\": no hand counts that much; the whole deck counts 1340\n",
    )
    .run();
}

/// CONTRACT.md: a `--rules` file holds a `[rules]` table and nothing else; a top-level
/// `target = 500` was taken as a rule.
#[test]
fn score_rules_file_without_a_rules_table_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "target = 500\n").unwrap();
    carousel(&["score", "--game", "canadian", "--out", "a"])
        .args(["a=0", "b=5", "c=5", "d=5"])
        .arg("--rules")
        .arg(&rules)
        .status(2)
        .stderr_has("\"target\": a rules file holds a [rules] table and nothing else")
        .run();
}
