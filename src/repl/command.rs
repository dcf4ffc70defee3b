//! Reading a REPL line into a command. Only spelling is checked here; names, cards and
//! melds are read by the library, which knows the game.

use super::CommandError;
use super::error::Hint;

/// A move as typed: new melds, cards added to one meld, or numbered melds rearranged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum MoveText {
    /// `meld 7h 8h 9h | Ks Kd Kc`
    Meld(String),
    /// `add 2 6d`
    Add(usize, String),
    /// `1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d`
    Rearrange(String),
}

/// A correction of a finished round, as typed after `fix N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum FixText {
    /// `fix 2 hand bob 12`
    Hand { name: String, hand: String },
    /// `fix 2 knock bob`; `fix 2 knock nobody` (the stock ran out)
    Knock(Option<String>),
    /// `fix 2 out carol`
    Out(String),
    /// `fix 2 delete`
    Delete,
    /// `fix 2 knock bob alice=12 bob=3 carol=9`: the whole result, as `round` takes it
    Whole(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum RulesArg {
    Show,
    One(String),
    Set(String, String),
    Save,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Command {
    /// An empty line or a comment.
    Nothing,
    New(Vec<String>),
    Dealer(String),
    Rules(RulesArg),
    Draw(u32),
    Play(MoveText),
    Check(MoveText),
    Done,
    Knock(String),
    Hand {
        name: String,
        hand: String,
    },
    /// No text: show the table. Some text: correct the whole table ("" empties it).
    Table(Option<String>),
    Cards {
        name: String,
        count: String,
    },
    Status,
    Scoreboard,
    History(Option<usize>),
    Undo(usize),
    Redo(usize),
    /// A round's result entered whole: `round knock bob alice=12 bob=3 carol=9`.
    Round(String),
    Fix {
        round: usize,
        change: FixText,
    },
    Help(Option<String>),
    /// The solver's best play of a hand onto the table in play.
    Hint(String),
    /// Whether a pile of cards can all be laid out as melds.
    Arrange(String),
    Resume(Option<String>),
    /// `save`: save again; `save FILE`: write the game to FILE and go on there.
    Save(Option<String>),
    /// How a round's points came about (the last round when none is named), or the bonuses.
    Why(Option<WhyArg>),
    /// The saved games, numbered.
    Games,
    /// Archive or remove a finished saved game, after a yes.
    Tidy(crate::catalogue::Tidy, String),
    /// The game in play as CSV, Markdown or JSON, shown or written to a file.
    Export {
        format: String,
        file: Option<String>,
    },
    Stats,
    Chart,
    Quit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum WhyArg {
    Round(usize),
    End,
}

/// `3` is round 3; `end`, `bonus`, `bonuses` or `game` the game end.
fn why_arg(word: &str, rest: &str) -> Result<Option<WhyArg>, CommandError> {
    match rest.to_lowercase().as_str() {
        "" => Ok(None),
        "end" | "bonus" | "bonuses" | "game" => Ok(Some(WhyArg::End)),
        r => match r.parse::<usize>() {
            Ok(n) if n > 0 => Ok(Some(WhyArg::Round(n))),
            _ => Err(bad(format!(
                "\"{rest}\": {word} takes a round's number (why 3) or end (why end)"
            ))),
        },
    }
}

/// Every command word a line may start with, and the aliases each answers to. The first
/// is the name `help` uses.
pub(super) const WORDS: &[&[&str]] = &[
    &["new"],
    &["dealer"],
    &["rules", "rule"],
    &["resume", "open", "load"],
    &["save"],
    &["draw"],
    &["meld", "lay"],
    &["add"],
    &["rearrange", "move"],
    &["done", "end", "next", "pass"],
    &["knock"],
    &["check"],
    &["hand"],
    &["status", "where"],
    &["table"],
    &["scoreboard", "scores", "score", "board"],
    &["history", "log"],
    &["undo"],
    &["redo"],
    &["round", "result"],
    &["fix", "correct", "amend"],
    &["cards"],
    &["hint", "best", "suggest", "solve"],
    &["arrange", "layout"],
    &["why", "explain"],
    &["games", "saved"],
    &["archive"],
    &["remove", "delete"],
    &["export"],
    &["stats", "statistics"],
    &["chart", "graph", "plot"],
    &["help", "?"],
    &["quit", "exit", "bye"],
];

/// The command a word names, by its `help` name.
pub(super) fn command_name(word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    WORDS
        .iter()
        .find(|names| names.contains(&word.as_str()))
        .map(|names| names[0])
}

fn bad(message: String) -> CommandError {
    CommandError::NotUnderstood(message)
}

/// Longest word worth comparing with the command words: none is near a longer one, and
/// the edit distance costs the product of the lengths.
const NEAREST_LONGEST: usize = 16;

/// Longest word a message repeats whole; a longer one is cut with "...".
const SHOWN_LONGEST: usize = 40;

/// A word as a message repeats it, bounded so a pasted megabyte is not echoed back.
pub(super) fn shown(word: &str) -> String {
    match word.char_indices().nth(SHOWN_LONGEST) {
        Some((cut, _)) => format!("{}...", &word[..cut]),
        None => word.to_string(),
    }
}

/// The closest command word to a mistyped one, if it is near.
fn nearest(word: &str) -> Option<&'static str> {
    if word.chars().count() > NEAREST_LONGEST {
        return None;
    }
    let word = word.to_lowercase();
    WORDS
        .iter()
        .flat_map(|names| names.iter())
        .map(|w| (distance(&word, w), *w))
        .filter(|(d, w)| *d <= 2 && *d < w.len() && *d < word.chars().count())
        .min()
        .and_then(|(_, w)| command_name(w))
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

/// `1 2 = ...` or `= ...`: the part before `=` is meld numbers only.
fn is_rearrangement(text: &str) -> bool {
    text.split_once('=').is_some_and(|(numbers, _)| {
        numbers
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace() || c == ',')
    })
}

fn parse_move(text: &str, example: &str) -> Result<MoveText, CommandError> {
    let text = text.trim();
    if is_rearrangement(text) {
        return Ok(MoveText::Rearrange(text.to_string()));
    }
    let (word, rest) = split_word(text);
    match command_name(word) {
        Some("meld") => parse_meld(rest),
        Some("add") => parse_add(rest),
        Some("rearrange") => parse_move(rest, example),
        _ if text.is_empty() => Err(CommandError::Needs {
            command: example.to_string(),
            needs: format!("a move: {MOVE_FORMS}"),
        }),
        // Cards alone are new melds: `check 7h 8h 9h`.
        _ => parse_meld(text),
    }
}

const MOVE_FORMS: &str = "meld 7h 8h 9h (new melds), add 2 6d (cards on meld 2), or 1 2 = MELDS (melds 1 and 2 become MELDS)";

fn parse_meld(rest: &str) -> Result<MoveText, CommandError> {
    if rest.trim().is_empty() {
        return Err(CommandError::Needs {
            command: "meld".to_string(),
            needs: "the melds to lay, like meld 7h 8h 9h or meld 7h 8h 9h | Ks Kd Kc".to_string(),
        });
    }
    Ok(MoveText::Meld(rest.trim().to_string()))
}

fn parse_add(rest: &str) -> Result<MoveText, CommandError> {
    let (number, cards) = split_word(rest);
    let number = number.trim_end_matches(':');
    let n = number.parse::<usize>().map_err(|_| {
        bad(if number.is_empty() {
            "add needs a meld number and the cards, like add 2 6d".to_string()
        } else {
            format!(
                "\"{number}\": add takes the meld's number first, then the cards, like add 2 6d"
            )
        })
    })?;
    Ok(MoveText::Add(n, cards.trim().to_string()))
}

/// The first word and the rest, trimmed.
pub(super) fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim();
    match text.find(char::is_whitespace) {
        Some(at) => (&text[..at], text[at..].trim()),
        None => (text, ""),
    }
}

/// `rules KEY VALUE` or `rules KEY = VALUE`, the forms the `rules` of every game takes (the
/// text after `rules`): the key, and the value if any follows. `rules KEY =` gives an empty
/// value, for the rule to refuse, rather than reading as a question about the rule.
pub(super) fn rule_and_value(text: &str) -> (&str, Option<&str>) {
    let (key, value) = split_word(text);
    (
        key,
        (!value.is_empty()).then(|| value.trim_start_matches('=').trim()),
    )
}

fn count_arg(word: &str, rest: &str) -> Result<Option<usize>, CommandError> {
    if rest.is_empty() {
        return Ok(None);
    }
    match rest.parse::<usize>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(bad(format!(
            "\"{rest}\": {word} takes a number from 1 up, or nothing"
        ))),
    }
}

