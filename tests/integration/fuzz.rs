//! The fuzz harness of the library's inputs: the notation (hands, tables, hand reports, house
//! rules) and the game record (as a file is cut, flipped, spliced). Each target is a proptest
//! strategy that runs `FUZZ_CASES` cases (256 by default, as `cargo test` runs it):
//!
//! ```sh
//! FUZZ_CASES=200000 cargo test --release --test integration fuzz::
//! ```
//!
//! The REPL line target lives with the REPL (`src/repl/fuzz.rs`, `cargo test --bin carousel
//! fuzz`). Inputs that once broke the program are kept in `tests/fuzz_regressions/` (one
//! file each, under the target's name) and replayed here on every run.

use carousel::deck::Deck;
use carousel::games::manipulation::game::GameRecord;
use carousel::games::manipulation::meld::MeldRules;
use carousel::games::manipulation::play::Game;
use carousel::games::manipulation::rules::Rules;
use carousel::games::manipulation::table::Hand;
use carousel::games::manipulation::table::Table;
use carousel::hand::HandReport;
use carousel::notation::{parse_hand, parse_table};
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::path::PathBuf;

fn config() -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256);
    Config {
        cases,
        // `tests/fuzz_regressions/` is the memory of past failures: a failure found here
        // is shrunk by proptest, and its input goes there by hand.
        failure_persistence: None,
        ..Config::default()
    }
}

/// Card-like text: ranks, suits, jokers, separators, and a few strangers.
const NOTATION: &str = "([0-9AaTtJjQqKk*♠♥♦♣♤♡♢♧shdcSHDC|=\\- ,\t\u{FE0F}é𝒜\"]{0,40})";

/// Everything a hand, a table, a report or a rules file is read by: none may panic.
fn read_notation(text: &str) {
    let _ = parse_hand(text);
    let _ = parse_table(text);
    for players in [2, 3, 5] {
        let deck = Deck::for_players(players).unwrap();
        let rules = Rules::default();
        let _ = Hand::parse(text, deck);
        let _ = Table::parse(text, MeldRules::new(&rules, deck), deck);
        let _ = HandReport::parse(text, deck);
    }
    let _ = Rules::from_toml(text);
}

/// A record read and replayed, as `carousel play` and `tally` read one: none may panic, and
/// a record that loads is the game of the whole text or refused.
fn read_record(text: &str) -> Option<Game> {
    let record = carousel::games::manipulation::game::GameRecord::from_saved(text).ok()?;
    let _ = carousel::games::manipulation::play::tally(&record);
    Game::from_record(&record).ok()
}

/// A game as the referee saves it, played from the example script's moves.
fn saved_game() -> String {
    let mut game = Game::new(
        vec!["alice".into(), "bob".into(), "carol".into()],
        Rules::default(),
    )
    .unwrap();
    game.draw().unwrap();
    let mv = game
        .melds("8h 9h *10h")
        .map(|melds| carousel::games::manipulation::play::Move {
            replaced: Vec::new(),
            melds,
        })
        .unwrap();
    game.play(mv).unwrap();
    game.done().unwrap();
    game.draw().unwrap();
    game.draw().unwrap();
    game.saved_text()
}

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_regressions")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        })
        .collect()
}

#[test]
fn fuzz_regressions_notation() {
    let inputs = corpus("notation");
    assert!(!inputs.is_empty());
    for (path, bytes) in inputs {
        let text = String::from_utf8_lossy(&bytes);
        for line in text.lines() {
            read_notation(line);
        }
        read_notation(&text);
        eprintln!("replayed {}", path.display());
    }
}

#[test]
fn fuzz_regressions_record() {
    let inputs = corpus("record");
    assert!(!inputs.is_empty());
    for (path, bytes) in inputs {
        let text = String::from_utf8_lossy(&bytes);
        // Each of these is a damaged record: it must be refused, not read as a game.
        assert!(
            read_record(&text).is_none(),
            "{} loads as a game",
            path.display()
        );
    }
}

#[test]
fn fuzz_notation() {
    let mut runner = proptest::test_runner::TestRunner::new(config());
    runner
        .run(&NOTATION, |text| {
            read_notation(&text);
            Ok(())
        })
        .unwrap();
    runner
        .run(&any::<String>(), |text| {
            read_notation(&text);
            Ok(())
        })
        .unwrap();
}

#[derive(Debug, Clone)]
enum Damage {
    Cut(usize),
    Flip(usize, u8),
    Insert(usize, String),
    DropLine(usize),
    RepeatLine(usize),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        any::<usize>().prop_map(Damage::Cut),
        (any::<usize>(), 1u8..=255).prop_map(|(at, x)| Damage::Flip(at, x)),
        (any::<usize>(), "[a-z0-9 =\\[\\]\"\n#*|-]{1,12}")
            .prop_map(|(at, s)| Damage::Insert(at, s)),
        any::<usize>().prop_map(Damage::DropLine),
        any::<usize>().prop_map(Damage::RepeatLine),
    ]
}

