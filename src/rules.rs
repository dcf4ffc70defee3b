//! The house rules: every number and named reading a table may change, in one value.
//!
//! All of the engine reads its numbers from a [`Rules`]; nothing else holds a rule constant.
//! The TOML keys are the ones of docs/commands.md#house-rules-files, explained in
//! docs/rules.md#house-rules.

use serde::{Deserialize, Serialize};

/// Reads a house-rules file with its game's reader (`from_toml`), naming the file in every
/// error: the one reading of a rules file for every game of the family, so the command
/// line and the REPL say the same thing of the same file.
pub(crate) fn load_file<T>(
    path: &std::path::Path,
    read: impl FnOnce(&str) -> Result<T, crate::Error>,
) -> Result<T, crate::Error> {
    let text = crate::store::read_text(path).map_err(|e| match e {
        crate::Error::File { problem, .. } => crate::Error::File {
            path: format!("cannot read house rules {}", path.display()),
            problem,
        },
        e => e,
    })?;
    read(&text).map_err(|e| crate::Error::File {
        path: path.display().to_string(),
        problem: e.to_string(),
    })
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct Rules {
    /// A game ends after the round in which a total reaches this.
    pub target: u32,
    /// A knock is allowed with at most this much deadwood in hand.
    pub knock_limit: u32,
    /// Scored by a round winner who is not the knocker.
    pub undercut_bonus: u32,
    /// Scored by a player who melds every card in hand.
    pub going_out_bonus: u32,
    /// At game end, for each player who reached the target.
    pub game_bonus: u32,
    /// At game end, for each round won, to the players who did not reach the target.
    pub round_bonus: u32,
    /// Cards dealt to each player.
    pub hand_size: u32,
    /// What a joker left in hand counts. At most [`JOKER_VALUE_MOST`], so a hand's deadwood
    /// is always an exact `u32`.
    #[serde(deserialize_with = "joker_value")]
    pub joker_value: u32,
    /// The target reachers also get the per-round bonus (a reading one write-up
    /// takes: docs/rules.md#game-bonuses).
    pub round_bonus_for_all: bool,
    /// A player may still meld after the third draw (seeds 000/001's reading).
    pub meld_after_third_draw: bool,
    /// Aces only play low, below the 2 (as in tile Rummikub).
    pub aces_low_only: bool,
}

/// The largest joker value: a deck's every card in one hand then counts under 2^32.
pub const JOKER_VALUE_MOST: u32 = 1_000_000;

fn joker_value<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let value = u32::deserialize(deserializer)?;
    if value > JOKER_VALUE_MOST {
        return Err(serde::de::Error::custom(format!(
            "joker-value is at most {JOKER_VALUE_MOST}, not {value}"
        )));
    }
    Ok(value)
}

impl Default for Rules {
    /// The defaults of [`Rules::TABLE`].
    fn default() -> Self {
        let number = |key| default_number(&Self::TABLE, key);
        let switch = |key| default_switch(&Self::TABLE, key);
        Rules {
            target: number("target"),
            knock_limit: number("knock-limit"),
            undercut_bonus: number("undercut-bonus"),
            going_out_bonus: number("going-out-bonus"),
            game_bonus: number("game-bonus"),
            round_bonus: number("round-bonus"),
            hand_size: number("hand-size"),
            joker_value: number("joker-value"),
            round_bonus_for_all: switch("round-bonus-for-all"),
            meld_after_third_draw: switch("meld-after-third-draw"),
            aces_low_only: switch("aces-low-only"),
        }
    }
}

impl Rules {
    /// Every house rule: key, meaning and default, in the order docs/rules.md#house-rules
    /// lists them. The `rules` command, the man page and `tally --help` read this table, and
    /// [`Rules::default`] takes its values from it.
    pub const TABLE: [HouseRule; 11] = [
        HouseRule::number(
            "target",
            "a game ends after the round in which a total reaches this",
            150,
        ),
        HouseRule::number(
            "knock-limit",
            "a knock is allowed with at most this much deadwood in hand",
            5,
        ),
        HouseRule::number(
            "undercut-bonus",
            "scored by a round winner who is not the knocker",
            10,
        ),
        HouseRule::number(
            "going-out-bonus",
            "scored by a player who melds every card in hand",
            25,
        ),
        HouseRule::number(
            "game-bonus",
            "at game end, for each player who reached the target",
            100,
        ),
        HouseRule::number(
            "round-bonus",
            "at game end, for each round won by a player short of the target",
            25,
        ),
        HouseRule::number("hand-size", "cards dealt to each player", 10),
        HouseRule::number("joker-value", "what a joker left in hand counts", 25),
        HouseRule::switch(
            "round-bonus-for-all",
            "players who reach the target get the round bonus too",
            false,
        ),
        HouseRule::switch(
            "meld-after-third-draw",
            "a player may still meld after the third draw",
            false,
        ),
        HouseRule::switch("aces-low-only", "aces only play low, below the 2", false),
    ];

