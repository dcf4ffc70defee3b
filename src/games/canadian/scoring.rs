//! Where a Canadian or Carolina hand is scored
//! (docs/rules.md#canadian-scoring-a-hand): each
//! side's table count, less its players' hand count unless its player went out.

use super::Rulebook;
use super::meld::Set;
use super::sides::Sides;
use crate::card::CardCounts;
use crate::error::{Error, HandForm, Unplayable};
use crate::games::manipulation::table::Hand;
use crate::hand::HandReport;
use crate::notation::parse_wild_melds;

/// What a side has on the table when a hand ends: its sets, or their counted value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableEntry {
    Count(u32),
    Sets(Vec<Set>),
}

impl Default for TableEntry {
    /// Nothing on the table.
    fn default() -> Self {
        TableEntry::Sets(Vec::new())
    }
}

impl TableEntry {
    /// The physical cards, when the sets were given.
    pub fn cards(&self) -> impl Iterator<Item = crate::card::HandCard> + '_ {
        let sets: &[Set] = match self {
            TableEntry::Count(_) => &[],
            TableEntry::Sets(sets) => sets,
        };
        sets.iter().flat_map(|s| s.cards.iter().copied())
    }

    pub fn value(&self, book: &Rulebook) -> u32 {
        match self {
            TableEntry::Count(n) => *n,
            TableEntry::Sets(sets) => book.sets_value(sets),
        }
    }

    /// As a record keeps it: a count, or the sets in notation.
    pub fn entry(&self) -> crate::hand::HandEntry {
        match self {
            TableEntry::Count(n) => crate::hand::HandEntry::Count(i64::from(*n)),
            TableEntry::Sets(_) => crate::hand::HandEntry::Cards(self.text()),
        }
    }

    /// How a record and the log write it: a count, or the sets.
    pub fn text(&self) -> String {
        match self {
            TableEntry::Count(n) => n.to_string(),
            TableEntry::Sets(sets) => super::meld::Sets(sets).to_string(),
        }
    }
}

/// A count is digits only: a sign is refused with its token named.
fn count(text: &str) -> Result<Option<u32>, Error> {
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    if unsigned.is_empty() || !unsigned.chars().all(|c| c.is_ascii_digit()) {
        return Ok(None);
    }
    if unsigned.len() != text.len() {
        return Err(HandForm::SignedCount {
            text: text.to_string(),
        }
        .into());
    }
    text.parse::<u32>().map(Some).map_err(|_| {
        Error::from(HandForm::CountTooLarge {
            text: text.to_string(),
        })
    })
}

/// Melds as a player gives them for a side, before they are judged with the side's table:
/// the sets laid (a card may be laid off on a set the side has), or a counted value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    Count(u32),
    Melds(Vec<Vec<crate::card::HandCard>>),
}

impl Given {
    /// As the log writes it: the count, or the melds as given.
    pub fn text(&self) -> String {
        match self {
            Given::Count(n) => n.to_string(),
            Given::Melds(melds) => melds
                .iter()
                .map(|m| crate::notation::Spaced(m).to_string())
                .collect::<Vec<_>>()
                .join(" | "),
        }
    }
}

impl Rulebook {
    /// Reads melds given for a side: a count (digits only), the melds, or nothing (empty).
    /// Only their spelling and the deck are checked here; [`Rulebook::lay`] judges them.
    pub fn parse_given(&self, text: &str) -> Result<Given, Error> {
        let text = text.trim();
        if let Some(n) = count(text)? {
            return Ok(Given::Count(n));
        }
        let melds = parse_wild_melds(text)?;
        let counts = CardCounts::of(melds.iter().flatten().copied());
        self.variant.deck().check_counts(&counts, "")?;
        Ok(Given::Melds(melds))
    }

    /// A side's table with `given` laid on it (on nothing, for its first melds): melds of a
    /// rank the side has join that set, and every set is judged; a count anywhere makes the
    /// whole a count.
    pub fn lay(&self, before: Option<&TableEntry>, given: &Given) -> Result<TableEntry, Error> {
        let judged = |melds: &[Vec<crate::card::HandCard>]| {
            self.side_sets(melds)
                .map(TableEntry::Sets)
                .map_err(Error::from)
        };
        match (before, given) {
            (None, Given::Count(n)) => Ok(TableEntry::Count(*n)),
            (None, Given::Melds(melds)) => judged(melds),
            (Some(TableEntry::Sets(sets)), Given::Melds(melds)) => {
                let all: Vec<Vec<crate::card::HandCard>> = sets
                    .iter()
                    .map(|s| s.cards.clone())
                    .chain(melds.iter().cloned())
                    .collect();
                judged(&all)
            }
            (Some(before), given) => {
                let more = match given {
                    Given::Count(n) => *n,
                    Given::Melds(melds) => judged(melds)?.value(self),
                };
                before
                    .value(self)
                    .checked_add(more)
                    .map(TableEntry::Count)
                    .ok_or_else(|| Error::from(Unplayable::TableOverflow))
            }
        }
    }

