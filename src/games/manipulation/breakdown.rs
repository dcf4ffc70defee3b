//! Where points are explained: a round's points and the game end's bonuses taken apart rule
//! by rule, so a table can see how `39` came about (27 + 2 + 10 undercut) instead of taking
//! the referee's word for it. Built from a scored [`RoundScore`] and a [`GameEnd`]; nothing
//! here scores anything again, it only names the rule behind each addend.

use crate::games::manipulation::game::Tally;
use crate::games::manipulation::rules::Rules;
use crate::games::manipulation::scoring::RoundScore;
use crate::tally::End;
use std::fmt;

/// One addend of a player's points, with the rule it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The difference between another player's hand and the winner's (docs/rules.md#round-score: the winner
    /// scores the difference to every other hand; going out scores the others' whole hands).
    Difference {
        from: usize,
        theirs: u32,
        mine: u32,
        points: u32,
    },
    /// A winner who did not knock.
    Undercut(u32),
    /// Melding every card.
    GoingOut(u32),
    /// At the end, for reaching the target.
    Game(u32),
    /// At the end, a bonus for each round won.
    Rounds { won: u32, each: u32 },
}

impl Part {
    pub fn points(&self) -> u32 {
        match *self {
            Part::Difference { points, .. } => points,
            Part::Undercut(p) | Part::GoingOut(p) | Part::Game(p) => p,
            Part::Rounds { won, each } => won.saturating_mul(each),
        }
    }
}

/// The short form of a part: `27`, `10 undercut`, `25 going out`, `100`, `3 x 25`.
impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Part::Difference { points, .. } => write!(f, "{points}"),
            Part::Undercut(p) => write!(f, "{p} undercut"),
            Part::GoingOut(p) => write!(f, "{p} going out"),
            Part::Game(p) => write!(f, "{p}"),
            Part::Rounds { won, each } => write!(f, "{won} x {each}"),
        }
    }
}

/// One player's points taken apart. `parts` is empty for a player who scored nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Points {
    pub player: usize,
    pub parts: Vec<Part>,
    pub total: u32,
}

impl Points {
    /// `27 + 2 + 10 undercut`, or `0` when nothing was scored.
    pub fn formula(&self) -> String {
        if self.parts.is_empty() {
            return "0".to_string();
        }
        let parts: Vec<String> = self.parts.iter().map(ToString::to_string).collect();
        parts.join(" + ")
    }
}

/// Why a player who did not win a round scored nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPoints {
    /// The knocker tied for lowest or was beaten: the others who tie (or beat) win.
    Undercut,
    /// A higher hand than the winner's.
    Higher,
    /// Someone went out.
    OtherWentOut,
}

/// A round explained: each winner's points, and why each other player scored nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundBreakdown {
    pub knocker: Option<usize>,
    pub deadwood: Vec<u32>,
    pub winners: Vec<Points>,
    /// Players with no points, and why, in seat order.
    pub others: Vec<(usize, NoPoints)>,
}

/// Takes a scored round apart: for each winner, the difference to every other hand, then
/// the undercut or going-out bonus. Differences are listed even when 0 (a tie), because a
/// tie is part of the explanation.
pub fn round(score: &RoundScore, knocker: Option<usize>, rules: &Rules) -> RoundBreakdown {
    let players = score.deadwood.len();
    let winners = score
        .winners
        .iter()
        .map(|&w| {
            let mine = score.deadwood[w];
            let mut parts: Vec<Part> = (0..players)
                .filter(|p| *p != w)
                .map(|p| Part::Difference {
                    from: p,
                    theirs: score.deadwood[p],
                    mine,
                    points: score.deadwood[p].saturating_sub(mine),
                })
                .collect();
            if score.went_out {
                parts.push(Part::GoingOut(rules.going_out_bonus));
            } else if score.undercut {
                parts.push(Part::Undercut(rules.undercut_bonus));
            }
            Points {
                player: w,
                parts,
                total: score.points[w],
            }
        })
        .collect();
    let others = (0..players)
        .filter(|p| !score.winners.contains(p))
        .map(|p| {
            let why = if score.went_out {
                NoPoints::OtherWentOut
            } else if knocker == Some(p) && score.undercut {
                NoPoints::Undercut
            } else {
                NoPoints::Higher
            };
            (p, why)
        })
        .collect();
    RoundBreakdown {
        knocker,
        deadwood: score.deadwood.clone(),
        winners,
        others,
    }
}

/// Why a player's game-end bonus is what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bonus {
    pub player: usize,
    /// Whether the player's total reached the target.
    pub reached: bool,
    pub points: Points,
}

