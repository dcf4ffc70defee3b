//! Tab completion: command words first, then what each command takes (player names, house
//! rule keys, help topics).

use super::command::{WORDS, command_name};
use crate::games::manipulation::rules::Rules;
use crate::rules::{GameRules, HouseRule};
use rustyline::completion::{Completer, Pair};
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};

#[derive(Helper, Highlighter, Hinter, Validator)]
pub(super) struct ReplHelper {
    /// The players of the game in progress.
    pub names: Vec<String>,
    /// The command words of the game in play (Carousel's, or Canadian and Carolina's).
    pub words: &'static [&'static [&'static str]],
}

impl Default for ReplHelper {
    fn default() -> Self {
        ReplHelper {
            names: Vec::new(),
            words: WORDS,
        }
    }
}

impl ReplHelper {
    /// The words that may stand at the word being typed, given the words before it.
    fn candidates(&self, before: &[&str]) -> Vec<String> {
        let owned = |words: &[&str]| words.iter().map(std::string::ToString::to_string).collect();
        let Some(first) = before.first() else {
            return self
                .words
                .iter()
                .flat_map(|w| w.iter())
                .map(std::string::ToString::to_string)
                .collect();
        };
        if self.words != WORDS {
            return self.other_games(first, before.len());
        }
        match (command_name(first), before.len()) {
            // A name of two words goes in quotes, as the commands read it.
            (Some("dealer" | "hand" | "cards"), 1) => self
                .names
                .iter()
                .map(|n| {
                    if n.contains(' ') {
                        format!("\"{n}\"")
                    } else {
                        n.clone()
                    }
                })
                .collect(),
            (Some("rules"), 1) => {
                let mut keys: Vec<String> = owned(&HouseRule::keys(&Rules::TABLE));
                keys.push("save".to_string());
                keys
            }
            (Some("rules"), 2) => {
                let on_off = Rules::default()
                    .value_text(before[1])
                    .is_some_and(|v| v == "on" || v == "off");
                if on_off {
                    owned(&["on", "off"])
                } else {
                    Vec::new()
                }
            }
            (Some("help"), 1) => owned(&super::help::names()),
            (Some("check"), 1) => owned(&["meld", "add"]),
            _ => Vec::new(),
        }
    }
}

impl ReplHelper {
    /// Canadian and Carolina: names after the commands that take one, their rule keys, their
    /// help topics, and the games after `new --game`.
    fn other_games(&self, first: &str, count: usize) -> Vec<String> {
        use crate::games::canadian::CanadianRules;
        let owned = |words: &[&str]| words.iter().map(std::string::ToString::to_string).collect();
        let word = self
            .words
            .iter()
            .find(|names| names.contains(&first.to_lowercase().as_str()))
            .map(|names| names[0]);
        match (word, count) {
            (Some("dealer" | "hand" | "out" | "melds"), 1) => self.names.clone(),
            (Some("rules"), 1) => owned(&HouseRule::keys(&CanadianRules::TABLE)),
            (Some("help"), 1) => owned(&super::canadian::topic_names()),
            (Some("new"), 1) => owned(&["--game"]),
            (Some("new"), 2) => owned(&crate::family::GameKind::NAMES),
            _ => Vec::new(),
        }
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        let start = before
            .rfind(|c: char| c.is_whitespace())
            .map_or(0, |i| i + 1);
        let typed = before[start..].to_lowercase();
        let words: Vec<&str> = before[..start].split_whitespace().collect();
        let mut found: Vec<Pair> = self
            .candidates(&words)
            .into_iter()
            .filter(|c| c.to_lowercase().starts_with(&typed))
            .map(|c| Pair {
                display: c.clone(),
                replacement: format!("{c} "),
            })
            .collect();
        found.dedup_by(|a, b| a.display == b.display);
        Ok((start, found))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustyline::history::DefaultHistory;

    fn complete(line: &str) -> Vec<String> {
        let helper = ReplHelper {
            names: vec!["alice".into(), "bob".into(), "albert".into()],
            words: WORDS,
        };
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        let (_, pairs) = helper.complete(line, line.len(), &ctx).unwrap();
        pairs.into_iter().map(|p| p.replacement).collect()
    }

    #[test]
    fn commands_names_and_rule_keys_complete() {
        assert_eq!(complete("dr"), vec!["draw "]);
        assert_eq!(complete("hand al"), vec!["alice ", "albert "]);
        assert_eq!(complete("dealer b"), vec!["bob "]);
        assert_eq!(complete("rules kn"), vec!["knock-limit "]);
        assert_eq!(complete("rules aces-low-only o"), vec!["on ", "off "]);
        assert!(complete("rules target ").is_empty());
        assert_eq!(complete("help und"), vec!["undo "]);
        assert!(complete("meld 7h").is_empty());
    }

    #[test]
    fn canadian_commands_names_and_rule_keys_complete() {
        let helper = ReplHelper {
            names: vec!["alice".into(), "bob".into()],
            words: crate::repl::canadian::WORDS,
        };
        let history = DefaultHistory::new();
        let ctx = Context::new(&history);
        let complete = |line: &str| -> Vec<String> {
            let (_, pairs) = helper.complete(line, line.len(), &ctx).unwrap();
            pairs.into_iter().map(|p| p.replacement).collect()
        };
        assert_eq!(complete("ou"), vec!["out "]);
        assert_eq!(complete("melds b"), vec!["bob "]);
        assert_eq!(complete("rules wi"), vec!["wild-pickup "]);
        assert_eq!(complete("pi"), vec!["pile "]);
        assert_eq!(
            complete("new --game ca"),
            vec!["carousel ", "canadian ", "carolina "]
        );
    }
}
