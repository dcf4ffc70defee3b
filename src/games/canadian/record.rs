//! The record of a Canadian or Carolina game
//! (docs/commands.md#tally-of-canadian-and-carolina-records) and its
//! tally: running totals by side, the end at the target and the winners.
//!
//! The record shares its shape and its reading with Carousel's ([`crate::games::manipulation::game`]): players,
//! `[rules]`, `[[round]]` with `[round.hands]`; it adds `teams`, each round's `out` and
//! `[round.melds]`.

use super::scoring::{HandScore, TableEntry, score_hand};
use super::sides::Sides;
use super::{CanadianRules, Rulebook, Variant};
use crate::error::{Error, RecordKey, RecordPlace, RecordProblem, RoundKey};
use crate::hand::HandEntry;
use crate::hand::HandReport;
use crate::record::{PlayLog, read_record};
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// Keys only Carousel records have: here they are unknown, and named as Carousel's.
pub const CAROUSEL_KEYS: [&str; 9] = [
    "knocker",
    "knock-limit",
    "undercut-bonus",
    "game-bonus",
    "round-bonus",
    "joker-value",
    "round-bonus-for-all",
    "meld-after-third-draw",
    "aces-low-only",
];

/// A Canadian or Carolina game as written down.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Which game; written as the top-level `game` key.
    #[serde(skip, default = "canadian")]
    pub variant: Variant,
    pub players: Vec<String>,
    /// Two teams of two; none: Canadian's seats 1+3 and 2+4, Carolina's singles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<Vec<String>>>,
    #[serde(default)]
    pub rules: CanadianRules,
    #[serde(default, rename = "round", skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<Round>,
    /// The game in progress as the REPL keeps it; absent from a record written by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<PlayLog>,
}

fn canadian() -> Variant {
    Variant::Canadian
}

/// One finished hand: who went out, each side's table and every player's hand.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub out: Option<String>,
    /// Per side, keyed by any one of its players: the sets, or a count.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub melds: IndexMap<String, HandEntry>,
    pub hands: IndexMap<String, HandEntry>,
}

/// A game of Canadian or Carolina Rummy scored, by side.
pub type Tally = crate::tally::Tally<HandScore>;

/// A record's count: a whole number from 0 up.
fn entry_count(n: i64) -> Result<u32, RecordProblem> {
    u32::try_from(n).map_err(|_| RecordProblem::NotACount { count: n })
}

impl Rulebook {
    /// Refuses a game whose deal does not fit the deck: players x hand size + 1 > 108.
    pub fn check_deal(&self, players: usize) -> Result<(), crate::error::RulesError> {
        let needed = (players as u64) * u64::from(self.rules.hand_size) + 1;
        let size = u64::from(self.variant.deck().size());
        if needed > size {
            return Err(crate::error::RulesError::NoPile {
                hand_size: self.rules.hand_size,
                players,
                needed,
                deck: size,
            });
        }
        Ok(())
    }
}

/// A key of Carousel's records, explained.
pub(crate) fn foreign_key(key: &str, variant: Variant) -> Option<RecordProblem> {
    RecordProblem::foreign_key(key, &CAROUSEL_KEYS, "Carousel", variant.name())
}

impl Record {
    /// Reads a record whose `game` key names `variant`. Errors name the line, the round and
    /// the key; a key of Carousel's is named as such.
    pub fn from_toml(text: &str, variant: Variant) -> Result<Record, Error> {
        let mut record: Record =
            read_record(text, variant.name(), |key| foreign_key(key, variant))?;
        record.variant = variant;
        record.rules.check().map_err(|error| {
            RecordProblem::UnplayableRule { error }.at(RecordPlace::Key(RecordKey::Rules))
        })?;
        Ok(record)
    }

    /// The record as TOML, its `game` key first.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string_pretty(self).unwrap_or_default();
        format!("game = \"{}\"\n{body}", self.variant.name())
    }

    pub fn rulebook(&self) -> Rulebook {
        Rulebook::new(self.variant, self.rules.clone())
    }

    /// The sides, after checking the players, the teams and that the deal fits the deck.
    pub fn sides(&self) -> Result<Sides, Error> {
        Sides::new(self.variant, self.players.clone(), None).map_err(|problem| {
            RecordProblem::Players {
                error: Box::new(problem.into()),
            }
            .at(RecordPlace::Key(RecordKey::Players))
        })?;
        let sides = Sides::new(self.variant, self.players.clone(), self.teams.as_deref()).map_err(
            |problem| {
                RecordProblem::Teams {
                    error: Box::new(problem.into()),
                }
                .at(RecordPlace::Key(RecordKey::Teams))
            },
        )?;
        self.rulebook()
            .check_deal(self.players.len())
            .map_err(|error| {
                RecordProblem::UnplayableRule { error }.at(RecordPlace::Key(RecordKey::HandSize))
            })?;
        Ok(sides)
    }

    /// Scores round `number` (from 1) on its own.
    pub fn score_round(&self, number: usize, sides: &Sides) -> Result<HandScore, Error> {
        let round = &self.rounds[number - 1];
        score_round(&self.rulebook(), sides, round, number)
    }
}

