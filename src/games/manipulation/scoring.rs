//! Where rounds are scored: deadwood values, the knock limit, winners, undercuts, ties and
//! going out, exactly as docs/rules.md#end-of-a-round and
//! docs/rules.md#round-score say.

use crate::card::HandCard;

use crate::error::{Error, Unplayable};
use crate::games::manipulation::rules::Rules;
use crate::hand::{Hand, HandReport};

/// What one card left in hand counts: joker (the house value, 25), ace 1, J Q K 10,
/// 2-10 their face.
pub fn card_value(card: HandCard, rules: &Rules) -> u32 {
    match card {
        HandCard::Joker => rules.joker_value,
        HandCard::Real(card) => u32::from(card.rank.number().min(10)),
    }
}

/// A hand's deadwood: the sum of its cards' values.
pub fn deadwood(hand: &Hand, rules: &Rules) -> u32 {
    crate::hand::sum_values(hand.cards().iter().map(|c| card_value(*c, rules)))
}

/// Adds up a round's points exactly, or says whose points do not fit: counts are whatever a
/// player typed, and a score is never a number that stopped short.
fn exact_points(points: impl IntoIterator<Item = u32>, player: &str) -> Result<u32, Error> {
    points
        .into_iter()
        .try_fold(0u32, u32::checked_add)
        .ok_or_else(|| {
            Error::from(Unplayable::PointsOverflow {
                player: player.to_string(),
            })
        })
}

/// What a hand given at a round's end counts: the count given, or its cards' deadwood.
pub fn report_deadwood(report: &HandReport, rules: &Rules) -> u32 {
    match report {
        HandReport::Count(count) => *count,
        HandReport::Cards(hand) => deadwood(hand, rules),
    }
}

/// A scored round. Every vector is indexed like the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundScore {
    /// Who knocked; none when the stock ran out or a player went out.
    pub knocker: Option<usize>,
    pub deadwood: Vec<u32>,
    /// The players who scored as winners, in player order.
    pub winners: Vec<usize>,
    pub points: Vec<u32>,
    /// The winners are not the knocker and score the undercut bonus.
    pub undercut: bool,
    /// A player melded every card and ended the round.
    pub went_out: bool,
}

impl crate::tally::Scores for RoundScore {
    fn points(&self) -> Vec<i64> {
        self.points.iter().map(|p| i64::from(*p)).collect()
    }

    fn winners(&self) -> Vec<usize> {
        self.winners.clone()
    }
}