fn nothing_more(word: &str, rest: &str, command: Command) -> Result<Command, CommandError> {
    if rest.is_empty() {
        Ok(command)
    } else {
        Err(CommandError::TakesNothingMore {
            command: word.to_string(),
            rest: rest.to_string(),
        })
    }
}

/// Refuses a one-shot command's option (`--table`) typed after a REPL command that takes
/// only cards, rather than reading it as a card: `why` says what the command takes.
fn no_options(rest: &str, why: &str) -> Result<(), CommandError> {
    match rest.split_whitespace().find(|word| word.starts_with("--")) {
        Some(option) => Err(bad(format!("\"{}\": {why}", shown(option)))),
        None => Ok(()),
    }
}

const ROUND_FORMS: &str = "knock NAME or out NAME (or neither when the stock ran out), then every hand as NAME=HAND, like round knock bob alice=12 bob=3 carol=\"Kd *\"";

const FIX_FORMS: &str = "fix N hand NAME HAND, fix N knock NAME (or nobody), fix N out NAME, fix N delete, or fix N and the whole result as round takes it";

fn parse_fix(rest: &str) -> Result<Command, CommandError> {
    let (number, rest) = split_word(rest);
    let round = match number.parse::<usize>() {
        Ok(n) if n > 0 => n,
        _ => {
            return Err(bad(if number.is_empty() {
                format!("fix needs the round's number and the correction: {FIX_FORMS}")
            } else {
                format!("\"{number}\": fix takes the round's number first: {FIX_FORMS}")
            }));
        }
    };
    let (word, what) = split_word(rest);
    let change = match word.to_lowercase().as_str() {
        _ if rest.contains('=') && !word.eq_ignore_ascii_case("hand") => {
            FixText::Whole(rest.to_string())
        }
        "hand" => {
            let (name, hand) = crate::words::name_and_rest(what);
            if name.is_empty() {
                return Err(CommandError::Needs {
                    command: format!("fix {round} hand"),
                    needs: format!("a name and the hand, like fix {round} hand bob 12"),
                });
            }
            FixText::Hand { name, hand }
        }
        "knock" | "knocker" => match what.to_lowercase().as_str() {
            "" => {
                return Err(CommandError::Needs {
                    command: format!("fix {round} knock"),
                    needs: "who knocked, or nobody".to_string(),
                });
            }
            "nobody" | "none" | "no-one" | "noone" => FixText::Knock(None),
            _ => FixText::Knock(Some(what.trim_matches('"').to_string())),
        },
        "stock" => FixText::Knock(None),
        "out" if what.is_empty() => {
            return Err(CommandError::Needs {
                command: format!("fix {round} out"),
                needs: "who went out".to_string(),
            });
        }
        "out" => FixText::Out(what.trim_matches('"').to_string()),
        "delete" | "remove" => {
            return nothing_more(
                word,
                what,
                Command::Fix {
                    round,
                    change: FixText::Delete,
                },
            );
        }
        _ => {
            return Err(bad(format!(
                "fix {round} needs what to correct: {FIX_FORMS}"
            )));
        }
    };
    Ok(Command::Fix { round, change })
}

