//! The table view through the binary: the scoreboard at the widths people have, the saved
//! games (listed, resumed, archived and removed after a yes), export, statistics and the
//! chart, as one-shots and as scripted REPL sessions over the saved games and the files
//! written. `why` and the scoreboard in the REPL are transcripts of `tests/transcripts/`.

use crate::test::{BIN, Home, Ran, example, root};
use serde_json::{Value, json};
use std::path::Path;

/// This area's runs, all through the builder in a home of the test's own.
impl Home {
    fn run(&self, args: &[&str], stdin: &str) -> Ran {
        self.test().args(args).stdin(stdin).any_status().run()
    }

    /// Plays a script in the REPL with no file named: a new game is saved in the data
    /// directory.
    fn play_new(&self, script: &str) -> Ran {
        self.run(&["play"], script)
    }

    fn json(&self, args: &[&str]) -> Value {
        self.test().args(args).run().json()
    }

    /// A finished game of alice, bob and carol (examples/three-players.carousel) and an
    /// unfinished one of ann and ben, both saved in the data directory.
    fn two_games(&self) {
        let three = std::fs::read_to_string(example("three-players.carousel")).unwrap();
        let out = self.play_new(&three);
        assert_eq!(out.status, 0, "{}", out.stderr);
        let out = self.play_new("new ann ben\ndraw\n");
        assert_eq!(out.status, 0, "{}", out.stderr);
    }

    fn saved_files(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.games_dir())
            .map(|d| {
                d.flatten()
                    .filter(|e| e.path().is_file())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }
}

fn tally_at(width: usize, game: &Path) -> String {
    Home::new()
        .test()
        .env("COLUMNS", width.to_string())
        .arg("tally")
        .arg(game)
        .run()
        .stdout
}

fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

const FIVE: &str = r#"players = ["annabel", "benedict", "catherine", "dominic", "evangeline"]
[[round]]
knocker = "benedict"
[round.hands]
annabel = 25
benedict = 5
catherine = 2
dominic = 20
evangeline = 18
[[round]]
[round.hands]
annabel = 12
benedict = 0
catherine = 40
dominic = 9
evangeline = 11
"#;

#[test]
fn scoreboard_fits_40_80_and_120_columns_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    let five = dir.path().join("five.toml");
    std::fs::write(&five, FIVE).unwrap();
    for width in [40, 80, 120] {
        for (name, game) in [
            ("finished", example("finished-game.toml")),
            ("five", five.clone()),
        ] {
            let board = tally_at(width, &game);
            assert!(widest(&board) <= width, "{name} at {width}:\n{board}");
            insta::assert_snapshot!(format!("tally_{name}_{width}"), board);
        }
    }
}

#[test]
fn scoreboard_is_never_coloured_in_a_pipe() {
    let board = tally_at(120, &example("finished-game.toml"));
    assert!(!board.contains('\u{1b}'), "{board}");
}