/// Scores a round from each player's hand. `knocker` is `None` when the stock ran out.
/// A player with no cards left went out ([`HandReport::is_out`]); a hand that counts 0 is
/// not out. `names` serve the error messages.
pub fn score_round(
    names: &[String],
    hands: &[HandReport],
    knocker: Option<usize>,
    rules: &Rules,
) -> Result<RoundScore, Error> {
    let deadwood: Vec<u32> = hands.iter().map(|h| report_deadwood(h, rules)).collect();
    let deadwood = deadwood.as_slice();
    let everyone = 0..deadwood.len();
    let out: Vec<usize> = everyone.clone().filter(|p| hands[*p].is_out()).collect();
    let name = |p: usize| names.get(p).map_or("?", String::as_str);
    if out.len() > 1 {
        let who: Vec<&str> = out.iter().map(|p| name(*p)).collect();
        return Err(Unplayable::TwoOut {
            players: who.iter().map(ToString::to_string).collect(),
        }
        .into());
    }
    if let (Some(&went_out), Some(knocker)) = (out.first(), knocker)
        && went_out != knocker
    {
        return Err(Unplayable::OutAndKnocked {
            out: name(went_out).to_string(),
            knocker: name(knocker).to_string(),
        }
        .into());
    }
    if let Some(&player) = out.first() {
        let mut points = vec![0; deadwood.len()];
        points[player] = exact_points(
            deadwood.iter().copied().chain([rules.going_out_bonus]),
            name(player),
        )?;
        return Ok(RoundScore {
            knocker,
            deadwood: deadwood.to_vec(),
            winners: vec![player],
            points,
            undercut: false,
            went_out: true,
        });
    }
    if let Some(knocker) = knocker
        && deadwood[knocker] > rules.knock_limit
    {
        return Err(Error::KnockRefused {
            player: name(knocker).to_string(),
            deadwood: deadwood[knocker],
            limit: rules.knock_limit,
        });
    }
    let lowest = deadwood.iter().copied().min().unwrap_or(0);
    let tied: Vec<usize> = everyone.filter(|p| deadwood[*p] == lowest).collect();
    // A knocker who ties for lowest loses to the others who tie with them.
    let winners: Vec<usize> = match knocker {
        Some(k) if tied.len() > 1 => tied.into_iter().filter(|p| *p != k).collect(),
        _ => tied,
    };
    let undercut = knocker.is_some_and(|k| !winners.contains(&k));
    let bonus = if undercut { rules.undercut_bonus } else { 0 };
    let mut points = vec![0; deadwood.len()];
    for &w in &winners {
        points[w] = exact_points(
            deadwood.iter().map(|d| d - deadwood[w]).chain([bonus]),
            name(w),
        )?;
    }
    Ok(RoundScore {
        knocker,
        deadwood: deadwood.to_vec(),
        winners,
        points,
        undercut,
        went_out: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::Deck;

    fn names(n: usize) -> Vec<String> {
        ["alice", "bob", "carol", "dave", "erin"][..n]
            .iter()
            .map(std::string::ToString::to_string)
            .collect()
    }

    fn counts(deadwood: &[u32]) -> Vec<HandReport> {
        deadwood.iter().map(|d| HandReport::Count(*d)).collect()
    }

    fn score(deadwood: &[u32], knocker: Option<usize>) -> Result<RoundScore, Error> {
        score_round(
            &names(deadwood.len()),
            &counts(deadwood),
            knocker,
            &Rules::default(),
        )
    }

    fn value(text: &str) -> u32 {
        let hand = Hand::parse(text, Deck::for_players(3).unwrap()).unwrap();
        deadwood(&hand, &Rules::default())
    }

    #[test]
    fn hand_values_joker_25_ace_1_faces_10_pips_face_value() {
        assert_eq!(value("*"), 25);
        assert_eq!(value("Ah"), 1);
        assert_eq!(value("Js Qh Kd"), 30);
        assert_eq!(value("2c 9d 10h"), 21);
        assert_eq!(value(""), 0);
        let rules = Rules {
            joker_value: 15,
            ..Rules::default()
        };
        let hand = Hand::parse("* 4s", Deck::for_players(3).unwrap()).unwrap();
        assert_eq!(deadwood(&hand, &rules), 19);
    }

    #[test]
    fn going_out_is_no_cards_left_never_a_count_of_0_made_of_cards() {
        let deck = Deck::for_players(3).unwrap();
        let rules = Rules {
            joker_value: 0,
            ..Rules::default()
        };
        let jokers = HandReport::Cards(Hand::parse("*", deck).unwrap());
        assert!(!jokers.is_out());
        assert!(HandReport::Cards(Hand::parse("", deck).unwrap()).is_out());
        assert!(HandReport::Count(0).is_out());
        let hands = [jokers.clone(), HandReport::Count(7), HandReport::Count(9)];
        let s = score_round(&names(3), &hands, Some(0), &rules).unwrap();
        assert!(!s.went_out);
        assert_eq!(s.points, vec![16, 0, 0]);
        let hands = [jokers.clone(), jokers, HandReport::Count(9)];
        let s = score_round(&names(3), &hands, None, &rules).unwrap();
        assert!(!s.went_out);
        assert_eq!(s.winners, vec![0, 1]);
    }

    #[test]
    fn everyone_tied_with_no_knocker_has_each_won_the_round() {
        let s = score(&[6, 6, 6], None).unwrap();
        assert_eq!(s.winners, vec![0, 1, 2]);
        assert_eq!(s.points, vec![0, 0, 0]);
        assert!(!s.undercut);
    }

    #[test]
    fn winner_scores_the_differences_example_4_6_12_17_is_23() {
        let s = score(&[4, 6, 12, 17], Some(0)).unwrap();
        assert_eq!(s.winners, vec![0]);
        assert_eq!(s.points, vec![23, 0, 0, 0]);
        assert!(!s.undercut && !s.went_out);
    }

    #[test]
    fn knock_limit_is_5_and_6_is_refused() {
        assert!(score(&[5, 9, 9], Some(0)).is_ok());
        let err = score(&[6, 9, 9], Some(0)).unwrap_err();
        assert!(err.is_refusal());
        assert_eq!(
            err.to_string(),
            "alice cannot knock with 6 in hand; the knock limit is 5"
        );
        let rules = Rules {
            knock_limit: 7,
            ..Rules::default()
        };
        assert!(score_round(&names(3), &counts(&[7, 9, 9]), Some(0), &rules).is_ok());
    }

    #[test]
    fn undercut_winner_who_did_not_knock_scores_10_more() {
        let s = score(&[5, 3, 10], Some(0)).unwrap();
        assert_eq!(s.winners, vec![1]);
        assert_eq!(s.points, vec![0, 2 + 7 + 10, 0]);
        assert!(s.undercut);
    }

    #[test]
    fn knocker_ties_lose_to_each_other_tied_player_with_the_undercut() {
        let s = score(&[4, 4, 9], Some(0)).unwrap();
        assert_eq!(s.winners, vec![1]);
        assert_eq!(s.points, vec![0, 5 + 10, 0]);
        assert!(s.undercut);
        let s = score(&[4, 4, 4, 10], Some(1)).unwrap();
        assert_eq!(s.winners, vec![0, 2]);
        assert_eq!(s.points, vec![16, 0, 16, 0]);
    }

    #[test]
    fn ties_among_non_knockers_each_score_differences_plus_undercut() {
        let s = score(&[5, 2, 2, 11], Some(0)).unwrap();
        assert_eq!(s.winners, vec![1, 2]);
        // 3 (knocker) + 0 (the other tied) + 9, plus 10.
        assert_eq!(s.points, vec![0, 22, 22, 0]);
        assert!(s.undercut);
    }

    #[test]
    fn stock_out_lowest_wins_with_no_undercut() {
        let s = score(&[8, 3, 20], None).unwrap();
        assert_eq!(s.winners, vec![1]);
        assert_eq!(s.points, vec![0, 5 + 17, 0]);
        assert!(!s.undercut);
    }

    #[test]
    fn stock_out_ties_score_differences_with_no_bonus() {
        let s = score(&[3, 3, 20], None).unwrap();
        assert_eq!(s.winners, vec![0, 1]);
        assert_eq!(s.points, vec![17, 17, 0]);
        let s = score(&[7, 7], None).unwrap();
        assert_eq!(s.winners, vec![0, 1]);
        assert_eq!(s.points, vec![0, 0]);
    }

    #[test]
    fn going_out_scores_every_other_hand_plus_25() {
        let s = score(&[0, 6, 12], None).unwrap();
        assert_eq!(s.winners, vec![0]);
        assert_eq!(s.points, vec![18 + 25, 0, 0]);
        assert!(s.went_out && !s.undercut);
        // Going out at the end of one's own turn with a knock named is still going out.
        assert_eq!(score(&[0, 6, 12], Some(0)).unwrap().points[0], 43);
    }

    #[test]
    fn going_out_is_one_player_and_not_with_another_knock() {
        assert!(matches!(
            score(&[0, 0, 5], None),
            Err(Error::Unplayable(Unplayable::TwoOut { .. }))
        ));
        let err = score(&[3, 0, 5], Some(0)).unwrap_err();
        assert!(!err.is_refusal());
        assert!(err.to_string().contains("bob went out"), "{err}");
    }

    #[test]
    fn huge_counts_score_exactly_or_are_refused() {
        let s = score(&[1, u32::MAX, 1], None).unwrap();
        assert_eq!(s.points[0], u32::MAX - 1);
        let err = score(&[1, u32::MAX, u32::MAX], None).unwrap_err();
        assert!(
            err.to_string().contains("alice's points would pass"),
            "{err}"
        );
        assert!(!err.is_refusal());
        assert!(score(&[0, u32::MAX, 7], None).is_err());
    }

    #[test]
    fn hand_reports_are_counts_or_cards() {
        let deck = Deck::for_players(3).unwrap();
        assert_eq!(
            HandReport::parse("12", deck).unwrap(),
            HandReport::Count(12)
        );
        let cards = HandReport::parse("4s Ah", deck).unwrap();
        assert_eq!(report_deadwood(&cards, &Rules::default()), 5);
        assert_eq!(
            report_deadwood(&HandReport::parse("", deck).unwrap(), &Rules::default()),
            0
        );
        assert!(HandReport::parse("-3", deck).is_err());
        assert!(HandReport::parse("1h", deck).is_err());
    }
}
