//! Text for people: verdicts, round results and the scoreboard, readable across the table.

pub mod canadian;
pub mod play;

use carousel::Rules;
use carousel::game::Tally;
use carousel::moves::Verdict;
use carousel::notation::Spaced;
use carousel::scoring::RoundScore;
use carousel::solver::Solution;
use carousel::table::Table;
use comfy_table::{CellAlignment, ColumnConstraint, Width};
use std::fmt::Write;

fn new_table() -> comfy_table::Table {
    let mut table = comfy_table::Table::new();
    table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED.with_rounded_corners());
    table
}

/// Right-aligns every column from `first` on: they hold numbers.
fn numbers_from(table: &mut comfy_table::Table, first: usize) {
    for column in table.column_iter_mut().skip(first) {
        column.set_cell_alignment(CellAlignment::Right);
        column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(6)));
    }
}

/// A verdict on a move, and the table after it when it is legal.
pub fn verdict(verdict: &Verdict, after: &Table) -> String {
    let mut out = String::new();
    if verdict.is_legal() {
        let _ = writeln!(out, "Legal: {} played.", Spaced(&verdict.played));
        let _ = writeln!(out, "Table after: {after}");
    } else {
        let count = verdict.violations.len();
        let rules = if count == 1 { "rule" } else { "rules" };
        let _ = writeln!(out, "Illegal: {count} {rules} broken.");
        for v in &verdict.violations {
            let _ = writeln!(out, "  {}  {}", v.rule, v.message);
        }
    }
    out
}

/// How a round ended, in a few words.
fn how_it_ended(names: &[String], knocker: Option<usize>, score: &RoundScore) -> String {
    let winners: Vec<&str> = score.winners.iter().map(|w| names[*w].as_str()).collect();
    if score.went_out {
        format!("{} went out", winners.join(" and "))
    } else if let Some(k) = knocker {
        if score.undercut {
            format!("{} knocked; {} undercut", names[k], winners.join(" and "))
        } else {
            format!("{} knocked", names[k])
        }
    } else {
        "stock ran out".to_string()
    }
}

/// One round's result: every hand's deadwood and points, and who won.
pub fn round(names: &[String], knocker: Option<usize>, score: &RoundScore) -> String {
    let mut table = new_table();
    table.set_header(["Player", "Deadwood", "Points"]);
    for (p, name) in names.iter().enumerate() {
        let mark = if score.winners.contains(&p) { " *" } else { "" };
        table.add_row([
            format!("{name}{mark}"),
            score.deadwood[p].to_string(),
            score.points[p].to_string(),
        ]);
    }
    numbers_from(&mut table, 1);
    let mut out = String::new();
    let _ = writeln!(out, "Round over: {}.", how_it_ended(names, knocker, score));
    let _ = writeln!(out, "{table}");
    let winners: Vec<String> = score
        .winners
        .iter()
        .map(|w| format!("{} with {} points", names[*w], score.points[*w]))
        .collect();
    let label = if winners.len() == 1 {
        "Winner"
    } else {
        "Winners"
    };
    let _ = writeln!(out, "{label}: {}.", winners.join(", "));
    out
}

/// The running scoreboard of a game: a row a round, then bonuses and final scores once the
/// game is over.
pub fn scoreboard(tally: &Tally, rules: &Rules) -> String {
    let names = &tally.players;
    let mut table = new_table();
    let mut header = vec!["Round".to_string(), "How it ended".to_string()];
    header.extend(names.iter().cloned());
    table.set_header(header);
    for (i, round) in tally.rounds.iter().enumerate() {
        let mut row = vec![
            (i + 1).to_string(),
            how_it_ended(names, round.knocker, &round.score),
        ];
        for p in 0..names.len() {
            let gained = round.score.points[p];
            row.push(if gained > 0 {
                format!("+{gained} = {}", round.totals[p])
            } else {
                round.totals[p].to_string()
            });
        }
        table.add_row(row);
    }
    if let Some(end) = &tally.end {
        let mut bonus = vec!["".to_string(), "Bonuses".to_string()];
        bonus.extend(end.bonuses.iter().map(|b| format!("+{b}")));
        table.add_row(bonus);
        let mut last = vec!["".to_string(), "Final".to_string()];
        last.extend(end.final_totals.iter().map(ToString::to_string));
        table.add_row(last);
    }
    numbers_from(&mut table, 2);
    let mut out = format!("{table}\n");
    let leaders = |scores: &[u32]| -> (Vec<&str>, u32) {
        let best = scores.iter().copied().max().unwrap_or(0);
        let who = (0..names.len())
            .filter(|p| scores[*p] == best)
            .map(|p| names[p].as_str())
            .collect();
        (who, best)
    };
    match &tally.end {
        Some(end) => {
            let (who, best) = leaders(&end.final_totals);
            let rounds = tally.rounds.len();
            if who.len() == 1 {
                let _ = writeln!(
                    out,
                    "Game over after round {rounds}: {} wins with {best}.",
                    who[0]
                );
            } else {
                let _ = writeln!(
                    out,
                    "Game over after round {rounds}: {} share the win with {best}.",
                    who.join(" and ")
                );
            }
        }
        None if tally.rounds.is_empty() => {
            let _ = writeln!(
                out,
                "No rounds yet; the game ends when a total reaches {}.",
                rules.target
            );
        }
        None => {
            let (who, best) = leaders(&tally.totals);
            let verb = if who.len() == 1 { "leads" } else { "lead" };
            let _ = writeln!(
                out,
                "{} {verb} with {best}; the game ends when a total reaches {}.",
                who.join(" and "),
                rules.target
            );
        }
    }
    out
}

/// The solver's best play: the cards, the table after with its changed melds marked, what
/// is left in hand and whether the player may then knock.
/// The referee's advice in play: the best play, or why there is no meld now.
pub fn hint(hint: &carousel::session::Hint, rules: &Rules) -> String {
    match &hint.no_meld {
        None => solution(&hint.best, rules),
        Some(why) => {
            let mut out = format!("No meld now: {why}.\n");
            out.push_str(&keep(&hint.best, rules));
            out
        }
    }
}

pub fn solution(best: &Solution, rules: &Rules) -> String {
    let mut out = String::new();
    if best.played.is_empty() {
        let _ = writeln!(out, "No play lowers the deadwood: keep the hand.");
    } else {
        let count = best.played.len();
        let cards = if count == 1 { "card" } else { "cards" };
        let _ = writeln!(
            out,
            "Best play: {} ({count} {cards}).",
            Spaced(&best.played)
        );
        let changed: Vec<usize> = (1..=best.changed.len())
            .filter(|n| best.changed[n - 1])
            .collect();
        out.push_str(&play::table(&best.table, &changed));
    }
    out.push_str(&keep(best, rules));
    out
}

/// What stays in hand after the play, and whether it may knock.
fn keep(best: &Solution, rules: &Rules) -> String {
    let mut out = String::new();
    if best.left.is_empty() {
        let _ = writeln!(out, "Left in hand: nothing; that goes out.");
    } else {
        let _ = writeln!(
            out,
            "Left in hand: {} (deadwood {}).",
            Spaced(&best.left),
            best.deadwood
        );
        let limit = rules.knock_limit;
        let _ = if best.can_knock {
            writeln!(
                out,
                "May knock: {} is within the limit of {limit}.",
                best.deadwood
            )
        } else {
            writeln!(
                out,
                "No knock: {} is over the limit of {limit}.",
                best.deadwood
            )
        };
    }
    out
}
