//! Where Canadian and Carolina sets are validated (docs/rules.md#canadian-sets): 3 or more
//! cards of one rank with at least one natural card, any number of wild cards, no runs, one
//! set per rank per side. Refusals say why in a player's words, naming the cards.

use super::{JOKER_VALUE, Rulebook, Variant, natural_value, rank_value};
use crate::card::{HandCard, Rank, Suit};
use crate::error::Failure;
use crate::notation::Spaced;
use std::fmt;

/// The rank a set is of: a card rank, or jokers under `jokers-not-wild`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum SetRank {
    Rank(Rank),
    Jokers,
}

impl SetRank {
    /// "kings", "threes", "jokers": the set's name for people.
    pub fn plural(self) -> &'static str {
        const NAMES: [&str; 13] = [
            "aces", "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
            "tens", "jacks", "queens", "kings",
        ];
        match self {
            SetRank::Rank(rank) => NAMES[usize::from(rank.number() - 1)],
            SetRank::Jokers => "jokers",
        }
    }

    /// What a wild card counts in a set of this rank (queens 10, jokers 50).
    fn wild_value(self) -> u32 {
        match self {
            SetRank::Rank(rank) => rank_value(rank),
            SetRank::Jokers => JOKER_VALUE,
        }
    }
}

/// One set on a side's table: its rank and its cards, naturals first (by suit), then the
/// wild cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    pub rank: SetRank,
    pub cards: Vec<HandCard>,
}

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Spaced(&self.cards).fmt(f)
    }
}

/// A side's sets as the table shows them: ` | ` between sets.
pub struct Sets<'a>(pub &'a [Set]);

impl fmt::Display for Sets<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, set) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            set.fmt(f)?;
        }
        Ok(())
    }
}

/// Why cards cannot be laid on a side's set: the set given is not one legal set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OnError {
    #[error("the set on the table is one set, not {}: {}", .sets.len(), Sets(.sets))]
    NotOneSet { sets: Vec<Set> },
    #[error("the set on the table is not legal: {0}")]
    NotLegal(SetError),
    #[error("no set on the table")]
    NoSet,
}

impl Failure for OnError {}

impl Failure for SetError {}

/// Why a side's melds are not legal sets: which meld as written, and the trouble.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetError {
    /// The melds as written, 1-based, the trouble is in.
    pub melds: Vec<usize>,
    /// The meld's cards, or the cards of the melds of one rank together.
    pub cards: Vec<HandCard>,
    pub problem: SetProblem,
}

/// What keeps cards from being a legal set, or from being laid on one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetProblem {
    /// Every card wild (`alone`: there is one card): no rank to name.
    #[error(
        "no natural card: {} wild, and a set needs at least one natural card to name its rank",
        if *.alone { "the card is" } else { "every card is" }
    )]
    NoNatural { alone: bool },
    /// Natural cards of two ranks; `one_suit` when all are of one suit (a run was meant).
    #[error(
        "not a set: {first} and {other} are of different ranks; a set is cards of one rank{}",
        if *.one_suit { "; there are no runs in this game" } else { "" }
    )]
    MixedRanks {
        first: HandCard,
        other: HandCard,
        one_suit: bool,
    },
    /// A side's cards of a rank, together, fewer than a set's three.
    #[error(
        "a set of {} needs at least 3 cards, this has {count}; cards are laid off only on a set the side already has",
        .rank.plural()
    )]
    TooFew { rank: SetRank, count: usize },
    /// Cards laid on the side's set of `rank` that are of another rank.
    #[error("they are not {}; a side lays cards on its set of their rank", .rank.plural())]
    NotOfRank { rank: SetRank },
}

