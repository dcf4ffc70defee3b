//! The saved games as a list to pick from, and statistics across them, each as a table when
//! it fits the width and as short lines when it does not.

use super::look::{Look, width_of, wrap};
use crate::catalogue::Saved;
use crate::family::GameKind;
use crate::stats::{SideStats, Stats};
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

/// Where a saved game stands; a game other than Carousel is named, and counts hands.
fn state(saved: &Saved) -> String {
    match &saved.summary {
        None => "damaged".to_string(),
        Some(s) if s.game == GameKind::Carousel && s.finished => "finished".to_string(),
        Some(s) if s.game == GameKind::Carousel => format!("round {}", s.round),
        Some(s) if s.finished => format!("{} finished", s.game.name()),
        Some(s) => format!("{} hand {}", s.game.name(), s.round),
    }
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

/// Statistics across the saved games: Carousel's, then each other game's under its name.
pub(crate) fn stats(stats: &Stats, look: Look) -> String {
    if stats.games == 0 && stats.other_games.is_empty() {
        return "No saved games yet: statistics come once a game is played.\n".to_string();
    }
    let mut out = String::new();
    if stats.games > 0 {
        out.push_str(&carousel_stats(stats, look));
    }
    for side in &stats.other_games {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&side_stats(side, look));
    }
    out
}

/// One game's statistics, as every game shows them: a heading that counts the games and
/// what was scored in them, then the table of players when it fits the width, with the key
/// to its columns under it, or else each player's name and figures in words.
struct Figures<'a> {
    title: &'a str,
    games: u32,
    finished: u32,
    /// What was scored, counted: "5 rounds", "1 hand".
    scored: String,
    table: comfy_table::Table,
    key: String,
    /// Each player's name and figures in words, for a terminal too narrow for the table.
    in_words: Vec<(&'a str, String)>,
}

impl Figures<'_> {
    fn render(&self, look: Look) -> String {
        let mut out = wrap(
            &format!(
                "{}: {} ({} finished), {} scored.",
                self.title,
                plural(self.games, "game", "games"),
                self.finished,
                self.scored
            ),
            look.width,
            0,
        );
        let text = self.table.to_string();
        if width_of(&text) <= look.width {
            out.push_str(&text);
            out.push('\n');
            out.push_str(&wrap(&self.key, look.width, 0));
        } else {
            for (name, figures) in &self.in_words {
                let _ = writeln!(out, "{}", look.bold(name));
                out.push_str(&wrap(figures, look.width, 2));
            }
        }
        out
    }
}

/// One of Canadian and Carolina Rummy's figures, where players win with their side.
fn side_stats(stats: &SideStats, look: Look) -> String {
    let mut table = new_table();
    table.set_header(["Player", "Games", "Won", "Hands", "Won", "Out"]);
    for p in &stats.players {
        table.add_row([
            p.name.clone(),
            p.games.to_string(),
            p.games_won.to_string(),
            p.hands.to_string(),
            p.hands_won.to_string(),
            p.went_out.to_string(),
        ]);
    }
    right(&mut table, &[1, 2, 3, 4, 5]);
    Figures {
        title: stats.game.title(),
        games: stats.games,
        finished: stats.finished,
        scored: plural(stats.hands, "hand", "hands"),
        table,
        key: format!(
            "Won: games and hands won with their side (a hand by scoring the most in it). Out: times they went out. {} only.",
            stats.game.title()
        ),
        in_words: stats
            .players
            .iter()
            .map(|p| {
                let figures = format!(
                    "  games {} won {}; hands {} won {}; went out {}",
                    p.games, p.games_won, p.hands, p.hands_won, p.went_out
                );
                (p.name.as_str(), figures)
            })
            .collect(),
    }
    .render(look)
}

/// Carousel's figures.
fn carousel_stats(stats: &Stats, look: Look) -> String {
    let mut table = new_table();
    table.set_header([
        "Player", "Games", "Won", "Rounds", "Won", "Under", "Out", "Knock", "Avg left", "Best",
    ]);
    for p in &stats.players {
        table.add_row([
            p.name.clone(),
            p.games.to_string(),
            p.games_won.to_string(),
            p.rounds.to_string(),
            p.rounds_won.to_string(),
            p.undercuts.to_string(),
            p.went_out.to_string(),
            p.knocks.to_string(),
            format!("{:.1}", p.average_deadwood),
            p.highest_round.to_string(),
        ]);
    }
    right(&mut table, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    Figures {
        title: GameKind::Carousel.title(),
        games: stats.games,
        finished: stats.finished,
        scored: plural(stats.rounds, "round", "rounds"),
        table,
        key: "Won: games and rounds won. Under: rounds won by an undercut. Out: times gone out. Knock: knocks. Avg left: deadwood left in hand at a round's end, on average. Best: the most points in one round.".to_string(),
        in_words: stats
            .players
            .iter()
            .map(|p| {
                let figures = format!(
                    "  games {} won {}; rounds {} won {}; undercuts {}; went out {}; knocks {}; average deadwood {:.1}; best round {}",
                    p.games,
                    p.games_won,
                    p.rounds,
                    p.rounds_won,
                    p.undercuts,
                    p.went_out,
                    p.knocks,
                    p.average_deadwood,
                    p.highest_round
                );
                (p.name.as_str(), figures)
            })
            .collect(),
    }
    .render(look)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Summary;
    use crate::games::manipulation::game::{GameRecord, tally};
    use std::path::PathBuf;

    fn list() -> Vec<Saved> {
        let summary = |players: &[&str], round, finished, leaders: &[&str], score| Summary {
            game: GameKind::Carousel,
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
        summary.game = GameKind::Canadian(crate::games::canadian::Variant::Carolina);
        summary.leaders = vec!["ann+cy".to_string()];
        summary.score = -40;
        let text = games(&list, Look::plain(120));
        assert!(text.contains("carolina hand 3"), "{text}");
        assert!(text.contains("ann+cy -40"), "{text}");
        insta::assert_snapshot!("games_family_120", text);
    }

    #[test]
    fn stats_of_every_game_of_the_family_say_which_game_they_count() {
        let read = |file: &str| {
            let text = std::fs::read_to_string(file).unwrap();
            crate::family::Record::from_toml(&text)
                .unwrap()
                .tally()
                .unwrap()
        };
        let s = crate::stats::family_stats(&[
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
        let text = std::fs::read_to_string("examples/finished-game.toml").unwrap();
        let t = tally(&GameRecord::from_toml(&text).unwrap()).unwrap();
        let s = crate::stats::stats([&t, &t]);
        for width in [40, 80, 120] {
            let text = stats(&s, Look::plain(width));
            assert!(width_of(&text) <= width, "{width}:\n{text}");
            insta::assert_snapshot!(format!("stats_{width}"), text);
        }
    }
}
