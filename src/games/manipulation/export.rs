//! Carousel's rows for export: every round's hands, points, winners, knocker, undercut and
//! running totals, and the bonuses at the end.

use crate::export::{Parts, cell, outcome, text_cell};
use crate::games::manipulation::breakdown;
use crate::games::manipulation::game::Tally;
use crate::games::manipulation::rules::Rules;
use indexmap::IndexMap;
use serde::Serialize;
use std::io;

/// One round as exported. Maps are keyed by player name, in seating order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Round {
    pub round: usize,
    pub knocker: Option<String>,
    pub winners: Vec<String>,
    pub undercut: bool,
    pub went_out: bool,
    pub deadwood: IndexMap<String, u32>,
    pub points: IndexMap<String, u32>,
    /// How each winner's points came about: `27 + 2 + 10 undercut`.
    pub breakdown: IndexMap<String, String>,
    /// The running totals after this round.
    pub totals: IndexMap<String, i64>,
}

/// A whole game as exported.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Export {
    pub players: Vec<String>,
    pub target: u32,
    pub rounds: Vec<Round>,
    pub totals: IndexMap<String, i64>,
    pub finished: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonuses: Option<IndexMap<String, i64>>,
    /// How each bonus came about: `100`, `3 x 25`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus_breakdown: Option<IndexMap<String, String>>,
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_totals: Option<IndexMap<String, i64>>,
    pub game_winners: Vec<String>,
}

/// Gathers a scored game for export.
pub fn export(tally: &Tally, rules: &Rules) -> Export {
    let mut gathered = export_head(tally, rules);
    gathered.rounds = (0..tally.rounds.len())
        .map(|i| round_of(tally, rules, i))
        .collect();
    gathered
}

/// The game for export without its rounds: what every format says besides them.
fn export_head(tally: &Tally, rules: &Rules) -> Export {
    let names = &tally.sides;
    let totals = |values: &[i64]| -> IndexMap<String, i64> {
        names.iter().cloned().zip(values.iter().copied()).collect()
    };
    let end = tally.end.as_ref();
    Export {
        players: names.clone(),
        target: rules.target,
        rounds: Vec::new(),
        totals: totals(&tally.totals),
        finished: end.is_some(),
        bonuses: end.map(|e| totals(&e.bonuses)),
        bonus_breakdown: end.map(|e| {
            breakdown::game_end(tally, e, rules)
                .into_iter()
                .map(|b| (names[b.player].clone(), b.points.formula()))
                .collect()
        }),
        final_totals: end.map(|e| totals(&e.final_totals)),
        game_winners: end.map_or_else(Vec::new, |e| who(names, &e.winners)),
    }
}

fn who(names: &[String], players: &[usize]) -> Vec<String> {
    players.iter().map(|p| names[*p].clone()).collect()
}

/// Round `i` (from 0) of a scored game, as exported.
fn round_of(tally: &Tally, rules: &Rules, i: usize) -> Round {
    let names = &tally.sides;
    let by_name = |values: &[u32]| -> IndexMap<String, u32> {
        names.iter().cloned().zip(values.iter().copied()).collect()
    };
    let r = &tally.rounds[i];
    let b = breakdown::round(&r.score, r.score.knocker, rules);
    Round {
        round: i + 1,
        knocker: r.score.knocker.map(|k| names[k].clone()),
        winners: who(names, &r.score.winners),
        undercut: r.score.undercut,
        went_out: r.score.went_out,
        deadwood: by_name(&r.score.deadwood),
        points: by_name(&r.score.points),
        breakdown: b
            .winners
            .iter()
            .map(|w| (names[w.player].clone(), w.formula()))
            .collect(),
        totals: names
            .iter()
            .cloned()
            .zip(r.totals.iter().copied())
            .collect(),
    }
}

/// A scored game to export, each round made as it is written ([`crate::export::Exporting`]).
pub(crate) fn exporting<'a>(
    tally: &'a Tally,
    rules: &'a Rules,
) -> crate::export::Exporting<Export, impl Fn(usize) -> Round + 'a> {
    crate::export::Exporting {
        head: export_head(tally, rules),
        count: tally.rounds.len(),
        round: move |i| round_of(tally, rules, i),
    }
}

impl Parts for Export {
    type Round = Round;

    fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    fn head(&self) -> Export {
        Export {
            rounds: Vec::new(),
            ..self.clone()
        }
    }

