//! The house rules of Canadian and Carolina Rummy
//! (docs/rules.md#canadian-house-rules): their
//! own `[rules]` keys. A Carousel key here is an unknown key, and the reverse.

use crate::error::Error;
use crate::rules::{GameRules, HouseRule, default_number, default_switch, read};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct CanadianRules {
    /// The game ends after the hand in which a side's total reaches this.
    pub target: u32,
    /// Cards dealt to each player.
    pub hand_size: u32,
    /// What a deuce left in hand counts (the write-up is silent).
    pub deuce_in_hand: u32,
    /// Scored by the side whose player went out.
    pub going_out_bonus: u32,
    /// The literal reading: jokers are natural cards of a rank of their own.
    pub jokers_not_wild: bool,
    /// One of the two cards that take the pile may be wild.
    pub wild_pickup: bool,
}

impl Default for CanadianRules {
    /// The defaults of [`CanadianRules::TABLE`].
    fn default() -> Self {
        let number = |key| default_number(&Self::TABLE, key);
        let switch = |key| default_switch(&Self::TABLE, key);
        CanadianRules {
            target: number("target"),
            hand_size: number("hand-size"),
            deuce_in_hand: number("deuce-in-hand"),
            going_out_bonus: number("going-out-bonus"),
            jokers_not_wild: switch("jokers-not-wild"),
            wild_pickup: switch("wild-pickup"),
        }
    }
}

impl CanadianRules {
    /// Every house rule of these games: key, meaning and default, in the order of
    /// docs/rules.md#canadian-house-rules. The `rules` command and the man page read this
    /// table, and [`CanadianRules::default`] takes its values from it.
    pub const TABLE: [HouseRule; 6] = [
        HouseRule::number(
            "target",
            "the game ends after the hand in which a side's total reaches this",
            1500,
        ),
        HouseRule::number("hand-size", "cards dealt to each player", 13),
        HouseRule::number("deuce-in-hand", "what a deuce left in hand counts", 20),
        HouseRule::number(
            "going-out-bonus",
            "scored by the side whose player went out",
            0,
        ),
        HouseRule::switch(
            "jokers-not-wild",
            "jokers are not wild: they make sets of jokers only",
            false,
        ),
        HouseRule::switch(
            "wild-pickup",
            "one of the two cards that take the pile may be wild",
            false,
        ),
    ];

    /// Reads a rules file: a `[rules]` table of these keys and nothing else. Numbers are
    /// whole; `target` and `hand-size` at least 1.
    pub fn from_toml(text: &str) -> Result<CanadianRules, Error> {
        let rules: CanadianRules = read(text, true)?;
        rules.check()?;
        Ok(rules)
    }

    /// Reads a rules file of these games from disk (`--rules FILE`).
    pub fn load(path: &std::path::Path) -> Result<CanadianRules, Error> {
        crate::rules::load_file(path, CanadianRules::from_toml)
    }

    /// Refuses a target or hand size of 0, as Carousel does: no game could be played to it.
    pub fn check(&self) -> Result<(), crate::error::RulesError> {
        let defaults = CanadianRules::default();
        crate::rules::playable_numbers(
            (self.target, defaults.target),
            (self.hand_size, defaults.hand_size),
        )
    }
}

impl GameRules for CanadianRules {
    fn table() -> &'static [HouseRule] {
        &Self::TABLE
    }

    fn playable(&self) -> Result<(), Error> {
        self.check().map_err(Error::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_rules_defaults_target_1500_hand_13_deuce_20_no_bonus() {
        let rules = CanadianRules::default();
        assert_eq!(
            (rules.target, rules.hand_size, rules.deuce_in_hand),
            (1500, 13, 20)
        );
        assert_eq!(rules.going_out_bonus, 0);
        assert!(!rules.jokers_not_wild && !rules.wild_pickup);
    }

    #[test]
    fn house_rules_table_is_the_rules_struct_in_docs_order() {
        crate::rules::tests::table_matches_struct::<CanadianRules>(&CanadianRules::TABLE);
    }

    #[test]
    fn house_rules_every_key_is_read_and_written() {
        let written = CanadianRules::default().to_toml();
        for key in HouseRule::keys(&CanadianRules::TABLE) {
            assert!(written.contains(&format!("{key} = ")), "{key}: {written}");
        }
        let rules = CanadianRules::from_toml("[rules]\ntarget = 1000\nwild-pickup = true").unwrap();
        assert_eq!(rules.target, 1000);
        assert!(rules.wild_pickup);
        assert_eq!(
            CanadianRules::from_toml(&format!("[rules]\n{}", rules.to_toml())).unwrap(),
            rules
        );
    }

    #[test]
    fn house_rules_a_carousel_key_is_unknown() {
        let err = CanadianRules::from_toml("[rules]\nknock-limit = 5")
            .unwrap_err()
            .to_string();
        assert!(err.contains("knock-limit"), "{err}");
        let err = CanadianRules::key("knock-limit").unwrap_err().to_string();
        assert!(err.contains("not a house rule"), "{err}");
    }

    #[test]
    fn house_rules_file_holds_rules_and_nothing_else() {
        let err = CanadianRules::from_toml("players = [\"a\"]\n[rules]\ntarget = 10")
            .unwrap_err()
            .to_string();
        assert!(err.contains("\"players\""), "{err}");
    }

    /// CONTRACT.md: a rules file holds a `[rules]` table and nothing else; keys outside one
    /// are refused, naming the first, and an empty file is the defaults.
    #[test]
    fn house_rules_file_keys_outside_a_rules_table_are_refused() {
        let err = CanadianRules::from_toml("target = 500\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("\"target\": a rules file holds a [rules] table and nothing else"),
            "{err}"
        );
        assert_eq!(
            CanadianRules::from_toml("").unwrap(),
            CanadianRules::default()
        );
    }

    #[test]
    fn house_rules_numbers_are_whole_target_and_hand_size_at_least_1() {
        assert!(CanadianRules::from_toml("[rules]\ntarget = 0").is_err());
        assert!(CanadianRules::from_toml("[rules]\nhand-size = 0").is_err());
        assert!(CanadianRules::from_toml("[rules]\ngoing-out-bonus = 0").is_ok());
        let err = CanadianRules::from_toml("[rules]\ndeuce-in-hand = -5")
            .unwrap_err()
            .to_string();
        assert!(err.contains("-5"), "{err}");
        assert!(CanadianRules::from_toml("[rules]\ntarget = 10.5").is_err());
        assert!(CanadianRules::from_toml("[rules]\nwild-pickup = 1").is_err());
        let mut rules = CanadianRules::default();
        assert!(rules.set("target", "0").is_err());
        rules.set("Wild_Pickup", "on").unwrap();
        assert!(rules.wild_pickup);
        assert_eq!(rules.value_text("wild-pickup").as_deref(), Some("on"));
    }
}
