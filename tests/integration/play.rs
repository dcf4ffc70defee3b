//! The REPL driven as a script, the way a table replays a game from a file: commands piped
//! to stdin, the saved record checked, `carousel tally` run on it.

use crate::test::{Home, Test, example_text as example};
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
    for cut in [9, 20, 33, 46] {
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
    // Kill it after round 3's first meld.
    kill_9_and_resume(
        "five-players.carousel",
        "meld 10c Jc Qc Kc",
        "dan: play = 10c Jc Qc Kc",
    );
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
fn refused_and_misunderstood_lines_are_explained_and_change_nothing() {
    let user = Home::new();
    let script = "new alice bob carol\ndraw 4\ndraw 3\nmeld 3s 4s 5s\ndance\ndone\ndraw\nmeld 7h 8h 10h\nstatus\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 2, "a line not understood outranks a refusal");
    assert!(
        err.contains("line 2: refused: bob may draw 3 more this turn, not 4; nothing was drawn"),
        "{err}"
    );
    assert!(
        err.contains(
            "line 4: refused: bob has drawn a third card, and there is no meld after the third draw"
        ),
        "{err}"
    );
    assert!(
        err.contains("line 5: error: \"dance\" is not a command (did you mean done?)"),
        "{err}"
    );
    assert!(
        err.contains("M3  7h 8h 10h: not a run, 9h is missing between 8h and 10h"),
        "{err}"
    );
    assert!(err.contains("Nothing changed."), "{err}");
    assert!(
        out.contains("Stock 72. Cards in hand: alice 10, bob 13, carol 11.\nTable: empty."),
        "{out}"
    );
    let (_, _, code) = user.play("h.toml", "new alice bob\ndraw\ndone\n");
    assert_eq!(code, 1, "a refusal alone");
}

#[test]
fn a_turn_as_at_the_table_moves_adds_and_rearranges_by_meld_number() {
    let user = Home::new();
    let script = "\
new alice bob carol
draw
meld 3s 4s 5s 6s | 3h 4h 5h 6h
done
draw
1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d
add 1 2s
done
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Legal: carol played 6d; 10 cards left in hand."),
        "{out}"
    );
    assert!(
        out.contains("   1  2s 3s 4s 5s   <- new\n   2  3h 4h 5h\n   3  6s 6h 6d\n"),
        "{out}"
    );
    assert!(out.contains("alice's turn: draw. Stock 74."), "{out}");
}

#[test]
fn check_judges_without_changing_anything() {
    let user = Home::new();
    let script = "new alice bob carol\ndraw\nmeld 8h 9h *10h\ndone\ncheck 1 = 6h *7h 8h 9h\ncheck 1 = 8h 9h 10h | 7s 7d *7c\nstatus\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "Illegal: 1 rule broken.\n  M4  the joker that stood for 10h now stands for 7h"
        ),
        "{out}"
    );
    assert!(
        out.contains("Legal: 7s 7d 10h played from the hand."),
        "{out}"
    );
    assert!(
        out.contains("But not now: carol has not drawn yet; a turn begins with a draw."),
        "{out}"
    );
    assert!(out.contains("   1  8h 9h *10h\n"), "{out}");
}

#[test]
fn undo_goes_back_across_a_round_and_history_shows_every_step() {
    let user = Home::new();
    let script = "new ann ben\nrules hand-size 3\ndraw\nmeld 7h 8h 9h\nknock 4\nhand ann 9\ndraw\nundo 2\nhand ann 7\nhistory\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Undone: ann: draw\nUndone: ann: hand 9\n"),
        "{out}"
    );
    assert!(
        out.contains("Round 1, dealt by ann:\n   1  rules hand-size = 3 (was 10)\n   2  ben: draw   (stock 46)\n   3  ben: play = 7h 8h 9h   (played 7h 8h 9h, 1 card left)\n   4  ben: knock 4   (round over)\n   5  ann: hand 7   (counts 7; round 1 scored: ben +3)\n"),
        "{out}"
    );
    let tally = user.tally_json("g.toml");
    assert_eq!(tally["totals"], serde_json::json!({"ann": 0, "ben": 3}));
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
fn help_explains_every_command_with_examples() {
    let user = Home::new();
    let (out, err, code) = user.play(
        "g.toml",
        "help\nhelp add\nhelp =\nhelp turn\nhelp nothing\n",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        out.contains("N M = MELDS      rearrange: melds N and M"),
        "{out}"
    );
    assert!(
        out.contains("add N CARDS\n  Adds cards from the hand to meld N"),
        "{out}"
    );
    assert!(
        out.contains("1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d       (the hand gave 6d)"),
        "{out}"
    );
    assert!(out.contains("no meld\n     after the third draw"), "{out}");
    assert!(err.contains("no help on \"nothing\""), "{err}");
}

