//! The REPL in a real pseudo-terminal, as a player meets it: the prompt, tab completion,
//! a failed line brought back by Up (never glued to the next), Ctrl-C and Ctrl-D.

use crate::test::Home;
use rexpect::reader::Options;
use rexpect::session::{PtySession, spawn_with_options};

fn start(home: &std::path::Path, args: &[&str]) -> PtySession {
    let mut cmd = crate::test::command(home);
    cmd.args(args).env("TERM", "xterm");
    spawn_with_options(
        cmd,
        Options::new()
            .timeout_ms(Some(15_000))
            .strip_ansi_escape_codes(true),
    )
    .unwrap()
}

/// Types as a person does, a key at a time: keys sent in one burst may be read before the
/// line editor is ready for them.
fn type_keys(p: &mut PtySession, keys: &str) {
    for key in keys.chars() {
        p.send(&key.to_string()).unwrap();
        p.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(40));
    }
}

#[test]
fn pty_completion_ctrl_c_and_ctrl_d() {
    let home = Home::new();
    let game = home.path().join("g.toml");
    let game_arg = game.to_string_lossy().into_owned();
    let mut p = start(home.path(), &["play", &game_arg]);
    p.exp_string("does not exist yet").unwrap();
    p.exp_string("carousel> ").unwrap();
    p.send_line("new alice bob").unwrap();
    p.exp_string("bob to draw> ").unwrap();

    // Tab completes a command word...
    type_keys(&mut p, "dr\t");
    p.exp_string("draw ").unwrap();
    p.send_line("").unwrap();
    p.exp_string("bob draws (first draw)").unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();

    // ...and a player's name.
    type_keys(&mut p, "hand a\t");
    p.exp_string("hand alice ").unwrap();

    // Ctrl-C clears the line; nothing was done.
    p.send_control('c').unwrap();
    p.exp_string("Line cleared").unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();

    // A failed line is never glued to the next one: the prompt comes back empty, and Up
    // brings the line back to edit.
    p.send_line("meld 7x 8h 9h").unwrap();
    p.exp_string("\"7x\" (meld 1, card 1): no such suit")
        .unwrap();
    p.exp_string("(Up arrow brings the line back to edit.)")
        .unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();
    p.send_line("status").unwrap();
    p.exp_string("Round 1, dealt by alice").unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();
    type_keys(&mut p, "\x1b[A\x1b[A");
    p.exp_string("meld 7x 8h 9h").unwrap();
    p.send_control('c').unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();

    // Ctrl-D saves and leaves.
    p.send_control('d').unwrap();
    p.exp_string("The game is saved in").unwrap();
    p.exp_eof().unwrap();
    let record = std::fs::read_to_string(&game).unwrap();
    assert!(record.contains("log = [\"bob: draw\"]"), "{record}");
    let history = std::fs::read_to_string(home.path().join("state/carousel/history")).unwrap();
    assert!(history.contains("new alice bob"), "{history}");
    assert!(history.contains("meld 7x 8h 9h"), "{history}");

    // The next session resumes the game where it stopped.
    let mut p = start(home.path(), &["play", &game_arg]);
    p.exp_string("Resumed").unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// A turn typed in one line and refused part-way: the steps before the refused one stood,
/// so Up brings back the refused step and those after it, not the whole line.
#[test]
fn pty_a_turn_line_refused_partway_brings_back_what_is_left_to_play() {
    let home = Home::new();
    let mut p = start(home.path(), &[]);
    p.exp_string("carousel> ").unwrap();
    p.send_line("new alice bob").unwrap();
    p.exp_string("bob to draw> ").unwrap();
    p.send_line("draw, meld 7x 8h 9h, done").unwrap();
    p.exp_string("(Up arrow brings back what is left to play: meld 7x 8h 9h, done.)")
        .unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();
    type_keys(&mut p, "\x1b[A");
    p.exp_string("meld 7x 8h 9h, done").unwrap();
    type_keys(&mut p, "\x1b[A");
    p.exp_string("draw, meld 7x 8h 9h, done").unwrap();
    p.send_control('c').unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn pty_carousel_alone_offers_the_unfinished_game() {
    let home = Home::new();
    let mut p = start(home.path(), &[]);
    p.exp_string("carousel> ").unwrap();
    p.send_line("new ann ben").unwrap();
    p.exp_string("ben to draw> ").unwrap();
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
    let mut p = start(home.path(), &[]);
    p.exp_string("The game of ann and ben (round 1) is saved in")
        .unwrap();
    p.exp_string("carousel> ").unwrap();
    p.send_line("resume").unwrap();
    p.exp_string("ben to draw> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn pty_canadian_game_completes_its_own_commands_and_resumes() {
    let home = Home::new();
    let game = home.path().join("c.toml");
    let game_arg = game.to_string_lossy().into_owned();
    let mut p = start(home.path(), &["play", &game_arg]);
    p.exp_string("carousel> ").unwrap();
    p.send_line("new --game canadian alice bob carol dave")
        .unwrap();
    p.exp_string("alice+carol against bob+dave").unwrap();
    p.exp_string("hand 1> ").unwrap();

    // Tab completes these games' commands and the players' names.
    type_keys(&mut p, "pil\t");
    p.exp_string("pile ").unwrap();
    p.send_control('c').unwrap();
    p.exp_string("hand 1> ").unwrap();
    type_keys(&mut p, "out c\t");
    p.exp_string("out carol ").unwrap();
    p.send_line("").unwrap();
    p.exp_string("carol went out.").unwrap();
    p.exp_string("hand 1> ").unwrap();
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();

    let mut p = start(home.path(), &["play", &game_arg]);
    p.exp_string("Resumed").unwrap();
    p.exp_string("Still to give: the melds of alice+carol, bob+dave")
        .unwrap();
    p.exp_string("hand 1> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

/// Nothing typed reaches the terminal raw: the command line's parser says back a value it
/// cannot read, and at a terminal (where its colours are kept) the value is shown escaped.
#[test]
fn pty_a_value_the_parser_refuses_is_shown_escaped() {
    let home = Home::new();
    let mut cmd = crate::test::command(home.path());
    cmd.args([
        "check",
        "--players",
        "\u{1b}]0;PWNED\u{7}",
        "--before",
        "",
        "--after",
        "",
    ])
    .env("TERM", "xterm");
    let mut p = spawn_with_options(
        cmd,
        Options::new()
            .timeout_ms(Some(15_000))
            .strip_ansi_escape_codes(false),
    )
    .unwrap();
    let said = p.exp_eof().unwrap();
    assert!(!said.contains("\u{1b}]0;"), "{said:?}");
    assert!(!said.contains('\u{7}'), "{said:?}");
    assert!(said.contains("\\u{1b}]0;PWNED\\u{7}"), "{said:?}");
}
