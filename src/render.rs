//! Text for people that every game of the family shares: the scoreboard fitted to the width
//! there is (`board`), the chart of running totals, the saved games and statistics, and how
//! wide and coloured the output may be (`look`). What only one game says is in its folder.

pub mod board;
pub(crate) mod chart;
pub(crate) mod error;
pub(crate) mod games;
pub mod look;

use crate::rules::HouseRule;
use comfy_table::{CellAlignment, ColumnConstraint, Width};
use std::fmt::Write;

/// A table in the one style of every table the program draws.
pub(crate) fn new_table() -> comfy_table::Table {
    let mut table = comfy_table::Table::new();
    table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED.with_rounded_corners());
    table
}

/// Right-aligns every column from `first` on: they hold numbers.
pub(crate) fn numbers_from(table: &mut comfy_table::Table, first: usize) {
    for column in table.column_iter_mut().skip(first) {
        column.set_cell_alignment(CellAlignment::Right);
        column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(6)));
    }
}

/// Any game's house rules, each with its value and meaning; changed ones show the default.
pub(crate) fn rules(rules: &dyn crate::family::AnyRules) -> String {
    rule_lines(rules.table(), |key| {
        rules.value_text(key).unwrap_or_default()
    })
}

/// Any game's house rules, a line each: key, value, meaning, and the default when changed.
/// `values` gives a key's value and its default.
pub(crate) fn rule_lines(table: &[HouseRule], value: impl Fn(&str) -> String) -> String {
    let mut out = String::from("House rules:\n");
    for &HouseRule {
        key,
        meaning,
        default,
    } in table
    {
        let (value, default) = (value(key), default.text());
        let changed = if value == default {
            String::new()
        } else {
            format!(" (default {default})")
        };
        let _ = writeln!(out, "  {key:<22} {value:>4}  {meaning}{changed}");
    }
    out
}
