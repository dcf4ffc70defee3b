//! The saved games as a list to pick from, and statistics across them, each as a table when
//! it fits the width and as short lines when it does not.

use super::look::{Look, width_of, wrap, wrap_items};
use crate::catalogue::Saved;
use crate::stats::GameStats;
use crate::words::{and_list, plural, printable};
use comfy_table::{CellAlignment, ColumnConstraint, Width};
use std::fmt::Write;

fn new_table() -> comfy_table::Table {
    let mut table = comfy_table::Table::new();
    table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED.with_rounded_corners());
    table.force_no_tty();
    table
}

fn right(table: &mut comfy_table::Table, columns: &[usize]) {
    for (i, column) in table.column_iter_mut().enumerate() {
        if columns.contains(&i) {
            column.set_cell_alignment(CellAlignment::Right);
            column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(1)));
        }
    }
}

/// Who leads (or won) a saved game, in a few words.
fn standing(saved: &Saved) -> String {
    match &saved.summary {
        None => String::new(),
        Some(s) if s.leaders.is_empty() => "no round yet".to_string(),
        Some(s) if s.finished => format!("{} won {}", and_list(&s.leaders), s.score),
        Some(s) => format!("{} {}", and_list(&s.leaders), s.score),
    }
}

/// Where a saved game stands.
fn state(saved: &Saved) -> String {
    saved
        .summary
        .as_ref()
        .map_or_else(|| "damaged".to_string(), crate::games::place)
}

/// The games played elsewhere whose file has gone, said once as they leave the list.
pub(crate) fn gone(paths: &[std::path::PathBuf], look: Look) -> String {
    paths
        .iter()
        .map(|p| {
            wrap(
                &format!(
                    "{} is gone, so it leaves the list of games.",
                    crate::words::printable_path(p)
                ),
                look.width,
                2,
            )
        })
        .collect()
}

/// The saved games, numbered for `resume N`.
pub(crate) fn games(list: &[Saved], look: Look) -> String {
    if list.is_empty() {
        return "No saved games yet: new NAMES starts one.\n".to_string();
    }
    let mut table = new_table();
    table.set_header(["#", "Game", "Players", "Where", "Leader", "Last played"]);
    for s in list {
        let players = s
            .summary
            .as_ref()
            .map_or_else(String::new, |s| s.players.join(" "));
        table.add_row([
            s.number.to_string(),
            printable(&s.name).into_owned(),
            players,
            state(s),
            standing(s),
            s.date.clone(),
        ]);
    }
    right(&mut table, &[0]);
    let text = table.to_string();
    let mut out = String::new();
    if width_of(&text) <= look.width {
        out.push_str(&text);
        out.push('\n');
    } else {
        for s in list {
            let _ = writeln!(out, "{:>2}  {}", s.number, printable(&s.name));
            let players = s
                .summary
                .as_ref()
                .map_or_else(String::new, |s| format!("{}; ", s.players.join(" ")));
            let leader = standing(s);
            let leader = if leader.is_empty() {
                String::new()
            } else {
                format!("{leader}; ")
            };
            out.push_str(&wrap(
                &format!("    {players}{}; {leader}{}", state(s), s.date),
                look.width,
                4,
            ));
        }
    }
    for s in list {
        if let Some(problem) = &s.damaged {
            out.push_str(&wrap(
                &format!(
                    "{} {} cannot be read: {}",
                    s.number,
                    printable(&s.name),
                    printable(problem)
                ),
                look.width,
                2,
            ));
        }
    }
    out
}

/// Statistics across the saved games, each game of the family on its own.
pub(crate) fn stats(games: &[GameStats], look: Look) -> String {
    if games.is_empty() {
        return "No saved games yet: statistics come once a game is played.\n".to_string();
    }
    let mut out = String::new();
    for game in games {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&figures(game, look));
    }
    out
}

