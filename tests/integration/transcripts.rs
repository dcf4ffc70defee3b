//! REPL sessions as transcripts, run in the test's own process as numbat runs its examples:
//! each file of `tests/transcripts/` holds the lines a player types, and its snapshot holds
//! exactly what the referee printed back, each typed line after its prompt and each error
//! where it was said. A first line `# widths: 40 80` plays the session at those terminal
//! widths (80 alone without it), each width a snapshot of its own. Lines `# rules file: LINE`
//! among the first comment lines write a house rules file `~/rules.toml`, a line each, and
//! play the session with it, as `carousel play --rules ~/rules.toml` does. The session plays
//! into `~/game.toml` in a fresh home. Adding a file adds a test; `cargo insta review` takes
//! its first snapshots.

use carousel::console::Console;
use carousel::render::look::Look;
use carousel::repl::{self, PlayArgs};
use carousel::store::Dirs;

/// The widths a transcript asks for, from its first line.
fn widths(script: &str) -> Vec<usize> {
    script
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("# widths:"))
        .map_or_else(
            || vec![80],
            |list| {
                list.split_whitespace()
                    .map(|w| w.parse().expect("a width is a number"))
                    .collect()
            },
        )
}

/// The house rules file a transcript asks for, from its first comment lines: its text, a
/// line for each `# rules file: LINE`, or `None` without one.
fn rules_file(script: &str) -> Option<String> {
    let lines: Vec<&str> = script
        .lines()
        .take_while(|line| line.starts_with('#'))
        .filter_map(|line| line.strip_prefix("# rules file: "))
        .collect();
    (!lines.is_empty()).then(|| lines.iter().map(|line| format!("{line}\n")).collect())
}

/// Plays `script` in a fresh home at `width` columns: the exit status and the transcript.
fn play(script: &str, width: usize) -> (u8, String) {
    let home = tempfile::tempdir().unwrap();
    let dirs = Dirs {
        data: home.path().join("data"),
        state: home.path().join("state"),
        config: home.path().join("config"),
    };
    let rules = rules_file(script).map(|text| {
        let path = home.path().join("rules.toml");
        std::fs::write(&path, text).unwrap();
        path
    });
    let args = PlayArgs {
        game: Some(home.path().join("game.toml")),
        rules,
        echo: true,
        share: None,
    };
    let (mut console, captured) = Console::captured(script, Look::plain(width), true);
    let status = repl::run_with(&args, Some(dirs), &mut console);
    drop(console);
    let text = captured
        .out()
        .replace(&home.path().display().to_string(), "~");
    (status, text)
}

#[test]
fn transcripts_print_their_snapshot() {
    insta::glob!("../transcripts", "*.txt", |path| {
        let script = std::fs::read_to_string(path).unwrap();
        for width in widths(&script) {
            let (status, text) = play(&script, width);
            // Nothing is cut mid-word: a line wider than the terminal is a table's, or one
            // word too long for any line.
            for line in text.lines() {
                let word = line.trim_start();
                assert!(
                    unicode_width::UnicodeWidthStr::width(line) <= width
                        || word.starts_with(['│', '╭', '╰', '╞', '├'])
                        || !word.contains(' '),
                    "{}: at {width} columns, a line too wide:\n{line}",
                    path.display()
                );
            }
            let name = path.file_stem().unwrap().to_string_lossy();
            insta::with_settings!({
                snapshot_suffix => format!("{name}@{width}"),
                input_file => path,
                prepend_module_to_snapshot => false,
            }, {
                insta::assert_snapshot!("transcript", format!("status: {status}\n{text}"));
            });
        }
    });
}
