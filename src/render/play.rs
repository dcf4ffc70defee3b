//! Text for the game in progress: the numbered table, what each step did, the state of the
//! round, the history and the house rules.

use crate::games::manipulation::play::{DRAWS_A_TURN, Game, Note, Phase, RoundEnd, Step};
use crate::games::manipulation::table::Table;
use crate::notation::Spaced;
use crate::rules::{GameRules, HouseRule};
use crate::session::Note as Said;
use crate::words::{and_list, cards};
use std::fmt::Write;

fn ordinal(n: u32) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        3 => "third",
        _ => "next",
    }
}

/// The table with its melds numbered as moves name them; `fresh` melds are marked.
pub(crate) fn table(table: &Table, fresh: &[usize]) -> String {
    if table.is_empty() {
        return "Table: empty.\n".to_string();
    }
    let mut out = String::from("Table:\n");
    for (i, meld) in table.melds().iter().enumerate() {
        let mark = if fresh.contains(&(i + 1)) {
            "   <- new"
        } else {
            ""
        };
        let _ = writeln!(out, "  {:>2}  {meld}{mark}", i + 1);
    }
    out
}

/// Why a move was judged with the earlier moves of its turn.
pub(crate) fn judged_whole(game: &Game) -> String {
    let name = &game.players()[game.round().turn];
    format!(
        "(A turn is judged whole: with {name}'s earlier moves, from the table at the start of the turn.)"
    )
}

/// What the player whose turn it is may do now, in a few words.
pub(crate) fn turn(game: &Game) -> String {
    let r = game.round();
    let name = &game.players()[r.turn];
    if let Some(left) = r.last_lap {
        let turns = if left == 1 {
            "the last turn".to_string()
        } else {
            format!("{left} turns left")
        };
        return format!(
            "Last lap ({turns}): {name} may meld without drawing, knock, or end the turn (done)."
        );
    }
    if r.melded {
        return format!("{name} has melded: more moves, a knock, or done to end the turn.");
    }
    match r.draws {
        0 => format!("{name}'s turn: draw."),
        n if n >= DRAWS_A_TURN && !game.rules().meld_after_third_draw => {
            format!("{name} has drawn three cards: no meld after the third draw; knock or done.")
        }
        n if n >= DRAWS_A_TURN => {
            format!("{name} has drawn three cards: meld (house rule), knock or done.")
        }
        n if r.stock() == 0 => format!(
            "{name} has drawn {} and the stock is empty: meld, knock or done (the last lap follows).",
            cards(n)
        ),
        n => format!(
            "{name} has drawn {}: meld (meld, add, N = ...), or draw again.",
            cards(n)
        ),
    }
}

fn round_over(game: &Game, end: RoundEnd) -> String {
    let names = game.players();
    let number = game.number();
    let how = match end {
        RoundEnd::Knock(p) => format!("{} knocks", names[p]),
        RoundEnd::WentOut(p) => format!("{} goes out", names[p]),
        RoundEnd::StockOut => "The last lap is over".to_string(),
    };
    let waiting: Vec<&str> = game
        .waiting_hands()
        .iter()
        .map(|p| names[*p].as_str())
        .collect();
    let example = waiting
        .first()
        .map_or_else(|| "NAME".to_string(), |n| crate::words::typed(n));
    let whose = match waiting.as_slice() {
        [one] => format!("Give {one}'s hand"),
        _ => format!("Give the hands of {}", and_list(&waiting)),
    };
    format!(
        "{how}: round {number} is over.\n{whose}, as cards or a count: hand {example} Kd 7c *, or hand {example} 42.\n"
    )
}

