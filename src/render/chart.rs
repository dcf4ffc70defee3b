//! A picture of how the game went: each player's (or, in Canadian and Carolina Rummy, each
//! side's) running total over the rounds or hands, drawn in the terminal with one letter a
//! line (a capital at each round, small between), the target as a dashed line; or written as
//! an SVG file for sharing. A side's total can fall below 0, so the scale starts at the
//! lowest total when that is below 0.

use super::look::{Look, wrap};
use std::fmt::Write;

/// Running totals to chart: one line a name (a player, or a side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub names: Vec<String>,
    /// Per name, the total after each round (or hand).
    pub totals: Vec<Vec<i64>>,
    pub target: i64,
    /// What a step is called: `round` or `hand`.
    pub step: &'static str,
    /// What the totals leave out, for the chart's heading.
    pub note: &'static str,
}

const HEIGHT: usize = 12;

/// Colours for the players, in seat order, as ANSI colours and as SVG colours.
const ANSI: [anstyle::AnsiColor; 5] = [
    anstyle::AnsiColor::Green,
    anstyle::AnsiColor::Blue,
    anstyle::AnsiColor::Magenta,
    anstyle::AnsiColor::Yellow,
    anstyle::AnsiColor::Cyan,
];
const SVG: [&str; 5] = ["#1b9e77", "#3b6fd8", "#c0399b", "#d08a00", "#0f9bb5"];

/// Each player's letter: the first letter of the name when no other name shares it, else
/// the seat number.
pub(crate) fn markers(names: &[String]) -> Vec<char> {
    let firsts: Vec<char> = names
        .iter()
        .map(|n| n.chars().next().unwrap_or('?').to_ascii_uppercase())
        .collect();
    let unique = (0..firsts.len()).all(|i| !firsts[..i].contains(&firsts[i]));
    if unique && firsts.iter().all(char::is_ascii_alphabetic) {
        firsts
    } else {
        (1..=names.len())
            .map(|n| char::from_digit(n as u32 % 36, 36).unwrap_or('?'))
            .collect()
    }
}

/// Each line's running totals, from 0 before the first round.
fn lines(series: &Series) -> Vec<Vec<i64>> {
    series
        .totals
        .iter()
        .map(|totals| std::iter::once(0).chain(totals.iter().copied()).collect())
        .collect()
}

/// The scale's bottom and top: round numbers past the lowest (when below 0) and highest
/// totals, so the target line and 0 stay in sight.
fn scale(lines: &[Vec<i64>], target: i64) -> (i64, i64, i64) {
    let high = lines
        .iter()
        .flatten()
        .copied()
        .max()
        .unwrap_or(0)
        .max(target)
        .max(1);
    let low = lines.iter().flatten().copied().min().unwrap_or(0).min(0);
    let step = if high - low > 100 { 50 } else { 10 };
    let top = (high + step - 1).div_euclid(step) * step;
    let bottom = low.div_euclid(step) * step;
    (bottom, top, step)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Empty,
    Target,
    Line(usize),
    Point(usize),
    Several,
}

