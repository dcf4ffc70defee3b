//! A small fluent builder for running the `carousel` binary and checking what it did.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

#[must_use]
pub struct Test {
    args: Vec<String>,
    status: i32,
    json: Option<Value>,
    stdout: Option<String>,
    stdout_has: Vec<String>,
    stderr_has: Vec<String>,
}

pub fn carousel(args: &[&str]) -> Test {
    Test {
        args: args.iter().map(|a| a.to_string()).collect(),
        status: 0,
        json: None,
        stdout: None,
        stdout_has: Vec::new(),
        stderr_has: Vec::new(),
    }
}

pub struct Ran {
    pub stdout: String,
    pub stderr: String,
}

impl Test {
    pub fn arg(mut self, arg: impl AsRef<Path>) -> Self {
        self.args.push(arg.as_ref().display().to_string());
        self
    }

    pub fn status(mut self, status: i32) -> Self {
        self.status = status;
        self
    }

    /// Runs with `--json` and expects exactly this object on stdout.
    pub fn json(mut self, value: Value) -> Self {
        self.json = Some(value);
        self
    }

    pub fn stdout(mut self, text: &str) -> Self {
        self.stdout = Some(text.to_string());
        self
    }

    pub fn stdout_has(mut self, text: &str) -> Self {
        self.stdout_has.push(text.to_string());
        self
    }

    pub fn stderr_has(mut self, text: &str) -> Self {
        self.stderr_has.push(text.to_string());
        self
    }

    pub fn run(self) -> Ran {
        let mut args = self.args.clone();
        if self.json.is_some() {
            args.push("--json".to_string());
        }
        let output = Command::cargo_bin("carousel")
            .expect("the carousel binary is built")
            .args(&args)
            .output()
            .expect("carousel runs");
        let ran = Ran {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        };
        let context = format!(
            "carousel {args:?}\nstdout: {}\nstderr: {}",
            ran.stdout, ran.stderr
        );
        assert_eq!(
            output.status.code(),
            Some(self.status),
            "exit status of {context}"
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
        for text in &self.stderr_has {
            assert!(
                ran.stderr.contains(text),
                "stderr lacks {text:?}: {context}"
            );
        }
        if self.status == 2 {
            assert!(
                !ran.stderr.trim().is_empty(),
                "bad input needs a message: {context}"
            );
        }
        ran
    }
}
