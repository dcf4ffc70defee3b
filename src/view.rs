//! The game in play as the live table page shows it: one serializable snapshot of any game
//! of the family ([`View`]). Everything but the table itself is built once for every game
//! from the family's parts (the scoreboard, the running totals, `why` of each round); a game
//! gives only what lies on its table ([`Table`], through [`crate::desk::Desk::table_view`]).
//! Every text in it is made printable here, so a name can carry no control character to a
//! page; the page itself sets every text as text, never as markup.

use crate::render::board::Board;
use crate::render::chart::Series;
use crate::words::printable_lines;
use serde::Serialize;

/// The width the page's texts (`why`, the status) are laid out for: a phone held upright.
pub const PAGE_WIDTH: usize = 40;

/// A game in play, as every open page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// `carousel`, `canadian` or `carolina`.
    pub game: &'static str,
    pub title: &'static str,
    /// What the game calls a round: `round`, or `hand`.
    pub round_word: &'static str,
    /// The round in progress (the last one played once the game is over).
    pub number: usize,
    pub over: bool,
    /// Whose turn it is and where in it, as the REPL's prompt says it: `bob to draw`.
    pub turn: String,
    pub scoreboard: Scoreboard,
    /// Every finished round, first to last.
    pub rounds: Vec<Finished>,
    /// The running totals, for the chart.
    pub chart: Chart,
    pub table: Table,
}

/// The standings: who leads and how far each is from the target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Scoreboard {
    /// Who scores: `Player` or `Side`.
    pub who: &'static str,
    pub names: Vec<String>,
    /// The totals the standings go by: the final totals once the game is over.
    pub totals: Vec<i64>,
    pub target: i64,
    /// How far each is from the target: 0 once reached.
    pub to_go: Vec<i64>,
    /// The leaders (the winners once the game is over), by index in `names`.
    pub leaders: Vec<usize>,
    /// Rounds won by each.
    pub won: Vec<u32>,
    /// The end's bonuses, once the game is over, for a game that has them.
    pub bonuses: Option<Vec<i64>>,
}

/// A finished round, with how its points came about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finished {
    pub number: usize,
    /// How it ended, in a few words.
    pub ending: String,
    pub points: Vec<i64>,
    pub totals: Vec<i64>,
    pub winners: Vec<usize>,
    /// `why N`, as the REPL says it at the page's width.
    pub why: String,
}

/// The running totals, one line a name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Chart {
    pub names: Vec<String>,
    /// Per name, the total after each round.
    pub totals: Vec<Vec<i64>>,
    pub target: i64,
    /// What the totals leave out, said in the heading.
    pub note: &'static str,
}

/// What lies on the table: the game's own part of the view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Table {
    /// Carousel: the stock, each player's cards, the melds numbered as the REPL numbers them.
    Cards {
        stock: u32,
        held: Vec<Held>,
        /// The melds, from 1.
        melds: Vec<String>,
        /// The players whose hands are still to be given, once the round is over.
        waiting: Vec<String>,
    },
    /// Canadian and Carolina Rummy: the sides, what each has laid and each player's hand
    /// left, as given for the hand in progress.
    Sides {
        sides: Vec<Side>,
        /// Who went out, once given: a name, or that nobody did (the stock ran out).
        out: Option<String>,
        /// The top of the discard pile, when the game knows it.
        pile_top: Option<String>,
        /// What is still to be given before the hand is scored.
        missing: Vec<String>,
    },
}

/// A player's cards in hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Held {
    pub name: String,
    pub cards: u32,
}

/// A side of Canadian or Carolina Rummy in the hand in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Side {
    pub name: String,
    pub players: Vec<String>,
    /// The side's melds as given (sets, or a counted value), and their value.
    pub table: Option<String>,
    pub value: Option<u32>,
    /// Each player's hand left as given: cards, or a count.
    pub hands: Vec<HandLeft>,
}

/// A player's hand left, once given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandLeft {
    pub name: String,
    pub left: Option<String>,
}

/// What the referee said of the last line that was a step or was refused: the page shows it
/// under the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ruling {
    /// The line ruled on, as typed (without its comment).
    pub line: String,
    pub accepted: bool,
    /// The rules the refusal cites (`M2`), when the game numbers its rules.
    pub rules: Vec<String>,
    pub message: String,
}

