//! Reading the compact notation players type: cards, hands and tables
//! (docs/commands.md#notation).
//!
//! Parsing here is purely about spelling. Whether a joker's card can be inferred or a meld
//! is legal is decided in [`crate::games::manipulation::table`] and [`crate::games::manipulation::meld`], which know the rules.

use crate::card::{Card, HandCard, Rank, Suit};
use std::fmt;

/// A token that is not a card, with where it stood and what was expected instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{}\" ({place}): {problem}", crate::words::printable(.token))]
pub struct ParseError {
    pub token: String,
    /// Where the token stands: shown as "card 3", "meld 2, card 1".
    pub place: Place,
    pub problem: TokenProblem,
}

/// Where a token stands in what was typed, counted from 1. Kept as numbers, so a caller
/// that read the text in a setting of its own (the cards `add` lays on a meld) names the
/// place its own way, and written out in one place, [`Place`]'s `Display`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A card of a hand, or a lone card: "card 3".
    Card(usize),
    /// A card of a meld on the table: "meld 2, card 1".
    MeldCard { meld: usize, card: usize },
    /// In a meld, before its first card: "meld 2, before card 1".
    BeforeCard { meld: usize, card: usize },
    /// In a meld, after one of its cards: "meld 2, after card 3".
    AfterCard { meld: usize, card: usize },
    /// Between melds, after the last one read: "after meld 2".
    AfterMeld(usize),
    /// A card `add` lays on a meld: "card to add 2".
    CardToAdd(usize),
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Place::Card(card) => write!(f, "card {card}"),
            Place::MeldCard { meld, card } => write!(f, "meld {meld}, card {card}"),
            Place::BeforeCard { meld, card } => write!(f, "meld {meld}, before card {card}"),
            Place::AfterCard { meld, card } => write!(f, "meld {meld}, after card {card}"),
            Place::AfterMeld(meld) => write!(f, "after meld {meld}"),
            Place::CardToAdd(card) => write!(f, "card to add {card}"),
        }
    }
}

const RANKS_EXPECTED: &str = "ranks are A 2-10 J Q K";
const SUITS_EXPECTED: &str = "suits are s h d c (or ♠ ♥ ♦ ♣)";

/// A card on the table as typed: a joker may still lack its stated card (a bare `*`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TypedTableCard {
    Real(Card),
    Joker(Option<Card>),
}

/// One meld as typed, before jokers are inferred or anything is judged.
pub type TypedMeld = Vec<TypedTableCard>;

/// What is wrong with a token: the spelling expected instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TokenProblem {
    /// A rank with no suit: `7`.
    #[error("no suit; a card is a rank and a suit, like 7h; {SUITS_EXPECTED}")]
    NoSuit,
    /// A suit after something that is no rank: `1h`, `Xs`.
    #[error("no such rank; {RANKS_EXPECTED}")]
    NoSuchRank,
    /// A rank followed by something that is no suit: `7x`; `suit` as typed.
    #[error("no such suit \"{}\"; {SUITS_EXPECTED}", crate::words::printable(.suit))]
    NoSuchSuit { suit: String },
    /// Neither rank nor suit.
    #[error(
        "not a card; a card is a rank (A 2-10 J Q K) and a suit (s h d c), like 7h or 10♥, and a joker is *"
    )]
    NotACard,
    /// A joker in hand typed with a card: `*7h`.
    #[error("a joker in hand stands for nothing yet; write it as a bare *")]
    JokerInHandStated,
    /// A joker on the table whose stated card is no card: `*7x`.
    #[error(
        "a joker on the table is * or * with the card it stands for, like *7h; \"{}\": {problem}",
        crate::words::printable(.stated)
    )]
    JokerStatesNoCard {
        stated: String,
        problem: Box<TokenProblem>,
    },
    /// A wild card typed with a card in a game whose wild cards state none.
    #[error("a wild card states nothing in this game; write the joker as a bare *")]
    WildCardStated,
    /// Nothing between two `|`.
    #[error("an empty meld; melds are separated by single |")]
    EmptyMeld,
    /// A dash joining nothing on one side: `3s-`, `-3s`, `3s--4s`.
    #[error(
        "a dash with no card on one side; a meld's cards are joined by single -, like 3s-4s-5s"
    )]
    LoneDash,
}