/// The game end explained: each player's bonus as `100`, `3 x 25`, or `100 + 3 x 25` under
/// `round-bonus-for-all`.
pub fn game_end(tally: &Tally, end: &End, rules: &Rules) -> Vec<Bonus> {
    (0..tally.sides.len())
        .map(|p| {
            let reached = tally.totals[p] >= i64::from(rules.target);
            let won = tally.won[p];
            let mut parts = Vec::new();
            if reached {
                parts.push(Part::Game(rules.game_bonus));
            }
            if (!reached || rules.round_bonus_for_all) && won > 0 {
                parts.push(Part::Rounds {
                    won,
                    each: rules.round_bonus,
                });
            }
            Bonus {
                player: p,
                reached,
                points: Points {
                    player: p,
                    parts,
                    total: u32::try_from(end.bonuses[p]).unwrap_or(u32::MAX),
                },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::manipulation::game::{GameRecord, bonuses as score_bonuses};
    use crate::games::manipulation::play::tally;
    use crate::games::manipulation::scoring::score_round;
    use crate::hand::HandReport;

    fn scored(deadwood: &[u32], knocker: Option<usize>, rules: &Rules) -> RoundScore {
        let names: Vec<String> = (0..deadwood.len()).map(|p| format!("p{p}")).collect();
        let hands: Vec<HandReport> = deadwood.iter().map(|d| HandReport::Count(*d)).collect();
        score_round(&names, &hands, knocker, rules).unwrap()
    }

    fn sums(b: &RoundBreakdown) -> bool {
        b.winners
            .iter()
            .all(|w| w.parts.iter().map(Part::points).sum::<u32>() == w.total)
    }

    #[test]
    fn undercut_round_is_the_differences_plus_the_undercut_bonus() {
        // The example: Cleo scores 27 + 2 + 10 undercut = 39.
        let rules = Rules::default();
        let score = scored(&[30, 5, 3], Some(1), &rules);
        let b = round(&score, Some(1), &rules);
        assert_eq!(b.winners.len(), 1);
        assert_eq!(b.winners[0].formula(), "27 + 2 + 10 undercut");
        assert_eq!(b.winners[0].total, 39);
        assert_eq!(
            b.others,
            vec![(0, NoPoints::Higher), (1, NoPoints::Undercut)]
        );
        assert!(sums(&b));
    }

    #[test]
    fn going_out_is_the_other_hands_plus_the_going_out_bonus() {
        let rules = Rules::default();
        let score = scored(&[0, 6, 12], None, &rules);
        let b = round(&score, None, &rules);
        assert_eq!(b.winners[0].formula(), "6 + 12 + 25 going out");
        assert_eq!(b.others[0].1, NoPoints::OtherWentOut);
        assert!(sums(&b));
    }

    #[test]
    fn stock_out_tie_lists_the_zero_difference_and_no_bonus() {
        let rules = Rules::default();
        let score = scored(&[3, 3, 20], None, &rules);
        let b = round(&score, None, &rules);
        assert_eq!(b.winners[0].formula(), "0 + 17");
        assert_eq!(b.winners[1].formula(), "0 + 17");
        assert!(sums(&b));
    }

    #[test]
    fn house_rule_bonuses_are_the_ones_named() {
        let rules = Rules {
            undercut_bonus: 7,
            ..Rules::default()
        };
        let score = scored(&[5, 2], Some(0), &rules);
        assert_eq!(
            round(&score, Some(0), &rules).winners[0].formula(),
            "3 + 7 undercut"
        );
    }

    #[test]
    fn every_breakdown_adds_up_to_the_points_scored() {
        let rules = Rules::default();
        for a in [0, 1, 4, 5, 9] {
            for b in [1, 4, 5, 30] {
                for c in [2, 5, 17] {
                    for knocker in [None, Some(0), Some(1)] {
                        let Ok(score) = score_round(
                            &["a".into(), "b".into(), "c".into()],
                            &[a, b, c].map(HandReport::Count),
                            knocker,
                            &rules,
                        ) else {
                            continue;
                        };
                        assert!(sums(&round(&score, knocker, &rules)), "{a} {b} {c}");
                    }
                }
            }
        }
    }

    #[test]
    fn game_end_bonus_is_100_for_the_target_and_rounds_won_times_25_for_the_others() {
        let text = "players = [\"a\", \"b\", \"c\"]\n\
            [[round]]\n[round.hands]\na = 3\nb = 60\nc = 60\n\
            [[round]]\nknocker = \"b\"\n[round.hands]\na = 20\nb = 1\nc = 30\n\
            [[round]]\nknocker = \"a\"\n[round.hands]\na = 2\nb = 30\nc = 10\n";
        let t = tally(&GameRecord::from_toml(text).unwrap()).unwrap();
        let end = t.end.clone().unwrap();
        let rules = Rules::default();
        let bonuses = game_end(&t, &end, &rules);
        assert_eq!(bonuses[0].points.formula(), "100");
        assert!(bonuses[0].reached);
        assert_eq!(bonuses[1].points.formula(), "1 x 25");
        assert_eq!(bonuses[2].points.formula(), "0");
        let all = Rules {
            round_bonus_for_all: true,
            ..Rules::default()
        };
        let end = End {
            bonuses: score_bonuses(&t.totals, &t.won, &all),
            ..end
        };
        let bonuses = game_end(&t, &end, &all);
        assert_eq!(bonuses[0].points.formula(), "100 + 2 x 25");
        for b in &bonuses {
            let parts: u32 = b.points.parts.iter().map(Part::points).sum();
            assert_eq!(parts, b.points.total);
        }
    }
}
