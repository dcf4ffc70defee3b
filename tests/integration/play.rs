//! The REPL driven as a script, the way a table replays a game from a file: commands piped
//! to stdin, the saved record checked, `carousel tally` run on it. What the referee says for
//! the lines a player types is in the transcripts of `tests/transcripts/`; here are what only
//! the process shows: its exit status, the files it writes or leaves alone, a kill.

use crate::test::{Home, example_text as example};
use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn lines_of(script: &str) -> Vec<&str> {
    script.lines().collect()
}

/// Replays an example, checks it ran clean, and that `tally` on the saved record shows
/// the very scoreboard the REPL showed last.
fn replay_example(name: &str) -> (Home, serde_json::Value) {
    let user = Home::new();
    let script = format!("{}\nscoreboard\n", example(name));
    let out = user
        .test()
        .arg("play")
        .arg(user.dir("game.toml"))
        .stdin(script)
        .stderr("")
        .run()
        .stdout;
    let board = user
        .test()
        .arg("tally")
        .arg(user.dir("game.toml"))
        .run()
        .stdout;
    assert!(board.contains("Game over"), "{board}");
    assert!(
        out.ends_with(&board),
        "{name}: the REPL's last scoreboard\n{out}\nis not tally's\n{board}"
    );
    let json = user.tally_json("game.toml");
    (user, json)
}

#[test]
fn example_two_players_replays_to_ann_winning_after_a_stock_out() {
    let (_, tally) = replay_example("two-players.carousel");
    assert_eq!(tally["final"], serde_json::json!({"ann": 305, "ben": 82}));
    assert_eq!(tally["game_winners"], serde_json::json!(["ann"]));
    assert_eq!(tally["rounds"][2]["points"]["ann"], 136);
}

#[test]
fn example_three_players_replays_to_bob_winning() {
    let (user, tally) = replay_example("three-players.carousel");
    assert_eq!(
        tally["final"],
        serde_json::json!({"alice": 168, "bob": 288, "carol": 127})
    );
    assert_eq!(tally["game_winners"], serde_json::json!(["bob"]));
    let record = user.record("game.toml");
    assert!(
        record.contains("\"alice: play 1 = 8h 9h 10h | 7s 7d *7c\""),
        "the joker released and stated again: {record}"
    );
}

#[test]
fn example_five_players_replays_with_an_undercut_and_ties() {
    let (_, tally) = replay_example("five-players.carousel");
    assert_eq!(
        tally["final"],
        serde_json::json!({"ann": 278, "ben": 143, "cat": 95, "dan": 0, "eve": 101})
    );
    assert_eq!(
        tally["rounds"][1]["winners"],
        serde_json::json!(["ann", "eve"])
    );
    assert_eq!(tally["rounds"][2]["winners"], serde_json::json!(["ben"]));
}

#[test]
fn a_script_reads_lines_with_no_prompt_and_saves_in_the_data_directory() {
    let user = Home::new();
    let stdout = user
        .test()
        .stdin("# a comment\nnew alice bob\n\ndraw   # bob draws\n")
        .run()
        .stdout;
    assert!(!stdout.contains("> "), "no prompt: {stdout}");
    assert!(
        stdout.contains("bob draws (first draw): 11 cards in hand, stock 32."),
        "{stdout}"
    );
    let games = user.games();
    assert_eq!(games.len(), 1, "{games:?}");
    let name = games[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.ends_with("-alice-bob.toml"), "{name}");
    let record = std::fs::read_to_string(&games[0]).unwrap();
    assert!(record.contains("log = [\"bob: draw\"]"), "{record}");
    // A second game never takes the first one's file.
    user.test().stdin("new alice bob\n").run();
    assert_eq!(user.games().len(), 2);
}

