//! Text for people: verdicts, round results and the scoreboard, readable across the table.

pub(crate) mod board;
pub(crate) mod canadian;
pub(crate) mod chart;
pub(crate) mod error;
pub(crate) mod games;
pub(crate) mod look;
pub(crate) mod play;
pub(crate) mod why;

use crate::card::Card;
use crate::games::manipulation::game::Tally;
use crate::games::manipulation::moves::Verdict;
use crate::games::manipulation::rules::Rules;
use crate::games::manipulation::scoring::RoundScore;
use crate::games::manipulation::solver::Solution;
use crate::games::manipulation::table::Table;
use crate::notation::Spaced;
use crate::words::{and_list, cards, plural};
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
pub(crate) fn verdict(verdict: &Verdict, after: &Table) -> String {
    let mut out = String::new();
    if verdict.is_legal() {
        let _ = writeln!(out, "Legal: {} played.", Spaced(&verdict.played));
        let _ = writeln!(out, "Table after: {after}");
    } else {
        let count = verdict.violations.len();
        let rules = plural(count as u32, "rule", "rules");
        let _ = writeln!(out, "Illegal: {rules} broken.");
        for v in &verdict.violations {
            let _ = writeln!(out, "  {}  {}", v.rule, v.message);
        }
    }
    out
}

/// How a round ended, in a few words.
fn how_it_ended(names: &[String], knocker: Option<usize>, score: &RoundScore) -> String {
    board::how_it_ended(
        names,
        knocker,
        &score.winners,
        score.undercut,
        score.went_out,
    )
}

/// One round's result: every hand's deadwood and points, and who won.
pub(crate) fn round(
    names: &[String],
    knocker: Option<usize>,
    score: &RoundScore,
    rules: &Rules,
) -> String {
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
    let explained = crate::games::manipulation::breakdown::round(score, knocker, rules);
    let winners: Vec<String> = explained
        .winners
        .iter()
        .map(|w| {
            let name = &names[w.player];
            if w.parts.len() > 1 {
                format!("{name} with {} points ({})", w.total, w.formula())
            } else {
                format!("{name} with {} points", w.total)
            }
        })
        .collect();
    let label = if winners.len() == 1 {
        "Winner"
    } else {
        "Winners"
    };
    let _ = writeln!(out, "{label}: {}.", winners.join(", "));
    out
}

/// The running scoreboard of a game, drawn for standard output (see [`look::Look`]).
pub(crate) fn scoreboard(tally: &Tally, rules: &Rules) -> String {
    board::scoreboard(tally, rules, look::Look::of_stdout())
}

/// The referee's advice in play: the best play, or why there is no meld now.
pub(crate) fn hint(hint: &crate::games::manipulation::play::Hint, rules: &Rules) -> String {
    match &hint.no_meld {
        None => solution(&hint.best, rules),
        Some(why) => {
            let mut out = format!("No meld now: {why}.\n");
            out.push_str(&keep(&hint.best, rules));
            out
        }
    }
}

/// The solver's best play: the cards, the table after with its changed melds marked, what
/// is left in hand and whether the player may then knock.
pub(crate) fn solution(best: &Solution, rules: &Rules) -> String {
    let mut out = String::new();
    if best.played.is_empty() {
        let _ = writeln!(out, "No play lowers the deadwood: keep the hand.");
    } else {
        let _ = writeln!(
            out,
            "Best play: {} ({}).",
            Spaced(&best.played),
            cards(best.played.len() as u32)
        );
        let changed: Vec<usize> = (1..=best.changed.len())
            .filter(|n| best.changed[n - 1])
            .collect();
        out.push_str(&play::table(&best.table, &changed));
    }
    out.push_str(&keep(best, rules));
    out
}

/// A pile with no arrangement, and the cards in it that no meld of the pile could take
/// (when there are such, they are the plain reason).
pub(crate) fn no_arrangement(count: usize, in_no_meld: &[Card]) -> String {
    let mut out = if count == 1 {
        "No arrangement: one card alone is no meld.".to_string()
    } else {
        format!(
            "No arrangement: these {} cannot all be laid out as legal melds.",
            cards(u32::try_from(count).unwrap_or(u32::MAX))
        )
    };
    if count > 1 && !in_no_meld.is_empty() {
        let names: Vec<String> = in_no_meld.iter().map(ToString::to_string).collect();
        let verb = if names.len() == 1 { "fits" } else { "fit" };
        let _ = write!(
            out,
            " {} {verb} no meld these cards could make.",
            and_list(&names)
        );
    }
    out.push('\n');
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