/// Scores one recorded hand, round `number` (from 1) of the record, which errors name.
pub fn score_round(
    book: &Rulebook,
    sides: &Sides,
    round: &Round,
    number: usize,
) -> Result<HandScore, Error> {
    let place = |key| RecordPlace::Round {
        number,
        key: Some(key),
    };
    let not_a_player = |name: &str| RecordProblem::NotAPlayer {
        name: name.to_string(),
        players: sides.players().to_vec(),
    };
    let cards = |error: Error| RecordProblem::Cards {
        error: Box::new(error),
    };
    let out = match &round.out {
        Some(name) => Some(
            sides
                .player(name)
                .ok_or_else(|| not_a_player(name).at(place(RoundKey::Out)))?,
        ),
        None => None,
    };
    let mut tables: Vec<Option<(String, TableEntry)>> = vec![None; sides.len()];
    for (name, entry) in &round.melds {
        let key = || place(RoundKey::Melds(name.clone()));
        let player = sides
            .player(name)
            .ok_or_else(|| not_a_player(name).at(key()))?;
        let side = sides.side_of(player);
        if let Some((first, _)) = &tables[side] {
            return Err(RecordProblem::MeldsTwice {
                side: sides.name(side),
                first: first.clone(),
                name: name.clone(),
            }
            .at(key()));
        }
        let table = match entry {
            HandEntry::Count(n) => entry_count(*n).map(TableEntry::Count),
            HandEntry::Cards(text) => book.parse_table_entry(text).map_err(cards),
        }
        .map_err(|problem| problem.at(key()))?;
        tables[side] = Some((name.clone(), table));
    }
    if let Some(name) = round.hands.keys().find(|n| sides.player(n).is_none()) {
        return Err(not_a_player(name).at(place(RoundKey::Hand(name.clone()))));
    }
    let mut hands = Vec::with_capacity(sides.players().len());
    for player in sides.players() {
        let entry = round.hands.get(player).ok_or_else(|| {
            RecordProblem::NoHand {
                player: player.clone(),
            }
            .at(place(RoundKey::Hands))
        })?;
        let report = match entry {
            HandEntry::Count(n) => entry_count(*n).map(HandReport::Count),
            HandEntry::Cards(text) => book.parse_hand_left(text).map_err(cards),
        }
        .map_err(|problem| problem.at(place(RoundKey::Hand(player.clone()))))?;
        hands.push(report);
    }
    let tables: Vec<TableEntry> = tables
        .into_iter()
        .map(|t| t.map(|(_, table)| table).unwrap_or_default())
        .collect();
    score_hand(book, sides, &tables, &hands, out).map_err(|e| {
        RecordProblem::Unscorable { error: Box::new(e) }
            .at(RecordPlace::Round { number, key: None })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "game = \"canadian\"\nplayers = [\"alice\", \"bob\", \"carol\", \"dave\"]\n";

    fn record(text: &str) -> Result<Record, Error> {
        Record::from_toml(text, Variant::Canadian)
    }

    fn tally_of(text: &str) -> Result<Tally, String> {
        record(text)
            .and_then(|r| crate::games::canadian::play::scored(&r).map(|(_, tally)| tally))
            .map_err(|e| e.to_string())
    }

    const ROUND: &str = "[[round]]\nout = \"alice\"\n[round.melds]\nalice = \"Ks Kh 2c | Qs Qd Qh *\"\nbob = 85\n[round.hands]\nalice = 0\nbob = \"Qs 5h\"\ncarol = \"3d 2c\"\ndave = 20\n";

    #[test]
    fn tally_contract_example_scores_by_side() {
        let t = tally_of(&format!(
            "{HEAD}teams = [[\"alice\", \"carol\"], [\"bob\", \"dave\"]]\n{ROUND}"
        ))
        .unwrap();
        assert_eq!(t.sides, ["alice+carol", "bob+dave"]);
        assert_eq!(t.rounds[0].score.sides[0].points, 200);
        assert_eq!(t.rounds[0].score.sides[1].points, 85 - 125);
        assert_eq!(t.totals, [200, -40]);
        assert!(!t.is_over());
    }

    #[test]
    fn end_of_the_game_at_1500_highest_total_wins_ties_share() {
        let big = "[[round]]\n[round.melds]\nalice = 800\nbob = 800\n[round.hands]\nalice = 5\nbob = 5\ncarol = 5\ndave = 5\n";
        let t = tally_of(&format!("{HEAD}{big}{big}")).unwrap();
        assert_eq!(t.totals, [1580, 1580]);
        assert_eq!(t.end.unwrap().winners, [0, 1]);
        let err = tally_of(&format!("{HEAD}{big}{big}{big}")).unwrap_err();
        assert!(
            err.starts_with("round 3: recorded after the game ended in round 2"),
            "{err}"
        );
    }

    #[test]
    fn record_bad_input_names_the_round_and_the_key() {
        let cases = [
            (
                format!("{HEAD}[[round]]\nknocker = \"bob\"\n"),
                "round 1 (line 4): `knocker` is a key of Carousel records",
            ),
            (
                format!("{HEAD}[rules]\nknock-limit = 3\n"),
                "line 4: `knock-limit` is a key of Carousel records",
            ),
            (
                format!("{HEAD}colour = 1\n"),
                "line 3: unknown field `colour`",
            ),
            (
                format!("{HEAD}teams = [[\"alice\", \"carol\", \"bob\"], [\"dave\"]]\n"),
                "teams: ",
            ),
            (
                format!("{HEAD}[[round]]\nout = \"zed\"\n[round.hands]\nalice = 1\n"),
                "round 1, out: \"zed\" is not a player",
            ),
            (
                format!("{HEAD}[[round]]\n[round.melds]\nzed = 5\n[round.hands]\nalice = 1\n"),
                "round 1, melds.zed: \"zed\" is not a player",
            ),
            (
                format!(
                    "{HEAD}[[round]]\n[round.melds]\nalice = 5\ncarol = 5\n[round.hands]\nalice = 1\n"
                ),
                "round 1, melds.carol: alice+carol's melds are given twice",
            ),
            (
                format!(
                    "{HEAD}[[round]]\n[round.melds]\nalice = \"2c 2d *\"\n[round.hands]\nalice = 1\n"
                ),
                "round 1, melds.alice: \"2c 2d *\" (meld 1): no natural card",
            ),
            (
                format!("{HEAD}[[round]]\n[round.hands]\nalice = 1\nbob = 1\ncarol = 1\n"),
                "round 1, hands: no hand for dave",
            ),
            (
                format!(
                    "{HEAD}[[round]]\n[round.hands]\nalice = 1\nbob = 1\ncarol = 1\ndave = -4\n"
                ),
                "round 1, hands.dave: -4 is not a count",
            ),
            (
                format!(
                    "{HEAD}[[round]]\n[round.hands]\nalice = 1\nbob = 1\ncarol = 1\ndave = 1\nzed = 1\n"
                ),
                "round 1, hands.zed",
            ),
            (
                format!("{HEAD}[rules]\ntarget = 0\n"),
                "rules: target 0 would end the game before it starts",
            ),
            (
                "game = \"canadian\"\nplayers = [\"a\", \"b\", \"c\"]\n".to_string(),
                "players: Canadian Rummy is played by exactly 4 players, not 3",
            ),
        ];
        for (text, expected) in cases {
            let err = tally_of(&text).unwrap_err();
            assert!(
                err.starts_with(expected),
                "{err}\nexpected {expected}\n{text}"
            );
        }
    }

    #[test]
    fn a_deal_that_does_not_fit_the_deck_is_refused() {
        let players: Vec<String> = (1..=8).map(|i| format!("\"p{i}\"")).collect();
        let text = format!(
            "game = \"carolina\"\nplayers = [{}]\n[rules]\nhand-size = 14\n",
            players.join(", ")
        );
        let err = Record::from_toml(&text, Variant::Carolina)
            .and_then(|r| crate::games::canadian::play::scored(&r).map(|(_, tally)| tally))
            .unwrap_err()
            .to_string();
        assert!(err.contains("need 113 cards; the deck holds 108"), "{err}");
    }

    #[test]
    fn record_round_trips_through_toml() {
        let r = record(&format!("{HEAD}{ROUND}")).unwrap();
        assert_eq!(record(&r.to_toml()).unwrap(), r);
    }
}