/// What an open page is sent: the game in play (none between games), the last ruling and a
/// number that grows with every snapshot, so a page knows the newest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Snapshot {
    pub seq: u64,
    pub view: Option<View>,
    pub ruling: Option<Ruling>,
}

/// `why` of each finished round as last laid out, for the next view: a round's text is laid
/// out again only when what it is made of changed (its result, its totals, the house
/// rules), so that a line at the referee does not lay out every round again.
#[derive(Clone, Debug, Default)]
pub struct Whys {
    rules: String,
    /// Per round, from 1: its result as the record writes it, its totals, and its `why`.
    rounds: Vec<(String, Vec<i64>, String)>,
}

impl Whys {
    /// Forgets every text laid out under other house rules.
    pub fn under(&mut self, rules: &str) {
        if self.rules != rules {
            self.rules = rules.to_string();
            self.rounds.clear();
        }
    }

    /// `why` of round `number` (from 1, in order), laid out by `make` unless it was under
    /// the same result and totals.
    pub fn of(
        &mut self,
        number: usize,
        result: String,
        totals: &[i64],
        make: impl FnOnce() -> String,
    ) -> String {
        let at = number - 1;
        if let Some((was, then, why)) = self.rounds.get(at)
            && *was == result
            && then == totals
        {
            return why.clone();
        }
        let why = make();
        self.rounds.truncate(at);
        self.rounds.push((result, totals.to_vec(), why.clone()));
        why
    }
}

/// The parts every game gives the family, put together into a view; `table` is the game's.
pub struct Parts<'a> {
    /// The game's name (`carousel`) and its name for people.
    pub game: &'static str,
    pub title: &'static str,
    pub number: usize,
    pub over: bool,
    pub prompt: String,
    pub board: Board<'a>,
    pub series: Series,
    /// `why N` of each finished round, in order.
    pub whys: Vec<String>,
    pub table: Table,
}

/// How far a total is from the target.
fn to_go(target: i64, total: i64) -> i64 {
    (target - total).max(0)
}

fn text(s: &str) -> String {
    printable_lines(s).into_owned()
}

fn texts(names: &[String]) -> Vec<String> {
    names.iter().map(|n| text(n)).collect()
}

impl View {
    /// The view of a game from its parts.
    pub fn of(parts: Parts) -> View {
        let Parts {
            game,
            title,
            number,
            over,
            prompt,
            board,
            series,
            whys,
            table,
        } = parts;
        let totals = board
            .end
            .as_ref()
            .map_or_else(|| board.totals.clone(), |e| e.final_totals.clone());
        let leaders = match &board.end {
            Some(end) => end.winners.clone(),
            None if board.rows.is_empty() => Vec::new(),
            None => {
                let best = totals.iter().copied().max().unwrap_or(0);
                (0..totals.len()).filter(|i| totals[*i] == best).collect()
            }
        };
        let rounds = board
            .rows
            .iter()
            .zip(whys)
            .enumerate()
            .map(|(i, (row, why))| Finished {
                number: i + 1,
                ending: text(&row.ending),
                points: row.points.clone(),
                totals: row.totals.clone(),
                winners: row.winners.clone(),
                why: text(&why),
            })
            .collect();
        View {
            game,
            title,
            round_word: series.step,
            number,
            over,
            turn: text(prompt.trim_end().trim_end_matches('>').trim_end()),
            scoreboard: Scoreboard {
                who: board.who,
                names: texts(&board.names),
                to_go: totals.iter().map(|t| to_go(board.target, *t)).collect(),
                totals,
                target: board.target,
                leaders,
                won: board.won.clone(),
                bonuses: board.end.as_ref().and_then(|e| e.bonuses.clone()),
            },
            rounds,
            chart: Chart {
                names: texts(&series.names),
                totals: series.totals,
                target: series.target,
                note: series.note,
            },
            table,
        }
    }
}