/// The chart for `look.width` columns.
pub(crate) fn chart(series: &Series, look: Look) -> String {
    let names = &series.names;
    let rounds = series.totals.first().map_or(0, Vec::len);
    if rounds == 0 {
        return format!("No {} scored yet: nothing to draw.\n", series.step);
    }
    let target = series.target;
    let lines = lines(series);
    let (bottom, top, _) = scale(&lines, target);
    let label_width = top.to_string().len().max(bottom.to_string().len());
    let room = look.width.saturating_sub(label_width + 3).max(rounds + 1);
    let span = room.min(rounds * 8) - 1;
    let x = |i: usize| i * span / rounds;
    let range = (top - bottom).max(1);
    let y = |v: i64| {
        let from_bottom = ((v - bottom) * (HEIGHT as i64 - 1) + range / 2).div_euclid(range);
        HEIGHT - 1 - from_bottom.clamp(0, HEIGHT as i64 - 1) as usize
    };
    let mut grid = vec![vec![Mark::Empty; span + 1]; HEIGHT];
    let target_row = y(target);
    for cell in &mut grid[target_row] {
        *cell = Mark::Target;
    }
    let put = |grid: &mut Vec<Vec<Mark>>, row: usize, col: usize, mark: Mark| {
        let cell = &mut grid[row][col];
        *cell = match (*cell, mark) {
            (Mark::Empty | Mark::Target, m) => m,
            (Mark::Line(_), Mark::Point(p)) => Mark::Point(p),
            (Mark::Line(a), Mark::Line(b)) if a != b => Mark::Several,
            (Mark::Point(a), Mark::Point(b)) if a != b => Mark::Several,
            (old, _) => old,
        };
    };
    for (p, totals) in lines.iter().enumerate() {
        for i in 0..rounds {
            let (x0, x1) = (x(i), x(i + 1));
            let (v0, v1) = (totals[i] as f64, totals[i + 1] as f64);
            for col in x0..=x1 {
                let t = if x1 == x0 {
                    1.0
                } else {
                    (col - x0) as f64 / (x1 - x0) as f64
                };
                let v = (v0 + (v1 - v0) * t).round() as i64;
                put(&mut grid, y(v), col, Mark::Line(p));
            }
        }
        for (i, total) in totals.iter().enumerate().skip(1) {
            put(&mut grid, y(*total), x(i), Mark::Point(p));
        }
    }
    let letters = markers(names);
    let paint = |p: usize, c: char| -> String {
        look.paint(
            anstyle::Style::new().fg_color(Some(ANSI[p % ANSI.len()].into())),
            &c.to_string(),
        )
    };
    let mut out = String::new();
    out.push_str(&wrap(
        &format!(
            "Running totals after each {}{}; the dashes are the target, {target}.",
            series.step, series.note
        ),
        look.width,
        0,
    ));
    for (row, cells) in grid.iter().enumerate() {
        let label = if row == 0 {
            top.to_string()
        } else if row == target_row {
            target.to_string()
        } else if row == HEIGHT - 1 {
            bottom.to_string()
        } else if bottom < 0 && row == y(0) {
            "0".to_string()
        } else {
            String::new()
        };
        let tick = if label.is_empty() { '│' } else { '┤' };
        let _ = write!(out, "{label:>label_width$} {tick}");
        let mut line = String::new();
        for cell in cells {
            match cell {
                Mark::Empty => line.push(' '),
                Mark::Target => line.push('-'),
                Mark::Several => line.push('+'),
                Mark::Line(p) => line.push_str(&paint(*p, letters[*p].to_ascii_lowercase())),
                Mark::Point(p) => line.push_str(&paint(*p, letters[*p])),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(out, "{:>label_width$} └{}", "", "─".repeat(span + 1));
    // Round numbers under their columns, where they do not run into each other.
    let mut axis = vec![' '; span + 2];
    for i in 1..=rounds {
        let text: Vec<char> = i.to_string().chars().collect();
        let end = x(i);
        let Some(start) = (end + 1).checked_sub(text.len()) else {
            continue;
        };
        let free = axis[start.saturating_sub(1)..=end]
            .iter()
            .all(|c| *c == ' ');
        if free {
            axis[start..=end].copy_from_slice(&text);
        }
    }
    let axis: String = axis.into_iter().collect::<String>().trim_end().to_string();
    let axis_line = format!("{:>label_width$}  {axis}", "");
    if axis_line.chars().count() + series.step.len() + 4 <= look.width {
        let _ = writeln!(out, "{axis_line}  ({})", series.step);
    } else {
        let _ = writeln!(out, "{axis_line}");
    }
    let legend: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(p, n)| {
            format!(
                "{} {n} {}",
                paint(p, letters[p]),
                lines[p].last().copied().unwrap_or(0)
            )
        })
        .collect();
    out.push_str(&wrap(&legend.join("   "), look.width, 0));
    out
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The chart as an SVG image, 640 by 400.
pub(crate) fn svg(series: &Series) -> String {
    let (w, h) = (640.0, 400.0);
    let (left, right, top_margin, bottom_margin) = (50.0, 150.0, 30.0, 40.0);
    let plot_w = w - left - right;
    let plot_h = h - top_margin - bottom_margin;
    let lines = lines(series);
    let target = series.target;
    let rounds = series.totals.first().map_or(0, Vec::len);
    let (bottom, top, _) = scale(&lines, target);
    let range = (top - bottom).max(1) as f64;
    let px = |i: usize| left + plot_w * i as f64 / rounds.max(1) as f64;
    let py = |v: i64| top_margin + plot_h * (1.0 - (v - bottom) as f64 / range);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{left}" y="18">Running totals after each {} (target {target})</text>"#,
        series.step
    );
    let (x0, y0, x1) = (left, top_margin + plot_h, left + plot_w);
    let _ = writeln!(
        out,
        r#"<path d="M{x0} {top_margin} V{y0} H{x1}" stroke="black" fill="none"/>"#
    );
    let ty = py(target);
    let _ = writeln!(
        out,
        r##"<line x1="{x0}" y1="{ty:.1}" x2="{x1}" y2="{ty:.1}" stroke="#999" stroke-dasharray="6 4"/>"##
    );
    let mut labels = vec![(0, "0".to_string())];
    if bottom < 0 {
        labels.push((bottom, bottom.to_string()));
    }
    labels.push((target, target.to_string()));
    labels.push((top, top.to_string()));
    for (v, label) in labels {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{label}</text>"#,
            left - 6.0,
            py(v) + 4.0
        );
    }
    for i in 1..=rounds {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{i}</text>"#,
            px(i),
            y0 + 16.0
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
        left + plot_w / 2.0,
        y0 + 32.0,
        series.step
    );
    for (p, totals) in lines.iter().enumerate() {
        let colour = SVG[p % SVG.len()];
        let points: Vec<String> = totals
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{:.1},{:.1}", px(i), py(*v)))
            .collect();
        let _ = writeln!(
            out,
            r#"<polyline points="{}" stroke="{colour}" stroke-width="2.5" fill="none"/>"#,
            points.join(" ")
        );
        let ly = top_margin + 20.0 * p as f64 + 10.0;
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{:.1}" width="14" height="4" fill="{colour}"/><text x="{}" y="{:.1}">{} {}</text>"#,
            x1 + 16.0,
            ly - 4.0,
            x1 + 36.0,
            ly + 1.0,
            xml(&series.names[p]),
            totals.last().copied().unwrap_or(0)
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series_of(file: &str) -> Series {
        crate::catalogue::read_scored(std::path::Path::new(file))
            .unwrap()
            .series()
    }

    fn finished() -> Series {
        series_of("examples/finished-game.toml")
    }

    #[test]
    fn chart_of_running_totals_at_40_and_80_columns() {
        let t = finished();
        for width in [40, 80] {
            let text = chart(&t, Look::plain(width));
            assert!(
                super::super::look::width_of(&text) <= width,
                "{width}:\n{text}"
            );
            insta::assert_snapshot!(format!("chart_{width}"), text);
        }
    }

    #[test]
    fn chart_of_canadian_and_carolina_totals_by_side_at_40_and_80_columns() {
        for game in ["canadian", "carolina"] {
            let t = series_of(&format!("examples/{game}-game.toml"));
            for width in [40, 80] {
                let text = chart(&t, Look::plain(width));
                assert!(
                    super::super::look::width_of(&text) <= width,
                    "{width}:\n{text}"
                );
                assert!(text.contains("after each hand"), "{text}");
                insta::assert_snapshot!(format!("chart_{game}_{width}"), text);
            }
        }
    }

    #[test]
    fn chart_scale_reaches_below_0_for_a_side_in_debt() {
        let t = Series {
            names: vec!["ann".into(), "ben".into()],
            totals: vec![vec![-120, 300], vec![80, -40]],
            target: 1500,
            step: "hand",
            note: "",
        };
        let text = chart(&t, Look::plain(60));
        assert!(text.contains("-150 ┤"), "{text}");
        assert!(text.contains("ben -40"), "{text}");
        let svg = svg(&t);
        assert!(svg.contains(">-150</text>"), "{svg}");
    }

    #[test]
    fn markers_are_first_letters_or_seat_numbers_when_two_share_one() {
        let names = |n: &[&str]| {
            n.iter()
                .map(std::string::ToString::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(markers(&names(&["alice", "bob"])), vec!['A', 'B']);
        assert_eq!(markers(&names(&["ann", "al", "bo"])), vec!['1', '2', '3']);
    }

    #[test]
    fn svg_has_a_line_a_player_and_the_names_escaped() {
        let mut t = finished();
        t.names[1] = "b<o>b".to_string();
        let svg = svg(&t);
        assert!(svg.starts_with("<svg "));
        assert_eq!(svg.matches("<polyline").count(), 3);
        assert!(svg.contains("b&lt;o&gt;b 37"), "{svg}");
    }
}
