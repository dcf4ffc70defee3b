//! Carousel's house rules: every number and named reading a table may change, in one value.
//!
//! All of the engine reads its numbers from a [`Rules`]; nothing else holds a rule constant.
//! The TOML keys are the ones of docs/commands.md#house-rules-files, explained in
//! docs/rules.md#house-rules.

use crate::rules::{
    GameRules, HouseRule, default_number, default_switch, load_file, playable_numbers, read,
};
use serde::{Deserialize, Serialize};

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
    pub fn from_toml(text: &str) -> Result<Rules, crate::error::Error> {
        let rules: Rules = read(text, false)?;
        rules.check()?;
        Ok(rules)
    }

    /// Reads a house-rules file from disk (`--rules FILE`, the user's rules file).
    pub fn load(path: &std::path::Path) -> Result<Rules, crate::error::Error> {
        load_file(path, Rules::from_toml)
    }

    /// Refuses numbers no game can be played with: a target of 0 ends the game before its
    /// first round is scored, and a hand size of 0 deals nobody a card. (Whether a deal
    /// fits the deck depends on the players, and is checked when a game starts.)
    pub fn check(&self) -> Result<(), crate::error::Error> {
        let defaults = Rules::default();
        playable_numbers(
            (self.target, defaults.target),
            (self.hand_size, defaults.hand_size),
        )
        .map_err(crate::error::Error::from)
    }
}

impl GameRules for Rules {
    fn table() -> &'static [HouseRule] {
        &Self::TABLE
    }

    fn playable(&self) -> Result<(), crate::error::Error> {
        self.check()
    }
}

#[cfg(test)]
mod tests {
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
    fn a_key_of_no_rule_is_named_with_the_rules_there_are_in_the_referees_words() {
        let err = Rules::from_toml("[rules]\ntarget = 100\nred-threes = true\n").unwrap_err();
        assert!(
            matches!(&err, crate::error::Error::Rules(crate::error::RulesError::NotARule { key, .. }) if key == "red-threes"),
            "{err:?}"
        );
        assert!(
            err.to_string().ends_with(
                "\"red-threes\" is not a house rule; the rules are target, knock-limit, \
                 undercut-bonus, going-out-bonus, game-bonus, round-bonus, hand-size, \
                 joker-value, round-bonus-for-all, meld-after-third-draw, aces-low-only"
            ),
            "{err}"
        );
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

    #[test]
    fn house_rules_table_is_the_rules_struct_in_docs_order() {
        crate::rules::tests::table_matches_struct::<Rules>(&Rules::TABLE);
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
    fn a_rules_file_that_is_not_toml_names_the_line_and_the_token() {
        let duplicate = Rules::from_toml("target = 100\ntarget = 120\n").unwrap_err();
        assert_eq!(
            duplicate.to_string(),
            "house rules: line 2, \"target\": duplicate key"
        );
        let unquoted = Rules::from_toml("target = \n").unwrap_err();
        assert!(
            unquoted.to_string().starts_with("house rules: line 1: "),
            "{unquoted}"
        );
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
