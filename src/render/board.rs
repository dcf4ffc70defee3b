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

use super::look::{Look, wrap};
use crate::words::and_list;
use comfy_table::{Attribute, Cell, CellAlignment, Color, ColumnConstraint, Width};

/// A game's scoreboard, as every game gives it.
#[derive(Debug)]
pub struct Board<'a> {
    /// What a round is called, capitalised: `Round`, `Hand`.
    pub step: &'static str,
    /// Who scores, capitalised: `Player`, `Side`.
    pub who: &'static str,
    pub names: Vec<String>,
    pub rows: Rows<'a>,
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

/// The board's finished rounds, each row made from the game's tally as it is read: a long
/// game's rows are never all held at once.
pub struct Rows<'a> {
    count: usize,
    row: Box<dyn Fn(usize) -> Row + 'a>,
}

impl<'a> Rows<'a> {
    /// `count` rows, row `i` (from 0) made by `row(i)`.
    pub fn new(count: usize, row: impl Fn(usize) -> Row + 'a) -> Rows<'a> {
        Rows {
            count,
            row: Box::new(row),
        }
    }

    /// Rows already made.
    pub fn of(rows: Vec<Row>) -> Rows<'a> {
        Rows::new(rows.len(), move |i| rows[i].clone())
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Each row in turn, made as it is taken.
    pub fn iter(&self) -> impl Iterator<Item = Row> + '_ {
        (0..self.count).map(|i| (self.row)(i))
    }
}

impl std::fmt::Debug for Rows<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
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

impl Board<'_> {
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

/// Rows of a table drawn at a time: a long game's scoreboard is never held whole, as cells
/// or as text. The table is drawn a piece at a time with every column at its width over the
/// whole table, so the pieces join into the table drawn at once.
const ROWS_DRAWN_AT_ONCE: usize = 64;

/// One layout of a board's table, its cells made as they are drawn.
struct Table<'b, 'a> {
    board: &'b Board<'a>,
    layout: Layout,
    leading: Vec<usize>,
}

impl<'b, 'a> Table<'b, 'a> {
    fn new(board: &'b Board<'a>, layout: Layout) -> Table<'b, 'a> {
        Table {
            board,
            layout,
            leading: leaders(board.standing()).0,
        }
    }

    /// The first column of numbers, and the least width of each (padding included).
    fn numbers(&self) -> (usize, u16) {
        match self.layout {
            Layout::Wide => (2, 6),
            Layout::NoEndings | Layout::TotalsOnly | Layout::Standings => (1, 3),
        }
    }

    fn header(&self) -> Vec<Cell> {
        let board = self.board;
        if self.layout == Layout::Standings {
            let mut header = vec![Cell::new(board.who), Cell::new("Total"), Cell::new("Won")];
            match &board.end {
                Some(End {
                    bonuses: Some(_), ..
                }) => header.extend([Cell::new("Bonus"), Cell::new("Final")]),
                Some(_) => {}
                None => header.push(Cell::new(format!("To {}", board.target))),
            }
            return header;
        }
        let mut header = vec![Cell::new(if self.layout == Layout::Wide {
            board.step
        } else {
            "#"
        })];
        if self.layout == Layout::Wide {
            header.push(Cell::new("How it ended"));
        }
        header.extend(
            board
                .names
                .iter()
                .enumerate()
                .map(|(p, n)| name_cell(n, self.leading.contains(&p))),
        );
        header
    }

