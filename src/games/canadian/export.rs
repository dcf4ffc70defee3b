//! Canadian and Carolina Rummy's rows for export: every hand by side (the table laid, what
//! was held, what was deducted, the going-out bonus, the points) and the running totals.

use crate::export::{Parts, cell, outcome, text_cell};
use crate::family::GameKind;
use crate::games::canadian;
use crate::games::canadian::scoring::{HandScore, SideScore};
use indexmap::IndexMap;
use serde::Serialize;
use std::io;

/// A Canadian or Carolina Rummy game as exported: every hand by side (the table laid, what
/// was held, what was deducted, the going-out bonus, the points) and the running totals.
/// Its JSON has the shape of `tally`'s for these games
/// (docs/commands.md#tally-of-canadian-and-carolina-records): keyed by side name,
/// no bonuses at the end, `final` equal to `totals` once finished.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CanadianExport {
    pub game: GameKind,
    pub players: Vec<String>,
    /// Each side by its name (`alice+carol`, or a player's own name) and its players.
    pub sides: IndexMap<String, Vec<String>>,
    pub target: u32,
    pub rounds: Vec<CanadianRound>,
    pub totals: IndexMap<String, i64>,
    pub finished: bool,
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_totals: Option<IndexMap<String, i64>>,
    pub game_winners: Vec<String>,
}

/// One hand as exported, keyed by side name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CanadianRound {
    pub round: usize,
    /// Who went out; none when the stock ran out.
    pub out: Option<String>,
    /// The count of the side's sets on the table.
    pub table: IndexMap<String, u32>,
    /// The count of the cards its players still held.
    pub held: IndexMap<String, u32>,
    /// What was deducted: what was held, or 0 for the side whose player went out.
    pub hand: IndexMap<String, u32>,
    pub bonus: IndexMap<String, u32>,
    pub points: IndexMap<String, i64>,
    /// The running totals after this hand.
    pub totals: IndexMap<String, i64>,
}

/// Gathers a scored Canadian or Carolina game for export, whole (for the tests, which hold
/// the game exported a hand at a time to it).
#[cfg(test)]
pub(crate) fn export(
    setup: &canadian::play::Setup,
    tally: &canadian::record::Tally,
) -> CanadianExport {
    let mut gathered = export_head(setup, tally);
    gathered.rounds = (0..tally.rounds.len())
        .map(|i| round_of(setup, tally, i))
        .collect();
    gathered
}

/// Hand `i` (from 0) of a scored game, as exported.
fn round_of(
    setup: &canadian::play::Setup,
    tally: &canadian::record::Tally,
    i: usize,
) -> CanadianRound {
    let sides = &setup.sides;
    let names = sides.names();
    let by_side = |values: &mut dyn Iterator<Item = i64>| -> IndexMap<String, i64> {
        names.iter().cloned().zip(values).collect()
    };
    let counts = |f: &dyn Fn(&SideScore) -> u32, score: &HandScore| -> IndexMap<String, u32> {
        names
            .iter()
            .cloned()
            .zip(score.sides.iter().map(f))
            .collect()
    };
    let r = &tally.rounds[i];
    CanadianRound {
        round: i + 1,
        out: r.score.out.map(|p| sides.players()[p].clone()),
        table: counts(&|s| s.table, &r.score),
        held: counts(&|s| s.held, &r.score),
        hand: counts(&|s| s.hand, &r.score),
        bonus: counts(&|s| s.bonus, &r.score),
        points: by_side(&mut r.score.sides.iter().map(|s| s.points)),
        totals: by_side(&mut r.totals.iter().copied()),
    }
}

/// The game for export without its hands: what every format says besides them.
fn export_head(setup: &canadian::play::Setup, tally: &canadian::record::Tally) -> CanadianExport {
    let sides = &setup.sides;
    let names = sides.names();
    let totals: IndexMap<String, i64> = names
        .iter()
        .cloned()
        .zip(tally.totals.iter().copied())
        .collect();
    CanadianExport {
        game: setup.variant.kind(),
        players: sides.players().to_vec(),
        sides: (0..sides.len())
            .map(|s| {
                let members = sides
                    .members(s)
                    .iter()
                    .map(|p| sides.players()[*p].clone())
                    .collect();
                (sides.name(s), members)
            })
            .collect(),
        target: setup.rules.target,
        rounds: Vec::new(),
        final_totals: tally.is_over().then(|| totals.clone()),
        totals,
        finished: tally.is_over(),
        game_winners: tally
            .end
            .iter()
            .flat_map(|e| &e.winners)
            .map(|s| names[*s].clone())
            .collect(),
    }
}

/// A scored game to export, each hand made as it is written ([`crate::export::Exporting`]).
pub(crate) fn exporting<'a>(
    setup: &'a canadian::play::Setup,
    tally: &'a canadian::record::Tally,
) -> crate::export::Exporting<CanadianExport, impl Fn(usize) -> CanadianRound + 'a> {
    crate::export::Exporting {
        head: export_head(setup, tally),
        count: tally.rounds.len(),
        round: move |i| round_of(setup, tally, i),
    }
}

