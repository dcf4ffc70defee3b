//! The `rules` command's answers that every game gives alike: `rules KEY` (a rule's value and
//! meaning) and `rules KEY VALUE` (one rule changed, for the game in play before it starts or
//! else for the next new game). Each game's referee says where its rules are; the words are
//! written here once, so Carousel and Canadian or Carolina Rummy say the same.

use super::CommandError;
use carousel::rules::GameRules;

/// Where a referee's house rules are: the game in play's, or else those the next new game
/// starts with.
pub(super) trait KeepsRules {
    type Rules: GameRules;

    /// The rules of the game in play, or else those the next new game starts with.
    fn rules_now(&self) -> Self::Rules;

    /// Gives the game in play changed rules and saves it (the library refuses them once the
    /// game has started), or else keeps them for the next new game; says which.
    fn keep_rules(&mut self, rules: Self::Rules) -> Result<KeptFor, CommandError>;

    /// `rules KEY`: one rule's value and what it means.
    fn say_rule(&self, typed: &str) -> Result<(), CommandError> {
        let (key, meaning) = Self::Rules::key(typed)?;
        outln!(
            "{key} is {}: {meaning}.",
            self.rules_now().value_text(key).unwrap_or_default()
        );
        Ok(())
    }

    /// `rules KEY VALUE`: changes one rule, said once it is kept (and saved).
    fn change_rule(&mut self, typed: &str, value: &str) -> Result<(), CommandError> {
        let mut rules = self.rules_now();
        rules.set(typed, value)?;
        let (key, _) = Self::Rules::key(typed)?;
        let shown = rules.value_text(key).unwrap_or_default();
        match self.keep_rules(rules)? {
            KeptFor::ThisGame => outln!("{key} is now {shown} for this game."),
            KeptFor::NextNewGame => outln!("{key} is now {shown} for the next new game."),
        }
        Ok(())
    }
}

/// Whose rules a change went to.
pub(super) enum KeptFor {
    /// The game in play's, before its start.
    ThisGame,
    /// No game is in play: those the next new game starts with.
    NextNewGame,
}