fn parse_rank(text: &str) -> Option<Rank> {
    let number = match text.to_ascii_uppercase().as_str() {
        "A" => 1,
        "T" | "10" => 10,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        other => other.parse::<u8>().ok().filter(|n| (2..=9).contains(n))?,
    };
    Rank::new(number)
}

fn parse_suit(text: &str) -> Option<Suit> {
    // A heart typed on a phone often carries the emoji variation selector.
    let text = text.trim_end_matches('\u{FE0F}');
    match text.to_lowercase().as_str() {
        "s" | "♠" | "♤" => Some(Suit::Spades),
        "h" | "♥" | "♡" => Some(Suit::Hearts),
        "d" | "♦" | "♢" => Some(Suit::Diamonds),
        "c" | "♣" | "♧" => Some(Suit::Clubs),
        _ => None,
    }
}

/// Splits a card token into its rank part and its suit part (the last character, less any
/// emoji variation selector).
fn split_rank_suit(token: &str) -> (&str, &str) {
    let trimmed = token.trim_end_matches('\u{FE0F}');
    match trimmed.char_indices().last() {
        Some((at, _)) => (&token[..at], &token[at..]),
        None => ("", token),
    }
}

fn card_token(token: &str) -> Result<Card, TokenProblem> {
    let (rank_text, suit_text) = split_rank_suit(token);
    let rank = parse_rank(rank_text);
    let suit = parse_suit(suit_text);
    match (rank, suit) {
        (Some(rank), Some(suit)) => Ok(Card::new(rank, suit)),
        _ if parse_rank(token).is_some() => Err(TokenProblem::NoSuit),
        (None, Some(_)) => Err(TokenProblem::NoSuchRank),
        (Some(_), None) => Err(TokenProblem::NoSuchSuit {
            suit: suit_text.to_string(),
        }),
        (None, None) => Err(TokenProblem::NotACard),
    }
}

/// Reads one card, `7h`, `Th`, `10♥`, in any case.
pub fn parse_card(token: &str) -> Result<Card, ParseError> {
    let token = token.trim();
    card_token(token).map_err(|problem| ParseError {
        token: token.to_string(),
        place: Place::Card(1),
        problem,
    })
}

fn hand_card_token(token: &str) -> Result<HandCard, TokenProblem> {
    match token.strip_prefix('*') {
        Some("") => Ok(HandCard::Joker),
        Some(_) => Err(TokenProblem::JokerInHandStated),
        None => card_token(token).map(HandCard::Real),
    }
}

fn table_card_token(token: &str) -> Result<TypedTableCard, TokenProblem> {
    match token.strip_prefix('*') {
        Some("") => Ok(TypedTableCard::Joker(None)),
        Some(stated) => card_token(stated)
            .map(|card| TypedTableCard::Joker(Some(card)))
            .map_err(|problem| TokenProblem::JokerStatesNoCard {
                stated: stated.to_string(),
                problem: Box::new(problem),
            }),
        None => card_token(token).map(TypedTableCard::Real),
    }
}

/// Reads a hand: cards separated by whitespace, jokers as a bare `*`.
pub fn parse_hand(text: &str) -> Result<Vec<HandCard>, ParseError> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, token)| {
            hand_card_token(token).map_err(|problem| ParseError {
                token: token.to_string(),
                place: Place::Card(i + 1),
                problem,
            })
        })
        .collect()
}

/// Reads a table: melds separated by `|`, or in the dash style (`3s-4s-5s 6h-6d-6c`) where
/// dashes join a meld's cards and whitespace separates melds. An empty text is an empty table.
pub fn parse_table(text: &str) -> Result<Vec<TypedMeld>, ParseError> {
    parse_melds(text, table_card_token)
}

/// Reads melds whose wild cards state nothing (Canadian and Carolina Rummy): the table's
/// layout, with every joker a bare `*` as in a hand.
pub fn parse_wild_melds(text: &str) -> Result<Vec<Vec<HandCard>>, ParseError> {
    parse_melds(text, |token| match token.strip_prefix('*') {
        Some(stated) if !stated.is_empty() => Err(TokenProblem::WildCardStated),
        _ => hand_card_token(token),
    })
}