    /// Reads a hand left: a count (digits only) or the cards. Empty is a hand of no cards.
    pub fn parse_hand_left(&self, text: &str) -> Result<HandReport, Error> {
        let text = text.trim();
        match count(text)? {
            Some(n) if n > self.deck_count() => Err(HandForm::MoreThanTheDeck {
                text: text.to_string(),
                most: self.deck_count(),
            }
            .into()),
            Some(n) => Ok(HandReport::Count(n)),
            None => Hand::parse(text, self.variant.deck()).map(HandReport::Cards),
        }
    }

    /// Reads a side's table: a count (digits only), the sets, or nothing (empty). The sets
    /// are judged and merged by rank.
    pub fn parse_table_entry(&self, text: &str) -> Result<TableEntry, Error> {
        let text = text.trim();
        if let Some(n) = count(text)? {
            return Ok(TableEntry::Count(n));
        }
        let melds = parse_wild_melds(text)?;
        let counts = CardCounts::of(melds.iter().flatten().copied());
        self.variant.deck().check_counts(&counts, "")?;
        self.side_sets(&melds)
            .map(TableEntry::Sets)
            .map_err(Error::from)
    }

    /// A hand's count as scored: the count given, or the cards' values.
    pub(crate) fn report_count(&self, report: &HandReport) -> u32 {
        match report {
            HandReport::Count(n) => *n,
            HandReport::Cards(hand) => self.hand_count(hand.cards()),
        }
    }
}

/// Whether a hand report holds no cards (no cards, or a count of 0).
pub fn is_empty(report: &HandReport) -> bool {
    match report {
        HandReport::Count(n) => *n == 0,
        HandReport::Cards(hand) => hand.is_empty(),
    }
}

/// One side's score for a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideScore {
    /// The value of its sets on the table.
    pub table: u32,
    /// What its players still hold, whether deducted or not.
    pub held: u32,
    /// What is deducted: `held`, or 0 for the side whose player went out.
    pub hand: u32,
    /// The going-out bonus, for the side whose player went out.
    pub bonus: u32,
    pub points: i64,
}

/// A scored hand: every side's score, in side order, and who went out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandScore {
    pub sides: Vec<SideScore>,
    pub out: Option<usize>,
}

