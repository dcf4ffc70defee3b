//! "May I take the pile?" (docs/rules.md#taking-the-pile): the top card must be natural, and
//! the player must hold two natural cards of its rank (under `wild-pickup` one of the two may
//! be wild). The top card and those two go to the table at once.

use super::Rulebook;
use super::meld::SetRank;
use crate::card::HandCard;
use crate::notation::Spaced;

/// The answer: yes with the two cards that take it, or no and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PileAnswer {
    Yes { with: [HandCard; 2] },
    No(PileRefusal),
}

/// Why the pile may not be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PileRefusal {
    /// A wild card on top (`wild` says which cards the game makes wild).
    #[error("the top card {top} is wild ({wild}); a wild card on top of the pile cannot be taken")]
    WildOnTop { top: HandCard, wild: &'static str },
    /// One natural card of the top card's rank in `hand`; `wild_held` when a wild card is
    /// held too, which would do under the house rule `wild-pickup`.
    #[error(
        "it takes two natural {} in hand to go with {top}, and {} holds one ({one}){}",
        .rank.plural(),
        Spaced(.hand),
        if *.wild_held { "; a wild card may help only under the house rule wild-pickup" } else { "" }
    )]
    OneNatural {
        rank: SetRank,
        top: HandCard,
        hand: Vec<HandCard>,
        one: HandCard,
        wild_held: bool,
    },
    /// No natural card of the top card's rank in `hand`.
    #[error(
        "it takes two natural {} in hand to go with {top}, and {} holds none",
        .rank.plural(),
        Spaced(.hand)
    )]
    NoNatural {
        rank: SetRank,
        top: HandCard,
        hand: Vec<HandCard>,
    },
}

impl Rulebook {
    /// May a player holding `hand` take the pile whose top card is `top`?
    pub fn may_take_pile(&self, top: HandCard, hand: &[HandCard]) -> PileAnswer {
        if self.is_wild(top) {
            return PileAnswer::No(PileRefusal::WildOnTop {
                top,
                wild: self.wild_words(),
            });
        }
        let rank_of = |card: HandCard| match card {
            HandCard::Real(c) => Some(c.rank),
            HandCard::Joker => None,
        };
        let matches = |card: &&HandCard| !self.is_wild(**card) && rank_of(**card) == rank_of(top);
        let naturals: Vec<HandCard> = hand.iter().filter(matches).copied().collect();
        let wild: Vec<HandCard> = hand.iter().filter(|c| self.is_wild(**c)).copied().collect();
        let rank = match top {
            HandCard::Real(c) => SetRank::Rank(c.rank),
            HandCard::Joker => SetRank::Jokers,
        };
        match naturals.as_slice() {
            [a, b, ..] => PileAnswer::Yes { with: [*a, *b] },
            [a] if self.rules.wild_pickup && !wild.is_empty() => PileAnswer::Yes {
                with: [*a, wild[0]],
            },
            [a] => PileAnswer::No(PileRefusal::OneNatural {
                rank,
                top,
                hand: hand.to_vec(),
                one: *a,
                wild_held: !wild.is_empty(),
            }),
            [] => PileAnswer::No(PileRefusal::NoNatural {
                rank,
                top,
                hand: hand.to_vec(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::canadian::{CanadianRules, Variant};
    use crate::notation::parse_hand;

    fn ask(variant: Variant, rules: CanadianRules, top: &str, hand: &str) -> PileAnswer {
        let top = parse_hand(top).unwrap()[0];
        Rulebook::new(variant, rules).may_take_pile(top, &parse_hand(hand).unwrap())
    }

    #[test]
    fn a_turn_take_the_pile_with_two_naturals_of_the_top_cards_rank() {
        let yes = ask(
            Variant::Canadian,
            CanadianRules::default(),
            "Kd",
            "Ks 5h Kh",
        );
        assert!(matches!(yes, PileAnswer::Yes { .. }), "{yes:?}");
        let no = ask(
            Variant::Canadian,
            CanadianRules::default(),
            "Kd",
            "Ks 2c 5h",
        );
        let PileAnswer::No(why) = no else {
            panic!("{no:?}")
        };
        assert!(
            matches!(
                why,
                PileRefusal::OneNatural {
                    wild_held: true,
                    ..
                }
            ),
            "{why}"
        );
        assert_eq!(
            why.to_string(),
            "it takes two natural kings in hand to go with Kd, and Ks 2c 5h holds one (Ks); a wild card may help only under the house rule wild-pickup"
        );
    }

    #[test]
    fn a_turn_a_wild_card_on_top_cannot_be_taken() {
        for (variant, top) in [
            (Variant::Canadian, "2c"),
            (Variant::Canadian, "*"),
            (Variant::Carolina, "3c"),
        ] {
            let no = ask(variant, CanadianRules::default(), top, "3s 3h 2d 2s * *");
            assert!(
                matches!(&no, PileAnswer::No(PileRefusal::WildOnTop { .. })),
                "{no:?}"
            );
        }
        let yes = ask(Variant::Canadian, CanadianRules::default(), "3c", "3s 3h");
        assert!(matches!(yes, PileAnswer::Yes { .. }));
    }

    #[test]
    fn house_rule_wild_pickup_one_of_the_two_may_be_wild() {
        let rules = CanadianRules {
            wild_pickup: true,
            ..CanadianRules::default()
        };
        let yes = ask(Variant::Canadian, rules.clone(), "Kd", "Ks 2c");
        assert!(matches!(yes, PileAnswer::Yes { .. }), "{yes:?}");
        let no = ask(Variant::Canadian, rules, "Kd", "2s 2c");
        assert!(matches!(no, PileAnswer::No(_)));
    }

    #[test]
    fn house_rule_jokers_not_wild_a_joker_on_top_is_taken_with_two_jokers() {
        let rules = CanadianRules {
            jokers_not_wild: true,
            ..CanadianRules::default()
        };
        let yes = ask(Variant::Canadian, rules, "*", "* * 5h");
        assert!(matches!(yes, PileAnswer::Yes { .. }), "{yes:?}");
    }
}