/// One game's figures: a heading that counts the games and what was scored in them, then
/// the table of players when it fits the width, with the key to its columns under it, or
/// else each player's name and figures in words.
fn figures(game: &GameStats, look: Look) -> String {
    let mut out = wrap(
        &format!(
            "{}: {} ({} finished), {} scored.",
            game.title,
            plural(game.games, "game", "games"),
            game.finished,
            plural(game.rounds, game.step, &format!("{}s", game.step))
        ),
        look.width,
        0,
    );
    let mut table = new_table();
    let mut header = vec!["Player".to_string()];
    header.extend(game.columns.iter().map(|c| c.head.to_string()));
    table.set_header(header);
    for p in &game.players {
        let mut row = vec![printable(&p.name).into_owned()];
        row.extend(p.figures.iter().map(|f| f.text()));
        table.add_row(row);
    }
    right(&mut table, &(1..=game.columns.len()).collect::<Vec<_>>());
    let text = table.to_string();
    if width_of(&text) <= look.width {
        out.push_str(&text);
        out.push('\n');
        out.push_str(&wrap(&game.key, look.width, 0));
    } else {
        for p in &game.players {
            let _ = writeln!(out, "{}", look.bold(&printable(&p.name)));
            let figures: Vec<String> = game
                .columns
                .iter()
                .zip(&p.figures)
                .map(|(c, f)| format!("{} {}", c.words, f.text()))
                .collect();
            out.push_str(&wrap_items(&figures, look.width, 2));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::{Scored, Summary};
    use std::path::PathBuf;

    fn read(file: &str) -> Box<dyn Scored> {
        crate::catalogue::read_scored(std::path::Path::new(file)).unwrap()
    }

    fn list() -> Vec<Saved> {
        let summary = |players: &[&str], round, finished, leaders: &[&str], score| Summary {
            game: crate::games::manipulation::CAROUSEL,
            players: players
                .iter()
                .map(std::string::ToString::to_string)
                .collect(),
            round,
            finished,
            leaders: leaders
                .iter()
                .map(std::string::ToString::to_string)
                .collect(),
            score,
        };
        vec![
            Saved {
                number: 1,
                name: "2025-11-21-ann-ben".into(),
                path: PathBuf::from("2025-11-21-ann-ben.toml"),
                date: "2025-11-21 20:15".into(),
                summary: Some(summary(&["ann", "ben"], 3, false, &["ben"], 96)),
                damaged: None,
            },
            Saved {
                number: 2,
                name: "2025-11-20-alice-bob-carol".into(),
                path: PathBuf::from("2025-11-20-alice-bob-carol.toml"),
                date: "2025-11-20 22:40".into(),
                summary: Some(summary(
                    &["alice", "bob", "carol"],
                    5,
                    true,
                    &["alice"],
                    254,
                )),
                damaged: None,
            },
            Saved {
                number: 3,
                name: "old".into(),
                path: PathBuf::from("old.toml"),
                date: "2025-10-01 09:00".into(),
                summary: None,
                damaged: Some("line 1: invalid array".into()),
            },
        ]
    }

    #[test]
    fn games_list_at_40_80_and_120_columns() {
        for width in [40, 80, 120] {
            let text = games(&list(), Look::plain(width));
            assert!(width_of(&text) <= width, "{width}:\n{text}");
            insta::assert_snapshot!(format!("games_{width}"), text);
        }
    }

    #[test]
    fn games_list_names_a_canadian_or_carolina_game_and_counts_hands() {
        let mut list = list();
        let summary = list[0].summary.as_mut().unwrap();
        summary.game = crate::games::canadian::CAROLINA;
        summary.leaders = vec!["ann+cy".to_string()];
        summary.score = -40;
        let text = games(&list, Look::plain(120));
        assert!(text.contains("Carolina Rummy hand 3"), "{text}");
        assert!(text.contains("ann+cy -40"), "{text}");
        insta::assert_snapshot!("games_family_120", text);
    }

    #[test]
    fn stats_of_every_game_of_the_family_say_which_game_they_count() {
        let s = crate::games::stats(&[
            read("examples/finished-game.toml"),
            read("examples/canadian-game.toml"),
            read("examples/carolina-game.toml"),
        ]);
        for width in [40, 80] {
            let text = stats(&s, Look::plain(width));
            assert!(width_of(&text) <= width, "{width}:\n{text}");
            assert!(text.contains("Carousel: 1 game"), "{text}");
            assert!(
                text.contains("Canadian Rummy: 1 game (1 finished)"),
                "{text}"
            );
            assert!(
                text.contains("Carolina Rummy: 1 game (1 finished)"),
                "{text}"
            );
            insta::assert_snapshot!(format!("stats_family_{width}"), text);
        }
    }

    #[test]
    fn stats_at_40_80_and_120_columns() {
        let s = crate::games::stats(&[
            read("examples/finished-game.toml"),
            read("examples/finished-game.toml"),
        ]);
        for width in [40, 80, 120] {
            let text = stats(&s, Look::plain(width));
            assert!(width_of(&text) <= width, "{width}:\n{text}");
            insta::assert_snapshot!(format!("stats_{width}"), text);
        }
    }
}
