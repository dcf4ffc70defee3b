//! The scoreboard of every game of the family, drawn for the width there is. A game gives
//! its [`Board`]: the names (players or sides), each round's ending, points and running
//! totals, and the end. The widest layout that fits is chosen:
//!
//! 1. a row a round with how it ended, each cell `+gain = total`;
//! 2. the same without the "How it ended" column, the endings listed under the table;
//! 3. running totals only, each round's gains listed under the table;
//! 4. standings, a row a player or side (leader first), the rounds listed under it: this
//!    one fits a phone held upright.
//!
//! Every layout shows the leader and how far each is from the target, and once the game is
//! over its bonuses (for a game that has them) with how they came about.

use super::look::{Look, width_of, wrap};
use crate::words::and_list;
use comfy_table::{Attribute, Cell, CellAlignment, Color, ColumnConstraint, Width};
use std::fmt::Write;

/// A game's scoreboard, as every game gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// What a round is called, capitalised: `Round`, `Hand`.
    pub step: &'static str,
    /// Who scores, capitalised: `Player`, `Side`.
    pub who: &'static str,
    pub names: Vec<String>,
    pub rows: Vec<Row>,
    pub totals: Vec<i64>,
    /// Rounds won by each.
    pub won: Vec<u32>,
    pub target: i64,
    pub end: Option<End>,
}

/// One finished round on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// How it ended, in a few words: `bob knocked; alice undercut`.
    pub ending: String,
    pub points: Vec<i64>,
    pub totals: Vec<i64>,
    pub winners: Vec<usize>,
}

/// The end of the game on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// The end's bonuses, for a game that has them.
    pub bonuses: Option<Vec<i64>>,
    pub final_totals: Vec<i64>,
    pub winners: Vec<usize>,
    /// How the bonuses came about, in a sentence (`Bonuses: alice 100 for reaching 150.`).
    pub bonus_words: Option<String>,
}

impl Board {
    /// Whether the board shows bonus rows once the game is over (the game has bonuses).
    pub fn bonus_rows(&self) -> bool {
        self.end.as_ref().is_none_or(|e| e.bonuses.is_some())
    }

    /// The scores the standings go by: final totals once the game is over.
    fn standing(&self) -> &[i64] {
        self.end
            .as_ref()
            .map_or(self.totals.as_slice(), |e| e.final_totals.as_slice())
    }

    fn step_word(&self) -> String {
        self.step.to_lowercase()
    }
}

fn new_table() -> comfy_table::Table {
    let mut table = comfy_table::Table::new();
    table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED.with_rounded_corners());
    table.force_no_tty();
    table
}

fn numbers_from(table: &mut comfy_table::Table, first: usize, least: u16) {
    for column in table.column_iter_mut().skip(first) {
        column.set_cell_alignment(CellAlignment::Right);
        column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(least)));
    }
}

/// The ones in the lead and their score, by `scores`.
fn leaders(scores: &[i64]) -> (Vec<usize>, i64) {
    let best = scores.iter().copied().max().unwrap_or(0);
    let who = (0..scores.len()).filter(|p| scores[*p] == best).collect();
    (who, best)
}

/// How far a total is from the target: 0 once it is reached.
fn to_go(target: i64, total: i64) -> i64 {
    (target - total).max(0)
}

/// A signed gain: `+96`, `-40`.
fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// A header cell for a player; the leader's stands out.
fn name_cell(name: &str, leading: bool) -> Cell {
    let cell = Cell::new(name);
    if leading {
        cell.fg(Color::Green).add_attribute(Attribute::Bold)
    } else {
        cell
    }
}

fn gain_cell(text: String, gained: bool) -> Cell {
    let cell = Cell::new(text);
    if gained { cell.fg(Color::Green) } else { cell }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    Wide,
    NoEndings,
    TotalsOnly,
    Standings,
}