    /// Every row under the header, in order: a row a player in the standings; else a row a
    /// round, then the end's rows or how far each is from the target.
    fn body(&self) -> Box<dyn Iterator<Item = Vec<Cell>> + '_> {
        if self.layout == Layout::Standings {
            return Box::new(self.standings());
        }
        let rounds = self
            .board
            .rows
            .iter()
            .enumerate()
            .map(|(i, round)| self.round(i, &round));
        Box::new(rounds.chain(self.closing()))
    }

    fn standings(&self) -> impl Iterator<Item = Vec<Cell>> + '_ {
        let board = self.board;
        let scores = board.standing();
        let mut order: Vec<usize> = (0..board.names.len()).collect();
        order.sort_by(|a, b| scores[*b].cmp(&scores[*a]).then(a.cmp(b)));
        order.into_iter().map(move |p| {
            let mut row = vec![
                name_cell(&board.names[p], self.leading.contains(&p)),
                Cell::new(board.totals[p]),
                Cell::new(board.won[p]),
            ];
            match &board.end {
                Some(End {
                    bonuses: Some(bonuses),
                    final_totals,
                    ..
                }) => row.extend([
                    Cell::new(format!("+{}", bonuses[p])),
                    Cell::new(final_totals[p]).add_attribute(Attribute::Bold),
                ]),
                Some(_) => {}
                None => row.push(Cell::new(to_go(board.target, board.totals[p]))),
            }
            row
        })
    }

    fn round(&self, i: usize, round: &Row) -> Vec<Cell> {
        let mut row = vec![Cell::new(i + 1)];
        if self.layout == Layout::Wide {
            row.push(Cell::new(&round.ending));
        }
        for p in 0..self.board.names.len() {
            let gained = round.points[p];
            let total = round.totals[p];
            row.push(match self.layout {
                Layout::TotalsOnly => gain_cell(total.to_string(), gained > 0),
                _ if gained != 0 => gain_cell(format!("{} = {total}", signed(gained)), gained > 0),
                _ => Cell::new(total),
            });
        }
        row
    }

    /// The rows after the rounds: the end's bonuses and final totals, or how far each is
    /// from the target; labelled in the last column before the players.
    fn closing(&self) -> Vec<Vec<Cell>> {
        let board = self.board;
        let wide = self.layout == Layout::Wide;
        let labelled = |text: &str| -> Vec<Cell> {
            let mut row = vec![Cell::new(""); if wide { 2 } else { 1 }];
            if let Some(last) = row.last_mut() {
                *last = Cell::new(text);
            }
            row
        };
        match &board.end {
            Some(End {
                bonuses: Some(bonuses),
                final_totals,
                ..
            }) => {
                let mut bonus = labelled(if wide { "Bonuses" } else { "+" });
                bonus.extend(bonuses.iter().map(|b| Cell::new(format!("+{b}"))));
                let mut last = labelled(if wide { "Final" } else { "=" });
                last.extend(
                    final_totals
                        .iter()
                        .map(|t| Cell::new(t).add_attribute(Attribute::Bold)),
                );
                vec![bonus, last]
            }
            Some(_) => Vec::new(),
            None => {
                let to = format!("To {}", board.target);
                let mut row = labelled(if wide { &to } else { "to go" });
                row.extend(
                    board
                        .totals
                        .iter()
                        .map(|t| Cell::new(to_go(board.target, *t)).add_attribute(Attribute::Dim)),
                );
                vec![row]
            }
        }
    }

    /// What is listed under the table, a line a round (nothing in the widest layout).
    fn under(&self) -> impl Iterator<Item = String> + '_ {
        let layout = self.layout;
        let board = self.board;
        let rows = if layout == Layout::Wide {
            0
        } else {
            board.rows.len()
        };
        board
            .rows
            .iter()
            .take(rows)
            .enumerate()
            .map(move |(i, row)| {
                if layout == Layout::NoEndings {
                    format!("{:>2}  {}.", i + 1, row.ending)
                } else {
                    format!("{:>2}  {}: {}.", i + 1, row.ending, gains(board, &row))
                }
            })
    }

    /// A piece of the table: the header and `rows`, each column at least `widths` wide.
    fn piece(
        &self,
        rows: Vec<Vec<Cell>>,
        widths: Option<&[u16]>,
        look: Look,
    ) -> comfy_table::Table {
        let mut table = comfy_table::Table::new();
        table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED.with_rounded_corners());
        table.force_no_tty();
        table.set_header(self.header());
        for row in rows {
            table.add_row(row);
        }
        let (first_number, least) = self.numbers();
        for (c, column) in table.column_iter_mut().enumerate() {
            if c >= first_number {
                column.set_cell_alignment(CellAlignment::Right);
            }
            let width = widths.map_or(if c >= first_number { least } else { 0 }, |w| w[c]);
            if width > 0 {
                column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(width)));
            }
        }
        if look.colour {
            table.enforce_styling();
        }
        table
    }

    /// Each column's width over the whole table, padding included, read a piece at a time.
    fn widths(&self) -> Vec<u16> {
        let (first_number, least) = self.numbers();
        let mut widths: Vec<u16> = Vec::new();
        let mut measure = |table: comfy_table::Table| {
            let found = table.column_max_content_widths();
            widths.resize(widths.len().max(found.len()), 0);
            for (width, content) in widths.iter_mut().zip(found) {
                *width = (*width).max(content.saturating_add(2));
            }
        };
        let mut body = self.body();
        loop {
            let rows: Vec<Vec<Cell>> = body.by_ref().take(ROWS_DRAWN_AT_ONCE).collect();
            let last = rows.len() < ROWS_DRAWN_AT_ONCE;
            measure(self.piece(rows, None, Look::plain(0)));
            if last {
                break;
            }
        }
        for width in widths.iter_mut().skip(first_number) {
            *width = (*width).max(least);
        }
        widths
    }

    /// The table's width on the terminal: its columns and the borders between them.
    fn drawn_width(widths: &[u16]) -> usize {
        widths.iter().map(|w| usize::from(*w)).sum::<usize>() + widths.len() + 1
    }

    /// Draws the table, `rows_at_once` rows at a time, a line at a time to `out`.
    fn draw(&self, widths: &[u16], look: Look, rows_at_once: usize, out: &mut dyn FnMut(&str)) {
        let mut body = self.body().peekable();
        let mut first = true;
        loop {
            let rows: Vec<Vec<Cell>> = body.by_ref().take(rows_at_once).collect();
            let last = body.peek().is_none();
            let text = self.piece(rows, Some(widths), look).to_string();
            let mut lines: Vec<&str> = text.lines().collect();
            if !last {
                // The bottom border: the next piece goes on under these rows.
                lines.pop();
            }
            // The top border, the header and the line under it are drawn once.
            let skip = if first { 0 } else { 3 };
            for line in lines.iter().skip(skip) {
                out(line);
                out("\n");
            }
            if last {
                break;
            }
            first = false;
        }
    }
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
    let mut text = String::new();
    write_scoreboard(board, look, &mut |piece| text.push_str(piece));
    text
}