/// What the steps just taken did, for the table to read.
pub(crate) fn notes(
    game: &Game,
    notes: &[Said<crate::games::manipulation::play::Setup>],
) -> String {
    let names = game.players();
    let mut out = String::new();
    for note in notes {
        let note = match note {
            Said::Game(note) => note,
            Said::Scored { round, score } => {
                let _ = writeln!(out, "\nRound {round} is scored.");
                out.push_str(&super::round(names, score.knocker, score, game.rules()));
                out.push('\n');
                out.push_str(&super::scoreboard(game.tally(), game.rules()));
                continue;
            }
            Said::Dealt { round } => {
                let r = game.round();
                let _ = writeln!(
                    out,
                    "\nRound {round}: {} deals, {} plays first. Stock {}. {}'s turn: draw.",
                    names[r.dealer],
                    names[r.turn],
                    r.stock(),
                    names[r.turn]
                );
                continue;
            }
            Said::GameOver => {
                out.push_str("The game is over. new NAMES starts another; undo goes back.\n");
                continue;
            }
            Said::Fixed { round, deleted } => {
                let what = if *deleted {
                    format!("Round {round} is taken out; later rounds move up one")
                } else {
                    format!("Round {round} is corrected; every later total follows")
                };
                let _ = writeln!(out, "{what} (undo takes it back):");
                out.push_str(&super::scoreboard(game.tally(), game.rules()));
                continue;
            }
            Said::Rule {
                key,
                value,
                redealt,
            } => {
                let _ = writeln!(out, "{key} is now {value} for this game.");
                let _ = redealt;
                continue;
            }
        };
        match note {
            Note::Drew {
                player,
                draw,
                held,
                stock,
            } => {
                let _ = write!(
                    out,
                    "{} draws ({} draw): {} in hand, stock {stock}.",
                    names[*player],
                    ordinal(*draw),
                    cards(*held)
                );
                if *draw >= DRAWS_A_TURN && !game.rules().meld_after_third_draw {
                    out.push_str(" No meld after the third draw: knock, or done.");
                }
                out.push('\n');
            }
            Note::LastCard { player } => {
                let _ = writeln!(
                    out,
                    "That was the last card of the stock. When {}'s turn ends, the last lap begins: one more turn each, to meld without drawing.",
                    names[*player]
                );
            }
            Note::Played {
                player,
                played,
                held,
                fresh,
            } => {
                let _ = writeln!(
                    out,
                    "Legal: {} played {}; {} left in hand.",
                    names[*player],
                    Spaced(played),
                    cards(*held)
                );
                out.push_str(&table(&game.round().table, fresh));
            }
            Note::Turn {
                player,
                stock,
                last_lap,
            } => match last_lap {
                None => {
                    let _ = writeln!(out, "{}'s turn: draw. Stock {stock}.", names[*player]);
                }
                Some(left) => {
                    let turns = if *left == 1 {
                        "the last turn of the lap".to_string()
                    } else {
                        format!("{left} turns left in the lap")
                    };
                    let _ = writeln!(
                        out,
                        "{}'s turn, {turns}: meld without drawing, knock, or done.",
                        names[*player]
                    );
                }
            },
            Note::LastLap => {
                out.push_str(
                    "The stock is out: the last lap begins, one more turn each to meld without drawing.\n",
                );
            }
            Note::RoundOver { end } => out.push_str(&round_over(game, *end)),
            Note::HandIn {
                player,
                deadwood,
                waiting,
            } => {
                let _ = write!(out, "{}'s hand counts {deadwood}.", names[*player]);
                if !waiting.is_empty() {
                    let waiting: Vec<&str> = waiting.iter().map(|p| names[*p].as_str()).collect();
                    let _ = write!(out, " Still to give: {}.", and_list(&waiting));
                }
                out.push('\n');
            }
            Note::TableCorrected {
                cards_before,
                cards_after,
                stock,
                illegal,
            } => {
                let _ = writeln!(
                    out,
                    "The table mirror is corrected: {} on it (were {cards_before}); stock {stock}.",
                    cards(*cards_after as u32)
                );
                let _ = match cards_after.cmp(cards_before) {
                    std::cmp::Ordering::Greater => writeln!(
                        out,
                        "Whose were the {} more? As it stands they came from the stock; if a player laid them, cards NAME N corrects that player's count.",
                        cards_after - cards_before
                    ),
                    std::cmp::Ordering::Less => writeln!(
                        out,
                        "Where did the {} fewer go? As it stands they went back to the stock; if a player took them, cards NAME N corrects that player's count.",
                        cards_before - cards_after
                    ),
                    std::cmp::Ordering::Equal => Ok(()),
                };
                for (number, why) in illegal {
                    let _ = writeln!(out, "Note: meld {number} is not legal: {why}.");
                }
                out.push_str(&table(&game.round().table, &[]));
            }
            Note::CardsCorrected {
                player,
                was,
                held,
                stock,
            } => {
                let _ = writeln!(
                    out,
                    "{} holds {} (the referee counted {was}); stock {stock}.",
                    names[*player],
                    cards(*held)
                );
            }
        }
    }
    out
}