/// Why cards may not be laid as they were asked about: not legal sets, or not on the set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayRefusal {
    /// As new sets, they are not legal.
    #[error("{0}")]
    Sets(SetError),
    /// Laid on the side's set `on`, `added` do not go.
    #[error("{} cannot be laid on {on}: {why}", Spaced(.added))]
    NotOn {
        added: Vec<HandCard>,
        on: Set,
        why: SetProblem,
    },
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let numbers: Vec<String> = self.melds.iter().map(ToString::to_string).collect();
        let label = if self.melds.len() == 1 {
            "meld"
        } else {
            "melds"
        };
        write!(
            f,
            "\"{}\" ({label} {}): {}",
            Spaced(&self.cards),
            numbers.join(" and "),
            self.problem
        )
    }
}

/// A card's role in one meld as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    Natural(SetRank),
    Wild,
}

fn order(card: HandCard) -> (u8, u8, u8) {
    match card {
        HandCard::Real(c) => (1, c.rank.number(), c.suit.index() as u8),
        HandCard::Joker => (2, 0, 0),
    }
}

fn suit_order(card: HandCard) -> usize {
    match card {
        HandCard::Real(c) => c.suit.index(),
        HandCard::Joker => Suit::ALL.len(),
    }
}

impl Rulebook {
    /// Whether this meld as written is a Carolina set of threes: its cards other than deuces
    /// and wild jokers are all 3s, at least one.
    fn is_set_of_threes(&self, cards: &[HandCard]) -> bool {
        if self.variant != Variant::Carolina {
            return false;
        }
        let mut others = cards.iter().filter(|c| match c {
            HandCard::Joker => !self.jokers_wild(),
            HandCard::Real(card) => card.rank.number() != 2,
        });
        let first = others.next();
        first.is_some()
            && first
                .into_iter()
                .chain(others)
                .all(|c| matches!(c, HandCard::Real(card) if card.rank.number() == 3))
    }

    fn roles(&self, cards: &[HandCard]) -> Vec<Role> {
        let threes = self.is_set_of_threes(cards);
        cards
            .iter()
            .map(|card| match card {
                HandCard::Real(c) if threes && c.rank.number() == 3 => {
                    Role::Natural(SetRank::Rank(c.rank))
                }
                _ if self.is_wild(*card) => Role::Wild,
                HandCard::Joker => Role::Natural(SetRank::Jokers),
                HandCard::Real(c) => Role::Natural(SetRank::Rank(c.rank)),
            })
            .collect()
    }

    /// The rank of one meld as written, or why it has none: it needs a natural card, and
    /// its natural cards must be of one rank. Its size is judged once a side's melds of the
    /// rank are merged ([`Rulebook::side_sets`]).
    pub(crate) fn meld_rank(&self, cards: &[HandCard]) -> Result<SetRank, SetProblem> {
        let roles = self.roles(cards);
        let naturals: Vec<(HandCard, SetRank)> = cards
            .iter()
            .zip(&roles)
            .filter_map(|(card, role)| match role {
                Role::Natural(rank) => Some((*card, *rank)),
                Role::Wild => None,
            })
            .collect();
        let Some((_, rank)) = naturals.first().copied() else {
            return Err(SetProblem::NoNatural {
                alone: cards.len() == 1,
            });
        };
        if let Some((other, _)) = naturals.iter().find(|(_, r)| *r != rank) {
            let first = naturals[0].0;
            let one_suit = naturals
                .iter()
                .all(|(c, _)| suit_order(*c) == suit_order(first));
            return Err(SetProblem::MixedRanks {
                first,
                other: *other,
                one_suit,
            });
        }
        Ok(rank)
    }

    /// What a set's cards count on the table: naturals their value, a joker 50, a wild card
    /// the value of a natural of the set's rank (10 in a set of queens).
    pub fn table_value(&self, set: &Set) -> u32 {
        let roles = self.roles(&set.cards);
        crate::hand::sum_values(set.cards.iter().zip(roles).map(|(card, role)| {
            match (card, role) {
                (HandCard::Joker, _) => JOKER_VALUE,
                (HandCard::Real(c), Role::Natural(_)) => natural_value(*c),
                (HandCard::Real(_), Role::Wild) => set.rank.wild_value(),
            }
        }))
    }

