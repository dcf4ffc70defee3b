//! The fuzz target of REPL lines: random lines, most of them near-commands, typed into a
//! session of a game in memory (no file), in sequences, so the game moves on between the
//! strange ones; every game of the family in turn. No line may panic. `FUZZ_CASES` sets the number of sequences (256 by
//! default, as `cargo test` runs it); `tests/fuzz_regressions/line/` holds scripts that once
//! broke the referee, each replayed here.

use super::{Flow, PlayArgs, Referee};
use crate::console::Console;
use crate::family::{GameKind, NewGame};
use crate::games::GAMES;
use crate::render::look::Look;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

fn config() -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// A session with no directory and no file to save in (nothing reaches the disk) and no
/// game yet.
fn referee() -> (Referee, Console) {
    let (mut c, _) = Console::captured("", Look::plain(80), true);
    let referee = Referee::start(&PlayArgs::default(), None, &mut c).unwrap();
    (referee, c)
}

/// A session of a game of `kind` for `players`, in memory.
fn in_play(kind: GameKind, players: &[&str]) -> (Referee, Console) {
    let (mut referee, c) = referee();
    let new = NewGame {
        players: players.iter().map(ToString::to_string).collect(),
        teams: None,
    };
    referee.game = Some(
        kind.entry()
            .new_game(&new, kind.entry().default_rules().as_ref())
            .unwrap(),
    );
    (referee, c)
}

/// Players for a game of each kind: Canadian takes four.
fn players(kind: GameKind) -> &'static [&'static str] {
    if kind.entry().players().contains(&3) {
        &["alice", "bob", "carol"]
    } else {
        &["alice", "bob", "carol", "dave"]
    }
}

fn run((referee, c): &mut (Referee, Console), lines: &[String]) {
    for (i, line) in lines.iter().enumerate() {
        let (_, flow) = referee.line(line, Some(i + 1), c);
        if let Flow::Quit = flow {
            break;
        }
    }
}

/// Command words, weighted to the steps of a turn; `save`, `resume` and `export` are left
/// out, as they reach the disk.
const WORDS: &[&str] = &[
    "draw",
    "draw",
    "draw",
    "done",
    "done",
    "pass",
    "draw 2, meld",
    "meld",
    "meld",
    "add",
    "knock",
    "hand",
    "cards",
    "check",
    "table",
    "status",
    "scoreboard",
    "history",
    "undo",
    "undo",
    "hint",
    "arrange",
    "dealer",
    "rules",
    "help",
    "new",
    "round",
    "round",
    "fix",
    "redo",
    "why",
    "chart",
    "games",
    "out",
    "out",
    "melds",
    "melds",
    "hand",
    "teams",
    "pile",
    "DRAW",
    "drwa",
    "",
];

const TOKENS: &[&str] = &[
    "out",
    "knock",
    "delete",
    "bob=3",
    "alice=12",
    "carol=\"Kd *\"",
    "7h",
    "8h",
    "9h",
    "*",
    "*10h",
    "10s",
    "Ks",
    "Kh",
    "Kc",
    "As",
    "2d",
    "Th",
    "q♦",
    "|",
    "=",
    "-",
    "1",
    "2",
    "3",
    "0",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "-1",
    "alice",
    "bob",
    "carol",
    "car",
    "Åsa",
    "target",
    "knock-limit",
    "joker-value",
    "on",
    "#",
    ",",
    ", done",
    ", pass",
    "\"",
    "1000000",
];

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (
            prop::sample::select(WORDS),
            prop::collection::vec(
                prop_oneof![
                    4 => prop::sample::select(TOKENS).prop_map(str::to_string),
                    1 => "\\PC{0,6}",
                ],
                0..6,
            ),
        )
            .prop_map(|(word, args)| format!("{word} {}", args.join(" "))),
        1 => "\\PC{0,30}",
    ]
}

#[test]
fn fuzz_repl_lines() {
    let mut runner = TestRunner::new(config());
    runner
        .run(&prop::collection::vec(line(), 1..40), |lines| {
            for entry in GAMES {
                let kind = GameKind(entry);
                run(&mut in_play(kind, players(kind)), &lines);
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn fuzz_regressions_line() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions/line");
    let mut replayed = 0;
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let text = String::from_utf8_lossy(&std::fs::read(entry.path()).unwrap()).into_owned();
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        // From no game, and from a game of each kind in play.
        run(&mut referee(), &lines);
        for entry in GAMES {
            let kind = GameKind(entry);
            run(&mut in_play(kind, players(kind)), &lines);
        }
        replayed += 1;
    }
    assert!(replayed > 0);
    // The megabyte word of the audit, made here rather than kept.
    run(&mut referee(), &["x".repeat(1 << 20)]);
}