/// Where the game stands: the round, whose turn, the stock, the cards held, the table.
pub(crate) fn status(game: &Game) -> String {
    let names = game.players();
    let r = game.round();
    let mut out = String::new();
    if game.is_over() {
        out.push_str(&super::scoreboard(game.tally(), game.rules()));
        return out;
    }
    match &game.round().phase {
        Phase::Hands { end, .. } => {
            let _ = writeln!(
                out,
                "Round {}, dealt by {}.",
                game.number(),
                names[r.dealer]
            );
            out.push_str(&round_over(game, *end));
        }
        Phase::Play => {
            let _ = writeln!(
                out,
                "Round {}, dealt by {}. {}",
                game.number(),
                names[r.dealer],
                turn(game)
            );
        }
    }
    let held: Vec<String> = names
        .iter()
        .zip(&r.held)
        .map(|(n, h)| format!("{n} {h}"))
        .collect();
    let _ = writeln!(
        out,
        "Stock {}. Cards in hand: {}.",
        r.stock(),
        held.join(", ")
    );
    out.push_str(&table(&r.table, &[]));
    out
}

/// The prompt: whose turn and where in it, or what the game waits for.
pub(crate) fn prompt(game: Option<&Game>) -> String {
    let Some(game) = game else {
        return "carousel> ".to_string();
    };
    let names = game.players();
    if game.is_over() {
        return "game over> ".to_string();
    }
    match &game.round().phase {
        Phase::Hands { .. } => {
            let waiting: Vec<&str> = game
                .waiting_hands()
                .iter()
                .map(|p| names[*p].as_str())
                .collect();
            format!("hands of {}> ", waiting.join(", "))
        }
        Phase::Play => {
            let r = game.round();
            let name = &names[r.turn];
            if r.last_lap.is_some() {
                format!("{name}, last lap> ")
            } else if r.melded {
                format!("{name}, melded> ")
            } else if r.draws == 0 {
                format!("{name} to draw> ")
            } else {
                format!("{name}, drawn {}> ", r.draws)
            }
        }
    }
}

/// One step of the history: the log line and what came of it.
fn step_line(game: &Game, number: usize, step: &Step) -> String {
    let names = game.players();
    let mut said: Vec<String> = Vec::new();
    for note in &step.notes {
        let note = match note {
            Said::Game(note) => note,
            Said::Scored { round, score } => {
                let winners: Vec<String> = score
                    .winners
                    .iter()
                    .map(|w| format!("{} +{}", names[*w], score.points[*w]))
                    .collect();
                said.push(format!("round {round} scored: {}", winners.join(", ")));
                continue;
            }
            Said::GameOver => {
                said.push("game over".to_string());
                continue;
            }
            _ => continue,
        };
        match note {
            Note::Drew { stock, .. } => said.push(format!("stock {stock}")),
            Note::Played { played, held, .. } => {
                said.push(format!("played {}, {} left", Spaced(played), cards(*held)));
            }
            Note::LastLap => said.push("the last lap begins".to_string()),
            Note::RoundOver { end } => said.push(
                match end {
                    RoundEnd::Knock(_) => "round over",
                    RoundEnd::WentOut(_) => "went out, round over",
                    RoundEnd::StockOut => "stock out, round over",
                }
                .to_string(),
            ),
            Note::HandIn { deadwood, .. } => said.push(format!("counts {deadwood}")),
            _ => {}
        }
    }
    let text = game.step_text(&step.step);
    if said.is_empty() {
        format!("{number:>4}  {text}\n")
    } else {
        format!("{number:>4}  {text}   ({})\n", said.join("; "))
    }
}

/// Every step of the game (or the last `last`), round by round.
pub(crate) fn history(game: &Game, last: Option<usize>) -> String {
    let steps = game.steps();
    if steps.is_empty() {
        return "No steps yet.\n".to_string();
    }
    let from = last.map_or(0, |n| steps.len().saturating_sub(n));
    let mut out = String::new();
    let mut round = 0;
    for (i, step) in steps.iter().enumerate().skip(from) {
        if step.round != round {
            round = step.round;
            let dealer = game.setup().dealer_of(round);
            let _ = writeln!(out, "Round {round}, dealt by {}:", game.players()[dealer]);
        }
        out.push_str(&step_line(game, i + 1, step));
    }
    out
}

/// Any game's house rules, each with its value and meaning; changed ones show the default.
pub(crate) fn rules<R: GameRules>(rules: &R) -> String {
    rule_lines(R::table(), |key| rules.value_text(key).unwrap_or_default())
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