    /// A side's melds as written, judged and merged: each holds a natural card and is of
    /// one rank; melds of one rank become one set, which must hold 3 or more cards.
    pub(crate) fn side_sets(&self, melds: &[Vec<HandCard>]) -> Result<Vec<Set>, SetError> {
        let mut sets: Vec<(Set, Vec<usize>)> = Vec::new();
        for (i, meld) in melds.iter().enumerate() {
            let rank = self.meld_rank(meld).map_err(|problem| SetError {
                melds: vec![i + 1],
                cards: meld.clone(),
                problem,
            })?;
            match sets.iter_mut().find(|(set, _)| set.rank == rank) {
                Some((set, numbers)) => {
                    set.cards.extend(meld);
                    numbers.push(i + 1);
                }
                None => sets.push((
                    Set {
                        rank,
                        cards: meld.clone(),
                    },
                    vec![i + 1],
                )),
            }
        }
        sets.into_iter()
            .map(|(mut set, numbers)| {
                let roles = self.roles(&set.cards);
                let mut paired: Vec<(HandCard, Role)> = set.cards.into_iter().zip(roles).collect();
                paired.sort_by_key(|(card, role)| {
                    (*role == Role::Wild, suit_order(*card), order(*card))
                });
                set.cards = paired.into_iter().map(|(card, _)| card).collect();
                if set.cards.len() < 3 {
                    return Err(SetError {
                        melds: numbers,
                        problem: SetProblem::TooFew {
                            rank: set.rank,
                            count: set.cards.len(),
                        },
                        cards: set.cards,
                    });
                }
                Ok(set)
            })
            .collect()
    }

    /// A side's table count: the sum of its sets' values.
    pub fn sets_value(&self, sets: &[Set]) -> u32 {
        crate::hand::sum_values(sets.iter().map(|s| self.table_value(s)))
    }
}

/// The answer to "is this a legal set?" and "may we lay these on our set?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayVerdict {
    /// The cards make these legal sets (merged by rank).
    Sets(Vec<Set>),
    /// The cards may be laid on the set: the set they make.
    LaidOn { added: Vec<HandCard>, set: Set },
    /// Not legal, and why.
    No(LayRefusal),
}

