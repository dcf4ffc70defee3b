//! The man page, `man/carousel.1`, made from the command-line definition and the REPL's help
//! so that it cannot fall out of step with them. Its prose sections are written here.
//!
//! The committed page is checked by a test; `CAROUSEL_WRITE_MAN=1 cargo test man_page`
//! writes it anew after the command line changes.

use crate::cli::Cli;
use crate::games::manipulation::rules::Rules;
use crate::rules::HouseRule;
use clap::CommandFactory;
use std::fmt::Write;

/// Escapes text for roff: backslashes, a leading dot or quote, hyphens and anything beyond
/// ASCII (as `\[uXXXX]`, so `groff -man` needs no input encoding).
fn roff(text: &str) -> String {
    let mut out = String::new();
    if text.starts_with(['.', '\'']) {
        out.push_str("\\&");
    }
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            c if c.is_ascii() => out.push(c),
            c => {
                let _ = write!(out, "\\[u{:04X}]", u32::from(c));
            }
        }
    }
    out
}

/// Lines of literal text (a code block), escaped line by line.
/// The width of the REPL's help in the manual: its example blocks are indented by the
/// pager, within 80 columns.
const MAN_WIDTH: usize = 72;

fn literal(text: &str) -> String {
    let mut out = String::from(".EX\n");
    for line in text.lines() {
        out.push_str(&roff(line));
        out.push('\n');
    }
    out.push_str(".EE\n");
    out
}

fn section(out: &mut String, title: &str) {
    let _ = writeln!(out, ".SH \"{title}\"");
}

/// How each command is called, the REPL first.
fn synopsis(out: &mut String) {
    let mut cli = Cli::command();
    cli.build();
    section(out, "SYNOPSIS");
    let _ = writeln!(out, ".B carousel\n.br");
    for sub in cli.get_subcommands_mut() {
        if sub.get_name() == "help" {
            continue;
        }
        let usage = sub.render_usage().to_string();
        let _ = writeln!(
            out,
            ".B {}\n.br",
            roff(usage.trim_start_matches("Usage: ").trim())
        );
    }
}

