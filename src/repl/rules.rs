//! The `rules` command's answers that every game gives alike: `rules KEY` (a rule's value and
//! meaning) and `rules KEY VALUE` (one rule changed, for the game in play before it starts or
//! else for the next new game). Each game's referee says where its rules are; the words are
//! written here once, so Carousel and Canadian or Carolina Rummy say the same.

use super::CommandError;
use crate::rules::GameRules;

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
        say_rule(&self.rules_now(), typed)
    }

    /// `rules KEY VALUE`: changes one rule, said once it is kept (and saved).
    fn change_rule(&mut self, typed: &str, value: &str) -> Result<(), CommandError> {
        let (rules, key, shown) = changed(&self.rules_now(), typed, value)?;
        match self.keep_rules(rules)? {
            KeptFor::ThisGame => outln!("{key} is now {shown} for this game."),
            KeptFor::NextNewGame => outln!("{key} is now {shown} for the next new game."),
        }
        Ok(())
    }
}

/// `rules KEY` of any game's `rules`: the rule's value and what it means.
fn say_rule<R: GameRules>(rules: &R, typed: &str) -> Result<(), CommandError> {
    let (key, meaning) = R::key(typed)?;
    outln!(
        "{key} is {}: {meaning}.",
        rules.value_text(key).unwrap_or_default()
    );
    Ok(())
}

/// `rules KEY` or `rules KEY VALUE` (`value` empty or not) for the next new game of `game`,
/// a game not in play, whose rules are `rules`: a change is said with the game's name, as a
/// plain `new` would start another game.
pub(super) fn next_game_rule<R: GameRules>(
    rules: &mut R,
    typed: &str,
    value: &str,
    game: &str,
) -> Result<(), CommandError> {
    if value.is_empty() {
        return say_rule(rules, typed);
    }
    let (changed, key, shown) = changed(rules, typed, value)?;
    *rules = changed;
    outln!("{key} is now {shown} for the next new game of {game}.");
    Ok(())
}

/// `rules` with one rule changed, that rule's key as the table writes it, and its new value
/// as a player reads it.
fn changed<R: GameRules>(
    rules: &R,
    typed: &str,
    value: &str,
) -> Result<(R, &'static str, String), CommandError> {
    let mut rules = rules.clone();
    rules.set(typed, value)?;
    let (key, _) = R::key(typed)?;
    let shown = rules.value_text(key).unwrap_or_default();
    Ok((rules, key, shown))
}

/// Whose rules a change went to.
pub(super) enum KeptFor {
    /// The game in play's, before its start.
    ThisGame,
    /// No game is in play: those the next new game starts with.
    NextNewGame,
}