#[test]
fn hands_are_checked_against_the_cards_the_referee_counts() {
    let user = Home::new();
    let script = "new ann ben\nrules hand-size 6\ndraw\nmeld 7h 8h 9h\nhand ben 4s Ah 2c 3d\nknock 4\nhand ann 2\nhand ann Kd Qd\nhand ann Kd Qd Jd 10d 9d 8d\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 2, "{err}");
    assert!(
        out.contains("ben's hand 4s Ah 2c 3d counts 10: too much to knock (the knock limit is 5)."),
        "{out}"
    );
    assert!(
        err.contains("ann holds 6 cards, which count 8 to 75 with the cards still out of sight; 2 cannot be their count"),
        "{err}"
    );
    assert!(
        err.contains("ann holds 6 cards by the referee's count, but 2 cards were given (Kd Qd)"),
        "{err}"
    );
    assert!(out.contains("ann's hand counts 57."), "{out}");
}

#[test]
fn turn_draw_n_is_all_or_nothing() {
    let user = Home::new();
    let (out, err, code) = user.play("g.toml", "new ann ben\ndraw 4\ndraw\ndraw 3\nstatus\n");
    assert_eq!(code, 1, "a refused line makes the exit status 1: {err}");
    assert!(
        err.contains("ben may draw 3 more this turn, not 4; nothing was drawn"),
        "{err}"
    );
    assert!(
        err.contains("ben may draw 2 more this turn, not 3; nothing was drawn"),
        "{err}"
    );
    // Only the single draw happened: ben holds 11.
    assert!(out.contains("Cards in hand: ann 10, ben 11."), "{out}");
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

#[test]
fn canadian_refused_and_misunderstood_lines_change_nothing() {
    let user = Home::new();
    let script = "new --game canadian alice bob carol dave\n\
                  melds alice Ks Qh 2c\n\
                  hand alice Kd\n\
                  out alice\n\
                  melds alice 2c 2d *\n\
                  teams alice+bob carol+dave\n\
                  fly\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("line 2: error: \"Ks Qh 2c\" (meld 1): not a set"),
        "{err}"
    );
    assert!(err.contains("line 4: refused: alice holds Kd"), "{err}");
    assert!(
        err.contains("line 5: error: \"2c 2d *\" (meld 1): no natural card"),
        "{err}"
    );
    assert!(
        err.contains(
            "line 6: refused: the teams can be changed only before the first hand is entered"
        ),
        "{err}"
    );
    assert!(
        err.contains("line 7: error: \"fly\" is not a command"),
        "{err}"
    );
    let record = user.record("g.toml");
    assert!(
        record.contains("log = [\"hand alice: Kd\"]") || record.contains("\"hand alice: Kd\",\n]"),
        "{record}"
    );
}

#[test]
fn carolina_teams_rules_pile_and_check_in_the_repl() {
    let user = Home::new();
    let script = "new --game carolina ann ben cleo dan --teams \"ann+cleo ben+dan\"\n\
                  rules wild-pickup on\n\
                  pile Kd with Ks 3c\n\
                  pile 3d with 3s 3h\n\
                  check 3s 3h 2c\n\
                  check 3c on Ks Kh Kd\n\
                  rules\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("ann+cleo against ben+dan"), "{out}");
    assert!(
        out.contains("Yes: Ks and 3c take the pile with Kd"),
        "{out}"
    );
    assert!(out.contains("No: the top card 3d is wild"), "{out}");
    assert!(
        out.contains("Yes, a legal set: 3s 3h 2c (threes 15)"),
        "{out}"
    );
    assert!(
        out.contains("Yes: 3c may be laid on the set: Ks Kh Kd 3c (kings 40)"),
        "{out}"
    );
    assert!(
        out.contains("wild-pickup              on  one of the two cards"),
        "{out}"
    );
    let record = user.record("g.toml");
    assert!(
        record.contains("game = \"carolina\"") && record.contains("wild-pickup = true"),
        "{record}"
    );
}