/// The round's gains as listed under a narrow table: `bob +37`, `ann +5, ben -20`.
fn gains(board: &Board, row: &Row) -> String {
    let shown: Vec<usize> = if board.bonus_rows() {
        row.winners.clone()
    } else {
        // A game whose points may be negative lists every side.
        (0..board.names.len()).collect()
    };
    shown
        .iter()
        .map(|w| format!("{} {}", board.names[*w], signed(row.points[*w])))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The table of one layout, and what is listed under it.
fn draw(board: &Board, layout: Layout) -> (comfy_table::Table, String) {
    let names = &board.names;
    let (leading, _) = leaders(board.standing());
    let mut table = new_table();
    let mut under = String::new();
    let target = board.target;
    if layout == Layout::Standings {
        let finished = board.end.as_ref();
        let mut header = vec![Cell::new(board.who), Cell::new("Total"), Cell::new("Won")];
        match finished {
            Some(End {
                bonuses: Some(_), ..
            }) => header.extend([Cell::new("Bonus"), Cell::new("Final")]),
            Some(_) => {}
            None => header.push(Cell::new(format!("To {target}"))),
        }
        table.set_header(header);
        let scores = board.standing();
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.sort_by(|a, b| scores[*b].cmp(&scores[*a]).then(a.cmp(b)));
        for p in order {
            let mut row = vec![
                name_cell(&names[p], leading.contains(&p)),
                Cell::new(board.totals[p]),
                Cell::new(board.won[p]),
            ];
            match finished {
                Some(End {
                    bonuses: Some(bonuses),
                    final_totals,
                    ..
                }) => row.extend([
                    Cell::new(format!("+{}", bonuses[p])),
                    Cell::new(final_totals[p]).add_attribute(Attribute::Bold),
                ]),
                Some(_) => {}
                None => row.push(Cell::new(to_go(target, board.totals[p]))),
            }
            table.add_row(row);
        }
        numbers_from(&mut table, 1, 3);
        for (i, r) in board.rows.iter().enumerate() {
            let line = format!("{:>2}  {}: {}.", i + 1, r.ending, gains(board, r));
            under.push_str(&line);
            under.push('\n');
        }
        return (table, under);
    }
    let label = |text: &str| Cell::new(text);
    let mut header = vec![Cell::new(if layout == Layout::Wide {
        board.step
    } else {
        "#"
    })];
    if layout == Layout::Wide {
        header.push(Cell::new("How it ended"));
    }
    header.extend(
        names
            .iter()
            .enumerate()
            .map(|(p, n)| name_cell(n, leading.contains(&p))),
    );
    table.set_header(header);
    let first_number = if layout == Layout::Wide { 2 } else { 1 };
    for (i, round) in board.rows.iter().enumerate() {
        let mut row = vec![Cell::new(i + 1)];
        if layout == Layout::Wide {
            row.push(Cell::new(&round.ending));
        }
        for p in 0..names.len() {
            let gained = round.points[p];
            let total = round.totals[p];
            row.push(match layout {
                Layout::TotalsOnly => gain_cell(total.to_string(), gained > 0),
                _ if gained != 0 => gain_cell(format!("{} = {total}", signed(gained)), gained > 0),
                _ => Cell::new(total),
            });
        }
        table.add_row(row);
        match layout {
            Layout::NoEndings => {
                let _ = writeln!(under, "{:>2}  {}.", i + 1, round.ending);
            }
            Layout::TotalsOnly => {
                let _ = writeln!(
                    under,
                    "{:>2}  {}: {}.",
                    i + 1,
                    round.ending,
                    gains(board, round)
                );
            }
            _ => {}
        }
    }
    let blank = || -> Vec<Cell> {
        if layout == Layout::Wide {
            vec![Cell::new(""), Cell::new("")]
        } else {
            vec![Cell::new("")]
        }
    };
    // The label goes in the last column before the players.
    let labelled = |text: &str| -> Vec<Cell> {
        let mut row = blank();
        let last = row.len() - 1;
        row[last] = label(text);
        row
    };
    match &board.end {
        Some(End {
            bonuses: Some(bonuses),
            final_totals,
            ..
        }) => {
            let mut bonus = labelled(if layout == Layout::Wide {
                "Bonuses"
            } else {
                "+"
            });
            bonus.extend(bonuses.iter().map(|b| Cell::new(format!("+{b}"))));
            table.add_row(bonus);
            let mut last = labelled(if layout == Layout::Wide { "Final" } else { "=" });
            last.extend(
                final_totals
                    .iter()
                    .map(|t| Cell::new(t).add_attribute(Attribute::Bold)),
            );
            table.add_row(last);
        }
        Some(_) => {}
        None => {
            let to = format!("To {target}");
            let mut row = labelled(if layout == Layout::Wide { &to } else { "to go" });
            row.extend(
                board
                    .totals
                    .iter()
                    .map(|t| Cell::new(to_go(target, *t)).add_attribute(Attribute::Dim)),
            );
            table.add_row(row);
        }
    }
    numbers_from(
        &mut table,
        first_number,
        if layout == Layout::Wide { 6 } else { 3 },
    );
    (table, under)
}

/// The sentence under the scoreboard: who leads and how far from the target, or who won
/// and how the bonuses came about.
fn summary(board: &Board, look: Look) -> String {
    let names = &board.names;
    let mut out = String::new();
    let (who, best) = leaders(board.standing());
    let who_names: Vec<String> = who.iter().map(|p| look.leader(&names[*p])).collect();
    if let Some(end) = &board.end {
        let rounds = board.rows.len();
        let step = board.step_word();
        let line = if who.len() == 1 {
            format!(
                "Game over after {step} {rounds}: {} wins with {best}.",
                who_names[0]
            )
        } else {
            format!(
                "Game over after {step} {rounds}: {} share the win with {best}.",
                and_list(&who_names)
            )
        };
        out.push_str(&wrap(&line, look.width, 2));
        if let Some(words) = &end.bonus_words {
            out.push_str(&wrap(words, look.width, 2));
        }
    } else {
        let verb = if who.len() == 1 { "leads" } else { "lead" };
        let line = format!(
            "{} {verb} with {best}: {} to go to {}.",
            and_list(&who_names),
            to_go(board.target, best),
            board.target
        );
        out.push_str(&wrap(&line, look.width, 2));
    }
    out
}

/// The running scoreboard of a game, for `look.width` columns.
pub fn scoreboard(board: &Board, look: Look) -> String {
    if board.rows.is_empty() {
        return wrap(
            &format!(
                "No {} scored yet: {} start at 0, and the game ends when a total reaches {}.",
                board.step_word(),
                and_list(&board.names),
                board.target
            ),
            look.width,
            0,
        );
    }
    let layouts = [
        Layout::Wide,
        Layout::NoEndings,
        Layout::TotalsOnly,
        Layout::Standings,
    ];
    let mut chosen = None;
    for layout in layouts {
        let (table, under) = draw(board, layout);
        let text = table.to_string();
        if width_of(&text) <= look.width || layout == Layout::Standings {
            chosen = Some((table, under));
            break;
        }
    }
    let Some((mut table, under)) = chosen else {
        return String::new();
    };
    if look.colour {
        table.enforce_styling();
    }
    let mut out = format!("{table}\n");
    for line in under.lines() {
        out.push_str(&wrap(line, look.width, 4));
    }
    out.push_str(&summary(board, look));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::manipulation::game::GameRecord;
    use crate::games::manipulation::game::Tally;
    use crate::games::manipulation::play::tally;
    use crate::games::manipulation::rules::Rules;

    fn board(tally: &Tally, rules: &Rules) -> Board {
        let setup = crate::games::manipulation::play::Setup::of_record(
            tally.sides.clone(),
            rules.clone(),
            crate::deck::Deck::for_players(tally.sides.len()).unwrap(),
        );
        crate::desk::Desk::board(&setup, tally)
    }

    fn scored(path: &str) -> (Tally, Rules) {
        let text = std::fs::read_to_string(path).unwrap();
        let record = GameRecord::from_toml(&text).unwrap();
        (tally(&record).unwrap(), record.rules)
    }

    /// Five players with long names, three rounds in: 116 columns in the widest layout.
    const FIVE: &str = r#"
players = ["annabel", "benedict", "catherine", "dominic", "evangeline"]
[[round]]
knocker = "benedict"
[round.hands]
annabel = 25
benedict = 5
catherine = 2
dominic = 20
evangeline = 18
[[round]]
knocker = "dominic"
[round.hands]
annabel = 3
benedict = 30
catherine = 14
dominic = 4
evangeline = 3
[[round]]
[round.hands]
annabel = 12
benedict = 0
catherine = 40
dominic = 9
evangeline = 11
"#;

    fn five() -> (Tally, Rules) {
        let record = GameRecord::from_toml(FIVE).unwrap();
        (tally(&record).unwrap(), record.rules)
    }

    fn at_widths(name: &str, tally: &Tally, rules: &Rules) {
        for width in [40, 60, 80, 120] {
            let text = scoreboard(&board(tally, rules), Look::plain(width));
            assert!(
                width_of(&text) <= width,
                "{name} at {width} is {} wide:\n{text}",
                width_of(&text)
            );
            insta::assert_snapshot!(format!("{name}_{width}"), text);
        }
    }

    #[test]
    fn scoreboard_fits_40_60_80_and_120_columns_finished_game() {
        let (tally, rules) = scored("examples/finished-game.toml");
        at_widths("finished", &tally, &rules);
    }

    #[test]
    fn scoreboard_fits_40_60_80_and_120_columns_five_long_names() {
        let (tally, rules) = five();
        at_widths("five", &tally, &rules);
    }

    #[test]
    fn scoreboard_layouts_narrow_step_by_step() {
        let (tally, rules) = five();
        let wide = scoreboard(&board(&tally, &rules), Look::plain(120));
        assert!(wide.contains("How it ended"), "{wide}");
        let narrow = scoreboard(&board(&tally, &rules), Look::plain(40));
        assert!(narrow.contains("│ Player"), "{narrow}");
        assert!(
            narrow.contains("benedict went out: benedict +97."),
            "{narrow}"
        );
    }

    #[test]
    fn scoreboard_shows_the_leader_and_the_distance_to_the_target() {
        let (tally, rules) = five();
        let text = scoreboard(&board(&tally, &rules), Look::plain(120));
        assert!(
            text.contains("benedict leads with 97: 53 to go to 150."),
            "{text}"
        );
        assert!(text.contains("To 150"), "{text}");
    }

    #[test]
    fn scoreboard_before_any_round_is_a_sentence_not_an_empty_frame() {
        let record = GameRecord::from_toml("players = [\"ann\", \"ben\"]\n").unwrap();
        let text = scoreboard(
            &board(&tally(&record).unwrap(), &record.rules),
            Look::plain(80),
        );
        assert_eq!(
            text,
            "No round scored yet: ann and ben start at 0, and the game ends when a total\nreaches 150.\n"
        );
    }

    #[test]
    fn scoreboard_is_coloured_only_when_asked() {
        let (tally, rules) = five();
        let plain = scoreboard(&board(&tally, &rules), Look::plain(120));
        assert!(!plain.contains('\u{1b}'));
        let coloured = scoreboard(
            &board(&tally, &rules),
            Look {
                width: 120,
                colour: true,
            },
        );
        assert!(coloured.contains('\u{1b}'));
    }
}