/// Scores a hand. `tables` is per side, `hands` per player. The player who went out holds
/// no cards; with nobody out, nobody may hold none. The melds and hands together must fit
/// the 108-card deck.
pub fn score_hand(
    book: &Rulebook,
    sides: &Sides,
    tables: &[TableEntry],
    hands: &[HandReport],
    out: Option<usize>,
) -> Result<HandScore, Error> {
    let players = sides.players();
    match out {
        Some(p) if !is_empty(&hands[p]) => {
            return Err(Unplayable::OutHoldsCards {
                player: players[p].clone(),
                hand: hands[p].text(),
            }
            .into());
        }
        None => {
            if let Some(p) = hands.iter().position(is_empty) {
                return Err(Unplayable::EmptyButNobodyOut {
                    player: players[p].clone(),
                }
                .into());
            }
        }
        Some(_) => {}
    }
    let all = CardCounts::of(
        tables
            .iter()
            .flat_map(TableEntry::cards)
            .chain(hands.iter().flat_map(|h| h.cards().iter().copied())),
    );
    book.variant
        .deck()
        .check_counts(&all, " in the melds and hands together")?;
    let out_side = out.map(|p| sides.side_of(p));
    let scores = (0..sides.len())
        .map(|side| {
            let table = tables[side].value(book);
            let held = crate::hand::sum_values(
                sides
                    .members(side)
                    .iter()
                    .map(|p| book.report_count(&hands[*p])),
            );
            let went_out = out_side == Some(side);
            let (hand, bonus) = if went_out {
                (0, book.rules.going_out_bonus)
            } else {
                (held, 0)
            };
            SideScore {
                table,
                held,
                hand,
                bonus,
                points: i64::from(table) + i64::from(bonus) - i64::from(hand),
            }
        })
        .collect();
    Ok(HandScore { sides: scores, out })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::canadian::{CanadianRules, Variant};

    fn four() -> Vec<String> {
        ["alice", "bob", "carol", "dave"].map(String::from).to_vec()
    }

    fn setup(rules: CanadianRules) -> (Rulebook, Sides) {
        (
            Rulebook::new(Variant::Canadian, rules),
            Sides::new(Variant::Canadian, four(), None).unwrap(),
        )
    }

    fn score(
        book: &Rulebook,
        sides: &Sides,
        tables: [&str; 2],
        hands: [&str; 4],
        out: Option<usize>,
    ) -> Result<HandScore, Error> {
        let tables: Vec<TableEntry> = tables
            .iter()
            .map(|t| book.parse_table_entry(t).unwrap())
            .collect();
        let hands: Vec<HandReport> = hands
            .iter()
            .map(|h| book.parse_hand_left(h).unwrap())
            .collect();
        score_hand(book, sides, &tables, &hands, out)
    }

    #[test]
    fn scoring_the_side_that_went_out_scores_its_table_its_partner_not_deducted() {
        let (book, sides) = setup(CanadianRules::default());
        let got = score(
            &book,
            &sides,
            ["Ks Kh 2c | Qs Qd Qh *", "85"],
            ["0", "Qs 5h", "3d 2c", "20"],
            Some(0),
        )
        .unwrap();
        assert_eq!(
            got.sides[0],
            SideScore {
                table: 200,
                held: 25,
                hand: 0,
                bonus: 0,
                points: 200
            }
        );
        assert_eq!(got.sides[1].hand, 125);
        assert_eq!(got.sides[1].points, 85 - 125);
    }

    #[test]
    fn scoring_stock_out_every_side_scores_table_less_hand_and_may_go_negative() {
        let (book, sides) = setup(CanadianRules::default());
        let got = score(
            &book,
            &sides,
            ["7s 7h 7d", ""],
            ["5c", "Qs", "9h", "Ah"],
            None,
        )
        .unwrap();
        assert_eq!(got.sides[0].points, 15 - 10);
        assert_eq!(got.sides[1].points, -125);
        assert_eq!(got.out, None);
    }

    #[test]
    fn house_rule_going_out_bonus_for_the_side_that_went_out() {
        let rules = CanadianRules {
            going_out_bonus: 100,
            ..CanadianRules::default()
        };
        let (book, sides) = setup(rules);
        let got = score(
            &book,
            &sides,
            ["", "7s 7h 7d"],
            ["9h", "", "5c", "5d"],
            Some(1),
        )
        .unwrap();
        assert_eq!(got.sides[1].points, 15 + 100);
        assert_eq!(got.sides[0].points, -10);
    }

    #[test]
    fn going_out_exactly_one_player_with_an_empty_hand_others_may_hold_none() {
        let (book, sides) = setup(CanadianRules::default());
        let err = score(&book, &sides, ["", ""], ["5c", "9h", "", "5d"], None).unwrap_err();
        assert!(
            err.to_string()
                .contains("carol's hand is empty, but nobody went out"),
            "{err}"
        );
        let err = score(&book, &sides, ["", ""], ["5c", "9h", "Kd", "5d"], Some(2)).unwrap_err();
        assert!(
            err.to_string()
                .contains("carol went out but holds cards (Kd)"),
            "{err}"
        );
        assert!(score(&book, &sides, ["", ""], ["0", "", "5c", "5d"], Some(0)).is_ok());
    }

    #[test]
    fn deck_copies_count_against_108_cards_in_melds_and_hands_together() {
        let (book, sides) = setup(CanadianRules::default());
        let err = score(
            &book,
            &sides,
            ["Ks Ks Kh", "* * * 7s"],
            ["0", "Ks", "*", "5d"],
            Some(0),
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            err,
            "Ks appears 3 times in the melds and hands together; the 108-card deck has 2"
        );
    }

    #[test]
    fn a_count_is_digits_only_with_no_sign() {
        let (book, _) = setup(CanadianRules::default());
        for text in ["-5", "+5"] {
            let err = book.parse_hand_left(text).unwrap_err().to_string();
            assert!(err.contains("no sign") && err.contains(text), "{err}");
            let err = book.parse_table_entry(text).unwrap_err().to_string();
            assert!(err.contains("no sign"), "{err}");
        }
        assert_eq!(book.parse_table_entry("85").unwrap(), TableEntry::Count(85));
        assert_eq!(book.parse_table_entry("").unwrap(), TableEntry::default());
    }
}