/// docs/rules.md#a-turn-is-judged-whole: one real 10h releases one joker, however many moves
/// the player types. The second move here is judged with the first, from the table at the
/// start of the turn, exactly as `check` judges the same end state.
#[test]
fn turn_judged_whole_one_real_card_releases_one_joker_across_two_moves() {
    let user = Home::new();
    let script = "\
new alice bob carol
draw
meld 8h 9h *10h | 10s 10d 10c *10h
done
draw
1 = 8h 9h 10h | 7s 7d *7c
2 = 10s 10d 10c | Jd Qd *Kd
status
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 1, "an illegal move is a refusal: {err}");
    assert!(
        err.contains("line 7: Illegal: 1 rule broken.\n  M4  2 jokers stood for 10h and both stand for other cards after (7c and Kd), but the 1 real 10h on the table releases only one of them"),
        "{err}"
    );
    assert!(
        err.contains("(A turn is judged whole: with carol's earlier moves, from the table at the start of the turn.)"),
        "{err}"
    );
    assert!(out.contains("   2  10s *10h 10d 10c\n"), "{out}");
    // `check` of the same end state says the same.
    user.test()
        .args([
            "check",
            "--before",
            "8h 9h *10h | 10s 10d 10c *10h",
            "--after",
            "8h 9h 10h | 7s 7d *7c | 10s 10d 10c | Jd Qd *Kd",
        ])
        .status(1)
        .stdout_has("M4  2 jokers stood for 10h")
        .run();
}

/// Undo of one move of a turn leaves the turn judged whole from its start.
#[test]
fn turn_judged_whole_after_undo_of_one_move() {
    let user = Home::new();
    let script = "\
new alice bob carol
draw
meld 8h 9h *10h | 10s 10d 10c *10h
done
draw
1 = 8h 9h 10h | 7s 7d *7c
meld Ks Kh Kc
undo
2 = 10s 10d 10c | Jd Qd *Kd
check 2 = 10s 10d 10c | Jd Qd *Kd
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("Undone: carol: play = Ks Kh Kc"), "{out}");
    assert!(
        err.contains("line 9: Illegal: 1 rule broken.\n  M4"),
        "{err}"
    );
    assert!(
        out.contains("M4  2 jokers stood for 10h and both stand for other cards after"),
        "check judges the same: {out}"
    );
}

/// A move later in the turn that keeps every joker's card is legal, and shows only the
/// cards it lays itself.
#[test]
fn turn_judged_whole_a_later_move_lays_its_own_cards() {
    let user = Home::new();
    let script = "\
new alice bob carol
draw
meld 8h 9h *10h | 10s 10d 10c *10h
done
draw
1 = 8h 9h 10h | 7s 7d *7c
add 3 7h
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Legal: carol played 7h; 7 cards left in hand."),
        "{out}"
    );
}

/// docs/rules.md#going-out: going out is no cards left. Under `joker-value = 0` a knock with a joker in
/// hand is a knock that counts 0, not going out, and the round is scored.
#[test]
fn a_hand_of_jokers_counting_0_is_a_knock_not_going_out() {
    let user = Home::new();
    let script = "\
new ann ben
rules joker-value 0
rules hand-size 3
draw
meld 7h 8h 9h
knock *
hand ann 3s 4s 5d
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("ben knocks: round 1 is over."), "{out}");
    // 3 + 4 + 5 less ben's 0: a knock, with no going-out bonus.
    let tally = user.tally_json("g.toml");
    assert_eq!(tally["rounds"][0]["points"]["ben"], 12, "{tally}");
    assert!(user.record("g.toml").contains("knocker = \"ben\""));
}

/// docs/rules.md#stock-out-and-the-last-lap: a turn that would begin with no stock begins the last lap.
#[test]
fn an_empty_stock_at_the_start_of_a_turn_starts_the_last_lap() {
    let user = Home::new();
    let script = "\
new ann ben
cards ann 43
status
meld 7h 8h 9h
done
done
hand ann 300
hand ben 30
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("ann holds 43 cards (the referee counted 10); stock 0.\nThe stock is out: the last lap begins, one more turn each to meld without drawing.\nben's turn, 2 turns left in the lap"),
        "{out}"
    );
    assert!(out.contains("Legal: ben played 7h 8h 9h"), "{out}");
    assert!(
        out.contains("The last lap is over: round 1 is over."),
        "{out}"
    );
}

