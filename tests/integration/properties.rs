//! Property tests: printing then parsing gives back the same value, and no input, however
//! malformed, makes a parser, the referee or the binary panic.

use carousel::card::Card;
use carousel::card::HandCard;
use carousel::card::Rank;
use carousel::card::Suit;
use carousel::card::TableCard;
use carousel::deck::Deck;
use carousel::games::manipulation::game::GameRecord;
use carousel::games::manipulation::meld::MeldRules;
use carousel::games::manipulation::moves;
use carousel::games::manipulation::rules::Rules;
use carousel::games::manipulation::table::Hand;
use carousel::games::manipulation::table::Meld;
use carousel::games::manipulation::table::Table;
use carousel::hand::HandReport;
use carousel::notation::{parse_card, parse_hand, parse_table};
use proptest::prelude::*;

fn any_card() -> impl Strategy<Value = Card> {
    (1u8..=13, 0usize..4).prop_map(|(r, s)| Card::new(Rank::new(r).unwrap(), Suit::ALL[s]))
}

/// A two-deck shoe: every physical card of a 3-5 player game.
fn shoe() -> Vec<HandCard> {
    let mut cards: Vec<HandCard> = Card::all().chain(Card::all()).map(HandCard::Real).collect();
    cards.extend([HandCard::Joker, HandCard::Joker]);
    cards
}

/// Some physical cards of the shoe, never more of a card than it holds.
fn pile(max: usize) -> impl Strategy<Value = Vec<HandCard>> {
    Just(shoe())
        .prop_shuffle()
        .prop_flat_map(move |cards| (Just(cards), 0..=max))
        .prop_map(|(cards, n)| cards[..n].to_vec())
}

/// A table of melds (legal or not) cut from the shoe, jokers stating any card.
fn any_table() -> impl Strategy<Value = Table> {
    (
        pile(60),
        prop::collection::vec(1usize..7, 20),
        prop::collection::vec(any_card(), 2),
    )
        .prop_map(|(cards, sizes, stated)| {
            let mut jokers = stated.into_iter();
            let table_cards: Vec<TableCard> = cards
                .into_iter()
                .map(|c| match c {
                    HandCard::Real(card) => TableCard::Real(card),
                    HandCard::Joker => {
                        TableCard::Joker(jokers.next().unwrap_or(Card::all().next().unwrap()))
                    }
                })
                .collect();
            let mut melds = Vec::new();
            let mut rest = table_cards.as_slice();
            for size in sizes {
                if rest.is_empty() {
                    break;
                }
                let (meld, more) = rest.split_at(size.min(rest.len()));
                melds.push(Meld::new(meld.to_vec(), MeldRules::default()));
                rest = more;
            }
            Table::new(melds)
        })
}

/// A card written any way docs/commands.md#cards allows.
fn any_spelling() -> impl Strategy<Value = (Card, String)> {
    (any_card(), any::<bool>(), any::<bool>(), 0usize..3).prop_map(
        |(card, ten_as_t, upper, suit_style)| {
            let rank = match card.rank.number() {
                10 if ten_as_t => "T".to_string(),
                _ => card.rank.name().to_string(),
            };
            let suit = match suit_style {
                0 => card.suit.letter().to_string(),
                1 => card.suit.letter().to_ascii_uppercase().to_string(),
                _ => ["♠", "♥", "♦", "♣"][card.suit.index()].to_string(),
            };
            let text = format!("{rank}{suit}");
            (
                card,
                if upper {
                    text.to_uppercase()
                } else {
                    text.to_lowercase()
                },
            )
        },
    )
}

const CARDISH: &str = "[0-9AaTtJjQqKkSsHhDdCcXx*|♠♥♦♣\\- =\"\\[\\]\n]{0,40}";