#[test]
fn games_lists_the_saved_games_in_the_shell_and_the_repl() {
    let user = Home::new();
    let out = user.run(&["games"], "");
    assert_eq!(out.stdout, "No saved games yet: new NAMES starts one.\n");
    user.two_games();
    let listed = user.json(&["games", "--json"]);
    let games = listed["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let finished = games.iter().find(|g| g["finished"] == true).unwrap();
    assert_eq!(finished["players"], json!(["alice", "bob", "carol"]));
    assert_eq!(finished["leaders"], json!(["bob"]));
    assert_eq!(finished["score"], 288);
    assert_eq!(finished["round"], 4);
    let going = games.iter().find(|g| g["finished"] == false).unwrap();
    assert_eq!(going["players"], json!(["ann", "ben"]));
    assert_eq!(going["round"], 1);
    assert_eq!(going["leaders"], json!([]));
    let date = going["date"].as_str().unwrap();
    assert_eq!(date.len(), "2025-11-20 21:01".len(), "{date}");

    let out = user.run(&["games"], "");
    assert!(out.stdout.contains("bob won 288"), "{}", out.stdout);
    assert!(out.stdout.contains("round 1"), "{}", out.stdout);
    let out = user.play_new("games\n");
    assert!(out.stdout.contains("bob won 288"), "{}", out.stdout);
    assert!(out.stdout.contains("resume N goes on with game N"));
}

#[test]
fn resume_picks_a_saved_game_by_number_or_name() {
    let user = Home::new();
    user.two_games();
    let out = user.play_new("resume ann-ben\nstatus\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("-ann-ben.toml."), "{}", out.stdout);
    assert!(
        out.stdout.contains("ben has drawn 1 card"),
        "{}",
        out.stdout
    );
    let number = user.json(&["games", "--json"])["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["finished"] == true)
        .unwrap()["number"]
        .to_string();
    let out = user.play_new(&format!("resume {number}\n"));
    assert!(
        out.stdout.contains("Game over after round 4"),
        "{}",
        out.stdout
    );
    let out = user.play_new("resume zed\n");
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("\"zed\": no saved game is called that"));
}

#[test]
fn archive_and_remove_ask_first_and_a_script_answers_on_the_next_line() {
    let user = Home::new();
    user.two_games();
    let before = user.saved_files();
    // No: kept.
    let out = user.play_new("remove alice-bob\nno\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Type yes to remove"), "{}", out.stdout);
    assert!(out.stdout.contains("nothing was removed"), "{}", out.stdout);
    assert_eq!(user.saved_files(), before);
    // No answer at all: refused, kept.
    let out = user.play_new("remove alice-bob\n");
    assert_eq!(out.status, 1);
    assert!(
        out.stderr
            .contains("refused: no answer to the question, so"),
        "{}",
        out.stderr
    );
    assert_eq!(user.saved_files(), before);
    // An unfinished game is asked about as such, and kept without a yes.
    let out = user.play_new("remove ann-ben\nno\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("not finished (round 1)"),
        "{}",
        out.stdout
    );
    assert_eq!(user.saved_files(), before);
    // The unfinished game in play here is not removed from under the table.
    let out = user.play_new("resume ann-ben\nremove ann-ben\n");
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.contains("is the game in play here"),
        "{}",
        out.stderr
    );
    // Yes: archived, out of the list, still counted.
    let out = user.play_new("archive alice-bob\nyes\ngames\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Archived "), "{}", out.stdout);
    assert_eq!(user.saved_files().len(), 1);
    assert!(user.games_dir().join("archive").is_dir());
    assert_eq!(user.json(&["stats", "--json"])["games"][0]["games"], 2);
}

