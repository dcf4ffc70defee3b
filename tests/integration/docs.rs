//! The examples in the README are run here, so they cannot drift from the program: each
//! `$ carousel ...` line in a `console` block is run and must print exactly the lines below it.

use crate::test::{Home, Test, root};

/// One documented command and what it prints (stdout then stderr).
struct Example {
    line: usize,
    command: String,
    expected: String,
}

/// The man page's examples: `$ carousel ...` lines in `.EX`/`.EE` blocks, roff unescaped.
fn man_examples(page: &str) -> Vec<Example> {
    let mut markdown = String::new();
    for line in page.lines() {
        match line {
            ".EX" => markdown.push_str("```console\n"),
            ".EE" => markdown.push_str("```\n"),
            _ => {
                markdown.push_str(&unroff(line));
                markdown.push('\n');
            }
        }
    }
    console_examples(&markdown)
        .into_iter()
        .filter(|e| e.command.starts_with("carousel"))
        .collect()
}

fn unroff(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        if let Some(more) = rest.strip_prefix('-') {
            out.push('-');
            rest = more;
        } else if let Some(more) = rest.strip_prefix('e') {
            out.push('\\');
            rest = more;
        } else if let Some(more) = rest.strip_prefix('&') {
            rest = more;
        } else if let Some(more) = rest.strip_prefix("[u") {
            let end = more.find(']').unwrap();
            let code = u32::from_str_radix(&more[..end], 16).unwrap();
            out.push(char::from_u32(code).unwrap());
            rest = &more[end + 1..];
        } else {
            out.push('\\');
        }
    }
    out.push_str(rest);
    out
}

fn console_examples(text: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: number + 1,
                command: command.to_string(),
                expected: String::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.expected.push_str(line);
            example.expected.push('\n');
        }
    }
    examples
}

/// A REPL transcript in a `session` block: `$ carousel play FILE` first, then lines typed at
/// the prompt (`> draw`) and what the referee printed.
struct Session {
    line: usize,
    args: Vec<String>,
    typed: String,
    printed: String,
}

fn session_examples(text: &str) -> Vec<Session> {
    let mut sessions: Vec<Session> = Vec::new();
    let mut inside = false;
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            inside = line.trim() == "```session";
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            sessions.push(Session {
                line: number + 1,
                args: shell_words::split(command).unwrap(),
                typed: String::new(),
                printed: String::new(),
            });
        } else if let Some(session) = sessions.last_mut() {
            // `--echo` prints each typed line after its prompt, so the whole block is output.
            if let Some(typed) = typed_after_prompt(line) {
                session.typed.push_str(typed);
                session.typed.push('\n');
            }
            session.printed.push_str(line);
            session.printed.push('\n');
        }
    }
    sessions
}

/// The typed part of a transcript line that starts with one of the REPL's prompts
/// (`carousel> `, `bob to draw> `, `bob, drawn 2> `, `hands of alice, carol> `, and
/// Canadian's `hand 2> `, ...).
fn typed_after_prompt(line: &str) -> Option<&str> {
    let (prompt, typed) = line.split_once("> ")?;
    let drawn = prompt
        .rsplit_once(", drawn ")
        .is_some_and(|(_, n)| n.parse::<u32>().is_ok());
    let is_prompt = prompt == "carousel"
        || prompt == "game over"
        || prompt.starts_with("hands of ")
        || prompt.starts_with("hand of ")
        || prompt.ends_with(" to draw")
        || prompt.ends_with(", melded")
        || prompt.ends_with(", last lap")
        || prompt
            .strip_prefix("hand ")
            .is_some_and(|n| n.parse::<u32>().is_ok())
        || drawn;
    is_prompt.then_some(typed)
}

fn run_examples(file: &str, examples: Vec<Example>) {
    let root = root();
    assert!(!examples.is_empty(), "{file} has no console examples");
    for example in examples {
        let words = shell_words::split(&example.command).unwrap();
        assert_eq!(
            words[0], "carousel",
            "{file}:{}: only carousel is run",
            example.line
        );
        let output = Test::new()
            .current_dir(root)
            .env("NO_COLOR", "1")
            .args(&words[1..])
            .any_status()
            .run();
        let got = format!("{}{}", output.stdout, output.stderr);
        assert_eq!(
            got, example.expected,
            "{file}:{}: `{}` printed something else",
            example.line, example.command
        );
    }
}

#[test]
fn readme_examples_print_what_the_readme_shows() {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    run_examples("README.md", console_examples(&text));
}

#[test]
fn readme_sessions_print_what_the_readme_shows() {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let sessions = session_examples(&text);
    assert!(!sessions.is_empty(), "README.md has no session example");
    for session in sessions {
        let home = Home::new();
        let output = home
            .test()
            .current_dir(home.path())
            .args(&session.args[1..])
            .arg("--echo")
            .stdin(session.typed.clone())
            .any_status()
            .run();
        assert_eq!(
            output.stdout, session.printed,
            "README.md:{}: the session printed something else",
            session.line
        );
    }
}

#[test]
fn man_page_examples_print_what_the_page_shows() {
    let page = std::fs::read_to_string(root().join("man/carousel.1")).unwrap();
    run_examples("man/carousel.1", man_examples(&page));
}

/// Every example line in a subcommand's `--help` runs and is not refused as bad input.
#[test]
fn help_examples_run() {
    // "" is the top-level help; `play` opens the REPL and has its own tests.
    let subcommands = [
        "",
        "check",
        "score",
        "tally",
        "solve",
        "arrange",
        "completions",
        "games",
        "export",
        "stats",
        "chart",
    ];
    // `games` and `stats` read the data directory: an empty one of the test's own.
    let home = Home::new();
    let mut ran = 0;
    for sub in subcommands {
        let args: Vec<&str> = [sub, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let help = home.test().args(&args).run().stdout;
        assert!(
            help.contains("Example"),
            "`carousel {sub} --help` shows no example"
        );
        for line in help.lines().filter(|l| l.starts_with("  carousel ")) {
            // Drop a redirection or a trailing remark in parentheses.
            let command = line.split(" > ").next().unwrap();
            let command = command.split("  (").next().unwrap();
            // A remark after a wide gap is not part of the command.
            let command = command.trim().split("   ").next().unwrap().trim();
            let words = shell_words::split(command).unwrap();
            if words.len() == 1 {
                continue; // `carousel` alone opens the REPL.
            }
            let output = home.test().args(&words[1..]).any_status().run();
            let code = output.status;
            assert!(
                matches!(code, 0 | 1),
                "`{command}` from `carousel {sub} --help` exited {code:?}: {}",
                output.stderr
            );
            ran += 1;
        }
    }
    assert!(ran >= subcommands.len());
}
