//! `carousel completions`: scripts that the shells accept.

use crate::test::{Home, carousel};

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

/// `--install` writes where each shell looks: under `XDG_DATA_HOME` (or `~/.local/share`)
/// for bash-completion, `XDG_CONFIG_HOME` (or `~/.config`) for fish; a second install is
/// up to date, and a different script there is replaced only with `--force`.
#[test]
fn completions_install_where_the_shell_looks_with_and_without_xdg_data_home() {
    let home = Home::new();
    // Without XDG_DATA_HOME: under the home's .local/share.
    home.test()
        .env_remove("XDG_DATA_HOME")
        .args(["completions", "bash", "--install"])
        .stdout_has("Installed the bash completions")
        .run();
    let default = home
        .path()
        .join(".local/share/bash-completion/completions/carousel");
    assert!(
        std::fs::read_to_string(&default)
            .unwrap()
            .contains("_carousel")
    );
    // With it (the test home sets it): under XDG_DATA_HOME.
    home.test()
        .args(["completions", "bash", "--install"])
        .stdout_has("Installed")
        .run();
    let xdg = home
        .dir("data")
        .join("bash-completion/completions/carousel");
    assert!(xdg.exists());
    home.test()
        .args(["completions", "bash", "--install"])
        .stdout_has("up to date")
        .run();
    std::fs::write(&xdg, "# the user's own\n").unwrap();
    home.test()
        .args(["completions", "bash", "--install"])
        .status(2)
        .stderr_has("--force")
        .run();
    assert_eq!(std::fs::read_to_string(&xdg).unwrap(), "# the user's own\n");
    home.test()
        .args(["completions", "bash", "--install", "--force"])
        .run();
    assert!(std::fs::read_to_string(&xdg).unwrap().contains("_carousel"));
    home.test().args(["completions", "fish", "--install"]).run();
    assert!(
        home.dir("config")
            .join("fish/completions/carousel.fish")
            .exists()
    );
    home.test()
        .args(["completions", "zsh", "--install"])
        .stdout_has("fpath+=(")
        .run();
    assert!(
        home.dir("data")
            .join("zsh/site-functions/_carousel")
            .exists()
    );
    home.test()
        .args(["completions", "elvish", "--install"])
        .status(2)
        .stderr_has("no folder of completion scripts")
        .run();
}

/// The manual is built into the program: `carousel man` prints the page of man/.
#[test]
fn man_prints_the_manual_page_built_into_the_program() {
    let ran = carousel(&["man"]).run();
    let page = std::fs::read_to_string(crate::test::root().join("man/carousel.1")).unwrap();
    assert_eq!(ran.stdout, page);
}