proptest! {
    #[test]
    fn card_print_then_parse_is_the_same_card(card in any_card()) {
        prop_assert_eq!(parse_card(&card.to_string()).unwrap(), card);
    }

    #[test]
    fn card_every_spelling_parses_to_the_card((card, text) in any_spelling()) {
        prop_assert_eq!(parse_card(&text).unwrap(), card);
    }

    #[test]
    fn hand_print_then_parse_is_the_same_hand(cards in pile(30)) {
        let hand = Hand::new(cards);
        let deck = Deck::for_players(4).unwrap();
        prop_assert_eq!(Hand::parse(&hand.to_string(), deck).unwrap(), hand);
    }

    #[test]
    fn table_print_then_parse_is_the_same_table(table in any_table()) {
        let deck = Deck::for_players(5).unwrap();
        let printed = table.to_string();
        let parsed = Table::parse(&printed, MeldRules::default(), deck).unwrap();
        prop_assert_eq!(&parsed, &table);
        prop_assert_eq!(parsed.to_string(), printed);
    }

    #[test]
    fn parsers_never_panic(text in CARDISH) {
        let deck = Deck::for_players(3).unwrap();
        let _ = parse_card(&text);
        let _ = parse_hand(&text);
        let _ = parse_table(&text);
        let _ = Table::parse(&text, MeldRules::default(), deck);
        let _ = Hand::parse(&text, deck);
        let _ = HandReport::parse(&text, deck);
        let _ = Rules::from_toml(&text);
        if let Ok(record) = GameRecord::from_toml(&text) {
            let _ = carousel::games::manipulation::play::tally(&record);
        }
    }

    #[test]
    fn parsers_never_panic_on_any_string(text in any::<String>()) {
        let deck = Deck::for_players(2).unwrap();
        let _ = Table::parse(&text, MeldRules::default(), deck);
        let _ = HandReport::parse(&text, deck);
        let _ = GameRecord::from_toml(&text);
    }

    #[test]
    fn judging_any_move_never_panics(before in any_table(), after in any_table(), hand in pile(12)) {
        let deck = Deck::for_players(3).unwrap();
        let hand = Hand::new(hand);
        let verdict = moves::judge(&before, Some(&hand), &after, MeldRules::default(), deck);
        if let Ok(verdict) = verdict {
            prop_assert_eq!(verdict.is_legal(), verdict.violations.is_empty());
        }
    }

    #[test]
    fn tally_of_any_counts_never_panics(counts in prop::collection::vec(prop::collection::vec(0i64..200, 3), 0..12), knockers in prop::collection::vec(0usize..4, 12)) {
        let mut text = String::from("players = [\"a\", \"b\", \"c\"]\n");
        for (round, hands) in counts.iter().enumerate() {
            text.push_str("[[round]]\n");
            if knockers[round] < 3 {
                text.push_str(&format!("knocker = \"{}\"\n", ["a", "b", "c"][knockers[round]]));
            }
            text.push_str(&format!("[round.hands]\na = {}\nb = {}\nc = {}\n", hands[0], hands[1], hands[2]));
        }
        let record = GameRecord::from_toml(&text).unwrap();
        let _ = carousel::games::manipulation::play::tally(&record);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The binary itself, given junk in every argument, answers 0, 1 or 2 and never panics.
    #[test]
    fn binary_never_panics(before in CARDISH, after in CARDISH, hand in CARDISH, score in CARDISH) {
        let runs: Vec<Vec<String>> = vec![
            vec!["check".into(), "--before".into(), before.clone(), "--after".into(), after, "--hand".into(), hand.clone(), "--json".into()],
            vec!["score".into(), format!("a={before}"), format!("b={hand}"), format!("c={score}")],
            vec!["score".into(), "--knocker".into(), "a".into(), format!("a={score}"), format!("b={before}"), "--json".into()],
        ];
        for args in runs {
            let output = crate::test::Test::new().args(&args).any_status().run();
            let code = output.status;
            prop_assert!(matches!(code, 0..=2), "{:?} exited {:?}", args, code);
            prop_assert!(!output.stderr.contains("panicked"), "{:?}", args);
        }
    }
}

/// Text made of card-like tokens, bars, dashes, signs and digits: the shapes a score keeper
/// types for a Canadian or Carolina table, well or badly.
fn canadian_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "Ks", "Kh", "Qs", "2c", "3d", "3s", "*", "*Kh", "|", "-", "85", "-5", "+5", "As", "7h",
            "10c", "x", "", "  ", "||",
        ]),
        0..12,
    )
    .prop_map(|tokens| tokens.join(" "))
}

proptest! {
    /// Whatever a side's melds and a hand say, reading, judging and scoring them answers or
    /// refuses with a message; melds that are read print and read back as the same sets.
    #[test]
    fn canadian_melds_and_hands_never_panic_and_round_trip(
        melds in canadian_text(),
        hand in canadian_text(),
        carolina in any::<bool>(),
        out in prop::option::of(0usize..4),
    ) {
        use carousel::games::canadian::scoring::{TableEntry, score_hand};
        use carousel::games::canadian::sides::Sides;
        use carousel::games::canadian::{CanadianRules, Rulebook, Variant};
        let variant = if carolina { Variant::Carolina } else { Variant::Canadian };
        let book = Rulebook::new(variant, CanadianRules::default());
        let players: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let sides = Sides::new(variant, players, None).unwrap();
        if let Ok(entry) = book.parse_table_entry(&melds) {
            let again = book.parse_table_entry(&entry.text()).unwrap();
            prop_assert_eq!(&again, &entry);
            if let Ok(report) = book.parse_hand_left(&hand) {
                let tables = vec![entry; sides.len()];
                let hands = vec![report; 4];
                let _ = score_hand(&book, &sides, &tables, &hands, out);
            }
        }
        let _ = book.parse_hand_left(&hand);
        let _ = TableEntry::default();
    }
}
