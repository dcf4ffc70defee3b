//! Canadian Rummy and its variant Carolina Rummy (docs/rules.md#part-2-canadian-and-carolina-rummy): sets only,
//! wild cards, a discard pile, and sides that score what they laid less what they hold.
//!
//! The cards, notation, deck counts and the ledger of a record are the family's, shared with
//! Carousel; what is this game's own lives here: which cards are wild ([`Rulebook`]), its
//! sets ([`meld`]), its sides ([`sides`]), a hand's score ([`scoring`]), its record and
//! tally ([`record`]), the take-the-pile check ([`pile`]) and the game kept at the table
//! ([`session`]).

pub mod desk;
pub mod export;
pub(crate) mod help;
pub mod meld;
pub mod pile;
pub mod play;
pub mod record;
pub mod rules;
pub mod scoring;
pub mod sides;
pub(crate) mod stats;
pub(crate) mod text;
pub(crate) mod view;

use crate::card::{Card, HandCard, Rank, Suit};
use crate::console::Console;
use crate::deck::Deck;
use crate::desk::Desk;
use crate::desk::ScoredGame;
use crate::error::Error;
use crate::family::{AnyRules, Entry, GameKind, InPlay, NewGame, Scored};
use crate::rules::HouseRule;
use crate::stats::GameStats;
pub use rules::CanadianRules;
use std::ops::RangeInclusive;

/// Which of the two games: they differ in the wild 3s and the players they take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// 4 players in 2 teams; 2s and jokers wild.
    Canadian,
    /// 2 to 8 singles (or 4 in 2 teams); 2s, 3s and jokers wild.
    Carolina,
}

impl Variant {
    /// The name a record's `game` key and `--game` use.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Canadian => "canadian",
            Variant::Carolina => "carolina",
        }
    }

    /// The game's name for people.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Canadian => "Canadian Rummy",
            Variant::Carolina => "Carolina Rummy",
        }
    }

    /// How many players the game takes
    /// (docs/rules.md#canadian-players-and-sides).
    pub fn players(self) -> RangeInclusive<usize> {
        match self {
            Variant::Canadian => 4..=4,
            Variant::Carolina => 2..=8,
        }
    }

    /// The 108-card deck both games play.
    pub fn deck(self) -> Deck {
        Deck::two_decks_four_jokers()
    }

    /// The game as the family lists it.
    pub fn kind(self) -> GameKind {
        match self {
            Variant::Canadian => CANADIAN,
            Variant::Carolina => CAROLINA,
        }
    }
}

/// Canadian Rummy, as the family lists it.
pub const CANADIAN: GameKind = GameKind(&Canadian(Variant::Canadian));

/// Carolina Rummy, as the family lists it.
pub const CAROLINA: GameKind = GameKind(&Canadian(Variant::Carolina));

/// What Canadian Rummy, or Carolina Rummy, offers the program.
pub struct Canadian(pub Variant);