    /// A row a round, then `bonuses` and `final` rows once the game is over. Each player has
    /// three columns: deadwood, points and total (on the `bonuses` row: the bonus and the
    /// final total). Winners are joined with a space.
    fn csv(&self, rounds: impl Iterator<Item = Round>, out: &mut dyn io::Write) -> io::Result<()> {
        let mut writer = csv::Writer::from_writer(out);
        let mut header = vec![
            "round".to_string(),
            "knocker".to_string(),
            "winners".to_string(),
            "undercut".to_string(),
            "went_out".to_string(),
        ];
        for name in &self.players {
            header.push(text_cell(&format!("{name} deadwood")));
            header.push(text_cell(&format!("{name} points")));
            header.push(text_cell(&format!("{name} total")));
        }
        writer.write_record(&header)?;
        for r in rounds {
            let mut row = vec![
                r.round.to_string(),
                text_cell(r.knocker.as_deref().unwrap_or_default()),
                text_cell(&r.winners.join(" ")),
                r.undercut.to_string(),
                r.went_out.to_string(),
            ];
            for name in &self.players {
                row.push(r.deadwood[name].to_string());
                row.push(r.points[name].to_string());
                row.push(r.totals[name].to_string());
            }
            writer.write_record(&row)?;
        }
        if let (Some(bonuses), Some(finals)) = (&self.bonuses, &self.final_totals) {
            let mut row = vec![
                "bonuses".to_string(),
                String::new(),
                text_cell(&self.game_winners.join(" ")),
                String::new(),
                String::new(),
            ];
            for name in &self.players {
                row.push(String::new());
                row.push(bonuses[name].to_string());
                row.push(finals[name].to_string());
            }
            writer.write_record(&row)?;
        }
        writer.flush()
    }