/// [`scoreboard`], written a piece at a time to `out` as it is drawn: what it holds does not
/// grow with the game's length.
pub fn write_scoreboard(board: &Board, look: Look, out: &mut dyn FnMut(&str)) {
    draw_scoreboard(board, look, ROWS_DRAWN_AT_ONCE, out);
}

fn draw_scoreboard(board: &Board, look: Look, rows_at_once: usize, out: &mut dyn FnMut(&str)) {
    if board.rows.is_empty() {
        out(&wrap(
            &format!(
                "No {} scored yet: {} start at 0, and the game ends when a total reaches {}.",
                board.step_word(),
                and_list(&board.names),
                board.target
            ),
            look.width,
            0,
        ));
        return;
    }
    // The widest layout that fits; the standings always do.
    let (table, widths) = [Layout::Wide, Layout::NoEndings, Layout::TotalsOnly]
        .into_iter()
        .map(|layout| {
            let table = Table::new(board, layout);
            let widths = table.widths();
            (table, widths)
        })
        .find(|(_, widths)| Table::drawn_width(widths) <= look.width)
        .unwrap_or_else(|| {
            let table = Table::new(board, Layout::Standings);
            let widths = table.widths();
            (table, widths)
        });
    table.draw(&widths, look, rows_at_once, out);
    for line in table.under() {
        out(&wrap(&line, look.width, 4));
    }
    out(&summary(board, look));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::manipulation::game::GameRecord;
    use crate::games::manipulation::game::Tally;
    use crate::games::manipulation::play::tally;
    use crate::games::manipulation::rules::Rules;
    use crate::render::look::width_of;

    fn setup(tally: &Tally, rules: &Rules) -> crate::games::manipulation::play::Setup {
        crate::games::manipulation::play::Setup::of_record(
            tally.sides.clone(),
            rules.clone(),
            crate::deck::Deck::for_players(tally.sides.len()).unwrap(),
        )
    }

    /// The scoreboard of a game of Carousel scored so far.
    fn drawn(tally: &Tally, rules: &Rules, look: Look) -> String {
        let setup = setup(tally, rules);
        scoreboard(&crate::desk::Desk::board(&setup, tally), look)
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
            let text = drawn(tally, rules, Look::plain(width));
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
        let wide = drawn(&tally, &rules, Look::plain(120));
        assert!(wide.contains("How it ended"), "{wide}");
        let narrow = drawn(&tally, &rules, Look::plain(40));
        assert!(narrow.contains("│ Player"), "{narrow}");
        assert!(
            narrow.contains("benedict went out: benedict +97."),
            "{narrow}"
        );
    }

    #[test]
    fn scoreboard_shows_the_leader_and_the_distance_to_the_target() {
        let (tally, rules) = five();
        let text = drawn(&tally, &rules, Look::plain(120));
        assert!(
            text.contains("benedict leads with 97: 53 to go to 150."),
            "{text}"
        );
        assert!(text.contains("To 150"), "{text}");
    }

    /// A long game: its totals grow to four figures well after the first piece of the table.
    fn long(rounds: usize, target: u32) -> (Tally, Rules) {
        let mut text =
            format!("players = [\"ann\", \"ben\", \"cat\"]\n[rules]\ntarget = {target}\n");
        for round in 0..rounds {
            let knocker = ["ann", "ben", "cat"][round % 3];
            text.push_str(&format!(
                "[[round]]\nknocker = \"{knocker}\"\n[round.hands]\n"
            ));
            for (p, name) in ["ann", "ben", "cat"].iter().enumerate() {
                let left = if *name == knocker {
                    0
                } else {
                    5 + (round * 7 + p) % 40
                };
                text.push_str(&format!("{name} = {left}\n"));
            }
        }
        let record = GameRecord::from_toml(&text).unwrap();
        (tally(&record).unwrap(), record.rules)
    }

    /// A table drawn a few rows at a time, every column at its width over the whole table,
    /// is the table drawn at once, line for line, in every layout, plain and coloured.
    #[test]
    fn a_table_drawn_a_piece_at_a_time_is_the_table_drawn_at_once() {
        for (rounds, target) in [(150, 100_000), (81, 2_000), (2, 150)] {
            let (tally, rules) = long(rounds, target);
            let setup = setup(&tally, &rules);
            let board = crate::desk::Desk::board(&setup, &tally);
            for layout in [
                Layout::Wide,
                Layout::NoEndings,
                Layout::TotalsOnly,
                Layout::Standings,
            ] {
                for colour in [false, true] {
                    let look = Look { width: 80, colour };
                    let table = Table::new(&board, layout);
                    let whole = table.piece(table.body().collect(), None, look).to_string();
                    let widths = table.widths();
                    assert_eq!(Table::drawn_width(&widths), width_of(&whole));
                    for rows_at_once in [1, 3, 64, 1000] {
                        let mut drawn = String::new();
                        table.draw(&widths, look, rows_at_once, &mut |piece| {
                            drawn.push_str(piece);
                        });
                        assert_eq!(drawn, format!("{whole}\n"), "{rows_at_once} at once");
                    }
                }
            }
        }
    }

    #[test]
    fn scoreboard_before_any_round_is_a_sentence_not_an_empty_frame() {
        let record = GameRecord::from_toml("players = [\"ann\", \"ben\"]\n").unwrap();
        let text = drawn(&tally(&record).unwrap(), &record.rules, Look::plain(80));
        assert_eq!(
            text,
            "No round scored yet: ann and ben start at 0, and the game ends when a total\nreaches 150.\n"
        );
    }

    #[test]
    fn scoreboard_is_coloured_only_when_asked() {
        let (tally, rules) = five();
        let plain = drawn(&tally, &rules, Look::plain(120));
        assert!(!plain.contains('\u{1b}'));
        let coloured = drawn(
            &tally,
            &rules,
            Look {
                width: 120,
                colour: true,
            },
        );
        assert!(coloured.contains('\u{1b}'));
    }
}