/// Melds separated by `|` or dash-joined, each card read by `card`.
fn parse_melds<T>(
    text: &str,
    card: impl Fn(&str) -> Result<T, TokenProblem>,
) -> Result<Vec<Vec<T>>, ParseError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut melds = Vec::new();
    for segment in text.split('|') {
        let segment_melds = split_segment(segment, melds.len())?;
        if segment_melds.is_empty() {
            return Err(ParseError {
                token: "|".to_string(),
                place: Place::AfterMeld(melds.len()),
                problem: TokenProblem::EmptyMeld,
            });
        }
        for tokens in segment_melds {
            let number = melds.len() + 1;
            let meld = tokens
                .iter()
                .enumerate()
                .map(|(i, token)| {
                    card(token).map_err(|problem| ParseError {
                        token: token.clone(),
                        place: Place::MeldCard {
                            meld: number,
                            card: i + 1,
                        },
                        problem,
                    })
                })
                .collect::<Result<Vec<T>, _>>()?;
            melds.push(meld);
        }
    }
    Ok(melds)
}

/// The melds one `|`-separated segment holds, each as its card tokens, after the `before`
/// melds of the earlier segments. A segment with a dash is in the dash style; spaces around
/// a dash are allowed there, a dash with no card on one side is not.
fn split_segment(segment: &str, before: usize) -> Result<Vec<Vec<String>>, ParseError> {
    if !segment.contains('-') {
        let tokens: Vec<String> = segment.split_whitespace().map(str::to_string).collect();
        return Ok(if tokens.is_empty() {
            Vec::new()
        } else {
            vec![tokens]
        });
    }
    let pieces: Vec<&str> = segment.split('-').collect();
    let last = pieces.len() - 1;
    let joined = pieces
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let piece = if i > 0 { piece.trim_start() } else { piece };
            if i < last { piece.trim_end() } else { piece }
        })
        .collect::<Vec<_>>()
        .join("-");
    let mut melds = Vec::new();
    for meld in joined.split_whitespace() {
        let number = before + melds.len() + 1;
        let cards: Vec<String> = meld.split('-').map(str::to_string).collect();
        if let Some(empty) = cards.iter().position(String::is_empty) {
            let (token, place) = if empty == 0 {
                (
                    "-",
                    Place::BeforeCard {
                        meld: number,
                        card: 1,
                    },
                )
            } else if empty == cards.len() - 1 {
                (
                    "-",
                    Place::AfterCard {
                        meld: number,
                        card: empty,
                    },
                )
            } else {
                (
                    "--",
                    Place::AfterCard {
                        meld: number,
                        card: empty,
                    },
                )
            };
            return Err(ParseError {
                token: token.to_string(),
                place,
                problem: TokenProblem::LoneDash,
            });
        }
        melds.push(cards);
    }
    Ok(melds)
}

/// Cards joined by one space, the canonical way a hand or meld is written.
pub struct Spaced<'a, T>(pub &'a [T]);

