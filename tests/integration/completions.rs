//! `carousel completions`: scripts that the shells accept.

use crate::test::carousel;

#[test]
fn completions_bash_installs_and_completes_subcommands() {
    let ran = carousel(&["completions", "bash"]).run();
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("carousel.bash");
    std::fs::write(&script, &ran.stdout).unwrap();
    // Source it in a fresh bash and ask what completing `carousel ch` offers.
    let probe = format!(
        "source {}; COMP_WORDS=(carousel ch); COMP_CWORD=1; COMP_LINE='carousel ch'; COMP_POINT=11; \
         _carousel carousel ch carousel; complete -p carousel; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display()
    );
    let out = std::process::Command::new("bash")
        .args(["--norc", "-c", &probe])
        .output();
    let Ok(out) = out else {
        eprintln!("bash is not installed; only the script's text is checked");
        assert!(ran.stdout.contains("_carousel"));
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("-F _carousel carousel"), "{stdout}");
    assert!(stdout.lines().any(|l| l == "check"), "{stdout}");
}

#[test]
fn completions_for_zsh_and_fish() {
    let zsh = carousel(&["completions", "zsh"]).run();
    assert!(
        zsh.stdout.starts_with("#compdef carousel"),
        "{}",
        zsh.stdout
    );
    let fish = carousel(&["completions", "fish"]).run();
    assert!(
        fish.stdout.contains("complete -c carousel"),
        "{}",
        fish.stdout
    );
    carousel(&["completions", "tcsh"])
        .status(2)
        .stderr_has("tcsh")
        .run();
}
