//! The family's commands as a REPL line reads them: the words every game shares (new, rules,
//! undo, fix, round, the saved games, help, quit) and what follows each. A line whose first
//! word is none of these is the game's ([`crate::desk::Desk::words`]). Only spelling is
//! checked here; names, cards and results are read by the game, which knows them.

use crate::error::{CommandError, Error};
use crate::family::NewGame;
use crate::words::{shown, split_word};

/// Every word the family's commands answer to, each with its aliases; the first is the name
/// `help` uses.
pub(crate) const WORDS: &[&[&str]] = &[
    &["new"],
    &["dealer"],
    &["rules", "rule"],
    &["resume", "open", "load"],
    &["save"],
    &["status", "where"],
    &["scoreboard", "scores", "score", "board"],
    &["why", "explain"],
    &["history", "log"],
    &["undo"],
    &["redo"],
    &["round", "result"],
    &["fix", "correct", "amend"],
    &["games", "saved"],
    &["archive"],
    &["remove", "delete"],
    &["export"],
    &["stats", "statistics"],
    &["chart", "graph", "plot"],
    &["share"],
    &["help", "?"],
    &["quit", "exit", "bye"],
];

/// The command a word names in `words`, by its first name.
pub(crate) fn named(words: &[&[&'static str]], word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    words
        .iter()
        .find(|names| names.contains(&word.as_str()))
        .map(|names| names[0])
}

/// A line cut at its commas into the parts of a turn typed in one line
/// (`draw, meld 8h 9h *10h, done`). A part of meld numbers alone belongs to the next
/// (`1, 2 = MELDS` is one rearrangement), and empty parts (a trailing comma) are dropped.
pub(crate) fn turn_parts(line: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    for (at, _) in line.match_indices(',') {
        let part = &line[start..at];
        let numbers_only = part
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace() || c == ',');
        if numbers_only && !part.trim().is_empty() {
            continue;
        }
        parts.push(part.trim());
        start = at + 1;
    }
    parts.push(line[start..].trim());
    parts.retain(|part| !part.is_empty());
    parts
}

/// `rules` as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RulesArg {
    Show,
    One(String),
    Set(String, String),
    Save,
}

/// `why` as typed: a round, the end, or the last round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WhyArg {
    Last,
    Round(usize),
    End,
}

/// `share` as typed: where to listen (empty: the defaults), or stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ShareArg {
    Start(String),
    Stop,
}

/// One of the family's commands, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    New {
        game: Option<String>,
        new: NewGame,
    },
    Dealer(String),
    Rules(RulesArg),
    Resume(Option<String>),
    Save(Option<String>),
    Status,
    Scoreboard,
    Why(WhyArg),
    History(Option<usize>),
    Undo(usize),
    Redo(usize),
    Round(String),
    Fix {
        round: usize,
        change: String,
    },
    Games,
    Tidy(crate::catalogue::Tidy, String),
    Export {
        format: String,
        file: Option<String>,
    },
    Stats,
    Chart,
    Share(ShareArg),
    Help(Option<String>),
    Quit,
}

fn needs(command: &str, needs: &str) -> Error {
    CommandError::Needs {
        command: command.to_string(),
        needs: needs.to_string(),
    }
    .into()
}

fn nothing_more(command: &str, rest: &str, then: Command) -> Result<Command, Error> {
    if rest.is_empty() {
        Ok(then)
    } else {
        Err(CommandError::TakesNothingMore {
            command: command.to_string(),
            rest: shown(rest),
        }
        .into())
    }
}

fn count_arg(command: &str, rest: &str) -> Result<Option<usize>, Error> {
    if rest.is_empty() {
        return Ok(None);
    }
    match rest.parse::<usize>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(CommandError::NotACount {
            command: command.to_string(),
            given: shown(rest),
        }
        .into()),
    }
}