    /// Reads a house-rules file: a TOML document that is a `[rules]` table's contents, or one
    /// with a `[rules]` table (a whole game record may be given).
    pub fn from_toml(text: &str) -> Result<Rules, crate::Error> {
        let rules: Rules = read(text, false)?;
        rules.check()?;
        Ok(rules)
    }

    /// Reads a house-rules file from disk (`--rules FILE`, the user's rules file).
    pub fn load(path: &std::path::Path) -> Result<Rules, crate::Error> {
        load_file(path, Rules::from_toml)
    }

    /// Refuses numbers no game can be played with: a target of 0 ends the game before its
    /// first round is scored, and a hand size of 0 deals nobody a card. (Whether a deal
    /// fits the deck depends on the players, and is checked when a game starts.)
    pub fn check(&self) -> Result<(), crate::Error> {
        let defaults = Rules::default();
        playable_numbers(
            (self.target, defaults.target),
            (self.hand_size, defaults.hand_size),
        )
        .map_err(crate::Error::Rules)
    }
}

/// Refuses a target or a hand size of 0 in the same words for every game of the family: a
/// target of 0 would end the game before its first round is scored, and a hand size of 0
/// deals nobody a card. Each is given with the game's default, which the message names.
pub(crate) fn playable_numbers(target: (u32, u32), hand_size: (u32, u32)) -> Result<(), String> {
    if target.0 == 0 {
        return Err(format!(
            "target 0 would end the game before it starts; the target is 1 or more ({} by \
             default)",
            target.1
        ));
    }
    if hand_size.0 == 0 {
        return Err(format!(
            "hand-size 0 deals nobody a card; a deal is 1 card or more each ({} by default)",
            hand_size.1
        ));
    }
    Ok(())
}

