//! `why N`: how a round's points came about, rule by rule, and how the game end's bonuses
//! did. The addends come from `crate::games::manipulation::breakdown`; this only words them.

use super::board::how_it_ended;
use super::look::{Look, wrap};
use crate::games::manipulation::breakdown::{self, NoPoints, Part};
use crate::games::manipulation::game::Tally;
use crate::games::manipulation::rules::Rules;
use crate::words::{and_list, plural};
use std::fmt::Write;

/// Round `number` (from 1) of a tally explained.
pub(crate) fn round(tally: &Tally, number: usize, rules: &Rules, look: Look) -> String {
    let names = &tally.sides;
    let r = &tally.rounds[number - 1];
    let b = breakdown::round(&r.score, r.score.knocker, rules);
    let mut out = String::new();
    let ended = how_it_ended(
        names,
        r.score.knocker,
        &r.score.winners,
        r.score.undercut,
        r.score.went_out,
    );
    let _ = writeln!(out, "Round {number}: {ended}.");
    let hands: Vec<String> = names
        .iter()
        .zip(&b.deadwood)
        .map(|(n, d)| format!("{n} {d}"))
        .collect();
    out.push_str(&wrap(
        &format!("  Hands left: {}.", hands.join(", ")),
        look.width,
        4,
    ));
    for w in &b.winners {
        let name = &names[w.player];
        let _ = writeln!(
            out,
            "  {} scores {} = {}:",
            look.leader(name),
            w.total,
            w.formula()
        );
        for part in &w.parts {
            let why = match *part {
                Part::Difference { from, theirs, .. } if r.score.went_out => {
                    format!("{}'s hand of {theirs}", names[from])
                }
                Part::Difference {
                    from, theirs, mine, ..
                } => format!("{}'s {theirs} less {name}'s {mine}", names[from]),
                Part::Undercut(_) => format!("undercut: {name} won without knocking"),
                Part::GoingOut(_) => format!("going out: {name} melded every card"),
                Part::Game(_) | Part::Rounds { .. } => String::new(),
            };
            out.push_str(&wrap(
                &format!("    {:>4}  {why}", part.points()),
                look.width,
                10,
            ));
        }
    }
    let winners: Vec<&str> = r.score.winners.iter().map(|w| names[*w].as_str()).collect();
    for (p, why) in &b.others {
        let name = &names[*p];
        let text = match why {
            NoPoints::Undercut => format!(
                "  {name} knocked with {} and was undercut by {}: 0.",
                b.deadwood[*p],
                and_list(&winners)
            ),
            NoPoints::OtherWentOut => format!("  {name}: 0 ({} went out).", and_list(&winners)),
            NoPoints::Higher => format!(
                "  {name}: 0 ({} is higher than {}).",
                b.deadwood[*p],
                r.score.winners.first().map_or(0, |w| b.deadwood[*w])
            ),
        };
        out.push_str(&wrap(&text, look.width, 4));
    }
    out
}

/// The game end's bonuses explained, or why there are none yet.
pub(crate) fn game_end(tally: &Tally, rules: &Rules, look: Look) -> String {
    let names = &tally.sides;
    let Some(end) = &tally.end else {
        return wrap(
            &format!(
                "The game is not over: bonuses come when a total reaches {} ({} for each player who reaches it, {} a round won for every other).",
                rules.target, rules.game_bonus, rules.round_bonus
            ),
            look.width,
            0,
        );
    };
    let mut out = String::new();
    let reached: Vec<&str> = (0..names.len())
        .filter(|p| tally.totals[*p] >= i64::from(rules.target))
        .map(|p| names[p].as_str())
        .collect();
    out.push_str(&wrap(
        &format!(
            "The game ended after round {}: {} reached {}.",
            tally.rounds.len(),
            and_list(&reached),
            rules.target
        ),
        look.width,
        2,
    ));
    for b in breakdown::game_end(tally, end, rules) {
        let p = b.player;
        let name = &names[p];
        let mut why: Vec<String> = Vec::new();
        for part in &b.points.parts {
            why.push(match part {
                Part::Game(points) => format!("{points} for reaching {}", rules.target),
                Part::Rounds { won, each } => {
                    format!("{} won x {each}", plural(*won, "round", "rounds"))
                }
                _ => part.to_string(),
            });
        }
        if why.is_empty() {
            why.push("no bonus: no round won".to_string());
        }
        let _ = writeln!(
            out,
            "  {name}: {} + {} = {}",
            tally.totals[p], b.points.total, end.final_totals[p]
        );
        out.push_str(&wrap(&format!("    {}", why.join(", ")), look.width, 4));
    }
    let (who, best): (Vec<&str>, i64) = {
        let best = end.final_totals.iter().copied().max().unwrap_or(0);
        (
            end.winners.iter().map(|w| names[*w].as_str()).collect(),
            best,
        )
    };
    let verb = if who.len() == 1 {
        "wins"
    } else {
        "share the win"
    };
    out.push_str(&wrap(
        &format!("{} {verb} with {best}.", look.leader(&and_list(&who))),
        look.width,
        2,
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::manipulation::game::{GameRecord, tally};

    fn finished() -> (Tally, Rules) {
        let text = std::fs::read_to_string("examples/finished-game.toml").unwrap();
        let record = GameRecord::from_toml(&text).unwrap();
        (tally(&record).unwrap(), record.rules)
    }

    #[test]
    fn why_explains_an_undercut_round_rule_by_rule() {
        let (t, rules) = finished();
        insta::assert_snapshot!(round(&t, 3, &rules, Look::plain(80)), @r"
        Round 3: carol knocked; alice undercut.
          Hands left: alice 3, bob 20, carol 5.
          alice scores 29 = 17 + 2 + 10 undercut:
              17  bob's 20 less alice's 3
               2  carol's 5 less alice's 3
              10  undercut: alice won without knocking
          bob: 0 (20 is higher than 3).
          carol knocked with 5 and was undercut by alice: 0.
        ");
    }

    #[test]
    fn why_explains_going_out() {
        let (t, rules) = finished();
        insta::assert_snapshot!(round(&t, 4, &rules, Look::plain(40)), @r"
        Round 4: carol went out.
          Hands left: alice 3, bob 10, carol 0.
          carol scores 38 = 3 + 10 + 25 going out:
               3  alice's hand of 3
              10  bob's hand of 10
              25  going out: carol melded every
                  card
          alice: 0 (carol went out).
          bob: 0 (carol went out).
        ");
    }

    #[test]
    fn why_explains_the_game_end_bonuses() {
        let (t, rules) = finished();
        insta::assert_snapshot!(game_end(&t, &rules, Look::plain(80)), @r"
        The game ended after round 5: alice reached 150.
          alice: 154 + 100 = 254
            100 for reaching 150
          bob: 37 + 25 = 62
            1 round won x 25
          carol: 38 + 25 = 63
            1 round won x 25
        alice wins with 254.
        ");
    }
}