impl Parts for CanadianExport {
    type Round = CanadianRound;

    fn rounds(&self) -> &[CanadianRound] {
        &self.rounds
    }

    fn head(&self) -> CanadianExport {
        CanadianExport {
            rounds: Vec::new(),
            ..self.clone()
        }
    }

    /// A row a hand, five columns a side: table, held, deducted, bonus, points, total.
    fn csv(
        &self,
        rounds: impl Iterator<Item = CanadianRound>,
        out: &mut dyn io::Write,
    ) -> io::Result<()> {
        let mut writer = csv::Writer::from_writer(out);
        let mut header = vec!["hand".to_string(), "out".to_string()];
        for side in self.sides.keys() {
            for column in ["table", "held", "deducted", "bonus", "points", "total"] {
                header.push(text_cell(&format!("{side} {column}")));
            }
        }
        writer.write_record(&header)?;
        for r in rounds {
            let mut row = vec![
                r.round.to_string(),
                text_cell(r.out.as_deref().unwrap_or_default()),
            ];
            for side in self.sides.keys() {
                row.push(r.table[side].to_string());
                row.push(r.held[side].to_string());
                row.push(r.hand[side].to_string());
                row.push(r.bonus[side].to_string());
                row.push(r.points[side].to_string());
                row.push(r.totals[side].to_string());
            }
            writer.write_record(&row)?;
        }
        if self.finished {
            let mut row = vec![
                "winners".to_string(),
                text_cell(&self.game_winners.join(" ")),
            ];
            row.resize(header.len(), String::new());
            writer.write_record(&row)?;
        }
        writer.flush()
    }

    /// A heading, the scoreboard by side as a Markdown table, and each hand's points (the
    /// hands read twice, once for each).
    fn markdown<I: Iterator<Item = CanadianRound>>(
        &self,
        rounds: &dyn Fn() -> I,
        out: &mut dyn io::Write,
    ) -> io::Result<()> {
        let sides: Vec<String> = self.sides.keys().map(|s| cell(s)).collect();
        writeln!(out, "# {}: {}\n", self.title(), sides.join(", "))?;
        let mut header = String::from("| Hand | Out |");
        let mut rule = String::from("| ---: | --- |");
        for side in &sides {
            header.push_str(&format!(" {side} |"));
            rule.push_str(" ---: |");
        }
        writeln!(out, "{header}\n{rule}")?;
        let mut any = false;
        for r in rounds() {
            any = true;
            let who = r.out.as_deref().map_or("-".to_string(), cell);
            write!(out, "| {} | {who} |", r.round)?;
            for side in self.sides.keys() {
                write!(out, " {:+} = {} |", r.points[side], r.totals[side])?;
            }
            out.write_all(b"\n")?;
        }
        out.write_all(b"\n")?;
        out.write_all(
            outcome(
                self.finished,
                &self.game_winners,
                &format!(
                    "the game ends after the hand in which a side reaches {}",
                    self.target
                ),
            )
            .as_bytes(),
        )?;
        if any {
            out.write_all(b"## How the points came about\n\n")?;
        }
        for r in rounds() {
            let scored: Vec<String> = self
                .sides
                .keys()
                .map(|side| {
                    let mut how = format!(
                        "{} table {} - hand {}",
                        cell(side),
                        r.table[side],
                        r.hand[side]
                    );
                    if r.bonus[side] > 0 {
                        how.push_str(&format!(" + going out {}", r.bonus[side]));
                    }
                    how.push_str(&format!(" = {}", r.points[side]));
                    how
                })
                .collect();
            writeln!(out, "- Hand {}: {}", r.round, scored.join("; "))?;
        }
        Ok(())
    }
}

impl CanadianExport {
    fn title(&self) -> &'static str {
        self.game.title()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::Exported;
    use crate::games::canadian::Variant;
    use crate::games::canadian::play::scored;
    use crate::games::canadian::record::Record;

    #[test]
    fn a_game_exported_a_hand_at_a_time_says_what_it_says_gathered_whole() {
        let text = std::fs::read_to_string("examples/canadian-game.toml").unwrap();
        let record = Record::from_toml(&text, Variant::Canadian).unwrap();
        let (setup, tally) = scored(&record).unwrap();
        let exporting = exporting(&setup, &tally);
        let whole = export(&setup, &tally);
        assert_eq!(exporting.to_csv().unwrap(), whole.to_csv().unwrap());
        assert_eq!(exporting.to_json(), whole.to_json());
        // The hands written into the head's JSON as they come are the whole game's JSON.
        assert_eq!(exporting.to_json(), serde_json::to_string(&whole).unwrap());
        assert_eq!(exporting.to_markdown(), whole.to_markdown());
        assert_eq!(
            whole.to_csv().unwrap().lines().count(),
            tally.rounds.len() + 1 + usize::from(tally.is_over())
        );
    }
}
