//! Text for people in Canadian and Carolina Rummy: a hand's score and the scoreboard, by
//! side, in the same tables as Carousel's.

use super::{new_table, numbers_from};
use crate::games::canadian::Rulebook;
use crate::games::canadian::meld::{LayVerdict, Set};
use crate::games::canadian::play::Setup;
use crate::games::canadian::record::Tally;
use crate::games::canadian::scoring::HandScore;
use crate::games::canadian::sides::Sides;
use crate::notation::Spaced;
use std::fmt::Write;

/// A signed number as a score shows it: `+200`, `-40`, `0`.
fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// How a hand ended, in a few words.
fn how_it_ended(sides: &Sides, score: &HandScore) -> String {
    match score.out {
        Some(p) => format!("{} went out", sides.players()[p]),
        None => "stock ran out".to_string(),
    }
}

/// One hand's score: each side's table count, its hand count deducted (or not, for the side
/// that went out), and its points.
pub(crate) fn hand(sides: &Sides, score: &HandScore) -> String {
    let mut table = new_table();
    let bonus = score.sides.iter().any(|s| s.bonus > 0);
    let mut header = vec!["Side", "Table", "Hand"];
    if bonus {
        header.push("Bonus");
    }
    header.push("Points");
    table.set_header(header);
    let out_side = score.out.map(|p| sides.side_of(p));
    for (s, side) in score.sides.iter().enumerate() {
        let went_out = out_side == Some(s);
        let mark = if went_out { " *" } else { "" };
        let hand = if went_out && side.held > 0 {
            format!("({} kept)", side.held)
        } else {
            signed(-i64::from(side.hand))
        };
        let mut row = vec![
            format!("{}{mark}", sides.name(s)),
            side.table.to_string(),
            hand,
        ];
        if bonus {
            row.push(signed(i64::from(side.bonus)));
        }
        row.push(side.points.to_string());
        table.add_row(row);
    }
    numbers_from(&mut table, 1);
    let mut out = String::new();
    let _ = writeln!(out, "Hand over: {}.", how_it_ended(sides, score));
    let _ = writeln!(out, "{table}");
    if let (Some(p), Some(s)) = (score.out, out_side) {
        let partners: Vec<&str> = sides
            .members(s)
            .iter()
            .filter(|m| **m != p)
            .map(|m| sides.players()[*m].as_str())
            .collect();
        let _ = if partners.is_empty() {
            writeln!(out, "* {} went out.", sides.players()[p])
        } else {
            writeln!(
                out,
                "* {} went out: {}'s hand is not deducted.",
                sides.players()[p],
                partners.join(" and ")
            )
        };
    }
    out
}

/// The scoreboard of a game by side: a row a hand with its points and running total, and
/// who leads or won.
pub(crate) fn scoreboard(setup: &Setup, tally: &Tally) -> String {
    let names = setup.sides.names();
    let mut table = new_table();
    let mut header = vec!["Hand".to_string(), "How it ended".to_string()];
    header.extend(names.iter().cloned());
    table.set_header(header);
    for (i, round) in tally.rounds.iter().enumerate() {
        let mut row = vec![
            (i + 1).to_string(),
            how_it_ended(&setup.sides, &round.score),
        ];
        for (side, total) in round.score.sides.iter().zip(&round.totals) {
            row.push(format!("{} = {total}", signed(side.points)));
        }
        table.add_row(row);
    }
    numbers_from(&mut table, 2);
    let mut out = format!("{table}\n");
    let who = |sides: &[usize]| -> String {
        sides
            .iter()
            .map(|s| names[*s].as_str())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let rounds = tally.rounds.len();
    if let Some(end) = &tally.end {
        let best = tally.totals[end.winners[0]];
        let _ = if end.winners.len() == 1 {
            writeln!(
                out,
                "Game over after hand {rounds}: {} wins with {best}.",
                who(&end.winners)
            )
        } else {
            writeln!(
                out,
                "Game over after hand {rounds}: {} share the win with {best}.",
                who(&end.winners)
            )
        };
    } else if rounds == 0 {
        let _ = writeln!(
            out,
            "No hands yet; the game ends when a side reaches {}.",
            setup.rules.target
        );
    } else {
        let leaders = tally.leaders();
        let verb = if leaders.len() == 1 { "leads" } else { "lead" };
        let _ = writeln!(
            out,
            "{} {verb} with {}; the game ends when a side reaches {}.",
            who(&leaders),
            tally.totals[leaders[0]],
            setup.rules.target
        );
    }
    out
}

/// A set with its rank and value: `Ks Kh 2c (kings 30)`.
pub(crate) fn set_with_value(book: &Rulebook, set: &Set) -> String {
    format!("{set} ({} {})", set.rank.plural(), book.table_value(set))
}

/// The verdict on laying cards: new sets, cards on a set, or why not.
pub(crate) fn lay(book: &Rulebook, verdict: &LayVerdict) -> String {
    match verdict {
        LayVerdict::Sets(sets) => {
            let shown: Vec<String> = sets.iter().map(|s| set_with_value(book, s)).collect();
            let legal = if sets.len() == 1 {
                "a legal set"
            } else {
                "legal sets"
            };
            format!("Yes, {legal}: {}.\n", shown.join(" | "))
        }
        LayVerdict::LaidOn { added, set } => format!(
            "Yes: {} may be laid on the set: {}.\n",
            Spaced(added),
            set_with_value(book, set)
        ),
        LayVerdict::No(why) => format!("No: {why}.\n"),
    }
}