impl Rulebook {
    /// Judges `cards` (melds as written) as new sets, or as cards laid on the side's set
    /// `on`. `on` that is not one legal set is bad input, not a "no".
    pub fn judge_lay(
        &self,
        cards: &[Vec<HandCard>],
        on: Option<&[Vec<HandCard>]>,
    ) -> Result<LayVerdict, OnError> {
        let Some(on) = on else {
            return Ok(match self.side_sets(cards) {
                Ok(sets) => LayVerdict::Sets(sets),
                Err(e) => LayVerdict::No(LayRefusal::Sets(e)),
            });
        };
        let existing = match self.side_sets(on) {
            Ok(sets) if sets.len() == 1 => sets.into_iter().next(),
            Ok(sets) => {
                return Err(OnError::NotOneSet { sets });
            }
            Err(e) => return Err(OnError::NotLegal(e)),
        }
        .ok_or(OnError::NoSet)?;
        let added: Vec<HandCard> = cards.concat();
        let mut merged = existing.cards.clone();
        merged.extend(added.iter().copied());
        Ok(match self.side_sets(&[merged]) {
            Ok(sets) if sets.len() == 1 && sets[0].rank == existing.rank => {
                let set = sets.into_iter().next().unwrap_or(existing);
                LayVerdict::LaidOn { added, set }
            }
            _ => {
                let why = self
                    .meld_rank(&added)
                    .err()
                    .unwrap_or(SetProblem::NotOfRank {
                        rank: existing.rank,
                    });
                LayVerdict::No(LayRefusal::NotOn {
                    added,
                    on: existing,
                    why,
                })
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::canadian::CanadianRules;
    use crate::notation::parse_wild_melds;

    fn book(variant: Variant) -> Rulebook {
        Rulebook::new(variant, CanadianRules::default())
    }

    fn sets(variant: Variant, text: &str) -> Result<Vec<Set>, String> {
        book(variant)
            .side_sets(&parse_wild_melds(text).unwrap())
            .map_err(|e| e.to_string())
    }

    fn value(variant: Variant, text: &str) -> u32 {
        let b = book(variant);
        b.sets_value(&sets(variant, text).unwrap())
    }

    #[test]
    fn melds_a_set_is_three_of_a_rank_with_a_natural_and_any_wilds() {
        for text in [
            "Ks Kh Kd",
            "Ks Kh 2c",
            "Ks 2c 2d",
            "Ks 2c *",
            "Ks Ks Kh Kh Kd Kd Kc Kc 2c *",
        ] {
            let got = sets(Variant::Canadian, text).unwrap();
            assert_eq!(got.len(), 1, "{text}");
            assert_eq!(got[0].rank.plural(), "kings");
        }
    }

    #[test]
    fn melds_all_wild_is_not_a_meld() {
        let err = sets(Variant::Canadian, "2c 2d *").unwrap_err();
        assert_eq!(
            err,
            "\"2c 2d *\" (meld 1): no natural card: every card is wild, and a set needs at least one natural card to name its rank"
        );
    }

    #[test]
    fn melds_there_are_no_runs() {
        let err = sets(Variant::Canadian, "5h 6h 7h").unwrap_err();
        assert!(err.contains("5h and 6h are of different ranks"), "{err}");
        assert!(err.contains("no runs"), "{err}");
        let err = sets(Variant::Canadian, "Ks Qh 2c").unwrap_err();
        assert!(err.contains("Ks and Qh") && !err.contains("runs"), "{err}");
    }

    #[test]
    fn melds_each_meld_as_written_holds_a_natural_card() {
        let err = sets(Variant::Canadian, "Ks Kh Kd | 2c").unwrap_err();
        assert!(
            err.starts_with("\"2c\" (meld 2): no natural card: the card is wild"),
            "{err}"
        );
    }

    #[test]
    fn melds_one_set_per_rank_per_side_merged_before_judged() {
        let got = sets(Variant::Canadian, "Ks Kh | Kd 2c | 7s 7h 7d").unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].to_string(), "Ks Kh Kd 2c");
        let err = sets(Variant::Canadian, "Ks Kh | 7s 7h 7d").unwrap_err();
        assert!(
            err.starts_with(
                "\"Ks Kh\" (meld 1): a set of kings needs at least 3 cards, this has 2"
            ),
            "{err}"
        );
        let err = sets(Variant::Canadian, "Ks | 7s 7h 7d | Kh").unwrap_err();
        assert!(err.contains("(melds 1 and 3)"), "{err}");
    }

    #[test]
    fn melds_carolina_a_three_is_wild_except_in_a_set_of_threes() {
        let got = sets(Variant::Carolina, "Ks Kh 3c").unwrap();
        assert_eq!(got[0].rank.plural(), "kings");
        for text in ["3s 3h 3d", "3s 3h 2c", "3s 2c 2d"] {
            assert_eq!(
                sets(Variant::Carolina, text).unwrap()[0].rank.plural(),
                "threes"
            );
        }
        assert_eq!(value(Variant::Carolina, "3s 2c 2d"), 15);
        assert!(sets(Variant::Carolina, "3s 3h *").is_ok());
        let err = sets(Variant::Canadian, "2c 3s 3h").unwrap();
        assert_eq!(err[0].rank.plural(), "threes");
    }

    #[test]
    fn card_values_on_the_table_a_wild_counts_its_sets_rank_queens_10() {
        assert_eq!(value(Variant::Canadian, "Qs Qh 2c"), 100 + 10 + 10);
        assert_eq!(value(Variant::Canadian, "As Ad 2c"), 75);
        assert_eq!(value(Variant::Canadian, "7s 7h 2c"), 15);
        assert_eq!(value(Variant::Canadian, "Ks 2c *"), 10 + 10 + 50);
        assert_eq!(value(Variant::Carolina, "Ks Kh 3c"), 30);
        assert_eq!(value(Variant::Canadian, "Ks Kh 2c | Qs Qd Qh *"), 30 + 170);
    }

    #[test]
    fn house_rule_jokers_not_wild_jokers_set_only_among_themselves() {
        let rules = CanadianRules {
            jokers_not_wild: true,
            ..CanadianRules::default()
        };
        let canadian = Rulebook::new(Variant::Canadian, rules.clone());
        let melds = parse_wild_melds("* * * 2c").unwrap();
        let got = canadian.side_sets(&melds).unwrap();
        assert_eq!(got[0].rank, SetRank::Jokers);
        assert_eq!(canadian.sets_value(&got), 200);
        let err = canadian
            .side_sets(&parse_wild_melds("Ks Kh *").unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains("Ks and * are of different ranks"), "{err}");
        let carolina = Rulebook::new(Variant::Carolina, rules);
        let got = carolina
            .side_sets(&parse_wild_melds("* * 3c").unwrap())
            .unwrap();
        assert_eq!(carolina.sets_value(&got), 150);
    }

    #[test]
    fn melds_laying_off_on_the_sides_set_one_card_is_enough() {
        let b = book(Variant::Canadian);
        let on = parse_wild_melds("Ks Kh Kd").unwrap();
        let lay = |cards: &str| b.judge_lay(&parse_wild_melds(cards).unwrap(), Some(&on));
        assert!(
            matches!(lay("2c").unwrap(), LayVerdict::LaidOn { set, .. } if set.to_string() == "Ks Kh Kd 2c")
        );
        assert!(matches!(lay("Kc *").unwrap(), LayVerdict::LaidOn { .. }));
        let LayVerdict::No(why) = lay("7h").unwrap() else {
            panic!()
        };
        assert!(
            matches!(
                &why,
                LayRefusal::NotOn {
                    why: SetProblem::NotOfRank { .. },
                    ..
                }
            ),
            "{why}"
        );
        assert!(why.to_string().contains("they are not kings"), "{why}");
        let bad = parse_wild_melds("Ks Kh").unwrap();
        assert!(
            b.judge_lay(&parse_wild_melds("2c").unwrap(), Some(&bad))
                .is_err()
        );
        assert!(matches!(
            b.judge_lay(&parse_wild_melds("2c 2d *").unwrap(), None)
                .unwrap(),
            LayVerdict::No(_)
        ));
    }

    #[test]
    fn melds_laying_off_keeps_the_sets_rank() {
        // Carolina: a king laid on a set of threes would make the 3s wild and the set kings.
        let b = book(Variant::Carolina);
        let on = parse_wild_melds("3s 3h 3d").unwrap();
        let LayVerdict::No(why) = b
            .judge_lay(&parse_wild_melds("Ks").unwrap(), Some(&on))
            .unwrap()
        else {
            panic!("a king was laid on a set of threes")
        };
        assert_eq!(
            why.to_string(),
            "Ks cannot be laid on 3s 3h 3d: they are not threes; a side lays cards on its set of their rank"
        );
        assert!(matches!(
            why,
            LayRefusal::NotOn {
                why: SetProblem::NotOfRank { .. },
                ..
            }
        ));
    }

    #[test]
    fn melds_laying_off_is_on_one_set() {
        let b = book(Variant::Canadian);
        let on = parse_wild_melds("Ks Kh Kd | 7s 7h 7d").unwrap();
        let err = b
            .judge_lay(&parse_wild_melds("2c").unwrap(), Some(&on))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the set on the table is one set, not 2: Ks Kh Kd | 7s 7h 7d"
        );
    }

    #[test]
    fn melds_canonical_order_naturals_by_suit_then_wilds() {
        let got = sets(Variant::Canadian, "* Kc 2d Ks Kh").unwrap();
        assert_eq!(got[0].to_string(), "Ks Kh Kc 2d *");
        // Carolina's wild 2 and 3 of one suit: by rank, however they were written.
        let got = sets(Variant::Carolina, "Ks Kh 3c 2c").unwrap();
        assert_eq!(got[0].to_string(), "Ks Kh 2c 3c");
    }
}