impl Table {
    /// Every text of the table made printable.
    #[must_use]
    pub fn printable(self) -> Table {
        match self {
            Table::Cards {
                stock,
                held,
                melds,
                waiting,
            } => Table::Cards {
                stock,
                held: held
                    .into_iter()
                    .map(|h| Held {
                        name: text(&h.name),
                        cards: h.cards,
                    })
                    .collect(),
                melds: texts(&melds),
                waiting: texts(&waiting),
            },
            Table::Sides {
                sides,
                out,
                pile_top,
                missing,
            } => Table::Sides {
                sides: sides
                    .into_iter()
                    .map(|s| Side {
                        name: text(&s.name),
                        players: texts(&s.players),
                        table: s.table.as_deref().map(text),
                        value: s.value,
                        hands: s
                            .hands
                            .into_iter()
                            .map(|h| HandLeft {
                                name: text(&h.name),
                                left: h.left.as_deref().map(text),
                            })
                            .collect(),
                    })
                    .collect(),
                out: out.as_deref().map(text),
                pile_top: pile_top.as_deref().map(text),
                missing: texts(&missing),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::board::{End, Row, Rows};

    fn parts(totals: &[i64], end: Option<End>) -> Parts<'static> {
        let names = vec!["ann".to_string(), "ben\u{7}".to_string()];
        Parts {
            game: "carousel",
            title: "Carousel",
            number: 2,
            over: end.is_some(),
            prompt: "ann to draw> ".to_string(),
            board: Board {
                step: "Round",
                who: "Player",
                names: names.clone(),
                rows: Rows::of(vec![Row {
                    ending: "ann knocked".to_string(),
                    points: totals.to_vec(),
                    totals: totals.to_vec(),
                    winners: vec![0],
                }]),
                totals: totals.to_vec(),
                won: vec![1, 0],
                target: 150,
                end,
            },
            series: Series {
                names,
                totals: totals.iter().map(|t| vec![*t]).collect(),
                target: 150,
                step: "round",
                note: "",
            },
            whys: vec!["Round 1: ann knocked.".to_string()],
            table: Table::Cards {
                stock: 40,
                held: Vec::new(),
                melds: Vec::new(),
                waiting: Vec::new(),
            },
        }
    }

    #[test]
    fn a_why_is_laid_out_again_only_when_its_result_totals_or_rules_change() {
        let mut whys = Whys::default();
        let made = std::cell::Cell::new(0);
        let make = |whys: &mut Whys, n, result: &str, totals: &[i64]| {
            whys.of(n, result.to_string(), totals, || {
                made.set(made.get() + 1);
                format!("{result} {totals:?}")
            })
        };
        whys.under("target = 150");
        make(&mut whys, 1, "knock ann", &[10, 0]);
        make(&mut whys, 2, "knock ben", &[10, 5]);
        assert_eq!(made.get(), 2);
        make(&mut whys, 1, "knock ann", &[10, 0]);
        assert_eq!(
            make(&mut whys, 2, "knock ben", &[10, 5]),
            "knock ben [10, 5]"
        );
        assert_eq!(made.get(), 2);
        // Round 1 corrected: its totals and every later round's change.
        make(&mut whys, 1, "knock ann", &[12, 0]);
        make(&mut whys, 2, "knock ben", &[12, 5]);
        assert_eq!(made.get(), 4);
        whys.under("target = 200");
        make(&mut whys, 1, "knock ann", &[12, 0]);
        assert_eq!(made.get(), 5);
    }

    #[test]
    fn the_leader_leads_and_the_distance_to_the_target_stops_at_0() {
        let view = View::of(parts(&[160, 40], None));
        assert_eq!(view.scoreboard.leaders, [0]);
        assert_eq!(view.scoreboard.to_go, [0, 110]);
        assert_eq!(view.turn, "ann to draw");
        assert_eq!(view.rounds[0].why, "Round 1: ann knocked.");
    }

    #[test]
    fn once_over_the_standings_are_the_final_totals_and_the_winners_lead() {
        let end = End {
            bonuses: Some(vec![0, 100]),
            final_totals: vec![160, 140],
            winners: vec![0],
            bonus_words: None,
        };
        let view = View::of(parts(&[160, 40], Some(end)));
        assert_eq!(view.scoreboard.totals, [160, 140]);
        assert_eq!(view.scoreboard.leaders, [0]);
        assert_eq!(view.scoreboard.bonuses, Some(vec![0, 100]));
    }

    #[test]
    fn no_one_leads_before_a_round_is_scored_and_names_carry_no_control_character() {
        let mut before = parts(&[0, 0], None);
        before.board.rows = Rows::of(Vec::new());
        before.whys.clear();
        let view = View::of(before);
        assert!(view.scoreboard.leaders.is_empty());
        assert!(view.scoreboard.names.iter().all(|n| !n.contains('\u{7}')));
        assert!(view.chart.names.iter().all(|n| !n.contains('\u{7}')));
    }
}
