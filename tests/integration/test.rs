//! The one way the tests run the `carousel` binary: a fluent builder, as casey/just's
//! `tests/test.rs`. A [`Test`] gathers the arguments, stdin, environment and files, runs the
//! binary in a [`Home`] of its own (a temporary home with XDG data, state and config
//! directories, so no test touches the user's games), and checks what it was told to expect:
//! the exit status (0 unless told otherwise), stdout exactly or in part, stderr exactly or in
//! part, the JSON on stdout, and files left in the home.
//!
//! Tests that must hold a process open (kill it mid-save, drive a terminal) take the same
//! environment from [`Home::command`].

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::rc::Rc;

pub(crate) const BIN: &str = env!("CARGO_BIN_EXE_carousel");

/// The repository: the binary runs from here, so `examples/...` paths read as in the README.
pub(crate) fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of `examples/`.
pub(crate) fn example(name: &str) -> PathBuf {
    root().join("examples").join(name)
}

/// The text of a file of `examples/`.
pub(crate) fn example_text(name: &str) -> String {
    std::fs::read_to_string(example(name)).unwrap()
}

/// A user's home: a temporary directory holding `data`, `state` and `config`, named to the
/// binary by `HOME` and the XDG variables. Cloning shares the same directory, so several runs
/// can play into one game.
#[derive(Clone)]
pub(crate) struct Home {
    path: PathBuf,
    /// The temporary directory, removed when the last clone goes; `None` for a directory
    /// the caller keeps ([`Home::at`]).
    _dir: Option<Rc<tempfile::TempDir>>,
}

impl Home {
    pub(crate) fn new() -> Home {
        let dir = tempfile::tempdir().unwrap();
        Home {
            path: dir.path().to_path_buf(),
            _dir: Some(Rc::new(dir)),
        }
    }

    /// A home in a directory the caller made and keeps.
    pub(crate) fn at(path: &Path) -> Home {
        Home {
            path: path.to_path_buf(),
            _dir: None,
        }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// A path inside the home.
    pub(crate) fn dir(&self, name: &str) -> PathBuf {
        self.path().join(name)
    }

    /// Where games are saved when no file is named.
    pub(crate) fn games_dir(&self) -> PathBuf {
        self.dir("data").join("carousel").join("games")
    }

    /// The binary with this home's environment, for a test that spawns and holds it.
    pub(crate) fn command(&self) -> std::process::Command {
        command(self.path())
    }

    /// A test of the binary run in this home.
    pub(crate) fn test(&self) -> Test {
        Test::in_home(self.clone())
    }

    /// Plays a script into the game file `name` (in the home); returns stdout, stderr and
    /// the status, for the caller to judge.
    pub(crate) fn play(&self, name: &str, script: &str) -> (String, String, i32) {
        let ran = self
            .test()
            .arg("play")
            .arg(self.dir(name))
            .stdin(script)
            .any_status()
            .run();
        (ran.stdout, ran.stderr, ran.status)
    }

    /// The saved text of the file `name` in the home.
    pub(crate) fn record(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir(name)).unwrap()
    }

    /// `carousel tally --json` of the file `name` in the home, which must succeed.
    pub(crate) fn tally_json(&self, name: &str) -> Value {
        self.test()
            .args(["tally", "--json"])
            .arg(self.dir(name))
            .run()
            .json()
    }

    /// The games saved in the data directory, sorted.
    pub(crate) fn games(&self) -> Vec<PathBuf> {
        let mut games: Vec<PathBuf> = std::fs::read_dir(self.games_dir())
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        games.sort();
        games
    }
}

/// The binary with a home of its own at `home`: `HOME` and the XDG data, state and config
/// directories inside it, run from the repository, with no inherited width or colour wish.
pub(crate) fn command(home: &Path) -> std::process::Command {
    let mut cmd = std::process::Command::new(BIN);
    cmd.current_dir(root())
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env_remove("COLUMNS")
        .env_remove("NO_COLOR");
    cmd
}

/// A run of the binary to make, and what it must do.
#[must_use]
pub(crate) struct Test {
    home: Home,
    args: Vec<String>,
    current_dir: Option<PathBuf>,
    env: Vec<(String, String)>,
    env_removed: Vec<String>,
    stdin: Vec<u8>,
    status: Option<i32>,
    json: Option<Value>,
    stdout: Option<String>,
    stdout_has: Vec<String>,
    stderr: Option<String>,
    stderr_has: Vec<String>,
    files: Vec<(PathBuf, String)>,
}

/// `carousel ARGS` in a fresh home, expected to exit 0.
pub(crate) fn carousel(args: &[&str]) -> Test {
    Test::new().args(args)
}

impl Test {
    /// A run in a fresh home, expected to exit 0 unless told otherwise.
    pub(crate) fn new() -> Test {
        Test::in_home(Home::new())
    }

    pub(crate) fn in_home(home: Home) -> Test {
        Test {
            home,
            args: Vec::new(),
            current_dir: None,
            env: Vec::new(),
            env_removed: Vec::new(),
            stdin: Vec::new(),
            status: Some(0),
            json: None,
            stdout: None,
            stdout_has: Vec::new(),
            stderr: None,
            stderr_has: Vec::new(),
            files: Vec::new(),
        }
    }

