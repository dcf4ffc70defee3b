//! The examples in the README are run here, so they cannot drift from the program: each
//! `$ carousel ...` line in a `console` block is run and must print exactly the lines below it.

use std::path::Path;

/// One documented command and what it prints (stdout then stderr).
struct Example {
    line: usize,
    command: String,
    expected: String,
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

fn run_examples(file: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let examples = console_examples(&text);
    assert!(!examples.is_empty(), "{file} has no console examples");
    for example in examples {
        let words = shell_words::split(&example.command).unwrap();
        assert_eq!(
            words[0], "carousel",
            "{file}:{}: only carousel is run",
            example.line
        );
        let output = assert_cmd::Command::cargo_bin("carousel")
            .unwrap()
            .current_dir(root)
            .env("NO_COLOR", "1")
            .args(&words[1..])
            .output()
            .unwrap();
        let got = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(
            got, example.expected,
            "{file}:{}: `{}` printed something else",
            example.line, example.command
        );
    }
}

#[test]
fn readme_examples_print_what_the_readme_shows() {
    run_examples("README.md");
}