/// Every card the referee can see is checked at once: a hand counted during play may not
/// hold a card the table has every copy of, and no count beyond what the deck can give.
#[test]
fn hands_are_checked_against_the_deck_when_typed() {
    let user = Home::new();
    let script = "\
new ann ben
rules hand-size 3
draw
meld 7h 8h 9h
hand ben 7h 8h As
knock As
hand ann 75
hand ann 45
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 5: error: 7h appears 2 times"), "{err}");
    assert!(
        err.contains("line 7: error: ann holds 3 cards, which count 3 to 45 with the cards still out of sight; 75 cannot be their count"),
        "{err}"
    );
    assert!(out.contains("ann's hand counts 45."), "{out}");
}

/// `solve`, the one-shot command's name, is `hint` inside a game (rather than "did you mean
/// rearrange?"): the best play of a hand on the game's table.
#[test]
fn solve_inside_a_game_is_hint() {
    let user = Home::new();
    let (out, err, code) = user.play(
        "g.toml",
        "new ann ben
draw
solve 7h 8h 9h Ks
",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Left in hand: Ks (deadwood 10)."), "{out}");
}

/// The one-shot command's options typed inside the REPL are named as options, not read as
/// cards, with the way to ask about another table.
#[test]
fn solve_with_the_one_shot_options_inside_a_game_says_where_they_belong() {
    let user = Home::new();
    let (_, err, code) = user.play(
        "g.toml",
        "new ann ben
solve --table \"7h 8h 9h\" --hand \"10h\"
arrange --rules house.toml 7h 8h 9h
hint 7h --hand 8h
",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains(
            "line 2: error: \"--table\": solve takes no options here, only the hand's cards \
             (solve 7h 9h Js *), played on this game's table; to ask about another table, run \
             carousel solve --table TABLE --hand HAND in a shell"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "line 3: error: \"--rules\": arrange takes no options here, only the cards \
             (arrange 7h 8h 9h *); it follows the house rules that rules shows"
        ),
        "{err}"
    );
    assert!(
        err.contains("line 4: error: \"--hand\": hint takes no options here"),
        "{err}"
    );
}

/// `undo` before any step says the same words in every game of the family.
#[test]
fn undo_before_any_step_says_the_same_in_every_game() {
    for new in [
        "new ann ben",
        "new --game canadian ann ben cleo dan",
        "new --game carolina ann ben",
    ] {
        let user = Home::new();
        let (_, err, code) = user.play("g.toml", &format!("{new}\nundo\n"));
        assert_ne!(code, 0, "{new}");
        assert!(
            err.contains("line 2: refused: nothing to undo: no step has been taken yet"),
            "{new}: {err}"
        );
    }
}

/// After the third draw there is no meld: `hint` says so instead of offering one, and a
/// turn whose draws emptied the stock is not told to draw again.
#[test]
fn hint_and_status_follow_the_moment_of_the_turn() {
    let user = Home::new();
    let script = "\
new ann ben
draw 3
hint 7h 8h 9h Ks
done
cards ben 42
draw
status
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "No meld now: ben has drawn a third card, and there is no meld after the third draw"
        ),
        "{out}"
    );
    assert!(
        out.contains("Left in hand: 7h 8h 9h Ks (deadwood 34).\nNo knock"),
        "{out}"
    );
    assert!(!out.contains("Best play"), "{out}");
    assert!(
        out.contains("ann has drawn 1 card and the stock is empty: meld, knock or done (the last lap follows)."),
        "{out}"
    );
}

#[test]
fn draw_n_beyond_the_stock_blames_the_stock_not_the_turn() {
    let user = Home::new();
    let (out, err, code) = user.play("g.toml", "new ann ben\ncards ann 41\ndraw 3\nstatus\n");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("line 3: refused: the stock held only 2 cards, not 3; nothing was drawn"),
        "{err}"
    );
    assert!(out.contains("Stock 2."), "{out}");
}

#[test]
fn one_hand_waiting_is_asked_for_by_name() {
    let user = Home::new();
    let script = "new ann ben\nrules hand-size 4\ndraw\nmeld 7h 8h 9h\nknock 2\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Give ann's hand, as cards or a count"),
        "{out}"
    );
    assert!(!out.contains("the hands of ann"), "{out}");
}

