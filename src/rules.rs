//! House rules as every game of the family reads, shows and changes them: a game's rules
//! are a serde struct of its own keys with a table of them ([`HouseRule`]); reading a rules
//! file, showing a value, finding a key as typed and setting one from words are written
//! here once ([`GameRules`]). Each game's own keys live in its folder.
//!
//! The TOML keys are the ones of docs/commands.md#house-rules-files, explained in
//! docs/rules.md#house-rules.

use crate::error::RulesError;
use serde::Serialize;

/// line and the REPL say the same thing of the same file.
pub(crate) fn load_file<T>(
    path: &std::path::Path,
    read: impl FnOnce(&str) -> Result<T, crate::error::Error>,
) -> Result<T, crate::error::Error> {
    let text = crate::store::read_text(path).map_err(|e| match e {
        crate::error::Error::File { problem, .. } => crate::error::Error::HouseRulesUnread {
            path: path.to_path_buf(),
            problem,
        },
        e => e,
    })?;
    read(&text).map_err(|e| crate::error::Error::File {
        path: path.to_path_buf(),
        problem: e.to_string(),
    })
}

/// The numbers every game of the family plays only from 1 up (the others may be 0).
const AT_LEAST_ONE: [&str; 2] = ["target", "hand-size"];

/// Refuses a target or a hand size of 0 in the same words for every game of the family: a
/// target of 0 would end the game before its first round is scored, and a hand size of 0
/// deals nobody a card. Each is given with the game's default, which the message names.
pub(crate) fn playable_numbers(
    target: (u32, u32),
    hand_size: (u32, u32),
) -> Result<(), RulesError> {
    if target.0 == 0 {
        return Err(RulesError::TargetZero { default: target.1 });
    }
    if hand_size.0 == 0 {
        return Err(RulesError::HandSizeZero {
            default: hand_size.1,
        });
    }
    Ok(())
}

// What every game's house rules share: their table, reading a rules file, showing a value,
// finding a key as typed and setting one from words. Each game's rules are a serde struct of
// its own keys, with a table of them.

/// One game's house rules as a player reads and changes them a key at a time (the REPL's
/// `rules KEY` and `rules KEY VALUE`, a rules file written back): each game gives its table
/// and its check, and the rest is written here once, so every game says the same of a key.
pub trait GameRules: Clone + Serialize + serde::de::DeserializeOwned {
    /// The game's table of house rules, in the order its docs list them.
    fn table() -> &'static [HouseRule];

    /// Refuses numbers no game can be played with, as an [`crate::error::Error::Rules`].
    fn playable(&self) -> Result<(), crate::error::Error>;

    /// Every rule as `key = value`, the way a rules file writes it.
    fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// One rule's value as a player reads it: a number, or on/off.
    fn value_text(&self, key: &str) -> Option<String> {
        value_text(self, key)
    }

    /// A rule's key as typed (case and underscores forgiven), and what it means.
    fn key(typed: &str) -> Result<(&'static str, &'static str), crate::error::Error> {
        find_key(Self::table(), typed)
    }

    /// Sets one rule by its key from text: a whole number for the numbers, on/off (yes/no,
    /// true/false) for the named readings. A value refused changes nothing.
    fn set(&mut self, key: &str, value: &str) -> Result<(), crate::error::Error> {
        let (key, _) = Self::key(key)?;
        let mut changed = self.clone();
        set_value(&mut changed, key, value)?;
        changed.playable()?;
        *self = changed;
        Ok(())
    }
}

/// One house rule as every game lists it: its key (in a `[rules]` table), what it means and
/// its default. Each game writes its rules once, as a table of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HouseRule {
    pub key: &'static str,
    pub meaning: &'static str,
    pub default: Setting,
}

/// A house rule's value: a whole number, or a reading that is on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Number(u32),
    Switch(bool),
}

impl HouseRule {
    pub(crate) const fn number(
        key: &'static str,
        meaning: &'static str,
        default: u32,
    ) -> HouseRule {
        HouseRule {
            key,
            meaning,
            default: Setting::Number(default),
        }
    }

    pub(crate) const fn switch(
        key: &'static str,
        meaning: &'static str,
        default: bool,
    ) -> HouseRule {
        HouseRule {
            key,
            meaning,
            default: Setting::Switch(default),
        }
    }

    /// The keys of a game's table, in its order.
    pub fn keys(table: &[HouseRule]) -> Vec<&'static str> {
        table.iter().map(|rule| rule.key).collect()
    }
}

impl Setting {
    /// As a player reads it: a number, or on/off.
    pub fn text(self) -> String {
        match self {
            Setting::Number(n) => n.to_string(),
            Setting::Switch(true) => "on".to_string(),
            Setting::Switch(false) => "off".to_string(),
        }
    }

    /// As a rules file writes it: a number, or true/false.
    pub fn toml(self) -> String {
        match self {
            Setting::Number(n) => n.to_string(),
            Setting::Switch(on) => on.to_string(),
        }
    }
}

/// The default of the number rule `key` in `table`; a key missing from its game's table is
/// a slip in the table, which every test that makes default rules finds.
pub(crate) fn default_number(table: &[HouseRule], key: &str) -> u32 {
    match table
        .iter()
        .find(|rule| rule.key == key)
        .map(|rule| rule.default)
    {
        Some(Setting::Number(n)) => n,
        _ => panic!("{key} is not a number rule of its game's table"),
    }
}