fn apply(text: &str, damage: &Damage) -> String {
    if text.is_empty() {
        return String::new();
    }
    let mut bytes = text.as_bytes().to_vec();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    match damage {
        Damage::Cut(at) => bytes.truncate(at % bytes.len()),
        Damage::Flip(at, x) => {
            let at = at % bytes.len();
            bytes[at] ^= x;
        }
        Damage::Insert(at, s) => {
            let at = at % bytes.len();
            bytes.splice(at..at, s.bytes());
        }
        Damage::DropLine(n) => {
            let n = n % lines.len();
            return lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != n)
                .map(|(_, l)| *l)
                .collect();
        }
        Damage::RepeatLine(n) => {
            let n = n % lines.len();
            let mut out = String::new();
            for (i, l) in lines.iter().enumerate() {
                out.push_str(l);
                if i == n {
                    out.push_str(l);
                }
            }
            return out;
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn fuzz_record() {
    let whole = saved_game();
    let game = read_record(&whole).expect("the saved game loads");
    let mut runner = proptest::test_runner::TestRunner::new(config());
    runner
        .run(&prop::collection::vec(damage(), 1..3), |damages| {
            let mut text = whole.clone();
            for d in &damages {
                text = apply(&text, d);
            }
            // A damaged record is refused, or (a change the checksum cannot see, such as
            // a cut final newline) it is the same game: never another one. Once every line
            // of the header is damaged too, it reads as a record written by hand.
            let header_left = whole
                .lines()
                .take_while(|l| l.starts_with('#'))
                .any(|h| text.lines().take(7).any(|l| l == h));
            if let Some(other) = read_record(&text).filter(|_| header_left) {
                prop_assert_eq!(&other, &game, "{:?} loads as another game", damages);
            }
            Ok(())
        })
        .unwrap();
    // Without the mark, as a person would write it, any record may be read: none panics.
    let unsealed: String = whole
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(GameRecord::from_toml(&unsealed).is_ok());
    runner
        .run(&prop::collection::vec(damage(), 1..4), |damages| {
            let mut text = unsealed.clone();
            for d in &damages {
                text = apply(&text, d);
            }
            let _ = read_record(&text);
            Ok(())
        })
        .unwrap();
}

/// A saved game of each game of the family, as the referee writes it: Canadian and
/// Carolina Rummy with two hands entered, one line by line and one in one line.
fn family_saved_games() -> Vec<String> {
    use carousel::family::NewGame;
    use carousel::render::look::Look;
    let look = Look::plain(80);
    let mut saved = Vec::new();
    for (name, players, hands) in [
        (
            "canadian",
            vec!["alice", "bob", "carol", "dave"],
            [
                "out alice melds alice=\"Ks Kh 2c\" melds bob=85 alice=0 bob=25 carol=5 dave=20",
                "out bob melds bob=60 melds alice=30 alice=10 bob=0 carol=5 dave=15",
            ],
        ),
        (
            "carolina",
            vec!["ann", "ben", "cleo"],
            [
                "out ben melds ann=\"3s 3h 2c\" melds ben=120 ann=10 ben=0 cleo=5",
                "out cleo melds cleo=60 ann=5 ben=10 cleo=0",
            ],
        ),
    ] {
        let kind = carousel::games::kind(name).unwrap();
        let entry = kind.entry();
        let new = NewGame {
            players: players.iter().map(ToString::to_string).collect(),
            teams: None,
        };
        let mut game = entry
            .new_game(&new, entry.default_rules().as_ref())
            .unwrap();
        for hand in hands {
            game.enter_round(hand, look).unwrap();
        }
        saved.push(carousel::seal::sealed(kind.title(), &game.record_text()));
    }
    saved
}

/// Every game of the family's saved record, damaged by cuts, flips and splices: read as
/// `play` reads one, none panics, and one that loads is the whole game (its record written
/// back the same) or refused.
#[test]
fn fuzz_record_of_every_game() {
    let path = std::path::Path::new("game.toml");
    for whole in family_saved_games() {
        let game = carousel::catalogue::read_game(path, &whole).expect("the saved game loads");
        let record = game.record_text();
        let mut runner = proptest::test_runner::TestRunner::new(config());
        runner
            .run(&prop::collection::vec(damage(), 1..3), |damages| {
                let mut text = whole.clone();
                for d in &damages {
                    text = apply(&text, d);
                }
                let header_left = whole
                    .lines()
                    .take_while(|l| l.starts_with('#'))
                    .any(|h| text.lines().take(7).any(|l| l == h));
                if let Ok(other) = carousel::catalogue::read_game(path, &text)
                    && header_left
                {
                    prop_assert_eq!(
                        &other.record_text(),
                        &record,
                        "{:?} loads as another game",
                        damages
                    );
                }
                // As tally and the games list read it: scored, without replaying the log.
                let _ = carousel::games::of_record(&text).and_then(|k| k.entry().scored(&text));
                Ok(())
            })
            .unwrap();
    }
}