impl GameRules for Rules {
    fn table() -> &'static [HouseRule] {
        &Self::TABLE
    }

    fn playable(&self) -> Result<(), crate::Error> {
        self.check()
    }
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

    /// Refuses numbers no game can be played with, as an [`crate::Error::Rules`].
    fn playable(&self) -> Result<(), crate::Error>;

    /// Every rule as `key = value`, the way a rules file writes it.
    fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// One rule's value as a player reads it: a number, or on/off.
    fn value_text(&self, key: &str) -> Option<String> {
        value_text(self, key)
    }

    /// A rule's key as typed (case and underscores forgiven), and what it means.
    fn key(typed: &str) -> Result<(&'static str, &'static str), crate::Error> {
        find_key(Self::table(), typed)
    }

    /// Sets one rule by its key from text: a whole number for the numbers, on/off (yes/no,
    /// true/false) for the named readings. A value refused changes nothing.
    fn set(&mut self, key: &str, value: &str) -> Result<(), crate::Error> {
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
pub(crate) fn read<R: serde::de::DeserializeOwned>(
    text: &str,
    rules_only: bool,
) -> Result<R, crate::Error> {
    let value: toml::Table = toml::from_str(text).map_err(|e| {
        // Name the line and the token (a repeated key names the key), not just the trouble.
        let place = e.span().map_or(String::new(), |span| {
            let start = span.start.min(text.len());
            let line = text.get(..start).unwrap_or(text).matches('\n').count() + 1;
            let token = text.get(start..span.end).unwrap_or("").trim();
            if token.is_empty() || token.contains('\n') {
                format!("line {line}: ")
            } else {
                format!("line {line}, \"{token}\": ")
            }
        });
        crate::Error::Rules(format!("{place}{}", e.message().trim()))
    })?;
    let table = match value.get("rules") {
        Some(toml::Value::Table(rules)) => {
            if let Some(other) = value.keys().find(|k| *k != "rules").filter(|_| rules_only) {
                return Err(crate::Error::Rules(format!(
                    "\"{other}\": a rules file holds a [rules] table and nothing else"
                )));
            }
            rules.clone()
        }
        _ => value,
    };
    R::deserialize(toml::Value::Table(table))
        .map_err(|e| crate::Error::Rules(e.message().to_string()))
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
) -> Result<(&'static str, &'static str), crate::Error> {
    let key = typed.trim().to_ascii_lowercase().replace('_', "-");
    table
        .iter()
        .find(|rule| rule.key == key)
        .map(|rule| (rule.key, rule.meaning))
        .ok_or_else(|| {
            crate::Error::Rules(format!(
                "\"{key}\" is not a house rule; the rules are {}",
                HouseRule::keys(table).join(", ")
            ))
        })
}

/// Sets the rule `key` (a key of `rules`) from words: a whole number, or on/off.
pub(crate) fn set_value<R: Serialize + serde::de::DeserializeOwned>(
    rules: &mut R,
    key: &str,
    value: &str,
) -> Result<(), crate::Error> {
    let mut table = as_table(rules);
    let value = value.trim();
    let parsed = match table.get(key) {
        None => return Err(crate::Error::Rules(format!("\"{key}\" cannot be set"))),
        Some(toml::Value::Boolean(_)) => match value.to_ascii_lowercase().as_str() {
            "on" | "yes" | "true" | "y" => toml::Value::Boolean(true),
            "off" | "no" | "false" | "n" => toml::Value::Boolean(false),
            _ => {
                return Err(crate::Error::Rules(format!(
                    "{key} is on or off, not \"{value}\""
                )));
            }
        },
        Some(_) => match value.parse::<u32>() {
            Ok(n) => toml::Value::Integer(i64::from(n)),
            Err(_) => {
                return Err(crate::Error::Rules(format!(
                    "{key} takes a whole number from 0 up, not \"{value}\""
                )));
            }
        },
    };
    table.insert(key.to_string(), parsed);
    *rules = R::deserialize(toml::Value::Table(table))
        .map_err(|e| crate::Error::Rules(e.message().to_string()))?;
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn a_joker_value_past_a_million_is_refused_so_deadwood_stays_exact() {
        let err = Rules::from_toml("joker-value = 4000000000")
            .unwrap_err()
            .to_string();
        assert!(err.contains("at most 1000000"), "{err}");
        let mut rules = Rules::default();
        assert!(rules.set("joker-value", "1000001").is_err());
        rules.set("joker-value", "1000000").unwrap();
    }

    #[test]
    fn a_repeated_key_names_the_key_and_its_line() {
        let err = Rules::from_toml("target = 100\nknock-limit = 3\ntarget = 120\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("line 3"), "{err}");
        assert!(err.contains("\"target\""), "{err}");
    }

    #[test]
    fn target_0_is_refused_typed_or_read() {
        let mut rules = Rules::default();
        let err = rules.set("target", "0").unwrap_err().to_string();
        assert!(err.contains("the target is 1 or more"), "{err}");
        assert_eq!(rules.target, 150, "a refused setting changes nothing");
        assert!(Rules::from_toml("target = 0").is_err());
    }

    #[test]
    fn hand_size_0_is_refused_typed_or_read() {
        let mut rules = Rules::default();
        let err = rules.set("hand-size", "0").unwrap_err().to_string();
        assert!(err.contains("deals nobody a card"), "{err}");
        assert_eq!(rules.hand_size, 10, "a refused setting changes nothing");
        assert!(Rules::from_toml("hand-size = 0").is_err());
        assert!(Rules::from_toml("hand-size = 1").is_ok());
    }

    #[test]
    fn the_defaults_are_the_rulings() {
        let rules = Rules::default();
        assert_eq!(rules.knock_limit, 5);
        assert_eq!(rules.undercut_bonus, 10);
        assert_eq!(rules.going_out_bonus, 25);
        assert_eq!(rules.target, 150);
        assert_eq!(rules.game_bonus, 100);
        assert_eq!(rules.round_bonus, 25);
        assert_eq!(rules.hand_size, 10);
        assert_eq!(rules.joker_value, 25);
        assert!(!rules.round_bonus_for_all && !rules.meld_after_third_draw && !rules.aces_low_only);
    }

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

    #[test]
    fn house_rules_table_is_the_rules_struct_in_docs_order() {
        table_matches_struct::<Rules>(&Rules::TABLE);
    }

    #[test]
    fn every_key_is_read_and_written() {
        let written = Rules::default().to_toml();
        for key in HouseRule::keys(&Rules::TABLE) {
            assert!(
                written.contains(&format!("{key} = ")),
                "{key} missing from {written}"
            );
        }
        let rules = Rules::from_toml("knock-limit = 7\naces-low-only = true").unwrap();
        assert_eq!(rules.knock_limit, 7);
        assert!(rules.aces_low_only);
        assert_eq!(Rules::from_toml(&rules.to_toml()).unwrap(), rules);
        let nested = Rules::from_toml("[rules]\ntarget = 100").unwrap();
        assert_eq!(nested.target, 100);
    }

    #[test]
    fn a_rule_is_set_by_key_from_words() {
        let mut rules = Rules::default();
        rules.set("target", "100").unwrap();
        rules.set("Meld_After_Third_Draw", "on").unwrap();
        assert_eq!(rules.target, 100);
        assert!(rules.meld_after_third_draw);
        assert_eq!(
            rules.value_text("meld-after-third-draw").as_deref(),
            Some("on")
        );
        assert_eq!(rules.value_text("knock-limit").as_deref(), Some("5"));
        let err = rules.set("target", "lots").unwrap_err().to_string();
        assert!(
            err.contains("whole number") && err.contains("lots"),
            "{err}"
        );
        let err = rules.set("aces-low-only", "maybe").unwrap_err().to_string();
        assert!(err.contains("on or off"), "{err}");
        let err = rules.set("trget", "1").unwrap_err().to_string();
        assert!(err.contains("\"trget\" is not a house rule"), "{err}");
        assert_eq!(rules.target, 100);
    }

    #[test]
    fn an_unknown_key_is_named() {
        let err = Rules::from_toml("knock_limit = 7").unwrap_err().to_string();
        assert!(err.contains("knock_limit"), "{err}");
    }
}