#[test]
fn the_saved_record_is_a_tally_record_of_the_finished_rounds() {
    let user = Home::new();
    let script = "new alice bob carol\nrules hand-size 3\ndraw\nmeld 3s 4s 5s\nknock 4\nhand alice 12\nhand carol 9\ndraw\n";
    let (_, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    let tally = user.tally_json("g.toml");
    assert_eq!(
        tally["totals"],
        serde_json::json!({"alice": 0, "bob": 8 + 5, "carol": 0})
    );
    assert_eq!(tally["finished"], false);
    let record = user.record("g.toml");
    assert!(record.contains("[[round]]\nknocker = \"bob\""), "{record}");
    assert!(record.contains("hand-size = 3"), "{record}");
    assert!(
        record.contains("\"carol: draw\""),
        "the round in progress: {record}"
    );
}

#[test]
fn resume_goes_on_exactly_where_the_game_stopped() {
    let script = example("three-players.carousel");
    let lines = lines_of(&script);
    let whole = Home::new();
    assert_eq!(whole.play("g.toml", &script).2, 0);
    for cut in [9, 14, 20, 33, 40] {
        let user = Home::new();
        let (first, second) = lines.split_at(cut);
        assert_eq!(user.play("g.toml", &first.join("\n")).2, 0, "cut at {cut}");
        let (_, err, code) = user.play("g.toml", &second.join("\n"));
        assert_eq!(code, 0, "cut at {cut}: {err}");
        assert_eq!(
            user.record("g.toml"),
            whole.record("g.toml"),
            "cut at {cut}"
        );
    }
}

#[test]
fn kill_9_mid_game_loses_nothing_and_the_game_resumes_to_the_same_state() {
    // Kill it in round 3's hands, once a line of one step is on disk.
    kill_9_and_resume("five-players.carousel", "hand eve 40", "eve: hand 40");
}

/// Plays an example whole, and again with a kill -9 once the line starting `cut_after` is
/// on disk (its log line `on_disk`), then resumes: the two saved games are the same.
fn kill_9_and_resume(name: &str, cut_after: &str, on_disk: &str) -> String {
    let script = example(name);
    let lines = lines_of(&script);
    let whole = Home::new();
    assert_eq!(whole.play("g.toml", &script).2, 0);
    let user = Home::new();
    let path = user.dir("g.toml");
    let mut child = user
        .command()
        .arg("play")
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let cut = lines.iter().position(|l| l.starts_with(cut_after)).unwrap() + 1;
    let mut stdin = child.stdin.take().unwrap();
    for line in &lines[..cut] {
        writeln!(stdin, "{line}").unwrap();
    }
    stdin.flush().unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while !std::fs::read_to_string(&path).is_ok_and(|t| t.contains(on_disk)) {
        assert!(Instant::now() < deadline, "the step never reached the disk");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    let (out, err, code) = user.play("g.toml", &lines[cut..].join("\n"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(user.record("g.toml"), whole.record("g.toml"));
    out
}

#[test]
fn a_damaged_file_is_reported_and_never_overwritten() {
    let user = Home::new();
    let damaged = "players = [\"alice\", \"bob\"]\n[play]\nfirst-dealer = \"alice\"\nlog = [\"bob: draw\", \"bob: fly\"]\n";
    std::fs::write(user.dir("g.toml"), damaged).unwrap();
    let (out, err, code) = user.play("g.toml", "draw\nnew ann ben\n");
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("g.toml is damaged and was left as it is"),
        "{err}"
    );
    assert!(err.contains("step 2 \"bob: fly\""), "{err}");
    assert_eq!(user.record("g.toml"), damaged);
    std::fs::write(user.dir("g.toml"), "players = [").unwrap();
    assert_eq!(user.play("g.toml", "").2, 2);
    assert_eq!(user.record("g.toml"), "players = [");
}

#[test]
fn house_rules_from_a_file_the_config_directory_and_the_rules_command() {
    let user = Home::new();
    let out = user
        .test()
        .write("house.toml", "target = 100\nknock-limit = 7\n")
        .args(["play", "--rules"])
        .arg(user.dir("house.toml"))
        .arg(user.dir("g.toml"))
        .stdin("new alice bob\nrules\nrules meld-after-third-draw on\nrules save\ndraw\nrules target 50\n")
        .any_status()
        .run();
    let (stdout, stderr) = (out.stdout, out.stderr);
    assert!(
        stdout.contains("target                  100  a game ends"),
        "{stdout}"
    );
    assert!(stdout.contains("(default 150)"), "{stdout}");
    assert!(
        stdout.contains("meld-after-third-draw is now on for this game."),
        "{stdout}"
    );
    // A house rule changes at any time, as a step of the game that later totals follow.
    assert!(
        stdout.contains("target is now 50 for this game."),
        "{stdout}"
    );
    assert!(stderr.is_empty(), "{stderr}");
    let saved =
        std::fs::read_to_string(user.dir("config").join("carousel").join("rules.toml")).unwrap();
    assert!(
        saved.contains("knock-limit = 7") && saved.contains("meld-after-third-draw = true"),
        "{saved}"
    );
    // New games now start with the saved rules.
    let (out, _, _) = user.play("h.toml", "rules knock-limit\n");
    assert!(out.contains("knock-limit is 7"), "{out}");
    // A saved game keeps its own rules.
    let err = user
        .test()
        .args(["play", "--rules"])
        .arg(user.dir("house.toml"))
        .arg(user.dir("g.toml"))
        .status(2)
        .run()
        .stderr;
    assert!(
        err.contains("keeps the house rules it started with"),
        "{err}"
    );
}

#[test]
fn a_rules_file_no_game_reads_names_the_file_and_what_the_first_game_said() {
    let user = Home::new();
    let err = user
        .test()
        .write("house.toml", "nope = 1\n")
        .args(["play", "--rules"])
        .arg(user.dir("house.toml"))
        .arg(user.dir("g.toml"))
        .status(2)
        .run()
        .stderr;
    assert!(
        err.starts_with(&format!(
            "carousel: {}: house rules: \"nope\" is not a house rule; the rules are target,",
            user.dir("house.toml").display()
        )),
        "{err}"
    );
    assert!(!user.dir("g.toml").exists());
}

/// Replays a Canadian or Carolina example and checks that its saved record tallies exactly
/// as the hand-written record of the same game in `examples/`.
fn replay_other_game(script: &str, record: &str) -> (Home, serde_json::Value) {
    let (user, json) = replay_example(script);
    let written = user
        .test()
        .args(["tally", "--json"])
        .arg(crate::test::example(record))
        .run()
        .json();
    assert_eq!(json, written, "{script} and {record} tally alike");
    (user, json)
}

#[test]
fn example_canadian_replays_to_alice_and_carol_winning_at_1500() {
    let (user, tally) = replay_other_game("canadian.carousel", "canadian-game.toml");
    assert_eq!(tally["game"], "canadian");
    assert_eq!(
        tally["final"],
        serde_json::json!({"alice+carol": 1740, "bob+dave": 295})
    );
    assert_eq!(tally["game_winners"], serde_json::json!(["alice+carol"]));
    let record = user.record("game.toml");
    assert!(record.starts_with("# A game of Canadian Rummy"), "{record}");
    assert!(
        record.contains("\"hand dave: 50\"") && record.contains("\"fix 3 out carol "),
        "dave's slip in hand 3 and its fix: {record}"
    );
}

#[test]
fn example_carolina_replays_to_ben_winning_with_sets_of_threes() {
    let (_, tally) = replay_other_game("carolina.carousel", "carolina-game.toml");
    assert_eq!(tally["game"], "carolina");
    assert_eq!(tally["game_winners"], serde_json::json!(["ben"]));
    assert_eq!(tally["rounds"][0]["points"]["ann"], 235);
}

#[test]
fn canadian_kill_9_mid_game_loses_nothing_and_the_game_resumes_to_the_same_state() {
    let out = kill_9_and_resume("canadian.carousel", "melds bob 120", "\"melds bob: 120\"");
    assert!(out.contains("Game over after hand 6"), "{out}");
}

/// `--echo` turns a script into the transcript a terminal shows: each line after its prompt.
#[test]
fn echo_prints_each_line_after_its_prompt() {
    let user = Home::new();
    let out = user
        .test()
        .args(["play", "--echo"])
        .arg(user.dir("g.toml"))
        .stdin("new ann ben\ndraw\n")
        .any_status()
        .run()
        .stdout;
    assert!(out.starts_with("carousel> new ann ben\n"), "{out}");
    assert!(out.contains("\nben to draw> draw\n"), "{out}");
}

#[test]
fn resume_alone_goes_on_with_the_latest_unfinished_game_of_any_game() {
    let user = Home::new();
    user.test()
        .arg("play")
        .stdin("new --game carolina ann ben\nout ann\n")
        .run();
    let text = user
        .test()
        .arg("play")
        .stdin("resume\nhand ann 0\n")
        .any_status()
        .run()
        .stdout;
    assert!(
        text.contains("Resumed") && text.contains("Carolina Rummy: ann and ben"),
        "{text}"
    );
    assert!(text.contains("ann's hand counts 0."), "{text}");
    let games = user.games();
    assert_eq!(games.len(), 1, "{games:?}");
    assert!(
        std::fs::read_to_string(&games[0])
            .unwrap()
            .contains("\"hand ann: 0\"")
    );
}

impl Home {
    /// `carousel play --rules RULES` with a rules file of `rules` and a script, in a game
    /// file of its own.
    fn play_with_rules(&self, rules: &str, script: &str) -> (String, String, i32) {
        let path = self.dir("rules.toml");
        std::fs::write(&path, rules).unwrap();
        let out = self
            .test()
            .arg("play")
            .arg(self.dir("g.toml"))
            .arg("--rules")
            .arg(&path)
            .stdin(script)
            .any_status()
            .run();
        (out.stdout, out.stderr, out.status)
    }
}

/// docs/rules.md#canadian-deck-and-deal: a game whose deal does not fit the deck (players x hand size + 1 >
/// 108) is refused: 8 players of 14 cards need 113.
#[test]
fn play_rules_file_a_deal_the_108_cards_cannot_make_is_refused() {
    let user = Home::new();
    let (out, err, code) = user.play_with_rules(
        "[rules]\nhand-size = 14\n",
        "new --game carolina a b c d e f g h\n",
    );
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("14 cards to each of 8 players and one to start the pile need 113 cards; the deck holds 108"),
        "{err}"
    );
    assert!(!out.contains("New game"), "{out}");
    assert!(!user.dir("g.toml").exists());
}

#[test]
fn example_corrections_replays_with_two_fixes_and_rounds_from_paper() {
    let (user, tally) = replay_example("corrections.carousel");
    assert_eq!(
        tally["final"],
        serde_json::json!({"alice": 0, "bob": 320, "carol": 44})
    );
    assert_eq!(tally["rounds"][1]["points"]["bob"], 43);
    let record = user.record("game.toml");
    // A fix is logged as the round's whole corrected result.
    assert!(
        record.contains("\"fix 1 knock bob alice=55 bob='As 2d' carol=37\""),
        "{record}"
    );
    assert!(
        record.contains("\"round out carol alice=30 bob=22\""),
        "{record}"
    );
    // The example ends with an export of the corrected game.
    let (out, err, code) = user.play("game.toml", "export markdown\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("| 2 | - | bob (went out) | 0 | +43 = 129 | 0 |"),
        "{out}"
    );
    assert!(out.contains("- Round 1: bob 52 + 34 = 86"), "{out}");
}

/// A saved game edited by hand is refused with the round, the key, both values and the fix.
#[test]
fn a_hand_edited_record_names_what_differs_and_the_fix() {
    let user = Home::new();
    let (_, err, code) = user.play(
        "g.toml",
        "new alice bob carol\nround knock bob alice=12 bob=3 carol=35\n",
    );
    assert_eq!(code, 0, "{err}");
    let path = user.dir("g.toml");
    let text = user.record("g.toml").replace("carol = 35", "carol = 45");
    std::fs::write(&path, &text).unwrap();
    let (_, err, code) = user.play("g.toml", "status\n");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("round 1, hands.carol: the record says 45, but the log of play gives 35. The file is left as it is: put it back to 35 and type fix 1 hand carol 45 in the game"),
        "{err}"
    );
    assert_eq!(user.record("g.toml"), text, "the file is not overwritten");
}

/// Names of two words are kept in the saved game: it opens again with them, and its record
/// tallies under them. (What the referee says for each name typed in quotes is the
/// transcript `tests/transcripts/names-in-quotes.txt`.)
#[test]
fn names_of_two_words_are_kept_in_the_saved_game() {
    let user = Home::new();
    let script = "\
new \"Mary Jo\" bob \"Ann Marie\"
dealer \"Ann Marie\"
round knock \"Mary Jo\" \"Mary Jo\"=3 bob=20 \"Ann Marie\"=30
cards \"Ann Marie\" 9
fix 1 hand \"Ann Marie\" 31
";
    let (_, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    let tally = user.tally_json("g.toml");
    assert_eq!(tally["totals"]["Mary Jo"], 45, "{tally}");
    let (out, err, code) = user.play("g.toml", "status\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Cards in hand: Mary Jo 10, bob 10, Ann Marie 9."),
        "{out}"
    );
}

/// The exit status of a script is its worst line, as the process ends with it: 0 when every
/// line was taken, 1 when one was refused by the rules (a draw beyond the turn's three, a
/// step at the wrong stage), 2 when one was not understood, even after refusals. The
/// transcripts of `tests/transcripts/` show what the referee says for each of these lines.
#[test]
fn a_scripts_exit_status_is_its_worst_line() {
    for (script, status) in [
        ("new alice bob\ndraw\nmeld 7h 8h 9h\ndone\n", 0),
        ("new alice bob\ndraw\ndone\n", 1),
        ("new ann ben\ndraw 4\ndraw\ndraw 3\nstatus\n", 1),
        (
            "new ann ben\nrules target 10\nrules hand-size 4\ndraw\nmeld 7h 8h 9h\nknock 2\n\
             draw\nhand ann 40\ndraw\n",
            1,
        ),
        (
            "new alice bob carol\ndraw 4\ndraw 3\nmeld 3s 4s 5s\ndance\ndone\n",
            2,
        ),
    ] {
        let (_, err, code) = Home::new().play("g.toml", script);
        assert_eq!(code, status, "{script}{err}");
    }
}
