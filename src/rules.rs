//! The house rules: every number and named reading a table may change, in one value.
//!
//! All of the engine reads its numbers from a [`Rules`]; nothing else holds a rule constant.
//! The TOML keys are the ones of CONTRACT.md's `[rules]` table.

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
    /// What a joker left in hand counts.
    pub joker_value: u32,
    /// The target reachers also get the per-round bonus (seed 003's reading).
    pub round_bonus_for_all: bool,
    /// A player may still meld after the third draw (seeds 000/001's reading).
    pub meld_after_third_draw: bool,
    /// Aces only play low, below the 2 (as in tile Rummikub).
    pub aces_low_only: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            target: 150,
            knock_limit: 5,
            undercut_bonus: 10,
            going_out_bonus: 25,
            game_bonus: 100,
            round_bonus: 25,
            hand_size: 10,
            joker_value: 25,
            round_bonus_for_all: false,
            meld_after_third_draw: false,
            aces_low_only: false,
        }
    }
}

impl Rules {
    /// Every key of the `[rules]` table, in the order CONTRACT.md lists them.
    pub const KEYS: [&'static str; 11] = [
        "target",
        "knock-limit",
        "undercut-bonus",
        "going-out-bonus",
        "game-bonus",
        "round-bonus",
        "hand-size",
        "joker-value",
        "round-bonus-for-all",
        "meld-after-third-draw",
        "aces-low-only",
    ];

    /// Reads a house-rules file: a TOML document that is a `[rules]` table's contents, or one
    /// with a `[rules]` table (a whole game record may be given).
    pub fn from_toml(text: &str) -> Result<Rules, crate::Error> {
        let value: toml::Table =
            toml::from_str(text).map_err(|e| crate::Error::Rules(e.message().to_string()))?;
        let table = match value.get("rules") {
            Some(toml::Value::Table(rules)) => rules.clone(),
            _ => value,
        };
        Rules::deserialize(toml::Value::Table(table))
            .map_err(|e| crate::Error::Rules(e.message().to_string()))
    }

    /// Every rule as `key = value`, the way a rules file writes it.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn every_key_is_read_and_written() {
        let written = Rules::default().to_toml();
        for key in Rules::KEYS {
            assert!(written.contains(&format!("{key} = ")), "{key} missing from {written}");
        }
        let rules = Rules::from_toml("knock-limit = 7\naces-low-only = true").unwrap();
        assert_eq!(rules.knock_limit, 7);
        assert!(rules.aces_low_only);
        assert_eq!(Rules::from_toml(&rules.to_toml()).unwrap(), rules);
        let nested = Rules::from_toml("[rules]\ntarget = 100").unwrap();
        assert_eq!(nested.target, 100);
    }

    #[test]
    fn an_unknown_key_is_named() {
        let err = Rules::from_toml("knock_limit = 7").unwrap_err().to_string();
        assert!(err.contains("knock_limit"), "{err}");
    }
}
