//! Tab completion: the command words of the family and of the game in play first, then what
//! each command takes (player names, house rule keys, help topics, games).

use super::command::{WORDS, named};
use rustyline::completion::{Completer, Pair};
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};

/// What completion knows of the session, set before each line is read.
#[derive(Helper, Highlighter, Hinter, Validator, Default)]
pub(super) struct ReplHelper {
    /// The players of the game in progress.
    pub names: Vec<String>,
    /// The game's own command words (the game in play's, or the last one's).
    pub words: &'static [&'static [&'static str]],
    /// The game's commands that take a player's name first.
    pub takes_a_name: &'static [&'static str],
    /// The house rules' keys, and which are on or off.
    pub rules: Vec<(&'static str, bool)>,
}

impl ReplHelper {
    /// The words that may stand at the word being typed, given the words before it.
    pub(super) fn candidates(&self, before: &[&str]) -> Vec<String> {
        let owned = |words: &[&str]| words.iter().map(ToString::to_string).collect();
        let Some(first) = before.first() else {
            return WORDS
                .iter()
                .chain(self.words)
                .flat_map(|w| w.iter())
                .map(ToString::to_string)
                .collect();
        };
        let command = named(WORDS, first).or_else(|| named(self.words, first));
        match (command, before.len()) {
            (Some(word), 1) if word == "dealer" || self.takes_a_name.contains(&word) => self
                .names
                .iter()
                .map(|n| {
                    // A name of two words goes in quotes, as the commands read it.
                    if n.contains(' ') {
                        format!("\"{n}\"")
                    } else {
                        n.clone()
                    }
                })
                .collect(),
            (Some("rules"), 1) => {
                let mut keys: Vec<String> = self.rules.iter().map(|(k, _)| k.to_string()).collect();
                keys.push("save".to_string());
                keys
            }
            (Some("rules"), 2) => {
                let on_off = self
                    .rules
                    .iter()
                    .any(|(k, switch)| *switch && k.eq_ignore_ascii_case(before[1]));
                if on_off {
                    owned(&["on", "off"])
                } else {
                    Vec::new()
                }
            }
            (Some("help"), 1) => owned(&super::help::names()),
            (Some("new"), 1) => owned(&["--game", "--teams"]),
            (Some("new"), 2) if before[1] == "--game" => owned(&crate::games::names()),
            (Some("export"), 1) => owned(crate::export::Format::NAMES),
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

    fn helper(words: &'static [&'static [&'static str]]) -> ReplHelper {
        ReplHelper {
            names: vec!["alice".into(), "Mary Jo".into()],
            words,
            takes_a_name: &["hand", "cards", "out", "melds"],
            rules: vec![("target", false), ("aces-low-only", true)],
        }
    }

    #[test]
    fn only_the_words_of_the_game_in_play_are_offered() {
        let canadian = helper(crate::games::canadian::desk::WORDS).candidates(&[]);
        assert!(canadian.contains(&"out".to_string()));
        assert!(canadian.contains(&"undo".to_string()));
        for carousel_only in ["draw", "knock", "add", "hint"] {
            assert!(
                !canadian.contains(&carousel_only.to_string()),
                "{carousel_only}"
            );
        }
        let carousel = helper(crate::games::manipulation::desk::WORDS).candidates(&[]);
        assert!(carousel.contains(&"draw".to_string()));
        assert!(!carousel.contains(&"out".to_string()));
    }

    #[test]
    fn names_rule_keys_and_switches_complete_after_their_commands() {
        let h = helper(crate::games::manipulation::desk::WORDS);
        assert_eq!(h.candidates(&["hand"]), ["alice", "\"Mary Jo\""]);
        assert_eq!(h.candidates(&["dealer"]), ["alice", "\"Mary Jo\""]);
        assert!(h.candidates(&["rules"]).contains(&"save".to_string()));
        assert_eq!(h.candidates(&["rules", "aces-low-only"]), ["on", "off"]);
        assert!(h.candidates(&["rules", "target"]).is_empty());
        assert!(
            h.candidates(&["new", "--game"])
                .contains(&"carolina".to_string())
        );
    }
}
