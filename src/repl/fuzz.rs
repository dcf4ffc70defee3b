//! The fuzz target of REPL lines: random lines, most of them near-commands, typed into a
//! session of a game in memory (no file), in sequences, so the game moves on between the
//! strange ones. No line may panic. `FUZZ_CASES` sets the number of sequences (256 by
//! default, as `cargo test` runs it); `tests/fuzz_regressions/line/` holds scripts that once
//! broke the referee, each replayed here.

use super::{Flow, Referee};
use crate::games::manipulation::play::Game;
use crate::games::manipulation::rules::Rules;
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

/// A session with no file to save in (nothing reaches the disk) and no game yet.
fn referee() -> Referee {
    Referee {
        game: None,
        file: None,
        unsaved: None,
        named: None,
        dirs: None,
        new_rules: Rules::default(),
        pending: None,
        rules_refused: None,
    }
}

fn run(referee: &mut Referee, lines: &[String]) {
    for (i, line) in lines.iter().enumerate() {
        let (_, flow) = referee.line(line, Some(i + 1));
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
            let mut referee = referee();
            referee.game = Some(
                Game::new(
                    vec!["alice".into(), "bob".into(), "carol".into()],
                    Rules::default(),
                )
                .unwrap(),
            );
            run(&mut referee, &lines);
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
        // From no game, and from a game in play.
        run(&mut referee(), &lines);
        let mut referee = referee();
        referee.game = Some(Game::new(vec!["ann".into(), "ben".into()], Rules::default()).unwrap());
        run(&mut referee, &lines);
        replayed += 1;
    }
    assert!(replayed > 0);
    // The megabyte word of the audit, made here rather than kept.
    run(&mut referee(), &["x".repeat(1 << 20)]);
}