#[test]
fn games_remove_from_the_shell_asks_and_refuses_without_an_answer() {
    let user = Home::new();
    user.two_games();
    let out = user.run(&["games", "--remove", "alice-bob"], "");
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("no answer to the question"),
        "{}",
        out.stderr
    );
    assert_eq!(user.saved_files().len(), 2);
    let out = user.run(&["games", "--remove", "alice-bob"], "n\n");
    assert_eq!(out.status, 1);
    assert!(
        out.stdout.contains("Nothing was removed."),
        "{}",
        out.stdout
    );
    let out = user.run(&["games", "--archive", "9", "--yes"], "");
    assert_eq!(out.status, 2);
    assert!(
        out.stderr.contains("\"9\": there is no game 9"),
        "{}",
        out.stderr
    );
    // A game started by mistake and never finished is removed too, after the yes.
    let out = user.run(&["games", "--remove", "ann-ben", "--yes"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = user.run(&["games", "--remove", "alice-bob"], "yes\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(user.saved_files().len(), 0);
}

#[test]
fn export_writes_csv_markdown_and_json() {
    let user = Home::new();
    let game = example("finished-game.toml");
    let game = game.to_str().unwrap();
    let csv = user.run(&["export", game, "--format", "csv"], "");
    assert_eq!(csv.status, 0, "{}", csv.stderr);
    let lines: Vec<&str> = csv.stdout.lines().collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[3], "3,carol,alice,true,false,3,29,143,20,0,37,5,0,0");
    assert_eq!(lines[6], "bonuses,,alice,,,,100,254,,25,62,,25,63");
    let md = user.run(&["export", game, "--format", "markdown"], "");
    assert!(
        md.stdout
            .contains("| 3 | carol | alice (undercut) | +29 = 143 | 37 | 0 |")
    );
    assert!(
        md.stdout
            .contains("- Round 3: alice 17 + 2 + 10 undercut = 29")
    );
    // `--output` writes the very text stdout shows.
    user.test()
        .args(["export", game, "--output"])
        .arg(user.dir("game.csv"))
        .file("game.csv", &csv.stdout)
        .run();
    let json = user.json(&["export", game, "--format", "json"]);
    assert_eq!(json["rounds"][3]["went_out"], true);
    assert_eq!(json["final"]["alice"], 254);
    assert_eq!(json, user.json(&["export", game, "--json"]));
    let bad = user.run(&["export", game, "--format", "xls"], "");
    assert_eq!(bad.status, 2);
    assert!(
        bad.stderr.contains("\"xls\": no such export format"),
        "{}",
        bad.stderr
    );
    let missing = user.run(&["export", "nowhere.toml"], "");
    assert_eq!(missing.status, 2);
    assert!(
        missing.stderr.contains("nowhere.toml"),
        "{}",
        missing.stderr
    );
}

#[test]
fn export_in_the_repl_shows_or_writes_a_file() {
    let user = Home::new();
    let file = user.path().join("out.csv");
    let three = std::fs::read_to_string(example("three-players.carousel")).unwrap();
    let out = user.play_new(&format!(
        "{three}\nexport markdown\nexport csv {}\nexport xls\n",
        file.display()
    ));
    assert_eq!(out.status, 2);
    assert!(
        out.stdout.contains("# Carousel: alice, bob, carol"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("Exported to "), "{}", out.stdout);
    let csv = std::fs::read_to_string(&file).unwrap();
    assert!(csv.starts_with("round,knocker,winners,"), "{csv}");
    assert_eq!(csv.lines().count(), 6);
    assert!(out.stderr.contains("\"xls\": no such export format"));
}

#[test]
fn stats_count_across_the_saved_games() {
    let user = Home::new();
    let empty = user.run(&["stats"], "");
    assert_eq!(empty.status, 0);
    assert!(empty.stdout.starts_with("No saved games yet"));
    user.two_games();
    std::fs::write(user.games_dir().join("broken.toml"), "players = [").unwrap();
    let json = user.json(&["stats", "--json"]);
    assert_eq!(json["skipped"].as_array().unwrap().len(), 1);
    assert_eq!(json["games"].as_array().unwrap().len(), 1, "{json}");
    let stats = &json["games"][0];
    assert_eq!(stats["game"], "carousel");
    assert_eq!(stats["games"], 2);
    assert_eq!(stats["finished"], 1);
    assert_eq!(stats["rounds"], 4);
    let bob = stats["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "bob")
        .unwrap();
    assert_eq!(bob["games_won"], 1);
    assert_eq!(bob["highest_round"], 96);
    let ann = stats["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "ann")
        .unwrap();
    assert_eq!(
        (ann["games"].clone(), ann["rounds"].clone()),
        (json!(1), json!(0))
    );
    let text = user.run(&["stats"], "");
    assert!(
        text.stdout
            .contains("2 games (1 finished), 4 rounds scored.")
    );
    assert!(text.stdout.contains("Passed over "), "{}", text.stdout);
    let repl = user.play_new("stats\n");
    assert!(
        repl.stdout.contains("2 games (1 finished)"),
        "{}",
        repl.stdout
    );
}

#[test]
fn chart_draws_the_running_totals_and_writes_an_svg() {
    let user = Home::new();
    let svg = user.path().join("game.svg");
    let game = example("finished-game.toml");
    let text = user
        .test()
        .env("COLUMNS", "40")
        .args([
            "chart",
            game.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ])
        .run()
        .stdout;
    assert!(widest(&text) <= 40, "{text}");
    insta::assert_snapshot!("chart_40", text);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(picture.matches("<polyline").count(), 3);
    let json = user.json(&["chart", game.to_str().unwrap(), "--json"]);
    assert_eq!(json["totals"]["alice"], json!([0, 114, 143, 143, 154]));
    let three = std::fs::read_to_string(example("three-players.carousel")).unwrap();
    let repl = user.play_new(&format!("{three}\nchart\n"));
    assert!(repl.stdout.contains("B bob 188"), "{}", repl.stdout);
}

/// Runs a one-shot in a pseudo-terminal and gives what it printed, escapes and all.
fn in_a_terminal(args: &[&str], no_colour: bool) -> String {
    use rexpect::reader::Options;
    let mut cmd = std::process::Command::new(BIN);
    cmd.current_dir(root())
        .args(args)
        .env("TERM", "xterm")
        .env("COLUMNS", "120")
        .env_remove("NO_COLOR");
    if no_colour {
        cmd.env("NO_COLOR", "1");
    }
    let mut p = rexpect::session::spawn_with_options(
        cmd,
        Options::new()
            .timeout_ms(Some(15_000))
            .strip_ansi_escape_codes(false),
    )
    .unwrap();
    p.exp_eof().unwrap()
}

#[test]
fn scoreboard_is_coloured_at_a_terminal_unless_no_color() {
    let game = example("finished-game.toml");
    let args = ["tally", game.to_str().unwrap()];
    let coloured = in_a_terminal(&args, false);
    assert!(coloured.contains("\u{1b}["), "{coloured}");
    assert!(coloured.contains("Game over after round 5"), "{coloured}");
    let plain = in_a_terminal(&args, true);
    assert!(!plain.contains("\u{1b}["), "{plain}");
    assert!(plain.contains("Game over after round 5"), "{plain}");
}

impl Home {
    /// A finished game of Canadian Rummy (alice+carol win) and one of Carolina Rummy (ben
    /// wins), played in the REPL from the examples and saved in the data directory, and an
    /// unfinished Carolina game of xan and yul.
    fn family_games(&self) {
        for script in ["canadian.carousel", "carolina.carousel"] {
            let text = std::fs::read_to_string(example(script)).unwrap();
            let out = self.play_new(&text);
            assert_eq!(out.status, 0, "{script}: {}", out.stderr);
        }
        let out = self.play_new("new --game carolina xan yul\n");
        assert_eq!(out.status, 0, "{}", out.stderr);
    }

    /// The listed number of the saved game whose name holds `part`.
    fn number_of(&self, part: &str) -> String {
        self.json(&["games", "--json"])["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["name"].as_str().unwrap().contains(part))
            .unwrap()["number"]
            .to_string()
    }
}

#[test]
fn games_lists_canadian_and_carolina_games_with_their_sides_and_hands() {
    let user = Home::new();
    user.family_games();
    let listed = user.json(&["games", "--json"]);
    let games = listed["games"].as_array().unwrap();
    assert_eq!(games.len(), 3);
    assert!(games.iter().all(|g| g.get("damaged").is_none()), "{listed}");
    let canadian = games.iter().find(|g| g["game"] == "canadian").unwrap();
    assert_eq!(canadian["finished"], true);
    assert_eq!(canadian["leaders"], json!(["alice+carol"]));
    assert_eq!(canadian["score"], 1740);
    assert_eq!(canadian["round"], 6);
    let going = games
        .iter()
        .find(|g| g["game"] == "carolina" && g["finished"] == false)
        .unwrap();
    assert_eq!(going["players"], json!(["xan", "yul"]));
    assert_eq!(going["round"], 1);
    for out in [user.run(&["games"], ""), user.play_new("games\n")] {
        assert_eq!(out.status, 0, "{}", out.stderr);
        assert!(!out.stdout.contains("damaged"), "{}", out.stdout);
        assert!(
            out.stdout.contains("alice+carol won 1740"),
            "{}",
            out.stdout
        );
        assert!(
            out.stdout.contains("Carolina Rummy hand 1"),
            "{}",
            out.stdout
        );
    }
}

#[test]
fn resume_by_number_or_name_opens_a_canadian_or_carolina_game() {
    let user = Home::new();
    user.family_games();
    let number = user.number_of("alice-bob-carol-dave");
    let out = user.play_new(&format!("resume {number}\nstatus\n"));
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Canadian Rummy"), "{}", out.stdout);
    assert!(
        out.stdout.contains("alice+carol wins with 1740"),
        "{}",
        out.stdout
    );
    // From a Canadian game in play, by name, to a Carolina game.
    let out = user.play_new(&format!("resume {number}\nresume xan-yul\nstatus\n"));
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Hand 1: xan deals"), "{}", out.stdout);
}

#[test]
fn export_writes_a_canadian_and_a_carolina_game_in_every_format() {
    let user = Home::new();
    user.family_games();
    let canadian = user.number_of("alice-bob-carol-dave");
    let json = user.json(&["export", &canadian, "--json"]);
    assert_eq!(json["game"], "canadian");
    assert_eq!(json["sides"]["alice+carol"], json!(["alice", "carol"]));
    let first = &json["rounds"][0];
    assert_eq!(first["out"], "alice");
    assert_eq!(first["table"]["alice+carol"], 305);
    assert_eq!(first["hand"]["bob+dave"], 95);
    assert_eq!(first["points"]["bob+dave"], -35);
    assert_eq!(json["rounds"].as_array().unwrap().len(), 6);
    assert_eq!(json["totals"]["alice+carol"], 1740);
    assert_eq!(json["final"], json["totals"]);
    assert_eq!(json["game_winners"], json!(["alice+carol"]));

    let out = user.run(&["export", &canadian, "--format", "csv"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(
        lines[0].starts_with("hand,out,alice+carol table,alice+carol held,alice+carol deducted"),
        "{}",
        out.stdout
    );
    assert_eq!(lines.len(), 8, "{}", out.stdout);
    assert!(
        lines[7].starts_with("winners,alice+carol,"),
        "{}",
        out.stdout
    );

    let carolina = user.number_of("ann-ben-cleo");
    let out = user.run(&["export", &carolina, "--format", "markdown"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    insta::assert_snapshot!("export_carolina_markdown", out.stdout);

    // In the REPL, the game in play.
    let out = user.play_new(&format!("resume {carolina}\nexport csv\nexport json\n"));
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("hand,out,ann table"), "{}", out.stdout);
    assert!(
        out.stdout.contains("\"game_winners\":[\"ben\"]"),
        "{}",
        out.stdout
    );
}

#[test]
fn chart_draws_the_running_totals_by_side() {
    let user = Home::new();
    user.family_games();
    let canadian = user.number_of("alice-bob-carol-dave");
    let json = user.json(&["chart", &canadian, "--json"]);
    assert_eq!(json["target"], 1500);
    assert_eq!(
        json["totals"]["bob+dave"],
        json!([-35, 310, 340, 375, 380, 295])
    );
    let out = user.run(&["chart", &canadian], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("A alice+carol 1740"), "{}", out.stdout);
    assert!(out.stdout.contains("(hand)"), "{}", out.stdout);
    let svg = user.path().join("carolina.svg");
    let carolina = user.number_of("ann-ben-cleo");
    let out = user.run(&["chart", &carolina, "--svg", svg.to_str().unwrap()], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(picture.matches("<polyline").count(), 3);
    let out = user.play_new(&format!("resume {carolina}\nchart\n"));
    assert!(out.stdout.contains("B ben 880"), "{}", out.stdout);
}

#[test]
fn stats_count_canadian_and_carolina_games_each_under_its_name() {
    let user = Home::new();
    user.family_games();
    user.two_games();
    let json = user.json(&["stats", "--json"]);
    assert_eq!(json["skipped"], json!([]));
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 3, "{json}");
    assert_eq!(games[0]["game"], "carousel");
    assert_eq!(games[0]["games"], 2, "Carousel's own figures: {json}");
    let canadian = &games[1];
    assert_eq!(canadian["game"], "canadian");
    assert_eq!(
        (canadian["games"].clone(), canadian["hands"].clone()),
        (json!(1), json!(6))
    );
    let alice = canadian["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "alice")
        .unwrap();
    assert_eq!(alice["games_won"], 1);
    assert_eq!(alice["hands_won"], 5);
    assert_eq!(alice["went_out"], 2);
    let carolina = &games[2];
    assert_eq!(carolina["game"], "carolina");
    assert_eq!(carolina["games"], 2);
    assert_eq!(carolina["finished"], 1);
    for out in [user.run(&["stats"], ""), user.play_new("stats\n")] {
        assert_eq!(out.status, 0, "{}", out.stderr);
        assert!(out.stdout.contains("Carousel: 2 games"), "{}", out.stdout);
        assert!(
            out.stdout.contains("Canadian Rummy: 1 game"),
            "{}",
            out.stdout
        );
        assert!(
            out.stdout.contains("Carolina Rummy: 2 games"),
            "{}",
            out.stdout
        );
        assert!(!out.stdout.contains("Passed over"), "{}", out.stdout);
    }
}

#[test]
fn a_finished_canadian_game_is_archived_and_still_counted_an_unfinished_one_asked_about() {
    let user = Home::new();
    user.family_games();
    let going = user.number_of("xan-yul");
    let out = user.run(&["games", "--remove", &going], "no\n");
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert!(
        out.stdout.contains("not finished: Carolina Rummy hand 1"),
        "{}",
        out.stdout
    );
    let canadian = user.number_of("alice-bob-carol-dave");
    // In the REPL with a Canadian game in play: the question, then the yes.
    let out = user.play_new(&format!(
        "resume {canadian}\narchive {canadian}\nyes\ngames\n"
    ));
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Archived "), "{}", out.stdout);
    assert_eq!(
        user.json(&["games", "--json"])["games"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let json = user.json(&["stats", "--json"]);
    let canadian = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["game"] == "canadian")
        .unwrap();
    assert_eq!(canadian["games"], 1, "{json}");
}

/// Issue: a game saved with `carousel play FILE` (as the README starts one) was not listed
/// by `games`, nor found by `stats` or a bare `resume`. Its place is remembered; a file
/// that has gone leaves the list with a note.
#[test]
fn a_game_played_in_a_file_elsewhere_is_listed_and_a_gone_one_leaves_with_a_note() {
    let user = Home::new();
    let friday = user.dir("friday.toml");
    let out = user
        .test()
        .arg("play")
        .arg(&friday)
        .stdin("new --game carolina ann ben cleo\n")
        .run();
    assert_eq!(out.status, 0, "{}", out.stderr);
    let games = user.json(&["games", "--json"]);
    let listed = games["games"].as_array().unwrap();
    assert_eq!(listed.len(), 1, "{games}");
    assert_eq!(listed[0]["name"], "friday", "{games}");
    // A bare resume finds it.
    let out = user.play_new("resume\n");
    assert!(out.stdout.contains("Resumed "), "{}", out.stdout);
    assert!(out.stdout.contains("friday.toml"), "{}", out.stdout);
    std::fs::remove_file(&friday).unwrap();
    let out = user.run(&["games"], "");
    assert!(
        out.stdout
            .contains("friday.toml is gone, so it leaves the list of games."),
        "{}",
        out.stdout
    );
    let out = user.run(&["games"], "");
    assert!(!out.stdout.contains("is gone"), "{}", out.stdout);
}
