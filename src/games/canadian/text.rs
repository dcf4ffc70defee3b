//! Canadian and Carolina Rummy's words for people: a hand's score by side, the scoreboard,
//! how a hand's points came about, what each step did, where the hand stands, and the
//! verdict on a set.

use crate::games::canadian::Rulebook;
use crate::games::canadian::meld::{LayVerdict, Set};
use crate::games::canadian::play::Setup;
use crate::games::canadian::record::Round;
use crate::games::canadian::record::Tally;
use crate::games::canadian::scoring::HandScore;
use crate::games::canadian::sides::Sides;
use crate::hand::HandEntry;
use crate::notation::Spaced;
use crate::render::board::{Board, End, Row, Rows};
use crate::render::look::{Look, wrap};
use crate::render::{new_table, numbers_from};
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
pub(crate) fn how_it_ended(sides: &Sides, score: &HandScore) -> String {
    match score.out {
        Some(p) => format!("{} went out", sides.players()[p]),
        None => "stock ran out".to_string(),
    }
}

/// One hand's score: each side's table count, its hand count deducted (or not, for the side
/// that went out), and its points.
pub(crate) fn hand(sides: &Sides, score: &HandScore, width: usize) -> String {
    let mut table = new_table();
    let mut lines = String::new();
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
        // The same row in words, for a screen too narrow for the table.
        let bonus_words = if bonus {
            format!(", bonus {}", row[3])
        } else {
            String::new()
        };
        let _ = writeln!(
            lines,
            "{}: table {}, hand {}{bonus_words}, points {}",
            row[0], row[1], row[2], side.points
        );
        table.add_row(row);
    }
    numbers_from(&mut table, 1);
    let mut out = String::new();
    let _ = writeln!(out, "Hand over: {}.", how_it_ended(sides, score));
    let drawn = table.to_string();
    if crate::render::look::width_of(&drawn) <= width {
        let _ = writeln!(out, "{drawn}");
    } else {
        out.push_str(&lines);
    }
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

/// A game's scoreboard by side: a row a hand, how it ended, no bonuses at the end.
pub(crate) fn board<'a>(setup: &'a Setup, tally: &'a Tally) -> Board<'a> {
    Board {
        step: "Hand",
        who: if setup.sides.are_teams() {
            "Side"
        } else {
            "Player"
        },
        names: tally.sides.clone(),
        rows: Rows::new(tally.rounds.len(), move |i| {
            let r = &tally.rounds[i];
            Row {
                ending: how_it_ended(&setup.sides, &r.score),
                points: r.points.clone(),
                totals: r.totals.clone(),
                winners: r.winners.clone(),
            }
        }),
        totals: tally.totals.clone(),
        won: tally.won.clone(),
        target: i64::from(setup.rules.target),
        end: tally.end.as_ref().map(|end| End {
            bonuses: None,
            final_totals: end.final_totals.clone(),
            winners: end.winners.clone(),
            bonus_words: None,
        }),
    }
}

/// Hand `number` (from 1) explained: each side's table, the hands deducted or not, the
/// going-out bonus.
pub(crate) fn why_hand(
    setup: &Setup,
    tally: &Tally,
    results: &[Round],
    number: usize,
    look: Look,
) -> String {
    let sides = &setup.sides;
    let players = sides.players();
    let score = &tally.rounds[number - 1].score;
    let result = &results[number - 1];
    let mut out = String::new();
    let _ = writeln!(out, "Hand {number}: {}.", how_it_ended(sides, score));
    let book = setup.rulebook();
    for (s, side) in score.sides.iter().enumerate() {
        let name = sides.name(s);
        let held: Vec<String> = sides
            .members(s)
            .iter()
            .map(|p| {
                let count = result
                    .hands
                    .get(&players[*p])
                    .and_then(|entry| match entry {
                        HandEntry::Count(n) => u32::try_from(*n).ok(),
                        HandEntry::Cards(text) => book
                            .parse_hand_left(text)
                            .ok()
                            .map(|h| book.report_count(&h)),
                    })
                    .unwrap_or(0);
                format!("{} {count}", players[*p])
            })
            .collect();
        let mut line = format!(
            "  {} scores {}: table {}",
            look.leader(&name),
            side.points,
            side.table
        );
        if score.out.is_some_and(|p| sides.side_of(p) == s) {
            let _ = write!(
                line,
                ", hands not deducted ({}: {} went out)",
                held.join(", "),
                players[score.out.unwrap_or(0)]
            );
            if side.bonus > 0 {
                let _ = write!(line, ", going-out bonus {}", side.bonus);
            }
        } else {
            let _ = write!(line, " less hands {} ({})", side.hand, held.join(", "));
        }
        line.push('.');
        out.push_str(&wrap(&line, look.width, 4));
    }
    out
}