#[test]
fn undo_of_more_steps_than_taken_says_how_many_there_are() {
    let user = Home::new();
    let (_, err, code) = user.play("g.toml", "new ann ben\ndraw\nundo 5\n");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("only 1 step has been taken, so undo takes 1, not 5"),
        "{err}"
    );
}

#[test]
fn a_meld_typed_again_unchanged_is_not_marked_new_and_cards_read_in_rank_order() {
    let user = Home::new();
    let script = "\
new alice bob carol
draw
meld Ks Kh Kc | 3h 4h 5h
done
draw
1 2 = Ks Kh Kc | 3h 4h 5h 6h | 2c 2d *2s
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Legal: carol played 2d 2c 6h *; 7 cards left in hand."),
        "{out}"
    );
    assert!(
        out.contains("   1  Ks Kh Kc\n   2  3h 4h 5h 6h   <- new\n   3  *2s 2d 2c   <- new\n"),
        "{out}"
    );
}

#[test]
fn rules_target_0_is_refused() {
    let user = Home::new();
    let (_, err, code) = user.play("g.toml", "rules target 0\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the target is 1 or more"), "{err}");
}

#[test]
fn corrections_in_the_last_lap_leave_the_stock_out() {
    let user = Home::new();
    let script = "new ann ben\ncards ann 43\ncards ann 20\nstatus\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("ann holds 20 cards (the referee counted 43); stock 0."),
        "{out}"
    );
    assert!(!out.contains("stock 23"), "{out}");
}

#[test]
fn a_table_correction_asks_whose_the_cards_were() {
    let user = Home::new();
    let (out, err, code) = user.play(
        "g.toml",
        "new ann ben\ntable 7h 8h 9h\ntable 7h 8h 9h 10h | Ks Kh Kc\ntable Ks Kh Kc\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Whose were the 3 more? As it stands they came from the stock; if a player laid them, cards NAME N corrects that player's count."),
        "{out}"
    );
    assert!(out.contains("Where did the 4 fewer go?"), "{out}");
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

/// `rules KEY = VALUE` is read as Carousel's referee reads it (docs/commands.md#play), by
/// the referee of Canadian and Carolina Rummy too, before the game's first hand.
#[test]
fn canadian_rules_key_equals_value_changes_the_rule_before_the_game_starts() {
    let user = Home::new();
    let script = "new --game canadian alice bob carol dave\n\
                  rules target = 1000\n\
                  rules target\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("target is now 1000 for this game."), "{out}");
    assert!(out.contains("target is 1000:"), "{out}");
    let record = user.record("g.toml");
    assert!(record.contains("target = 1000"), "{record}");
}