impl Entry for Canadian {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn title(&self) -> &'static str {
        self.0.title()
    }

    fn players(&self) -> RangeInclusive<usize> {
        self.0.players()
    }

    fn rules_table(&self) -> &'static [HouseRule] {
        &CanadianRules::TABLE
    }

    fn default_rules(&self) -> Box<dyn AnyRules> {
        Box::new(CanadianRules::default())
    }

    fn read_rules(&self, text: &str) -> Result<Box<dyn AnyRules>, Error> {
        Ok(Box::new(CanadianRules::from_toml(text)?))
    }

    fn new_game(&self, new: &NewGame, rules: &dyn AnyRules) -> Result<Box<dyn InPlay>, Error> {
        let rules = crate::desk::rules_of::<play::Setup>(rules);
        Ok(Box::new(play::Game::new(
            self.0,
            new.players.clone(),
            new.teams.as_deref(),
            rules,
        )?))
    }

    fn resume(&self, text: &str) -> Result<Box<dyn InPlay>, Error> {
        let record = record::Record::from_toml(text, self.0)?;
        Ok(Box::new(play::Game::from_record(&record)?))
    }

    fn scored(&self, text: &str) -> Result<Box<dyn Scored>, Error> {
        if let Some(game) = scored_by_round(text, self.0) {
            return Ok(Box::new(game));
        }
        let record = record::Record::from_toml(text, self.0)?;
        let (setup, _) = play::scored(&record)?;
        Ok(Box::new(ScoredGame::of(setup, &record.rounds)?))
    }

    fn stats(&self, games: &[&dyn Scored]) -> GameStats {
        stats::stats(self.0.kind(), &crate::desk::scored_of::<play::Setup>(games))
    }

    fn words(&self) -> &'static [&'static [&'static str]] {
        desk::WORDS
    }

    fn offline(
        &self,
        word: &'static str,
        rest: &str,
        rules: &dyn AnyRules,
        c: &mut Console,
    ) -> Option<Result<(), Error>> {
        <play::Setup as Desk>::offline(word, rest, &crate::desk::rules_of::<play::Setup>(rules), c)
    }

    fn overview(&self) -> &'static str {
        help::OVERVIEW
    }

    fn topic(&self, name: &str) -> Option<&'static str> {
        help::topic(name)
    }

    fn topic_names(&self) -> Vec<&'static str> {
        help::names()
    }

    fn round_word(&self) -> &'static str {
        <play::Setup as Desk>::round_word()
    }
}

/// A record scored a hand at a time ([`ScoredGame::by_round`]); `None`: read it whole.
pub(crate) fn scored_by_round(text: &str, variant: Variant) -> Option<ScoredGame<play::Setup>> {
    ScoredGame::by_round(
        text,
        |head| {
            let record = record::Record::from_toml(head, variant)?;
            Ok((play::Setup::of_record(&record)?, record.rounds))
        },
        |key| record::foreign_key(key, variant),
    )
}

/// The variant and its house rules together: what is wild, what a card counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rulebook {
    pub variant: Variant,
    pub rules: CanadianRules,
}

const DEUCE: u8 = 2;
const THREE: u8 = 3;

fn rank_is(card: HandCard, number: u8) -> bool {
    matches!(card, HandCard::Real(c) if c.rank.number() == number)
}

/// The value of a natural card (docs/rules.md#canadian-card-values): Q♠ 100, ace 25, 10 to K
/// 10, 3 to 9 5. A deuce is never natural; as a face it counts 5 here, but it is valued
/// through [`Rulebook::hand_value`] or its set's rank.
pub(crate) fn natural_value(card: Card) -> u32 {
    match card.rank.number() {
        12 if card.suit == Suit::Spades => 100,
        1 => 25,
        10..=13 => 10,
        _ => 5,
    }
}

/// What a card of `rank` counts when a wild card stands in for it: its natural value, and 10
/// in a set of queens, never the Q♠'s 100.
pub(crate) fn rank_value(rank: Rank) -> u32 {
    natural_value(Card::new(rank, Suit::Hearts))
}

/// What a joker counts, wherever it is.
pub const JOKER_VALUE: u32 = 50;

impl Rulebook {
    pub fn new(variant: Variant, rules: CanadianRules) -> Rulebook {
        Rulebook { variant, rules }
    }

    /// Whether a joker is wild (it is, unless `jokers-not-wild`).
    pub(crate) fn jokers_wild(&self) -> bool {
        !self.rules.jokers_not_wild
    }

    /// Whether a card is wild when it is not in a set of threes: every deuce, a joker unless
    /// `jokers-not-wild`, and in Carolina every 3.
    pub(crate) fn is_wild(&self, card: HandCard) -> bool {
        match card {
            HandCard::Joker => self.jokers_wild(),
            HandCard::Real(_) if rank_is(card, DEUCE) => true,
            HandCard::Real(_) => self.variant == Variant::Carolina && rank_is(card, THREE),
        }
    }