/// The default of the on/off rule `key` in `table` (see [`default_number`]).
pub(crate) fn default_switch(table: &[HouseRule], key: &str) -> bool {
    match table
        .iter()
        .find(|rule| rule.key == key)
        .map(|rule| rule.default)
    {
        Some(Setting::Switch(on)) => on,
        _ => panic!("{key} is not an on/off rule of its game's table"),
    }
}

/// Reads house rules from a TOML document holding the keys, or a `[rules]` table of them.
/// With `rules_only`, a document with a `[rules]` table may hold nothing else.
pub(crate) fn read<R: GameRules>(text: &str, rules_only: bool) -> Result<R, crate::error::Error> {
    let value: toml::Table = toml::from_str(text).map_err(|e| {
        // Name the line and the token (a repeated key names the key), not just the trouble.
        RulesError::Toml {
            at: e
                .span()
                .map(|span| crate::record::place_of_span(text, &span, "")),
            problem: e.message().trim().to_string(),
        }
    })?;
    let table = match value.get("rules") {
        Some(toml::Value::Table(rules)) => {
            if let Some(other) = value.keys().find(|k| *k != "rules").filter(|_| rules_only) {
                return Err(RulesError::MoreThanTheTable { key: other.clone() }.into());
            }
            rules.clone()
        }
        _ if rules_only && !value.is_empty() => {
            let key = value.keys().next().cloned().unwrap_or_default();
            return Err(RulesError::OutsideTheTable { key }.into());
        }
        _ => value,
    };
    // A key of no rule of this game is named with the game's keys, in the REPL's words.
    let keys = HouseRule::keys(R::table());
    if let Some(key) = table.keys().find(|k| !keys.contains(&k.as_str())) {
        return Err(RulesError::NotARule {
            key: key.clone(),
            keys,
        }
        .into());
    }
    R::deserialize(toml::Value::Table(table)).map_err(|e| {
        RulesError::Keys {
            problem: e.message().to_string(),
        }
        .into()
    })
}

fn as_table<R: Serialize>(rules: &R) -> toml::Table {
    toml::Table::try_from(rules).unwrap_or_default()
}

/// One rule's value as a player reads it: a number, or on/off.
pub(crate) fn value_text<R: Serialize>(rules: &R, key: &str) -> Option<String> {
    match as_table(rules).get(key)? {
        toml::Value::Boolean(true) => Some("on".to_string()),
        toml::Value::Boolean(false) => Some("off".to_string()),
        other => Some(other.to_string()),
    }
}

/// A key as typed (case and underscores forgiven) in a game's `table`, with its meaning.
pub(crate) fn find_key(
    table: &[HouseRule],
    typed: &str,
) -> Result<(&'static str, &'static str), crate::error::Error> {
    let key = typed.trim().to_ascii_lowercase().replace('_', "-");
    table
        .iter()
        .find(|rule| rule.key == key)
        .map(|rule| (rule.key, rule.meaning))
        .ok_or_else(|| {
            RulesError::NotARule {
                key: key.clone(),
                keys: HouseRule::keys(table),
            }
            .into()
        })
}

/// Sets the rule `key` (a key of `rules`) from words: a whole number, or on/off.
pub(crate) fn set_value<R: Serialize + serde::de::DeserializeOwned>(
    rules: &mut R,
    key: &str,
    value: &str,
) -> Result<(), crate::error::Error> {
    let mut table = as_table(rules);
    let value = value.trim();
    let parsed = match table.get(key) {
        None => {
            return Err(RulesError::CannotBeSet {
                key: key.to_string(),
            }
            .into());
        }
        Some(toml::Value::Boolean(_)) => match value.to_ascii_lowercase().as_str() {
            "on" | "yes" | "true" | "y" => toml::Value::Boolean(true),
            "off" | "no" | "false" | "n" => toml::Value::Boolean(false),
            _ => {
                return Err(RulesError::OnOrOff {
                    key: key.to_string(),
                    value: value.to_string(),
                }
                .into());
            }
        },
        Some(_) => {
            let Ok(n) = value.parse::<u32>() else {
                return Err(RulesError::NotANumber {
                    key: key.to_string(),
                    lowest: u32::from(AT_LEAST_ONE.contains(&key)),
                    value: value.to_string(),
                }
                .into());
            };
            toml::Value::Integer(i64::from(n))
        }
    };
    table.insert(key.to_string(), parsed);
    *rules = R::deserialize(toml::Value::Table(table)).map_err(|e| {
        crate::error::Error::from(RulesError::Keys {
            problem: e.message().to_string(),
        })
    })?;
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The table is the struct: the same keys, in the order the struct writes them, each
    /// default as the struct's default writes and shows it.
    pub(crate) fn table_matches_struct<R: Serialize + Default>(table: &[HouseRule]) {
        let written = as_table(&R::default());
        let text = toml::to_string(&R::default()).unwrap();
        let in_order: Vec<&str> = text.lines().filter_map(|l| l.split(" = ").next()).collect();
        assert_eq!(in_order, HouseRule::keys(table));
        assert_eq!(written.len(), table.len());
        for rule in table {
            assert_eq!(
                written[rule.key].to_string(),
                rule.default.toml(),
                "{}",
                rule.key
            );
            assert_eq!(
                value_text(&R::default(), rule.key),
                Some(rule.default.text())
            );
        }
    }
}
