//! Where a whole game is scored: the game record (the TOML of docs/commands.md#tally), running
//! totals, the end at the target and its bonuses (docs/rules.md#end-of-the-game).

use crate::card::CardCounts;
use crate::deck::Deck;
use crate::error::{Error, Name, RecordKey, RecordPlace, RecordProblem, RoundKey};
use crate::games::manipulation::rules::Rules;
use crate::games::manipulation::scoring::{self, RoundScore};
use crate::hand::HandEntry;
use crate::hand::HandReport;
use crate::record::{PlayLog, read_record};
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// A game as written down: the players, the house rules, and each finished round's hands.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub players: Vec<String>,
    #[serde(default)]
    pub rules: Rules,
    #[serde(default, rename = "round", skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundRecord>,
    /// The game in progress as the REPL keeps it; absent from a record written by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<PlayLog>,
}

/// One finished round: who knocked (none when the stock ran out) and every hand left.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knocker: Option<String>,
    pub hands: IndexMap<String, HandEntry>,
}

/// Keys that only Canadian and Carolina records have
/// (docs/commands.md#tally-of-canadian-and-carolina-records).
pub const OTHER_GAMES_KEYS: [&str; 6] = [
    "out",
    "melds",
    "teams",
    "deuce-in-hand",
    "jokers-not-wild",
    "wild-pickup",
];

/// A key of the other games' records, explained.
pub(crate) fn foreign_key(key: &str) -> Option<RecordProblem> {
    RecordProblem::foreign_key(key, &OTHER_GAMES_KEYS, "Canadian and Carolina", "carousel")
}

impl GameRecord {
    /// Reads a record. A TOML or shape error names its line, and its round when it is in one.
    /// A top-level `game = "carousel"` is accepted; a key of the other games is named as such.
    pub fn from_toml(text: &str) -> Result<GameRecord, Error> {
        read_record(text, "carousel", foreign_key)
    }

    /// Reads a record the referee saved: one that is not whole (cut short, or changed after
    /// it was saved) is an error naming its line.
    pub fn from_saved(text: &str) -> Result<GameRecord, Error> {
        crate::seal::check(text)
            .map_err(|unsealed| RecordProblem::NotWhole(unsealed).at(RecordPlace::Whole))?;
        GameRecord::from_toml(text)
    }

    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// The deck the players' count calls for, after checking the names.
    pub fn deck(&self) -> Result<Deck, Error> {
        let players = |problem: RecordProblem| problem.at(RecordPlace::Key(RecordKey::Players));
        let unfit = |error: Error| {
            players(RecordProblem::Players {
                error: Box::new(error),
            })
        };
        let deck = Deck::for_players(self.players.len()).map_err(unfit)?;
        self.rules.check().map_err(|e| {
            RecordProblem::Rules { error: Box::new(e) }.at(RecordPlace::Key(RecordKey::Target))
        })?;
        for (i, name) in self.players.iter().enumerate() {
            if name.trim().is_empty() {
                return Err(players(RecordProblem::EmptyName { seat: i + 1 }));
            }
            Name::check_printable(name).map_err(|e| unfit(e.into()))?;
        }
        if let Some(twice) = same_name(&self.players) {
            return Err(unfit(twice.into()));
        }
        Ok(deck)
    }
}