/// `rules KEY VALUE` or `rules KEY = VALUE`: the key, and the value if any follows. `rules
/// KEY =` gives an empty value, for the rule to refuse, rather than reading as a question
/// about the rule.
pub(crate) fn rule_and_value(text: &str) -> (&str, Option<&str>) {
    let (key, value) = split_word(text);
    (
        key,
        (!value.is_empty()).then(|| value.trim_start_matches('=').trim()),
    )
}

/// `new [--game GAME] [--teams "A+C B+D"] NAMES`: names of two words come in quotes, and may
/// be separated by commas.
fn parse_new(rest: &str) -> Result<Command, Error> {
    let words: Vec<String> = if rest.contains('"') {
        shell_words::split(rest).map_err(|e| CommandError::Quote {
            text: shown(rest),
            problem: e.to_string(),
        })?
    } else {
        rest.split_whitespace().map(str::to_string).collect()
    };
    let mut game = None;
    let mut teams = None;
    let mut players = Vec::new();
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        let (option, inline) = match word.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o.to_string(), Some(v.to_string())),
            _ => (word.clone(), None),
        };
        match option.as_str() {
            "--game" | "--teams" => {
                let value = inline.or_else(|| words.next()).ok_or_else(|| {
                    Error::from(CommandError::NewValue {
                        option: option.clone(),
                    })
                })?;
                let slot = if option == "--game" {
                    &mut game
                } else {
                    &mut teams
                };
                if slot.is_some() {
                    return Err(CommandError::NewTwice { option }.into());
                }
                *slot = Some(value);
            }
            _ if option.starts_with("--") => {
                return Err(CommandError::NewOption {
                    option: shown(&option),
                }
                .into());
            }
            _ => players.extend(
                word.split(',')
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(str::to_string),
            ),
        }
    }
    if players.is_empty() {
        return Err(needs(
            "new",
            "the players' names in seating order, like new alice bob carol",
        ));
    }
    Ok(Command::New {
        game,
        new: NewGame { players, teams },
    })
}

/// `why` (or `score N`): a round's number, `end`, or nothing for the last round.
fn why_arg(command: &str, rest: &str, word: &'static str) -> Result<WhyArg, Error> {
    match rest.to_lowercase().as_str() {
        "" => Ok(WhyArg::Last),
        "end" | "bonus" | "bonuses" | "game" => Ok(WhyArg::End),
        r => match r.parse::<usize>() {
            Ok(n) if n > 0 => Ok(WhyArg::Round(n)),
            _ => Err(CommandError::WhyArg {
                command: command.to_lowercase(),
                given: shown(rest),
                word,
            }
            .into()),
        },
    }
}