/// Reads one line. `#` starts a comment.
pub(super) fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.split('#').next().unwrap_or("").trim();
    if line.is_empty() {
        return Ok(Command::Nothing);
    }
    if is_rearrangement(line) {
        return Ok(Command::Play(MoveText::Rearrange(line.to_string())));
    }
    let (word, rest) = split_word(line);
    let Some(name) = command_name(word) else {
        // `bob=12`: a hand in the notation of `carousel score`.
        if let Some((name, _)) = line.split_once('=')
            && name.trim().chars().next().is_some_and(char::is_alphabetic)
            && !name.trim().contains(char::is_whitespace)
        {
            let (name, hand) = crate::words::name_and_rest(line);
            return Ok(Command::Hand { name, hand });
        }
        let hint = match nearest(word) {
            Some(close) => Hint::DidYouMean(close),
            None if crate::notation::parse_card(word).is_ok() || word.starts_with('*') => {
                Hint::Cards
            }
            None => Hint::Nothing,
        };
        return Err(CommandError::NotACommand {
            word: shown(word),
            hint,
        });
    };
    match name {
        "new" => {
            // Names of two words come in quotes: new "Mary Jo" bob.
            let names: Vec<String> = if rest.contains('"') {
                shell_words::split(rest)
                    .map_err(|e| bad(format!("\"{rest}\": {e}; a name of two words goes in quotes, like new \"Mary Jo\" bob")))?
                    .into_iter()
                    .flat_map(|n| {
                        n.split(',').map(|p| p.trim().to_string()).collect::<Vec<_>>()
                    })
                    .filter(|n| !n.is_empty())
                    .collect()
            } else {
                rest.split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|n| !n.is_empty())
                    .map(str::to_string)
                    .collect()
            };
            // `new --game carousel NAMES` names the game this referee keeps: nothing more.
            let names = match names.as_slice() {
                [flag, game, rest @ ..]
                    if flag == "--game" && game.eq_ignore_ascii_case("carousel") =>
                {
                    rest.to_vec()
                }
                [flag, rest @ ..] if flag.eq_ignore_ascii_case("--game=carousel") => rest.to_vec(),
                _ => names,
            };
            if names.is_empty() {
                return Err(CommandError::Needs {
                    command: "new".to_string(),
                    needs: "the players' names in seating order, like new alice bob carol"
                        .to_string(),
                });
            }
            Ok(Command::New(names))
        }
        "dealer" => {
            let quoted = rest.len() > 1 && rest.starts_with('"') && rest.ends_with('"');
            if rest.is_empty() || (!quoted && rest.contains(char::is_whitespace)) {
                return Err(bad(
                    "dealer takes one name, like dealer carol (a name of two words in quotes)"
                        .into(),
                ));
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
        "draw" => {
            let n = count_arg("draw", rest)?.unwrap_or(1);
            Ok(Command::Draw(u32::try_from(n).unwrap_or(u32::MAX)))
        }
        "meld" => parse_meld(rest).map(Command::Play),
        "add" => parse_add(rest).map(Command::Play),
        "rearrange" => {
            if !is_rearrangement(rest) {
                return Err(bad(format!(
                    "rearrange is the meld numbers, =, and the melds they become, like 1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d{}",
                    if rest.is_empty() {
                        String::new()
                    } else {
                        format!(" (not \"{rest}\")")
                    }
                )));
            }
            Ok(Command::Play(MoveText::Rearrange(rest.to_string())))
        }
        "check" => parse_move(rest, "check").map(Command::Check),
        "done" => nothing_more(word, rest, Command::Done),
        "knock" => {
            if rest.is_empty() {
                return Err(CommandError::Needs {
                    command: "knock".to_string(),
                    needs: "the hand left, as cards or its count: knock 4s Ah, or knock 5"
                        .to_string(),
                });
            }
            Ok(Command::Knock(rest.trim_matches('"').to_string()))
        }
        "hand" => {
            let (name, hand) = crate::words::name_and_rest(rest);
            if name.is_empty() {
                return Err(CommandError::Needs {
                    command: "hand".to_string(),
                    needs:
                        "a name and the hand, as cards or a count: hand bob Kd 7c, or hand bob 17"
                            .to_string(),
                });
            }
            Ok(Command::Hand { name, hand })
        }
        "table" => Ok(Command::Table(match rest {
            "" => None,
            r if ["empty", "none", "clear", "\"\""].contains(&r.to_lowercase().as_str()) => {
                Some(String::new())
            }
            r => Some(r.to_string()),
        })),
        "cards" => {
            let (name, count) = crate::words::name_and_rest(rest);
            if name.is_empty() || count.is_empty() {
                return Err(CommandError::Needs {
                    command: "cards".to_string(),
                    needs: "a name and the number of cards they hold, like cards bob 7".to_string(),
                });
            }
            Ok(Command::Cards { name, count })
        }
        "status" => nothing_more(word, rest, Command::Status),
        "scoreboard" if rest.is_empty() => Ok(Command::Scoreboard),
        "scoreboard" | "why" => why_arg(word, rest).map(Command::Why),
        "games" => nothing_more(word, rest, Command::Games),
        "archive" | "remove" => {
            let tidy = if name == "archive" {
                crate::catalogue::Tidy::Archive
            } else {
                crate::catalogue::Tidy::Remove
            };
            if rest.is_empty() {
                return Err(CommandError::Needs {
                    command: name.to_string(),
                    needs: format!(
                        "the finished game's number or name, as games lists them: {name} 2"
                    ),
                });
            }
            Ok(Command::Tidy(tidy, rest.trim_matches('"').to_string()))
        }
        "export" => {
            let (format, file) = split_word(rest);
            if format.is_empty() {
                return Err(CommandError::Needs {
                    command: "export".to_string(),
                    needs: "a format, csv, markdown or json, and may take a file: \
                            export csv friday.csv"
                        .to_string(),
                });
            }
            Ok(Command::Export {
                format: format.to_string(),
                file: (!file.is_empty()).then(|| file.trim_matches('"').to_string()),
            })
        }
        "stats" => nothing_more(word, rest, Command::Stats),
        "chart" => nothing_more(word, rest, Command::Chart),
        "history" => Ok(Command::History(count_arg("history", rest)?)),
        "undo" => Ok(Command::Undo(count_arg("undo", rest)?.unwrap_or(1))),
        "redo" => Ok(Command::Redo(count_arg("redo", rest)?.unwrap_or(1))),
        "round" if rest.is_empty() => Err(CommandError::Needs {
            command: "round".to_string(),
            needs: format!("the result: {ROUND_FORMS}"),
        }),
        "round" => Ok(Command::Round(rest.to_string())),
        "fix" => parse_fix(rest),
        "hint" if rest.is_empty() => Err(CommandError::Needs {
            command: "hint".to_string(),
            needs: "the hand to play from, like hint 7h 9h Js *".to_string(),
        }),
        "hint" => {
            // Said with the word typed: `solve` is `hint` inside a game.
            let typed = word.to_lowercase();
            no_options(
                rest,
                &format!(
                    "{typed} takes no options here, only the hand's cards ({typed} 7h 9h Js *), \
                     played on this game's table; to ask about another table, run carousel \
                     solve --table TABLE --hand HAND in a shell"
                ),
            )?;
            Ok(Command::Hint(rest.trim_matches('"').to_string()))
        }
        "arrange" if rest.is_empty() => Err(CommandError::Needs {
            command: "arrange".to_string(),
            needs: "the cards to lay out, like arrange 7h 8h 9h *".to_string(),
        }),
        "arrange" => {
            no_options(
                rest,
                "arrange takes no options here, only the cards (arrange 7h 8h 9h *); it follows \
                 the house rules that rules shows",
            )?;
            Ok(Command::Arrange(rest.trim_matches('"').to_string()))
        }
        "help" => Ok(Command::Help(
            (!rest.is_empty()).then(|| rest.to_lowercase()),
        )),
        "quit" => nothing_more(word, rest, Command::Quit),
        _ => Err(bad(format!("\"{word}\" is not a command"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    fn err(line: &str) -> String {
        parse(line).unwrap_err().to_string()
    }

    #[test]
    fn comments_and_blank_lines_are_nothing() {
        assert_eq!(ok(""), Command::Nothing);
        assert_eq!(ok("   # a comment"), Command::Nothing);
        assert_eq!(ok("draw  # bob draws"), Command::Draw(1));
    }

    #[test]
    fn moves_in_three_forms() {
        assert_eq!(
            ok("meld 7h 8h 9h | Ks Kd Kc"),
            Command::Play(MoveText::Meld("7h 8h 9h | Ks Kd Kc".into()))
        );
        assert_eq!(ok("add 2 6d"), Command::Play(MoveText::Add(2, "6d".into())));
        assert_eq!(
            ok("1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d"),
            Command::Play(MoveText::Rearrange(
                "1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d".into()
            ))
        );
        assert_eq!(
            ok("move 1,2 = 3s 4s 5s"),
            Command::Play(MoveText::Rearrange("1,2 = 3s 4s 5s".into()))
        );
        assert_eq!(
            ok("check 1 = 6h *7h 8h 9h"),
            Command::Check(MoveText::Rearrange("1 = 6h *7h 8h 9h".into()))
        );
        assert_eq!(
            ok("check add 1 6h"),
            Command::Check(MoveText::Add(1, "6h".into()))
        );
        assert_eq!(
            ok("check 7h 8h 9h"),
            Command::Check(MoveText::Meld("7h 8h 9h".into()))
        );
        assert!(err("add 6d 2").contains("the meld's number first"));
        assert!(err("meld").contains("meld needs the melds"));
    }

    #[test]
    fn hands_by_name_in_several_spellings() {
        let bob = |hand: &str| Command::Hand {
            name: "bob".into(),
            hand: hand.into(),
        };
        assert_eq!(ok("hand bob 12"), bob("12"));
        assert_eq!(ok("hand bob=Kd *"), bob("Kd *"));
        assert_eq!(ok("hand bob: Kd *"), bob("Kd *"));
        assert_eq!(ok("bob=\"4s Ah\""), bob("4s Ah"));
        assert_eq!(ok("hand bob"), bob(""));
    }

    #[test]
    fn unknown_words_are_named_with_a_suggestion() {
        assert_eq!(
            err("drwa"),
            "\"drwa\" is not a command (did you mean draw?); help lists the commands"
        );
        assert!(err("7h 8h 9h").contains("meld 7h 8h 9h"));
        assert!(err("done now").contains("\"now\": done takes nothing more"));
        assert!(err("draw x").contains("\"x\": draw takes a number"));
        assert_eq!(ok("draw 3"), Command::Draw(3));
        assert_eq!(ok("DRAW"), Command::Draw(1));
    }

    #[test]
    fn rules_show_set_and_save() {
        assert_eq!(ok("rules"), Command::Rules(RulesArg::Show));
        assert_eq!(
            ok("rules target 100"),
            Command::Rules(RulesArg::Set("target".into(), "100".into()))
        );
        assert_eq!(
            ok("rules target = 100"),
            Command::Rules(RulesArg::Set("target".into(), "100".into()))
        );
        assert_eq!(
            ok("rules target ="),
            Command::Rules(RulesArg::Set("target".into(), String::new()))
        );
        assert_eq!(ok("rules save"), Command::Rules(RulesArg::Save));
        assert_eq!(ok("scores"), Command::Scoreboard);
        assert_eq!(
            ok("rules target"),
            Command::Rules(RulesArg::One("target".into()))
        );
    }

    #[test]
    fn why_and_score_n_explain_a_round_or_the_end() {
        assert_eq!(ok("why"), Command::Why(None));
        assert_eq!(ok("why 3"), Command::Why(Some(WhyArg::Round(3))));
        assert_eq!(ok("score 2"), Command::Why(Some(WhyArg::Round(2))));
        assert_eq!(ok("why end"), Command::Why(Some(WhyArg::End)));
        assert!(err("why 0").contains("\"0\": why takes a round's number"));
        assert!(err("score x").contains("\"x\": score takes a round's number"));
    }

    #[test]
    fn saved_games_commands() {
        use crate::catalogue::Tidy;
        assert_eq!(ok("games"), Command::Games);
        assert_eq!(ok("archive 2"), Command::Tidy(Tidy::Archive, "2".into()));
        assert_eq!(
            ok("delete friday"),
            Command::Tidy(Tidy::Remove, "friday".into())
        );
        assert!(err("remove").contains("remove needs the finished game's number"));
        assert_eq!(
            ok("export csv out.csv"),
            Command::Export {
                format: "csv".into(),
                file: Some("out.csv".into())
            }
        );
        assert!(err("export").contains("export needs a format"));
        assert_eq!(ok("stats"), Command::Stats);
        assert_eq!(ok("chart"), Command::Chart);
    }

    #[test]
    fn new_may_name_carousel_as_its_game() {
        let names = || Command::New(vec!["ann".into(), "ben".into()]);
        assert_eq!(ok("new --game carousel ann ben"), names());
        assert_eq!(ok("new --game Carousel ann ben"), names());
        assert_eq!(ok("new --game=carousel ann ben"), names());
    }
}