    pub(crate) fn arg(mut self, arg: impl AsRef<Path>) -> Self {
        self.args.push(arg.as_ref().display().to_string());
        self
    }

    pub(crate) fn args(mut self, args: impl IntoIterator<Item = impl AsRef<str>>) -> Self {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_string()));
        self
    }

    /// Runs from `dir` instead of the repository.
    pub(crate) fn current_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.current_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    pub(crate) fn env(mut self, key: &str, value: impl AsRef<str>) -> Self {
        self.env.push((key.to_string(), value.as_ref().to_string()));
        self
    }

    /// Runs without the variable `key` that the home sets (an `XDG_*_HOME`, say).
    pub(crate) fn env_remove(mut self, key: &str) -> Self {
        self.env_removed.push(key.to_string());
        self
    }

    pub(crate) fn stdin(mut self, text: impl AsRef<[u8]>) -> Self {
        self.stdin = text.as_ref().to_vec();
        self
    }

    /// Writes a file into the home before the run (its directories made as needed).
    pub(crate) fn write(self, name: &str, content: impl AsRef<[u8]>) -> Self {
        let path = self.home.dir(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
        self
    }

    pub(crate) fn status(mut self, status: i32) -> Self {
        self.status = Some(status);
        self
    }

    /// Any status: the caller judges [`Ran::status`] itself.
    pub(crate) fn any_status(mut self) -> Self {
        self.status = None;
        self
    }

    /// Runs with `--json` and expects exactly this object on stdout.
    pub(crate) fn json(mut self, value: Value) -> Self {
        self.json = Some(value);
        self
    }

    pub(crate) fn stdout(mut self, text: &str) -> Self {
        self.stdout = Some(text.to_string());
        self
    }

    pub(crate) fn stdout_has(mut self, text: &str) -> Self {
        self.stdout_has.push(text.to_string());
        self
    }

    pub(crate) fn stderr(mut self, text: &str) -> Self {
        self.stderr = Some(text.to_string());
        self
    }

    pub(crate) fn stderr_has(mut self, text: &str) -> Self {
        self.stderr_has.push(text.to_string());
        self
    }

    /// Expects the file `name` in the home to hold exactly `text` after the run.
    pub(crate) fn file(mut self, name: &str, text: &str) -> Self {
        self.files.push((self.home.dir(name), text.to_string()));
        self
    }

    #[track_caller]
    pub(crate) fn run(self) -> Ran {
        let mut args = self.args.clone();
        if self.json.is_some() {
            args.push("--json".to_string());
        }
        let mut cmd = self.home.command();
        cmd.args(&args);
        if let Some(dir) = &self.current_dir {
            cmd.current_dir(dir);
        }
        for (key, value) in &self.env {
            cmd.env(key, value);
        }
        for key in &self.env_removed {
            cmd.env_remove(key);
        }
        let output = Command::from_std(cmd)
            .write_stdin(self.stdin.clone())
            .output()
            .expect("carousel runs");
        let ran = Ran {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            status: output.status.code().unwrap_or(-1),
        };
        let context = format!(
            "carousel {args:?}\nstdout: {}\nstderr: {}",
            ran.stdout, ran.stderr
        );
        if let Some(status) = self.status {
            assert_eq!(ran.status, status, "exit status of {context}");
            if status == 2 {
                assert!(
                    !ran.stderr.trim().is_empty(),
                    "bad input needs a message: {context}"
                );
            }
        }
        assert!(
            !ran.stderr.contains("panicked"),
            "carousel panicked: {context}"
        );
        if let Some(expected) = &self.json {
            let got: Value = serde_json::from_str(ran.stdout.trim())
                .unwrap_or_else(|e| panic!("stdout is not one JSON object ({e}): {context}"));
            assert_eq!(&got, expected, "JSON of {context}");
        }
        if let Some(expected) = &self.stdout {
            assert_eq!(&ran.stdout, expected, "stdout of {context}");
        }
        for text in &self.stdout_has {
            assert!(
                ran.stdout.contains(text),
                "stdout lacks {text:?}: {context}"
            );
        }
        if let Some(expected) = &self.stderr {
            assert_eq!(&ran.stderr, expected, "stderr of {context}");
        }
        for text in &self.stderr_has {
            assert!(
                ran.stderr.contains(text),
                "stderr lacks {text:?}: {context}"
            );
        }
        for (path, expected) in &self.files {
            let got = std::fs::read_to_string(path)
                .unwrap_or_else(|e| panic!("{} cannot be read ({e}): {context}", path.display()));
            assert_eq!(&got, expected, "{} after {context}", path.display());
        }
        ran
    }
}

/// What a run printed and how it ended.
pub(crate) struct Ran {
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    pub(crate) status: i32,
}

impl Ran {
    /// Stdout read as one JSON value.
    #[track_caller]
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", self.stdout))
    }
}