/// Reads a line whose first word (`word`, with `rest` after it) is one of the family's
/// commands (`name`). `round_word` is the game's word for a round, `fix_forms` its forms of
/// `fix` and `round_form` of `round`, for the messages.
pub(crate) fn parse(
    name: &'static str,
    word: &str,
    rest: &str,
    round_word: &'static str,
    fix_forms: &'static str,
    round_form: &'static str,
) -> Result<Command, Error> {
    match name {
        "new" => parse_new(rest),
        "dealer" => {
            let quoted = rest.len() > 1 && rest.starts_with('"') && rest.ends_with('"');
            if rest.is_empty() || (!quoted && rest.contains(char::is_whitespace)) {
                return Err(CommandError::DealerName.into());
            }
            Ok(Command::Dealer(rest.trim_matches('"').to_string()))
        }
        "rules" => Ok(Command::Rules(match rule_and_value(rest) {
            ("", _) => RulesArg::Show,
            (k, None) if k.eq_ignore_ascii_case("save") => RulesArg::Save,
            (k, None) => RulesArg::One(k.to_string()),
            (k, Some(v)) => RulesArg::Set(k.to_string(), v.to_string()),
        })),
        "resume" => Ok(Command::Resume(
            (!rest.is_empty()).then(|| rest.trim_matches('"').to_string()),
        )),
        "save" => Ok(Command::Save(
            (!rest.is_empty()).then(|| rest.trim_matches('"').to_string()),
        )),
        "status" => nothing_more(word, rest, Command::Status),
        "scoreboard" if rest.is_empty() => Ok(Command::Scoreboard),
        "scoreboard" | "why" => why_arg(word, rest, round_word).map(Command::Why),
        "history" => Ok(Command::History(count_arg("history", rest)?)),
        "undo" => Ok(Command::Undo(count_arg("undo", rest)?.unwrap_or(1))),
        "redo" => Ok(Command::Redo(count_arg("redo", rest)?.unwrap_or(1))),
        "round" if rest.is_empty() => Err(needs(
            "round",
            &format!("the {round_word}'s result in one line: {round_form}"),
        )),
        "round" => Ok(Command::Round(rest.to_string())),
        "fix" => {
            let (number, change) = split_word(rest);
            let round = match number.parse::<usize>() {
                Ok(n) if n > 0 => n,
                _ if number.is_empty() => {
                    return Err(crate::error::FixForm::Nothing { forms: fix_forms }.into());
                }
                _ => {
                    return Err(crate::error::FixForm::NotANumber {
                        number: shown(number),
                        forms: fix_forms,
                    }
                    .into());
                }
            };
            if change.is_empty() {
                return Err(crate::error::FixForm::What {
                    round,
                    forms: fix_forms,
                }
                .into());
            }
            Ok(Command::Fix {
                round,
                change: change.to_string(),
            })
        }
        "games" => nothing_more(word, rest, Command::Games),
        "archive" | "remove" => {
            let tidy = if name == "archive" {
                crate::catalogue::Tidy::Archive
            } else {
                crate::catalogue::Tidy::Remove
            };
            if rest.is_empty() {
                return Err(needs(
                    name,
                    &format!("the game's number or name, as games lists them: {name} 2"),
                ));
            }
            Ok(Command::Tidy(tidy, rest.trim_matches('"').to_string()))
        }
        "export" => {
            let (format, file) = split_word(rest);
            if format.is_empty() {
                return Err(needs(
                    "export",
                    "a format, csv, markdown or json, and may take a file: export csv friday.csv",
                ));
            }
            Ok(Command::Export {
                format: format.to_string(),
                file: (!file.is_empty()).then(|| file.trim_matches('"').to_string()),
            })
        }
        "stats" => nothing_more(word, rest, Command::Stats),
        "chart" => nothing_more(word, rest, Command::Chart),
        "share" => Ok(Command::Share(match rest.to_lowercase().as_str() {
            "stop" | "off" | "end" => ShareArg::Stop,
            _ => ShareArg::Start(rest.to_string()),
        })),
        "help" => Ok(Command::Help(
            (!rest.is_empty()).then(|| rest.to_lowercase()),
        )),
        _ => nothing_more(word, rest, Command::Quit),
    }
}

/// Longest word worth comparing with the command words: none is near a longer one, and the
/// edit distance costs the product of the lengths.
const NEAREST_LONGEST: usize = 16;