    /// What a card left in hand counts: its value, a deuce `deuce-in-hand` (20), a 3 5 (in
    /// Carolina too), a joker 50, the Q♠ 100.
    pub(crate) fn hand_value(&self, card: HandCard) -> u32 {
        match card {
            HandCard::Joker => JOKER_VALUE,
            HandCard::Real(c) if c.rank.number() == DEUCE => self.rules.deuce_in_hand,
            HandCard::Real(c) => natural_value(c),
        }
    }

    /// A hand's count: the sum of its cards' values.
    /// What the whole deck counts in hand: no hand counts more.
    pub(crate) fn deck_count(&self) -> u32 {
        let deck = self.variant.deck();
        let real = Card::all().map(|card| deck.copies() * self.hand_value(HandCard::Real(card)));
        crate::hand::sum_values(real) + deck.jokers() * self.hand_value(HandCard::Joker)
    }

    pub(crate) fn hand_count(&self, cards: &[HandCard]) -> u32 {
        crate::hand::sum_values(cards.iter().map(|c| self.hand_value(*c)))
    }

    /// The words for what is wild, for people.
    pub fn wild_words(&self) -> &'static str {
        match (self.variant, self.jokers_wild()) {
            (Variant::Canadian, true) => "2s and jokers are wild",
            (Variant::Canadian, false) => "2s are wild; jokers are not",
            (Variant::Carolina, true) => "2s, 3s and jokers are wild",
            (Variant::Carolina, false) => "2s and 3s are wild; jokers are not",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;

    fn book(variant: Variant) -> Rulebook {
        Rulebook::new(variant, CanadianRules::default())
    }

    fn count(variant: Variant, hand: &str) -> u32 {
        book(variant).hand_count(&parse_hand(hand).unwrap())
    }

    #[test]
    fn card_values_queen_of_spades_100_joker_50_ace_25_tens_10_threes_to_nines_5() {
        assert_eq!(count(Variant::Canadian, "Qs"), 100);
        assert_eq!(count(Variant::Canadian, "Qh"), 10);
        assert_eq!(count(Variant::Canadian, "*"), 50);
        assert_eq!(count(Variant::Canadian, "Ad"), 25);
        assert_eq!(count(Variant::Canadian, "10c Jc Kc"), 30);
        assert_eq!(count(Variant::Canadian, "3s 9h"), 10);
    }

    #[test]
    fn card_values_in_hand_a_deuce_20_a_three_5_also_in_carolina() {
        assert_eq!(count(Variant::Canadian, "2c"), 20);
        assert_eq!(count(Variant::Carolina, "2c 3d"), 25);
    }

    #[test]
    fn house_rule_deuce_in_hand_sets_a_deuces_value() {
        let rules = CanadianRules {
            deuce_in_hand: 15,
            ..CanadianRules::default()
        };
        let book = Rulebook::new(Variant::Canadian, rules);
        assert_eq!(book.hand_count(&parse_hand("2c 2d").unwrap()), 30);
    }

    #[test]
    fn wild_cards_canadian_deuces_and_jokers_carolina_also_threes() {
        let cards = parse_hand("2c * 3d 5h").unwrap();
        let canadian = book(Variant::Canadian);
        let carolina = book(Variant::Carolina);
        let wild = |b: &Rulebook| cards.iter().map(|c| b.is_wild(*c)).collect::<Vec<_>>();
        assert_eq!(wild(&canadian), [true, true, false, false]);
        assert_eq!(wild(&carolina), [true, true, true, false]);
    }

    #[test]
    fn house_rule_jokers_not_wild_makes_a_joker_natural() {
        let rules = CanadianRules {
            jokers_not_wild: true,
            ..CanadianRules::default()
        };
        let book = Rulebook::new(Variant::Canadian, rules);
        assert!(!book.is_wild(HandCard::Joker));
        assert_eq!(book.hand_count(&[HandCard::Joker]), 50);
    }

    #[test]
    fn players_canadian_exactly_4_carolina_2_to_8() {
        assert_eq!(Variant::Canadian.players(), 4..=4);
        assert_eq!(Variant::Carolina.players(), 2..=8);
        assert_eq!(Variant::Carolina.deck().size(), 108);
    }
}