/// Every subcommand with its purpose, its usage and each option's help.
fn commands(out: &mut String) {
    let mut cli = Cli::command();
    cli.build();
    section(out, "COMMANDS");
    for sub in cli.get_subcommands_mut() {
        if sub.get_name() == "help" {
            continue;
        }
        let name = sub.get_name().to_string();
        let _ = writeln!(out, ".SS \"carousel {name}\"");
        let usage = sub.render_usage().to_string();
        let usage = usage.trim_start_matches("Usage: ").trim();
        let _ = writeln!(out, ".B {}", roff(usage));
        let about = sub
            .get_long_about()
            .or(sub.get_about())
            .map(std::string::ToString::to_string)
            .unwrap_or_default();
        for paragraph in about.split("\n\n") {
            if paragraph.lines().all(|line| line.starts_with("  ")) {
                let _ = write!(out, ".PP\n{}", literal(paragraph));
            } else {
                let _ = writeln!(out, ".PP\n{}", roff(&paragraph.replace('\n', " ")));
            }
        }
        for arg in sub.get_arguments() {
            if arg.is_hide_set() {
                continue;
            }
            let id = arg.get_id().as_str();
            let value = arg
                .get_value_names()
                .map(|v| {
                    v.iter()
                        .map(std::string::ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default();
            let head = match (arg.get_long(), arg.get_short()) {
                (Some(long), Some(short)) => format!("\\fB\\-{short}\\fR, \\fB\\-\\-{long}\\fR"),
                (Some(long), None) => format!("\\fB\\-\\-{}\\fR", roff(long)),
                _ => format!(
                    "\\fI{}\\fR",
                    roff(if value.is_empty() { id } else { &value })
                ),
            };
            let head =
                if arg.get_long().is_some() && !value.is_empty() && arg.get_action().takes_values()
                {
                    format!("{head} \\fI{}\\fR", roff(&value))
                } else {
                    head
                };
            let help = arg
                .get_long_help()
                .or(arg.get_help())
                .map(std::string::ToString::to_string)
                .unwrap_or_default();
            let possible: Vec<String> = arg
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| v.get_name().to_string())
                .collect();
            let mut help = help.replace('\n', " ");
            if !possible.is_empty() && arg.get_long().is_none() {
                let _ = write!(help, " (one of: {})", possible.join(", "));
            }
            if let Some(default) = arg
                .get_default_values()
                .first()
                .filter(|_| arg.get_action().takes_values())
            {
                let _ = write!(help, " (default: {})", default.to_string_lossy());
            }
            let _ = writeln!(out, ".TP\n{head}\n{}", roff(&help));
        }
        if let Some(after) = sub.get_after_help() {
            let _ = write!(out, ".PP\n{}", literal(&after.to_string()));
        }
    }
}

const NOTATION: &str = r#".PP
Input is case\-insensitive and extra spaces are ignored.
.TP
.B a card
A rank, \fBA 2 3 4 5 6 7 8 9 10 J Q K\fR (\fBT\fR also means 10), and a suit, \fBs h d c\fR
(the symbols \[u2660] \[u2665] \[u2666] \[u2663] are accepted too): \fB7h\fR, \fB10s\fR, \fBTh\fR, \fBQ\[u2666]\fR.
.TP
.B a joker
\fB*\fR in a hand; on the table \fB*\fR with the card it stands for: \fB*7h\fR.
A bare \fB*\fR in a table meld is worked out when exactly one card makes the meld legal;
otherwise the choices are listed.
.TP
.B a hand
Cards separated by spaces: \fB7h 9h Js *\fR.
.TP
.B a table
Melds separated by \fB|\fR: \fB3s 4s 5s | 6h 6d 6c *6s\fR.
Melds may also be written with \fB\-\fR between their cards, spaces then separating melds:
\fB3s\-4s\-5s 6h\-6d\-6c\fR.
An empty table is \fB""\fR.
.PP
Output is canonical: runs in rank order, sets by suit (s h d c), \fB10\fR for ten,
lowercase suits, cards joined by one space and melds by \fB " | "\fR.
"#;

const RULES: &str = r".TP
.B Deck
2 players: one deck and one joker (53 cards). 3 to 5 players: two decks and two jokers (106).
No position may show more copies of a card than the deck holds.
.TP
.B Melds
A set is 3 or 4 cards of one rank in different suits. A run is 3 or more cards of one suit
in consecutive rank; an ace is low (A\-2\-3) or high (Q\-K\-A), never both, so K\-A\-2 does
not wrap; with two decks a run may hold both aces (A\-2\-...\-K\-A, 14 cards).
A joker stands for one stated card, and the meld must be legal with that card in place.
.TP
.B A turn
Draw one card; meld or draw a second; meld or draw a third, after which the turn ends with
no meld. There is no discard, and melding ends the drawing. At the end of their own turn a
player holding 5 or less may knock; a player who melds every card goes out.
.TP
.B A move is legal when
\fBM1\fR nothing leaves the table;
\fBM2\fR the new cards come from the hand, at least one;
\fBM3\fR every meld after is a legal set or run;
\fBM4\fR a joker on the table keeps its card unless a real one released it: for every
card X, the jokers that stood for X and now stand for something else may not outnumber the
real X on the table after;
\fBM5\fR a released joker stays on the table (it follows from M1).
.TP
.B Hand values
Joker 25, ace 1, J Q K 10, 2\-10 their face value.
.TP
.B Round scoring
The lowest hand wins the differences between it and every other hand. A winner who did not
knock (an undercut) scores 10 more; a knocker who ties for lowest loses to the others who
tie, each scoring with the undercut bonus; tied non\-knockers each score, with the bonus;
after the stock runs out (each player has one more turn to meld) the tied each score,
without it. Going out scores every other hand plus 25.
.TP
.B Game end
After the round in which a total reaches 150: 100 to each player at or past it, 25 a round
won to every other player; the highest final total wins, ties share.
";

fn house_rules(out: &mut String) {
    let _ = writeln!(
        out,
        ".PP\nHouse rules change the numbers above or choose a reading where the write\\-ups of the game disagree. \
         They are keys of a TOML file (\\fB\\-\\-rules\\fR, or the \\fB[rules]\\fR table of a game record; \
         the REPL's \\fBrules\\fR command sets them):"
    );
    rule_entries(out, &Rules::TABLE);
}

/// One entry a house rule: its key, its default and what it means.
fn rule_entries(out: &mut String, table: &[HouseRule]) {
    for rule in table {
        let _ = writeln!(
            out,
            ".TP\n\\fB{}\\fR (default {})\n{}",
            roff(rule.key),
            roff(&rule.default.text()),
            roff(rule.meaning)
        );
    }
}

const OTHER_GAMES: &str = r#".PP
The same program keeps the score of two other games played with two decks and
four jokers (108 cards), 13 cards each, to 1500. \fBCanadian Rummy\fR: exactly four players
in two teams, partners across (seats 1 and 3 against 2 and 4); 2s and jokers are wild.
\fBCarolina Rummy\fR: 2 to 8 players as singles (four may play in two teams); 2s, 3s and
jokers are wild, except that a 3 in a set of threes is natural.
.TP
.B Melds
Sets only, no runs: 3 or more cards of one rank with at least one natural card; any number
of wild cards. A side has one set per rank; melds of a rank are merged. Wild cards are
written as themselves: \fBKs 2c *\fR is a set of kings.
.TP
.B Values
Q\[u2660] 100, joker 50, ace 25, 10 to K 10, 3 to 9 5. On the table a wild card counts as a
natural card of its set's rank (10 in a set of queens); in hand a deuce counts 20.
.TP
.B Scoring
Each side scores its table count less its players' hand count, except the side whose player
went out, whose partner's hand is not deducted. After a hand in which a side reaches 1500
the game ends; the highest total wins.
.TP
.B Commands
\fBcarousel score \-\-game canadian \-\-out alice \-\-melds alice="Ks Kh 2c" alice=0 bob=20 carol=5 dave=5\fR
scores one hand by side; \fBcarousel tally\fR reads a record with \fBgame = "canadian"\fR
or \fBgame = "carolina"\fR, its \fBteams\fR, each round's \fBout\fR, \fB[round.melds]\fR and
\fB[round.hands]\fR.
"#;

/// These games' house rules, from their definition.
fn other_games_rules(out: &mut String) {
    use crate::games::canadian::CanadianRules;
    let _ = writeln!(
        out,
        ".PP\nTheir house rules (keys of their records' \\fB[rules]\\fR):"
    );
    rule_entries(out, &CanadianRules::TABLE);
}

const EXAMPLES: &str = r#".PP
A dispute settled: Bob had 8h 9h *10h on the table; Alice lays 6h and moves the joker to
stand for 7h. Illegal, since no real 10h released the joker:
.EX
$ carousel check \-\-before "8h 9h *10h" \-\-hand "6h" \-\-after "6h *7h 8h 9h"
Illegal: 1 rule broken.
  M4  the joker that stood for 10h now stands for 7h, but no real 10h is on the table to release it; a joker keeps its card until a real 10h takes its place
.EE
.PP
With the real 10h she may release the joker and use it again at once:
.EX
$ carousel check \-\-before "8h 9h *10h" \-\-hand "10h 7s 7d" \-\-after "8h 9h 10h | 7s 7d *7c"
Legal: 10h 7s 7d played.
Table after: 8h 9h 10h | 7s 7d *7c
.EE
.PP
A round scored: Carol knocks with 5 and Bob, also on 5, undercuts her:
.EX
$ carousel score \-\-knocker carol alice=12 bob="4s Ah" carol=5 \-\-json
{"deadwood":{"alice":12,"bob":5,"carol":5},"winners":["bob"],"points":{"alice":0,"bob":17,"carol":0},"undercut":true,"went_out":false}
.EE
.PP
A game at the table: \fBcarousel\fR, then \fBnew alice bob carol\fR, and each turn as it is
played (\fBdraw\fR, \fBmeld 7h 8h 9h\fR, \fB1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d\fR,
\fBdone\fR, \fBknock 4\fR). A whole game can be replayed from a file:
\fBcarousel play game.toml < moves.carousel\fR.
"#;

const FILES: &str = r".TP
.I $XDG_DATA_HOME/carousel/games/
Saved games, one TOML file each (by default \fI~/.local/share/carousel/games/\fR). Each is
a game record that \fBcarousel tally\fR reads, with the round in progress; it is written
atomically after every step (synced to disk, then renamed over the old one) and ends with
a checksum line, so a file cut short is reported as damaged, with its line, never taken
for a shorter game and never overwritten. A game open in one session is locked
(\fI.NAME.lock\fR beside it): a second session on it is refused and told which process
holds it.
.TP
.I $XDG_STATE_HOME/carousel/history
The REPL's line history (by default \fI~/.local/state/carousel/history\fR).
.TP
.I $XDG_CONFIG_HOME/carousel/rules.toml
House rules for new games, written by the REPL's \fBrules save\fR
(by default \fI~/.config/carousel/rules.toml\fR).
";

const EXIT_STATUS: &str = r".TP
.B 0
Yes, or done: a legal move, a scored round or game.
.TP
.B 1
A well\-formed no: an illegal move, a refused knock, no arrangement. In the REPL reading
a script, a line refused by the rules.
.TP
.B 2
Bad input, with a message on standard error naming the bad token.
.TP
.B 3
The output could not be written (a full disk), or the REPL ended with steps of the game
not saved. A closed pipe (\fBcarousel ... | head\fR) is no error: the program ends quietly.
";

/// The whole page.
pub(crate) fn page() -> String {
    let cli = Cli::command();
    let man = clap_mangen::Man::new(cli.clone())
        .title("CAROUSEL")
        .section("1")
        .date("2026-11")
        .manual("User Commands");
    let mut head = Vec::new();
    let _ = man.render_title(&mut head);
    let _ = man.render_name_section(&mut head);
    let _ = man.render_description_section(&mut head);
    let mut out = String::from_utf8_lossy(&head).into_owned();
    synopsis(&mut out);
    commands(&mut out);
    section(&mut out, "NOTATION");
    out.push_str(NOTATION);
    section(&mut out, "RULES");
    out.push_str(RULES);
    house_rules(&mut out);
    section(&mut out, "REPL COMMANDS");
    let _ = writeln!(
        out,
        ".PP\n\\fBcarousel\\fR alone, or \\fBcarousel play\\fR, opens the REPL. Its commands (\\fBhelp COMMAND\\fR there tells more):"
    );
    out.push_str(&literal(&crate::repl::help::laid_out(
        &crate::repl::help::help(None, crate::games::manipulation::CAROUSEL).unwrap_or_default(),
        MAN_WIDTH,
    )));
    section(&mut out, "CANADIAN AND CAROLINA RUMMY");
    out.push_str(OTHER_GAMES);
    other_games_rules(&mut out);
    let _ = writeln!(
        out,
        ".PP\nIn the REPL, after \\fBnew \\-\\-game canadian\\fR or \\fBnew \\-\\-game carolina\\fR:"
    );
    out.push_str(&literal(&crate::repl::help::laid_out(
        crate::games::canadian::help::OVERVIEW,
        MAN_WIDTH,
    )));
    section(&mut out, "EXAMPLES");
    out.push_str(EXAMPLES);
    section(&mut out, "FILES");
    out.push_str(FILES);
    section(&mut out, "EXIT STATUS");
    out.push_str(EXIT_STATUS);
    // clap_mangen leaves characters beyond ASCII as they are.
    out.chars().fold(String::new(), |mut ascii, c| {
        if c.is_ascii() {
            ascii.push(c);
        } else {
            let _ = write!(ascii, "\\[u{:04X}]", u32::from(c));
        }
        ascii
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn committed_path() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("man")
            .join("carousel.1")
    }

    #[test]
    fn man_page_is_in_step_with_the_command_line() {
        let page = page();
        let path = committed_path();
        if std::env::var_os("CAROUSEL_WRITE_MAN").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &page).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == page,
            "man/carousel.1 is out of step with the command line: run CAROUSEL_WRITE_MAN=1 cargo test man_page"
        );
    }

    #[test]
    fn man_page_names_every_subcommand_and_option() {
        let page = page();
        let mut cli = Cli::command();
        cli.build();
        for sub in cli.get_subcommands().filter(|s| s.get_name() != "help") {
            assert!(
                page.contains(&format!(".SS \"carousel {}\"", sub.get_name())),
                "{}",
                sub.get_name()
            );
            for arg in sub.get_arguments() {
                if let Some(long) = arg.get_long() {
                    assert!(page.contains(&format!("\\-\\-{}", roff(long))), "--{long}");
                }
            }
        }
        for needed in [
            "NOTATION",
            "RULES",
            "REPL COMMANDS",
            "EXAMPLES",
            "FILES",
            "EXIT STATUS",
        ] {
            assert!(page.contains(&format!(".SH \"{needed}\"")), "{needed}");
        }
    }

    #[test]
    fn man_page_is_ascii_roff() {
        assert!(page().is_ascii());
    }

    #[test]
    fn man_page_has_no_groff_warnings() {
        let groff = std::process::Command::new("groff")
            .args(["-man", "-ww", "-z"])
            .arg(committed_path())
            .output();
        match groff {
            Ok(output) => {
                let warnings = String::from_utf8_lossy(&output.stderr);
                assert!(warnings.trim().is_empty(), "groff warns:\n{warnings}");
            }
            // No groff on this machine: the page is still checked for ASCII and content.
            Err(_) => eprintln!("groff is not installed; skipping the groff check"),
        }
    }
}