impl<T: fmt::Display> fmt::Display for Spaced<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            card.fmt(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        parse_card(text).unwrap()
    }

    #[test]
    fn a_stray_dash_is_named_not_an_empty_token() {
        let err = parse_table("3s-4s--5s").unwrap_err();
        assert_eq!(err.token, "--", "{err}");
        assert_eq!(err.place.to_string(), "meld 1, after card 2", "{err}");
        let err = parse_table("-").unwrap_err();
        assert_eq!(err.token, "-", "{err}");
        assert_eq!(err.place.to_string(), "meld 1, before card 1", "{err}");
        let err = parse_table("3s-4s-5s 6h-6d-").unwrap_err();
        assert_eq!(
            (err.token.as_str(), err.place.to_string().as_str()),
            ("-", "meld 2, after card 2")
        );
        assert_eq!(parse_table("3s - 4s - 5s | 6h-6d-6c").unwrap().len(), 2);
    }

    #[test]
    fn every_spelling_of_ten_of_hearts_is_one_card() {
        let ten = Card::new(Rank::new(10).unwrap(), Suit::Hearts);
        for spelling in [
            "10h",
            "Th",
            "th",
            "10H",
            "TH",
            "10♥",
            "t♥",
            "10♥\u{FE0F}",
            "10♡",
        ] {
            assert_eq!(card(spelling), ten, "{spelling}");
        }
    }

    #[test]
    fn canonical_card_spelling() {
        assert_eq!(card("tS").to_string(), "10s");
        assert_eq!(card("a♣").to_string(), "Ac");
        assert_eq!(card("kd").to_string(), "Kd");
    }

    #[test]
    fn a_bad_rank_is_named_with_the_ranks_expected() {
        let err = parse_hand("7h 1h").unwrap_err();
        assert_eq!(err.token, "1h");
        assert_eq!(err.place, Place::Card(2));
        assert_eq!(
            err.to_string(),
            "\"1h\" (card 2): no such rank; ranks are A 2-10 J Q K"
        );
    }

    #[test]
    fn a_bad_suit_or_missing_suit_is_named() {
        let problem = |hand: &str| parse_hand(hand).unwrap_err().problem;
        assert_eq!(
            problem("7x"),
            TokenProblem::NoSuchSuit {
                suit: "x".to_string()
            }
        );
        assert_eq!(
            problem("7x").to_string(),
            "no such suit \"x\"; suits are s h d c (or ♠ ♥ ♦ ♣)"
        );
        assert_eq!(problem("7"), TokenProblem::NoSuit);
        assert_eq!(problem("10"), TokenProblem::NoSuit);
        assert_eq!(problem("hello"), TokenProblem::NotACard);
        assert_eq!(problem("11h"), TokenProblem::NoSuchRank);
    }

    #[test]
    fn a_token_with_a_control_character_is_shown_escaped() {
        let err = parse_hand("7h \u{1b}[2J").unwrap_err();
        assert_eq!(err.token, "\u{1b}[2J");
        assert!(!err.to_string().contains('\u{1b}'), "{err}");
        let err = parse_hand("7\u{7}").unwrap_err();
        assert!(!err.to_string().contains('\u{7}'), "{err}");
    }

    #[test]
    fn a_hand_joker_is_bare() {
        assert_eq!(parse_hand("*").unwrap(), vec![HandCard::Joker]);
        assert_eq!(
            parse_hand("*7h").unwrap_err().problem,
            TokenProblem::JokerInHandStated
        );
    }

    #[test]
    fn tables_in_bar_and_dash_style_read_the_same() {
        let bars = parse_table("3s 4s 5s | 6h 6d 6c *6s").unwrap();
        let dashes = parse_table("3s-4s-5s 6h-6d-6c-*6s").unwrap();
        let spaced_dashes = parse_table("3s - 4s - 5s   6h-6d - 6c-*6s").unwrap();
        assert_eq!(bars, dashes);
        assert_eq!(bars, spaced_dashes);
        assert_eq!(bars.len(), 2);
        assert_eq!(bars[1][3], TypedTableCard::Joker(Some(card("6s"))));
    }

    #[test]
    fn an_empty_table_and_an_empty_meld() {
        assert!(parse_table("").unwrap().is_empty());
        assert!(parse_table("   ").unwrap().is_empty());
        let err = parse_table("3s 4s 5s || 6h 6d 6c").unwrap_err();
        assert_eq!(err.problem, TokenProblem::EmptyMeld, "{err}");
    }

    #[test]
    fn wild_melds_hold_bare_jokers_only() {
        let melds = parse_wild_melds("Ks Kh 2c | Qs-Qd-*").unwrap();
        assert_eq!(melds.len(), 2);
        assert_eq!(melds[1][2], HandCard::Joker);
        let err = parse_wild_melds("Ks *Kh 2c").unwrap_err();
        assert_eq!(err.token, "*Kh");
        assert_eq!(err.place.to_string(), "meld 1, card 2");
        assert_eq!(err.problem, TokenProblem::WildCardStated, "{err}");
        assert!(parse_wild_melds("Ks Kh Kd |").is_err());
        assert!(parse_wild_melds("Ks Kh Kd || 5s 5h 5d").is_err());
    }

    #[test]
    fn a_bad_table_token_names_its_meld_and_card() {
        let err = parse_table("3s 4s 5s | 6h 6x 6c").unwrap_err();
        assert_eq!(err.place, Place::MeldCard { meld: 2, card: 2 });
        let err = parse_table("*zz 4s 5s").unwrap_err();
        assert_eq!(
            err.problem,
            TokenProblem::JokerStatesNoCard {
                stated: "zz".to_string(),
                problem: Box::new(TokenProblem::NotACard)
            },
            "{err}"
        );
        assert!(
            err.to_string().contains("like *7h; \"zz\": not a card"),
            "{err}"
        );
    }
}