    /// A heading, the scoreboard as a Markdown table, and how every round's points and every
    /// bonus came about (the rounds read twice, once for each).
    fn markdown<I: Iterator<Item = Round>>(
        &self,
        rounds: &dyn Fn() -> I,
        out: &mut dyn io::Write,
    ) -> io::Result<()> {
        writeln!(out, "# Carousel: {}\n", cell(&self.players.join(", ")))?;
        let mut header = String::from("| Round | Knocker | Winners |");
        let mut rule = String::from("| ---: | --- | --- |");
        for name in &self.players {
            header.push_str(&format!(" {} |", cell(name)));
            rule.push_str(" ---: |");
        }
        writeln!(out, "{header}\n{rule}")?;
        let mut any = false;
        for r in rounds() {
            any = true;
            let knocker = r.knocker.as_deref().map_or("-".to_string(), cell);
            let mut how = cell(&r.winners.join(", "));
            if r.undercut {
                how.push_str(" (undercut)");
            }
            if r.went_out {
                how.push_str(" (went out)");
            }
            write!(out, "| {} | {knocker} | {how} |", r.round)?;
            for name in &self.players {
                let gained = r.points[name];
                let total = r.totals[name];
                if gained > 0 {
                    write!(out, " +{gained} = {total} |")?;
                } else {
                    write!(out, " {total} |")?;
                }
            }
            out.write_all(b"\n")?;
        }
        if let (Some(bonuses), Some(finals)) = (&self.bonuses, &self.final_totals) {
            out.write_all(b"| | | Bonuses |")?;
            for name in &self.players {
                write!(out, " +{} |", bonuses[name])?;
            }
            out.write_all(b"\n| | | **Final** |")?;
            for name in &self.players {
                write!(out, " **{}** |", finals[name])?;
            }
            out.write_all(b"\n")?;
        }
        out.write_all(b"\n")?;
        out.write_all(
            outcome(
                self.finished,
                &self.game_winners,
                &format!("the game ends when a total reaches {}", self.target),
            )
            .as_bytes(),
        )?;
        if any {
            out.write_all(b"## How the points came about\n\n")?;
        }
        for r in rounds() {
            let scored: Vec<String> = r
                .breakdown
                .iter()
                .map(|(name, formula)| format!("{} {formula} = {}", cell(name), r.points[name]))
                .collect();
            writeln!(out, "- Round {}: {}", r.round, scored.join("; "))?;
        }
        if let (Some(bonuses), Some(formulas)) = (&self.bonuses, &self.bonus_breakdown) {
            let scored: Vec<String> = formulas
                .iter()
                .map(|(name, formula)| {
                    if bonuses[name] == 0 {
                        format!("{} 0", cell(name))
                    } else if *formula == bonuses[name].to_string() {
                        format!("{} {formula}", cell(name))
                    } else {
                        format!("{} {formula} = {}", cell(name), bonuses[name])
                    }
                })
                .collect();
            writeln!(out, "- Bonuses: {}", scored.join("; "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::Exported;
    use crate::games::manipulation::game::GameRecord;
    use crate::games::manipulation::play::tally;

    const GAME: &str = "players = [\"alice\", \"bob\", \"carol\"]\n\
        [[round]]\nknocker = \"bob\"\n[round.hands]\nalice = 12\nbob = \"4s Ah\"\ncarol = \"Kd *\"\n\
        [[round]]\n[round.hands]\nalice = 3\nbob = 60\ncarol = 60\n\
        [[round]]\nknocker = \"carol\"\n[round.hands]\nalice = 3\nbob = 20\ncarol = 5\n\
        [[round]]\nknocker = \"alice\"\n[round.hands]\nalice = 2\nbob = 10\ncarol = 10\n";

    fn game() -> Export {
        let record = GameRecord::from_toml(GAME).unwrap();
        export(&tally(&record).unwrap(), &record.rules)
    }

    #[test]
    fn a_game_exported_a_round_at_a_time_says_what_it_says_gathered_whole() {
        let record = GameRecord::from_toml(GAME).unwrap();
        let scored = tally(&record).unwrap();
        let exporting = exporting(&scored, &record.rules);
        let whole = export(&scored, &record.rules);
        assert_eq!(exporting.to_csv().unwrap(), whole.to_csv().unwrap());
        assert_eq!(exporting.to_json(), whole.to_json());
        // The rounds written into the head's JSON as they come are the whole game's JSON.
        assert_eq!(exporting.to_json(), serde_json::to_string(&whole).unwrap());
        assert_eq!(exporting.to_markdown(), whole.to_markdown());
        assert_eq!(whole.to_csv().unwrap().lines().count(), 6);
    }

    #[test]
    fn csv_has_a_row_a_round_and_the_bonuses_row_once_finished() {
        let csv = game().to_csv().unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 6, "{csv}");
        assert!(lines[0].starts_with("round,knocker,winners,undercut,went_out,alice deadwood"));
        assert_eq!(lines[3], "3,carol,alice,true,false,3,29,143,20,0,37,5,0,0");
        assert_eq!(lines[5], "bonuses,,alice,,,,100,259,,25,62,,0,0");
    }

    #[test]
    fn csv_quotes_a_name_with_a_comma() {
        let record = GameRecord::from_toml(
            "players = [\"ann, sr\", \"ben\"]\n[[round]]\n[round.hands]\n\"ann, sr\" = 2\nben = 9\n",
        )
        .unwrap();
        let csv = export(&tally(&record).unwrap(), &record.rules)
            .to_csv()
            .unwrap();
        assert!(csv.contains("\"ann, sr deadwood\""), "{csv}");
        assert!(csv.contains(",\"ann, sr\","), "{csv}");
    }

    #[test]
    fn json_carries_points_winners_knocker_undercut_totals_and_bonuses() {
        let json: serde_json::Value = serde_json::from_str(&game().to_json()).unwrap();
        assert_eq!(json["rounds"][2]["knocker"], "carol");
        assert_eq!(json["rounds"][2]["undercut"], true);
        assert_eq!(json["rounds"][2]["winners"][0], "alice");
        assert_eq!(
            json["rounds"][2]["breakdown"]["alice"],
            "17 + 2 + 10 undercut"
        );
        assert_eq!(json["rounds"][1]["totals"]["alice"], 114);
        assert_eq!(json["bonuses"]["bob"], 25);
        assert_eq!(json["bonus_breakdown"]["bob"], "1 x 25");
        assert_eq!(json["final"]["alice"], 259);
        assert_eq!(json["game_winners"][0], "alice");
    }

    #[test]
    fn markdown_is_a_table_and_the_points_explained() {
        let md = game().to_markdown();
        assert!(
            md.contains("| 3 | carol | alice (undercut) | +29 = 143 | 37 | 0 |"),
            "{md}"
        );
        assert!(
            md.contains("| | | **Final** | **259** | **62** | **0** |"),
            "{md}"
        );
        assert!(
            md.contains("- Round 3: alice 17 + 2 + 10 undercut = 29"),
            "{md}"
        );
        assert!(
            md.contains("- Bonuses: alice 100; bob 1 x 25 = 25; carol 0"),
            "{md}"
        );
    }

    #[test]
    fn csv_text_cells_a_spreadsheet_would_read_as_formulas_are_quoted_and_numbers_stay() {
        let record = GameRecord::from_toml(
            "players = [\"=1+1\", \"ben\"]\n[[round]]\nknocker = \"=1+1\"\n[round.hands]\n\"=1+1\" = 2\nben = 9\n",
        )
        .unwrap();
        let csv = export(&tally(&record).unwrap(), &record.rules)
            .to_csv()
            .unwrap();
        assert!(csv.contains(",'=1+1 deadwood,"), "{csv}");
        assert!(csv.contains("\n1,'=1+1,'=1+1,false,false,2,"), "{csv}");
    }
}