/// The closest command word in `words` to a mistyped one, if it is near.
pub(crate) fn nearest(words: &[&[&'static str]], word: &str) -> Option<&'static str> {
    if word.chars().count() > NEAREST_LONGEST {
        return None;
    }
    let word = word.to_lowercase();
    words
        .iter()
        .flat_map(|names| names.iter())
        .map(|w| (distance(&word, w), *w))
        .filter(|(d, w)| *d <= 2 && *d < w.len() && *d < word.chars().count())
        .min()
        .and_then(|(_, w)| named(words, w))
}

/// Edit distance (insertions, deletions, substitutions, swaps of neighbours).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d: Vec<Vec<usize>> = (0..=a.len())
        .map(|i| (0..=b.len()).map(|j| if i == 0 { j } else { i }).collect())
        .collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_line_is_cut_at_its_commas_but_a_list_of_meld_numbers_is_kept_whole() {
        assert_eq!(
            turn_parts("draw, meld 8h 9h *10h, done"),
            ["draw", "meld 8h 9h *10h", "done"]
        );
        assert_eq!(
            turn_parts("draw 2, 1, 2 = 3s 4s 5s | 6h 6d 6c, done"),
            ["draw 2", "1, 2 = 3s 4s 5s | 6h 6d 6c", "done"]
        );
        assert_eq!(turn_parts("1,2=3s 4s 5s"), ["1,2=3s 4s 5s"]);
        assert_eq!(turn_parts("draw,, done ,"), ["draw", "done"]);
        assert_eq!(turn_parts("pass"), ["pass"]);
        assert!(turn_parts(" , ,").is_empty());
    }

    proptest::proptest! {
        /// Cutting never panics and loses nothing but commas and the space around parts.
        #[test]
        fn a_turn_line_keeps_every_character_but_the_commas_between_parts(line in "\\PC{0,40}") {
            let parts = turn_parts(&line);
            let kept: String = parts.concat().chars().filter(|c| *c != ',' && !c.is_whitespace()).collect();
            let typed: String = line.chars().filter(|c| *c != ',' && !c.is_whitespace()).collect();
            proptest::prop_assert_eq!(kept, typed);
            proptest::prop_assert!(parts.iter().all(|p| !p.is_empty()));
        }
    }

    fn ok(word: &str, rest: &str) -> Command {
        let name = named(WORDS, word).unwrap();
        parse(name, word, rest, "round", "FORMS", "FORM").unwrap_or_else(|e| panic!("{rest}: {e}"))
    }

    fn err(word: &str, rest: &str) -> String {
        let name = named(WORDS, word).unwrap();
        parse(name, word, rest, "round", "FORMS", "FORM")
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn new_takes_names_a_game_and_teams_each_once() {
        assert_eq!(
            ok("new", "alice bob, carol"),
            Command::New {
                game: None,
                new: NewGame {
                    players: vec!["alice".into(), "bob".into(), "carol".into()],
                    teams: None
                }
            }
        );
        assert_eq!(
            ok("new", "--game canadian --teams \"a+c b+d\" a b c d"),
            Command::New {
                game: Some("canadian".into()),
                new: NewGame {
                    players: ["a", "b", "c", "d"].map(String::from).to_vec(),
                    teams: Some("a+c b+d".into())
                }
            }
        );
        assert_eq!(
            err("new", "--game canadian --teams a+b --teams a+c a b c d"),
            "--teams is given twice; give it once"
        );
        assert!(err("new", "--colour red a b").contains("new takes --game and --teams"));
        assert!(err("new", "").starts_with("new needs the players' names"));
    }

    #[test]
    fn counts_why_and_fix_are_read_with_their_forms() {
        assert_eq!(ok("undo", ""), Command::Undo(1));
        assert_eq!(ok("redo", "30"), Command::Redo(30));
        assert!(err("undo", "x").contains("undo takes a number from 1 up"));
        assert_eq!(ok("why", "3"), Command::Why(WhyArg::Round(3)));
        assert_eq!(ok("score", "end"), Command::Why(WhyArg::End));
        assert_eq!(ok("scores", ""), Command::Scoreboard);
        assert_eq!(
            ok("fix", "2 hand bob 12"),
            Command::Fix {
                round: 2,
                change: "hand bob 12".into()
            }
        );
        assert_eq!(
            err("fix", ""),
            "fix needs the round's number and the correction: FORMS"
        );
        assert_eq!(err("fix", "2"), "fix 2 needs what to correct: FORMS");
    }

    #[test]
    fn share_takes_where_to_listen_or_stop() {
        assert_eq!(
            ok("share", ""),
            Command::Share(ShareArg::Start(String::new()))
        );
        assert_eq!(
            ok("share", "127.0.0.1:9000"),
            Command::Share(ShareArg::Start("127.0.0.1:9000".into()))
        );
        assert_eq!(ok("share", "stop"), Command::Share(ShareArg::Stop));
    }

    #[test]
    fn a_near_word_is_suggested() {
        assert_eq!(nearest(WORDS, "udno"), Some("undo"));
        assert_eq!(nearest(WORDS, "xyzzy"), None);
    }
}
