//! Every file of `examples/` is run and its output snapshotted, as numbat's
//! `example_snapshots.rs`: a REPL script (`*.carousel`) is replayed through `carousel play
//! --echo` into a game file in a fresh home, a record (`*.toml`) through `carousel tally`.
//! The examples at the top must run clean (status 0, nothing on stderr); those in
//! `examples/refused/` must be refused (a non-zero status, the reason on stderr). Adding an
//! example adds a test: the glob finds it, and `cargo insta review` takes its first snapshot.

use crate::test::Home;
use std::path::Path;

/// Runs one example as its kind is run; gives the status and what a reader of the snapshot
/// needs: the command, the status, stdout and stderr, with the temporary home written `~`.
fn run_example(path: &Path) -> (i32, String) {
    let home = Home::new();
    let ran = match path.extension().and_then(|e| e.to_str()) {
        Some("carousel") => home
            .test()
            .args(["play", "--echo"])
            .arg(home.dir("game.toml"))
            .stdin(std::fs::read(path).unwrap())
            .any_status()
            .run(),
        Some("toml") => home.test().arg("tally").arg(path).any_status().run(),
        _ => panic!(
            "{}: an example is a .carousel script or a .toml record",
            path.display()
        ),
    };
    let name = path.file_name().unwrap().to_string_lossy();
    let command = match path.extension().and_then(|e| e.to_str()) {
        Some("carousel") => format!("carousel play --echo ~/game.toml < {name}"),
        _ => format!("carousel tally {name}"),
    };
    let text = format!(
        "$ {command}\nstatus: {}\n--- stdout\n{}--- stderr\n{}",
        ran.status, ran.stdout, ran.stderr
    );
    let home_path = home.path().display().to_string();
    let repo = crate::test::root().display().to_string();
    let text = text.replace(&home_path, "~").replace(&repo, ".");
    (ran.status, text)
}

#[test]
fn examples_run_clean_and_print_their_snapshot() {
    insta::glob!("../../examples", "*.{carousel,toml}", |path| {
        let (status, text) = run_example(path);
        assert_eq!(status, 0, "{}:\n{text}", path.display());
        assert!(
            text.ends_with("--- stderr\n"),
            "{}: nothing on stderr:\n{text}",
            path.display()
        );
        insta::assert_snapshot!(text);
    });
}

#[test]
fn refused_examples_are_refused_and_print_their_snapshot() {
    insta::glob!("../../examples/refused", "*.{carousel,toml}", |path| {
        let (status, text) = run_example(path);
        assert_ne!(status, 0, "{} must be refused:\n{text}", path.display());
        assert!(
            !text.ends_with("--- stderr\n"),
            "{}: a refusal says why on stderr:\n{text}",
            path.display()
        );
        insta::assert_snapshot!(text);
    });
}

/// The globs above see every example: no file of another kind, no folder but `refused/`,
/// hides from them.
#[test]
fn every_file_of_examples_is_a_script_or_a_record() {
    let mut seen = 0;
    for dir in ["examples", "examples/refused"] {
        for entry in std::fs::read_dir(crate::test::root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                assert!(path.ends_with("examples/refused"), "{}", path.display());
                continue;
            }
            let kind = path.extension().and_then(|e| e.to_str());
            assert!(
                matches!(kind, Some("carousel" | "toml")),
                "{} is neither a .carousel script nor a .toml record",
                path.display()
            );
            seen += 1;
        }
    }
    assert!(seen >= 11, "{seen} examples");
}