#[test]
fn play_rules_file_of_these_games_keys_starts_their_new_game() {
    let user = Home::new();
    let rules = user.dir("rules.toml");
    std::fs::write(&rules, "[rules]\ntarget = 1000\njokers-not-wild = true\n").unwrap();
    let text = user
        .test()
        .arg("play")
        .arg(user.dir("g.toml"))
        .arg("--rules")
        .arg(&rules)
        .stdin("new --game canadian a b c d\ncheck * * 2c\n")
        .any_status()
        .run()
        .stdout;
    assert!(
        text.contains("the game ends when a side reaches 1000"),
        "{text}"
    );
    assert!(text.contains("2s are wild; jokers are not"), "{text}");
    assert!(
        text.contains("Yes, a legal set: * * 2c (jokers 150)"),
        "{text}"
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

/// `hand-size` and `target` are keys of every game: a file of them applies to a new game
/// of Carolina Rummy as much as to Carousel.
#[test]
fn play_rules_file_of_shared_keys_applies_to_a_new_carolina_game() {
    let user = Home::new();
    let (out, err, code) = user.play_with_rules(
        "[rules]\nhand-size = 14\n",
        "new --game carolina a b c d e f g\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("14 cards each"), "{out}");
}

/// With no game in play, `rules KEY VALUE` sets the next new game's rules, and which game
/// that is may come after (docs/commands.md#play): a key of Canadian and Carolina Rummy
/// alone is kept for their next new game and said with their name, not refused as no
/// house rule; a key of both games applies to a new game of either, as a rules file of
/// those keys does.
#[test]
fn rules_before_any_game_are_kept_for_the_game_whose_key_it_is() {
    let user = Home::new();
    user.test()
        .arg("play")
        .arg(user.dir("g.toml"))
        .stdin(
            "rules wild-pickup on\nrules target 1000\nrules knock-limit 3\n\
             new --game canadian a b c d\nrules wild-pickup\n",
        )
        .stdout_has("wild-pickup is now on for the next new game of Canadian or Carolina Rummy.\n")
        .stdout_has("target is now 1000 for the next new game.\n")
        .stdout_has("knock-limit is now 3 for the next new game.\n")
        .stdout_has("the game ends when a side reaches 1000.\n")
        .stdout_has("wild-pickup is on: one of the two cards that take the pile may be wild.\n")
        .run();
    let record = user.record("g.toml");
    assert!(record.contains("wild-pickup = true"), "{record}");
    assert!(!record.contains("knock-limit"), "{record}");
}

/// `new canadian a b c d` starts Carousel with a player named canadian, as `new` takes
/// names; the player is told how the other game is started.
#[test]
fn new_with_a_game_name_first_says_how_to_start_that_game() {
    let user = Home::new();
    user.test()
        .arg("play")
        .arg(user.dir("g.toml"))
        .stdin("new carolina ann bob
")
        .stdout_has("New game: carolina, ann and bob, with 2 decks and 2 jokers (106 cards).\n")
        .stdout_has(
            "(carolina is a player here; to start Carolina Rummy instead: new --game carolina NAMES.)\n",
        )
        .run();
}

/// A value of a key both games share that no game can be played with is refused at once,
/// for both, rather than kept for one and silently dropped for the other: `rules hand-size
/// 0` before any game, then a Canadian game, deals the rules' 13 cards and says why.
#[test]
fn rules_before_any_game_a_hand_size_of_0_is_refused_for_both_games() {
    Test::new()
        .arg("play")
        .stdin(
            "rules hand-size 0
new --game canadian a b c d
",
        )
        .status(2)
        .stderr_has(
            "line 1: error: house rules: hand-size 0 deals nobody a card; a deal is 1 card or \
             more each (10 by default)",
        )
        .stdout_has("13 cards each")
        .run();
}

/// The same the other way: after a new Canadian game is refused (no game in play), a key of
/// Carousel alone is kept for the next new game of Carousel, said by name; a bad value of it
/// is refused as Carousel refuses it.
#[test]
fn rules_before_any_game_a_carousel_key_waits_for_the_next_carousel_game() {
    Test::new()
        .arg("play")
        .stdin(
            "new --game canadian a\nrules knock-limit 3\nrules aces-low-only maybe\n\
             new a b\nrules knock-limit\n",
        )
        .status(2)
        .stdout_has("knock-limit is now 3 for the next new game of Carousel.\n")
        .stdout_has("knock-limit is 3: a knock is allowed with at most this much deadwood")
        .stderr_has("line 3: error: house rules: aces-low-only is on or off, not \"maybe\"")
        .run();
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

/// A file of another game's keys is refused for a new game, naming the key, never ignored.
#[test]
fn play_rules_file_of_another_games_keys_is_refused_naming_the_key() {
    let user = Home::new();
    let (out, err, code) = user.play_with_rules(
        "[rules]\nknock-limit = 3\n",
        "new --game canadian a b c d\n",
    );
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("`knock-limit`"), "{err}");
    assert!(err.contains("Carousel's house rules"), "{err}");
    assert!(!out.contains("New game"), "{out}");
    let (out, err, code) = user.play_with_rules("[rules]\ndeuce-in-hand = 15\n", "new ann ben\n");
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("`deuce-in-hand`"), "{err}");
    assert!(
        err.contains("Canadian and Carolina Rummy's house rules, not Carousel's"),
        "{err}"
    );
    // The same file starts a Canadian game with its rule.
    let (out, err, code) = user.play_with_rules(
        "[rules]\ndeuce-in-hand = 15\n",
        "new --game canadian a b c d\nrules deuce-in-hand\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("15"), "{out}");
}

/// What the score keeper reads when a Carolina hand is scored: each set judged with its
/// value, each hand counted, the hand's score by side and the scoreboard.
#[test]
fn carolina_hand_scored_in_the_repl_reads_as_shown() {
    let user = Home::new();
    let script = "new --game carolina ann ben cleo\n\
                  out ben\n\
                  melds ann As Ad 2c | 3s 3h 3d\n\
                  melds ben Qs Qh 3c | Ks Kh Kd *\n\
                  melds cleo none\n\
                  hand ann 9s 2d\n\
                  hand ben 0\n\
                  hand cleo * Qc\n";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    let from = out.find("ben went out").unwrap();
    insta::assert_snapshot!(&out[from..]);
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

/// Score-only mode: a round's result in one line, with every check `score` makes, mixed
/// with refereed rounds; a refused result changes nothing.
#[test]
fn round_enters_a_result_in_one_line_with_the_checks_of_score() {
    let user = Home::new();
    let script = "\
new alice bob carol
round knock bob alice=12 bob=9 carol=20
round knock bob alice=12 bob=3 carol=\"Kd *\"
draw
meld 7h 8h 9h
done
round out carol alice=40 bob=30
scoreboard
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "line 2: refused: round 1: bob cannot knock with 9 in hand; the knock limit is 5"
        ),
        "{err}"
    );
    assert!(
        out.contains("│ 2     ┆ carol went out ┆     0 ┆       41 ┆ +95 = 95 │"),
        "{out}"
    );
}

/// `fix` corrects an earlier round; `undo` takes the fix back and `redo` brings it again.
#[test]
fn fix_an_earlier_round_then_undo_and_redo_it() {
    let user = Home::new();
    let script = "\
new alice bob carol
round knock bob alice=12 bob=3 carol=35
round out carol alice=40 bob=30
fix 1 hand alice 22
undo
redo
fix 9 delete
fix 1 knock bob
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 2, "{err}");
    assert!(
        out.contains("Round 1 is corrected; every later total follows (undo takes it back):"),
        "{out}"
    );
    assert!(
        out.contains("Undone: fix 1 knock bob alice=22 bob=3 carol=35"),
        "{out}"
    );
    assert!(
        out.contains("Redone: fix 1 knock bob alice=22 bob=3 carol=35"),
        "{out}"
    );
    assert!(
        err.contains("line 7: error: there is no round 9 to fix: rounds 1 to 2 are finished"),
        "{err}"
    );
    assert!(
        err.contains("line 8: refused: round 1 already reads so; nothing changed"),
        "{err}"
    );
    let tally = user.tally_json("g.toml");
    assert_eq!(
        tally["totals"],
        serde_json::json!({"alice": 0, "bob": 51, "carol": 95})
    );
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

/// A name of two words is typed in quotes, and every command finds it.
#[test]
fn names_of_two_words_in_quotes() {
    let user = Home::new();
    let script = "\
new \"Mary Jo\" bob \"Ann Marie\"
dealer \"Ann Marie\"
round knock \"Mary Jo\" \"Mary Jo\"=3 bob=20 \"Ann Marie\"=30
cards \"Ann Marie\" 9
fix 1 hand \"Ann Marie\" 31
";
    let (out, err, code) = user.play("g.toml", script);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("New game: Mary Jo, bob and Ann Marie"),
        "{out}"
    );
    assert!(
        out.contains("Round 1: Ann Marie deals, Mary Jo plays first."),
        "{out}"
    );
    assert!(out.contains("Ann Marie holds 9 cards"), "{out}");
    let tally = user.tally_json("g.toml");
    assert_eq!(tally["totals"]["Mary Jo"], 45, "{tally}");
    // The saved game opens again with its names.
    let (out, err, code) = user.play("g.toml", "status\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Cards in hand: Mary Jo 10, bob 10, Ann Marie 9."),
        "{out}"
    );
    // A command suggested for a name of two words quotes it, as it must be typed.
    let (out, _, _) = user.play("g.toml", "hand \"Mary Jo\" 7h As\n");
    assert!(
        out.contains("(cards \"Mary Jo\" N corrects the count)"),
        "{out}"
    );
    let (_, err, code) = user.play("h.toml", "new \"Mary  Jo\" bob\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("\"Mary  Jo\" cannot be a player's name"),
        "{err}"
    );
}

/// A step at the wrong stage is a refusal (exit 1, `refused:`), not a line misunderstood.
#[test]
fn steps_at_the_wrong_stage_are_refused_with_status_1() {
    let user = Home::new();
    let script = "\
new ann ben
rules target 10
rules hand-size 4
draw
meld 7h 8h 9h
knock 2
draw
hand ann 40
draw
";
    let (_, err, code) = user.play("g.toml", script);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("line 7: refused: round 1 is over; the hands of ann are still to be given"),
        "{err}"
    );
    assert!(
        err.contains("line 9: refused: the game is over; no more turns are played"),
        "{err}"
    );
}