/// Scores a finished round (number `number`, from 1) on its own, with the checks a record's
/// round gets: every player named, one hand each, counts whole, cards within the deck.
pub fn score_result(
    players: &[String],
    rules: &Rules,
    deck: Deck,
    round: &RoundRecord,
    number: usize,
) -> Result<RoundScore, Error> {
    let player_index = |name: &str| players.iter().position(|p| p == name);
    let not_a_player = |name: &str| RecordProblem::NotAPlayer {
        name: name.to_string(),
        players: players.to_vec(),
    };
    let place = |key| RecordPlace::Round {
        number,
        key: Some(key),
    };
    let knocker = match &round.knocker {
        Some(name) => Some(
            player_index(name).ok_or_else(|| not_a_player(name).at(place(RoundKey::Knocker)))?,
        ),
        None => None,
    };
    if let Some(name) = round.hands.keys().find(|n| player_index(n).is_none()) {
        return Err(not_a_player(name).at(place(RoundKey::Hand(name.clone()))));
    }
    let mut reports = Vec::with_capacity(players.len());
    for player in players {
        let entry = round.hands.get(player).ok_or_else(|| {
            RecordProblem::NoHand {
                player: player.clone(),
            }
            .at(place(RoundKey::Hands))
        })?;
        let report = match entry {
            HandEntry::Count(n) => u32::try_from(*n)
                .map(HandReport::Count)
                .map_err(|_| RecordProblem::NotAHandCount { count: *n }),
            HandEntry::Cards(text) => HandReport::parse(text, deck)
                .map_err(|e| RecordProblem::Cards { error: Box::new(e) }),
        }
        .map_err(|problem| problem.at(place(RoundKey::Hand(player.clone()))))?;
        reports.push(report);
    }
    let at = format!(" in the hands of round {number}");
    score_reports(players, &reports, knocker, rules, deck, &at).map_err(|e| match e {
        Error::TooManyCopies { .. } => e,
        e => Error::InRound {
            round: number,
            error: Box::new(e),
        },
    })
}

/// Two players whose names differ at most by case, said the one way every reader of a game
/// says it (`tally`, `play` of a record, `new`): a player is found by name with case
/// forgiven, so every name must fold to its own.
pub fn same_name(players: &[String]) -> Option<Name> {
    players.iter().enumerate().find_map(|(i, name)| {
        let folded = name.to_lowercase();
        let twin = players[..i].iter().find(|p| p.to_lowercase() == folded)?;
        Some(if twin == name {
            Name::Twice { name: name.clone() }
        } else {
            Name::Same {
                name: name.clone(),
                twin: twin.clone(),
            }
        })
    })
}

/// A round scored from the hands a table gives at once (`carousel score`): the players in
/// the order given, who knocked, and the score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GivenRound {
    pub players: Vec<String>,
    pub knocker: Option<usize>,
    pub score: RoundScore,
}

/// Scores one round from each player's name and hand as written (cards, or a count) and
/// the knocker's name, if anyone knocked: the deck is the players' count's, each name is
/// given one hand, every hand is read and all are checked against the deck together.
pub fn score_hands(
    hands: &[(String, String)],
    knocker: Option<&str>,
    rules: &Rules,
) -> Result<GivenRound, Error> {
    let deck = Deck::for_players(hands.len())?;
    let mut players: Vec<String> = Vec::with_capacity(hands.len());
    let mut reports: Vec<HandReport> = Vec::with_capacity(hands.len());
    for (name, hand) in hands {
        crate::error::Name::check_printable(name)?;
        if players.contains(name) {
            return Err(crate::error::Argument::TwoHands { name: name.clone() }.into());
        }
        let report = HandReport::parse(hand, deck).map_err(|e| Error::PlayersHand {
            player: name.clone(),
            error: Box::new(e),
        })?;
        players.push(name.clone());
        reports.push(report);
    }
    let knocker = match knocker {
        Some(name) => Some(players.iter().position(|n| n == name).ok_or_else(|| {
            Error::from(crate::error::Unplayable::KnockerNotGiven {
                name: name.to_string(),
                players: players.clone(),
            })
        })?),
        None => None,
    };
    let place = " in the hands together";
    let score = score_reports(&players, &reports, knocker, rules, deck, place)?;
    Ok(GivenRound {
        players,
        knocker,
        score,
    })
}

/// One round scored from the hands as given, by a record or by `score`'s arguments: the
/// cards of all the hands are checked against the deck (`place` ends the message, " in the
/// hands together"), then the round is scored. The one way a round's hands become points.
pub fn score_reports(
    players: &[String],
    reports: &[HandReport],
    knocker: Option<usize>,
    rules: &Rules,
    deck: Deck,
    place: &str,
) -> Result<RoundScore, Error> {
    let all_cards = CardCounts::of(reports.iter().flat_map(|r| r.cards().iter().copied()));
    deck.check_counts(&all_cards, place)?;
    scoring::score_round(players, reports, knocker, rules)
}

/// A game of Carousel scored: every finished round, the running totals and the end.
pub type Tally = crate::tally::Tally<RoundScore>;

/// The game-end bonuses (docs/rules.md#end-of-the-game): 100 to each player at or past the
/// target, 25 a round won to every other (to everyone under `round-bonus-for-all`).
pub fn bonuses(totals: &[i64], rounds_won: &[u32], rules: &Rules) -> Vec<i64> {
    totals
        .iter()
        .zip(rounds_won)
        .map(|(total, won)| {
            let per_round = i64::from(*won) * i64::from(rules.round_bonus);
            if *total >= i64::from(rules.target) {
                let per_round = if rules.round_bonus_for_all {
                    per_round
                } else {
                    0
                };
                i64::from(rules.game_bonus) + per_round
            } else {
                per_round
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::manipulation::play::tally;

    fn record(text: &str) -> GameRecord {
        GameRecord::from_toml(text).unwrap()
    }

    const HEAD: &str = "players = [\"alice\", \"bob\", \"carol\"]\n";

    fn round(knocker: Option<&str>, hands: [&str; 3]) -> String {
        let knock = knocker.map_or(String::new(), |k| format!("knocker = \"{k}\"\n"));
        format!(
            "[[round]]\n{knock}[round.hands]\nalice = {}\nbob = {}\ncarol = {}\n",
            hands[0], hands[1], hands[2]
        )
    }

    #[test]
    fn running_totals_add_each_rounds_points() {
        let text = format!(
            "{HEAD}{}{}",
            round(Some("bob"), ["12", "\"4s Ah\"", "\"Kd *\""]),
            round(None, ["3", "8", "20"])
        );
        let t = tally(&record(&text)).unwrap();
        assert_eq!(t.rounds[0].score.points, vec![0, 7 + 30, 0]);
        assert_eq!(t.rounds[1].totals, vec![5 + 17, 37, 0]);
        assert_eq!(t.won, vec![1, 1, 0]);
        assert!(t.end.is_none());
    }

    #[test]
    fn game_end_at_150_with_100_bonus_and_25_a_round_won_for_the_others() {
        let text = format!(
            "{HEAD}{}{}{}",
            round(None, ["3", "60", "60"]),          // alice 114
            round(Some("bob"), ["20", "1", "30"]),   // bob 48
            round(Some("alice"), ["2", "30", "10"]), // alice 36 -> 150
        );
        let t = tally(&record(&text)).unwrap();
        assert_eq!(t.totals, vec![150, 48, 0]);
        let end = t.end.unwrap();
        assert_eq!(end.bonuses, vec![100, 25, 0]);
        assert_eq!(end.final_totals, vec![250, 73, 0]);
        assert_eq!(end.winners, vec![0]);
    }

    #[test]
    fn game_end_equal_highest_totals_share_the_win() {
        assert_eq!(
            bonuses(&[160, 135], &[1, 2], &Rules::default()),
            vec![100, 50]
        );
        let text = "players = [\"alice\", \"bob\", \"carol\"]\n[rules]\ntarget = 10\n[[round]]\n[round.hands]\nalice = 3\nbob = 3\ncarol = 13\n";
        let end = tally(&record(text)).unwrap().end.unwrap();
        assert_eq!(end.winners, vec![0, 1]);
    }

    #[test]
    fn house_rule_round_bonus_for_all() {
        let rules = Rules {
            round_bonus_for_all: true,
            ..Rules::default()
        };
        assert_eq!(bonuses(&[160, 40], &[3, 1], &rules), vec![100 + 75, 25]);
    }

    #[test]
    fn house_rule_numbers_flow_from_the_record() {
        let text = format!(
            "{HEAD}[rules]\ntarget = 30\nundercut-bonus = 5\nknock-limit = 9\ngame-bonus = 50\nround-bonus = 10\n{}",
            round(Some("alice"), ["9", "2", "30"])
        );
        let t = tally(&record(&text)).unwrap();
        assert_eq!(t.rounds[0].score.points, vec![0, 7 + 28 + 5, 0]);
        let end = t.end.unwrap();
        assert_eq!(end.bonuses, vec![0, 50, 0]);
    }

    #[test]
    fn a_repeated_key_in_a_record_is_named_with_its_line() {
        let err = GameRecord::from_toml(&format!("{HEAD}[rules]\ntarget = 100\ntarget = 120\n"))
            .unwrap_err()
            .to_string();
        assert_eq!(err, "line 4, \"target\": duplicate key");
    }

    #[test]
    fn record_errors_name_the_round_and_the_key() {
        let err = GameRecord::from_toml(&format!("{HEAD}[rules]\ntgt = 100\n")).unwrap_err();
        assert!(err.to_string().contains("tgt"), "{err}");
        let text = format!("{HEAD}{}", round(Some("dave"), ["1", "2", "3"]));
        let err = tally(&record(&text)).unwrap_err().to_string();
        assert!(
            err.starts_with("round 1, knocker: \"dave\" is not a player"),
            "{err}"
        );
        let text = format!("{HEAD}[[round]]\n[round.hands]\nalice = 1\nbob = 2\n");
        let err = tally(&record(&text)).unwrap_err().to_string();
        assert_eq!(
            err,
            "round 1, hands: no hand for carol; give each player's count or cards left"
        );
        let text =
            format!("{HEAD}[[round]]\n[round.hands]\nalice = 1\nbob = 2\ncarol = 3\nzed = 4\n");
        let err = tally(&record(&text)).unwrap_err().to_string();
        assert!(err.starts_with("round 1, hands.zed:"), "{err}");
        let err = GameRecord::from_toml(&format!("{HEAD}[[round]]\nknocer = \"bob\"\n"))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("round 1 (line 3)") && err.contains("knocer"),
            "{err}"
        );
    }

    /// A name a record gives is data: a hand keyed by a name with a control character is
    /// said at its typed place, the name shown escaped in the place and the problem alike.
    #[test]
    fn record_a_name_with_a_control_character_is_shown_escaped_in_the_place() {
        let text = format!(
            "{HEAD}[[round]]\n[round.hands]\nalice = 1\nbob = 2\ncarol = 3\n\"z\\u001bed\" = 4\n"
        );
        let err = tally(&record(&text)).unwrap_err();
        let Error::Record { place, problem } = &err else {
            panic!("{err:?}");
        };
        assert_eq!(
            *place,
            RecordPlace::Round {
                number: 1,
                key: Some(RoundKey::Hand("z\u{1b}ed".to_string())),
            }
        );
        assert!(
            matches!(&**problem, RecordProblem::NotAPlayer { name, .. } if name == "z\u{1b}ed"),
            "{problem:?}"
        );
        assert_eq!(
            err.to_string(),
            "round 1, hands.z\\u{1b}ed: \"z\\u{1b}ed\" is not a player (the players are alice, bob, carol)"
        );
    }

    #[test]
    fn record_carousel_game_key_is_accepted_and_other_games_keys_are_named() {
        let text = format!(
            "game = \"carousel\"\n{HEAD}{}",
            round(None, ["1", "2", "3"])
        );
        assert_eq!(record(&text).players.len(), 3);
        let text = format!("{HEAD}[[round]]\nout = \"bob\"\n");
        let err = GameRecord::from_toml(&text).unwrap_err().to_string();
        assert_eq!(
            err,
            "round 1 (line 3): `out` is a key of Canadian and Carolina records; this record's game is carousel"
        );
        let err = GameRecord::from_toml(&format!("{HEAD}[rules]\nwild-pickup = true\n"))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 3: `wild-pickup`"), "{err}");
    }

    #[test]
    fn record_hand_of_the_wrong_kind_says_what_a_hand_is() {
        let text = format!("{HEAD}[[round]]\n[round.hands]\nalice = 4.5\nbob = 1\ncarol = 2\n");
        let err = GameRecord::from_toml(&text).unwrap_err().to_string();
        assert!(err.starts_with("round 1 (line 4)"), "{err}");
        assert!(err.contains("a whole-number count like 12"), "{err}");
    }

    #[test]
    fn record_refuses_a_round_after_the_game_ended() {
        let text = format!(
            "{HEAD}[rules]\ntarget = 10\n{}{}",
            round(None, ["1", "20", "20"]),
            round(None, ["1", "20", "20"])
        );
        let err = tally(&record(&text)).unwrap_err().to_string();
        assert!(
            err.starts_with("round 2: recorded after the game ended in round 1"),
            "{err}"
        );
    }

    #[test]
    fn record_refused_knock_is_a_refusal_naming_the_round() {
        let text = format!("{HEAD}{}", round(Some("bob"), ["1", "9", "20"]));
        let err = tally(&record(&text)).unwrap_err();
        assert!(err.is_refusal());
        assert_eq!(
            err.to_string(),
            "round 1: bob cannot knock with 9 in hand; the knock limit is 5"
        );
    }

    #[test]
    fn record_error_before_the_first_round_names_no_round_0() {
        let err = GameRecord::from_toml(&format!("{HEAD}[round.hands]\nalice = 1\n"))
            .unwrap_err()
            .to_string();
        // `[round.hands]` before any `[[round]]` is in no round: the place is its line.
        assert_eq!(
            err,
            "line 2, \"round\": invalid type: map, expected a sequence"
        );
    }

    #[test]
    fn record_of_another_game_is_not_read_as_carousel() {
        // Only `game = "carousel"` is taken away; another game's name stays and is refused.
        let err = GameRecord::from_toml(&format!("game = \"canadian\"\n{HEAD}"))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 1: unknown field `game`"), "{err}");
    }

    #[test]
    fn record_text_keeps_the_rounds_played_before_the_log() {
        // A game begun from a hand-written record says how many rounds came before its
        // log, so that it can be reopened; a game logged from the start writes no such key.
        let mut r = record(&format!("{HEAD}{}", round(None, ["1", "2", "3"])));
        r.play = Some(PlayLog {
            first_dealer: Some("bob".to_string()),
            earlier_rounds: 1,
            log: vec!["carol: draw".to_string()],
            redo: Vec::new(),
        });
        let text = r.to_toml();
        assert!(
            text.ends_with(
                "[play]\nfirst-dealer = \"bob\"\nearlier-rounds = 1\nlog = [\"carol: draw\"]\n"
            ),
            "{text}"
        );
        assert_eq!(record(&text), r);
        if let Some(play) = r.play.as_mut() {
            play.earlier_rounds = 0;
        }
        let text = r.to_toml();
        assert!(
            text.ends_with("[play]\nfirst-dealer = \"bob\"\nlog = [\"carol: draw\"]\n"),
            "{text}"
        );
        assert_eq!(record(&text), r);
    }

    #[test]
    fn record_refuses_round_bonuses_past_what_a_score_holds() {
        // Bob scores nothing but wins two tied rounds; at 3,000,000,000 a round his bonus
        // passes u32::MAX even though his total plus it lands exactly there.
        let text = format!(
            "{HEAD}[rules]\ntarget = 1\nround-bonus = 3000000000\n{}{}{}",
            round(None, ["5", "5", "5"]),
            round(None, ["5", "5", "5"]),
            round(None, ["1", "5", "5"]),
        );
        let err = tally(&record(&text)).unwrap_err().to_string();
        assert_eq!(
            err,
            "round 3: bob's total would pass 4294967295, the most a score holds"
        );
        // Alice's own round bonuses would pass it too, but at the target she receives
        // none: her game ends at 10 + 100.
        let text = format!(
            "{HEAD}[rules]\ntarget = 10\nround-bonus = 3000000000\n{}",
            round(None, ["1", "2", "2"]).repeat(5),
        );
        let end = tally(&record(&text)).unwrap().end.unwrap();
        assert_eq!(end.final_totals, vec![110, 0, 0]);
    }

    #[test]
    fn record_refuses_a_game_bonus_that_passes_what_a_score_holds() {
        let text = format!("{HEAD}{}", round(None, ["1", "4294967290", "2"]));
        let err = tally(&record(&text)).unwrap_err().to_string();
        assert_eq!(
            err,
            "round 1: alice's total would pass 4294967295, the most a score holds"
        );
    }

    #[test]
    fn house_rule_round_bonus_for_all_flows_from_the_record() {
        let text = format!(
            "{HEAD}[rules]\ntarget = 4\nround-bonus-for-all = true\n{}",
            round(None, ["1", "2", "2"]).repeat(2),
        );
        let end = tally(&record(&text)).unwrap().end.unwrap();
        assert_eq!(end.bonuses, vec![100 + 2 * 25, 0, 0]);
        assert_eq!(end.final_totals, vec![4 + 150, 0, 0]);
    }

    #[test]
    fn record_round_trips_through_toml() {
        let text = format!("{HEAD}{}", round(Some("bob"), ["12", "\"4s Ah\"", "0"]));
        let r = record(&text);
        assert_eq!(record(&r.to_toml()), r);
    }
}
