//! Carousel's words for people: the numbered table, what each step did, where the round
//! stands, the prompt, the history's notes, a verdict on a move, a round's result, how its
//! points came about (`why`), the solver's advice, and the house rules.

use crate::card::Card;
use crate::games::manipulation::breakdown::{self, NoPoints, Part};
use crate::games::manipulation::game::Tally;
use crate::games::manipulation::moves::Verdict;
use crate::games::manipulation::play::{DRAWS_A_TURN, Game, Note, Phase, RoundEnd, Setup};
use crate::games::manipulation::rules::Rules;
use crate::games::manipulation::scoring::RoundScore;
use crate::games::manipulation::solver::Solution;
use crate::games::manipulation::table::Table;
use crate::notation::Spaced;
use crate::render::board::{Board, End, Row, Rows};
use crate::render::look::{Look, wrap};
use crate::render::{new_table, numbers_from};
use crate::session::Note as Said;
use crate::words::{and_list, cards, plural};
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

/// The scoreboard of the game in play, for `look`.
pub(crate) fn scoreboard(game: &Game, look: Look) -> String {
    crate::render::board::scoreboard(&board(game.setup(), game.tally()), look)
}

/// The deck in words: `2 decks and 2 jokers (106 cards)`.
fn deck_words(deck: crate::deck::Deck) -> String {
    let decks = if deck.copies() == 1 {
        "one deck and a joker".to_string()
    } else {
        format!("{} decks and {} jokers", deck.copies(), deck.jokers())
    };
    format!("{decks} ({} cards)", deck.size())
}

/// What a new game says first: the players, the deck, the hands dealt and the target.
pub(crate) fn introduced(game: &Game) -> String {
    let rules = game.rules();
    format!(
        "New game: {}, with {}.\n{} cards each; the game ends when a total reaches {}.\n",
        and_list(game.players()),
        deck_words(game.setup().deck),
        rules.hand_size,
        rules.target
    )
}

/// Who deals round 1, who plays first, the stock; and what may change before the first draw.
pub(crate) fn first_round(game: &Game) -> String {
    let r = game.round();
    let names = game.players();
    format!(
        "Round 1: {} deals, {} plays first. Stock {}. {}\n(Before the first draw, dealer NAME picks another first dealer and rules shows the house rules.)\n",
        names[r.dealer],
        names[r.turn],
        r.stock(),
        turn(game)
    )
}

/// What the steps just taken did, for the table to read.
pub(crate) fn tell(game: &Game, notes: &[Said<Setup>], look: Look) -> String {
    let names = game.players();
    let mut out = String::new();
    for note in notes {
        let note = match note {
            Said::Game(note) => note,
            Said::Scored { round, score } => {
                let _ = writeln!(out, "\nRound {round} is scored.");
                out.push_str(&round_result(names, score.knocker, score, game.rules()));
                out.push('\n');
                out.push_str(&scoreboard(game, look));
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
                out.push_str(&scoreboard(game, look));
                continue;
            }
            Said::Rule {
                key,
                value,
                redealt,
            } => {
                let _ = write!(out, "{key} is now {value} for this game.");
                let r = game.round();
                if *redealt && !game.is_over() {
                    let _ = write!(
                        out,
                        " Round {} is dealt again: {} cards each, stock {}.",
                        game.number(),
                        game.rules().hand_size,
                        r.stock()
                    );
                } else if *key == "hand-size" && !game.is_over() {
                    out.push_str(" It applies from the next deal.");
                }
                out.push('\n');
                if !game.tally().rounds.is_empty() {
                    out.push_str(&scoreboard(game, look));
                }
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
                // Unless the same step ended the turn (pass): then the advice comes too late.
                let ended = notes
                    .iter()
                    .any(|n| matches!(n, Said::Game(Note::Turn { .. })));
                if *draw >= DRAWS_A_TURN && !game.rules().meld_after_third_draw && !ended {
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
                back,
                held,
                fresh,
            } => {
                let name = &names[*player];
                let _ = match (played.is_empty(), back.is_empty()) {
                    (_, true) => writeln!(
                        out,
                        "Legal: {name} played {}; {} left in hand.",
                        Spaced(played),
                        cards(*held)
                    ),
                    (true, false) => writeln!(
                        out,
                        "Legal: {} went back to {name}'s hand (laid earlier this turn); {} in hand.",
                        Spaced(back),
                        cards(*held)
                    ),
                    (false, false) => writeln!(
                        out,
                        "Legal: {name} played {}, and {} went back to the hand (laid earlier this turn); {} in hand.",
                        Spaced(played),
                        Spaced(back),
                        cards(*held)
                    ),
                };
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
                    let hands = if waiting.len() == 1 {
                        format!("{}'s hand", waiting[0])
                    } else {
                        format!("the hands of {}", and_list(&waiting))
                    };
                    let _ = write!(out, " Still to give: {hands}.");
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
                    "The referee's table now matches the table as it lies: {} on it (were {cards_before}); stock {stock}.",
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
pub(crate) fn status(game: &Game, look: Look) -> String {
    let names = game.players();
    let r = game.round();
    let mut out = String::new();
    if game.is_over() {
        out.push_str(&scoreboard(game, look));
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
pub(crate) fn prompt(game: &Game) -> String {
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
            let word = if waiting.len() == 1 { "hand" } else { "hands" };
            format!("{word} of {}> ", waiting.join(", "))
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

/// What a step did, in a few words, for the history.
pub(crate) fn said(game: &Game, notes: &[Said<Setup>]) -> Vec<String> {
    let names = game.players();
    let mut said: Vec<String> = Vec::new();
    for note in notes {
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
            Note::Played {
                played, back, held, ..
            } => {
                let mut parts = Vec::new();
                if !played.is_empty() || back.is_empty() {
                    parts.push(format!("played {}", Spaced(played)));
                }
                if !back.is_empty() {
                    parts.push(format!("{} back to the hand", Spaced(back)));
                }
                parts.push(format!("{} left", cards(*held)));
                said.push(parts.join(", "));
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
    said
}

/// A verdict on a move, and the table after it when it is legal.
pub(crate) fn verdict(verdict: &Verdict, after: &Table) -> String {
    let mut out = String::new();
    if verdict.is_legal() {
        let _ = writeln!(out, "Legal: {} played.", Spaced(&verdict.played));
        let _ = writeln!(out, "Table after: {after}");
    } else {
        let count = verdict.violations.len();
        let rules = plural(count as u32, "rule", "rules");
        let _ = writeln!(out, "Illegal: {rules} broken.");
        for v in &verdict.violations {
            let _ = writeln!(out, "  {}  {}", v.rule, v.message);
        }
    }
    out
}

/// How a round ended, in a few words.
pub(crate) fn how_it_ended(names: &[String], knocker: Option<usize>, score: &RoundScore) -> String {
    let who: Vec<&str> = score.winners.iter().map(|w| names[*w].as_str()).collect();
    if score.went_out {
        format!("{} went out", who.join(" and "))
    } else if let Some(k) = knocker {
        if score.undercut {
            format!("{} knocked; {} undercut", names[k], who.join(" and "))
        } else {
            format!("{} knocked", names[k])
        }
    } else {
        "stock ran out".to_string()
    }
}

/// One round's result: every hand's deadwood and points, and who won.
pub(crate) fn round_result(
    names: &[String],
    knocker: Option<usize>,
    score: &RoundScore,
    rules: &Rules,
) -> String {
    let mut table = new_table();
    table.set_header(["Player", "Deadwood", "Points"]);
    for (p, name) in names.iter().enumerate() {
        let mark = if score.winners.contains(&p) { " *" } else { "" };
        table.add_row([
            format!("{name}{mark}"),
            score.deadwood[p].to_string(),
            score.points[p].to_string(),
        ]);
    }
    numbers_from(&mut table, 1);
    let mut out = String::new();
    let _ = writeln!(out, "Round over: {}.", how_it_ended(names, knocker, score));
    let _ = writeln!(out, "{table}");
    let explained = crate::games::manipulation::breakdown::round(score, knocker, rules);
    let winners: Vec<String> = explained
        .winners
        .iter()
        .map(|w| {
            let name = &names[w.player];
            if w.parts.len() > 1 {
                format!("{name} with {} points ({})", w.total, w.formula())
            } else {
                format!("{name} with {} points", w.total)
            }
        })
        .collect();
    // The label says what the table's `*` marks.
    let label = if winners.len() == 1 {
        "Winner (*)"
    } else {
        "Winners (*)"
    };
    let _ = writeln!(out, "{label}: {}.", winners.join(", "));
    out
}

/// A game's scoreboard: a row a round, how it ended, the bonuses at the end.
pub(crate) fn board<'a>(setup: &'a Setup, tally: &'a Tally) -> Board<'a> {
    let rules = &setup.rules;
    let names = &tally.sides;
    Board {
        step: "Round",
        who: "Player",
        names: names.clone(),
        rows: Rows::new(tally.rounds.len(), move |i| {
            let r = &tally.rounds[i];
            Row {
                ending: how_it_ended(names, r.score.knocker, &r.score),
                points: r.points.clone(),
                totals: r.totals.clone(),
                winners: r.winners.clone(),
            }
        }),
        totals: tally.totals.clone(),
        won: tally.won.clone(),
        target: i64::from(rules.target),
        end: tally.end.as_ref().map(|end| End {
            bonuses: Some(end.bonuses.clone()),
            final_totals: end.final_totals.clone(),
            winners: end.winners.clone(),
            bonus_words: Some(bonus_words(tally, end, rules)),
        }),
    }
}

/// How the end's bonuses came about, in a sentence.
fn bonus_words(tally: &Tally, end: &crate::tally::End, rules: &Rules) -> String {
    let names = &tally.sides;
    let bonuses: Vec<String> = breakdown::game_end(tally, end, rules)
        .iter()
        .map(|b| {
            let name = &names[b.player];
            match b.points.parts.as_slice() {
                [] => format!("{name} 0"),
                [breakdown::Part::Game(p)] => {
                    format!("{name} {p} for reaching {}", rules.target)
                }
                _ if b.reached => format!(
                    "{name} {} = {} (reached {})",
                    b.points.formula(),
                    b.points.total,
                    rules.target
                ),
                _ => format!("{name} {} = {}", b.points.formula(), b.points.total),
            }
        })
        .collect();
    format!("Bonuses: {}.", bonuses.join(", "))
}

/// The referee's advice in play: the best play, or why there is no meld now.
pub(crate) fn hint(hint: &crate::games::manipulation::play::Hint, rules: &Rules) -> String {
    match &hint.no_meld {
        None => solution(&hint.best, rules),
        Some(why) => {
            let mut out = format!("No meld now: {why}.\n");
            out.push_str(&keep(&hint.best, rules));
            out
        }
    }
}

/// The solver's best play: the cards, the table after with its changed melds marked, what
/// is left in hand and whether the player may then knock.
pub(crate) fn solution(best: &Solution, rules: &Rules) -> String {
    let mut out = String::new();
    if best.played.is_empty() {
        let _ = writeln!(out, "No play lowers the deadwood: keep the hand.");
    } else {
        let _ = writeln!(
            out,
            "Best play: {} ({}).",
            Spaced(&best.played),
            cards(best.played.len() as u32)
        );
        let changed: Vec<usize> = (1..=best.changed.len())
            .filter(|n| best.changed[n - 1])
            .collect();
        out.push_str(&table(&best.table, &changed));
    }
    out.push_str(&keep(best, rules));
    out
}

/// A pile with no arrangement, and the cards in it that no meld of the pile could take
/// (when there are such, they are the plain reason).
pub(crate) fn no_arrangement(count: usize, in_no_meld: &[Card]) -> String {
    let mut out = if count == 1 {
        "No arrangement: one card alone is no meld.".to_string()
    } else {
        format!(
            "No arrangement: these {} cannot all be laid out as legal melds.",
            cards(u32::try_from(count).unwrap_or(u32::MAX))
        )
    };
    if count > 1 && !in_no_meld.is_empty() {
        let names: Vec<String> = in_no_meld.iter().map(ToString::to_string).collect();
        let verb = if names.len() == 1 { "fits" } else { "fit" };
        let _ = write!(
            out,
            " {} {verb} no meld these cards could make.",
            and_list(&names)
        );
    }
    out.push('\n');
    out
}

/// What stays in hand after the play, and whether it may knock.
fn keep(best: &Solution, rules: &Rules) -> String {
    let mut out = String::new();
    if best.left.is_empty() {
        let _ = writeln!(out, "Left in hand: nothing; that goes out.");
    } else {
        let _ = writeln!(
            out,
            "Left in hand: {} (deadwood {}).",
            Spaced(&best.left),
            best.deadwood
        );
        let limit = rules.knock_limit;
        let _ = if best.can_knock {
            writeln!(
                out,
                "May knock: {} is within the limit of {limit}.",
                best.deadwood
            )
        } else {
            writeln!(
                out,
                "No knock: {} is over the limit of {limit}.",
                best.deadwood
            )
        };
    }
    out
}

/// Round `number` (from 1) of a tally explained.
pub(crate) fn why_round(tally: &Tally, number: usize, rules: &Rules, look: Look) -> String {
    let names = &tally.sides;
    let r = &tally.rounds[number - 1];
    let b = breakdown::round(&r.score, r.score.knocker, rules);
    let mut out = String::new();
    let ended = how_it_ended(names, r.score.knocker, &r.score);
    let _ = writeln!(out, "Round {number}: {ended}.");
    let hands: Vec<String> = names
        .iter()
        .zip(&b.deadwood)
        .map(|(n, d)| format!("{n} {d}"))
        .collect();
    out.push_str(&wrap(
        &format!("  Hands left: {}.", hands.join(", ")),
        look.width,
        4,
    ));
    for w in &b.winners {
        let name = &names[w.player];
        let _ = writeln!(
            out,
            "  {} scores {} = {}:",
            look.leader(name),
            w.total,
            w.formula()
        );
        for part in &w.parts {
            let why = match *part {
                Part::Difference { from, theirs, .. } if r.score.went_out => {
                    format!("{}'s hand of {theirs}", names[from])
                }
                Part::Difference {
                    from, theirs, mine, ..
                } => format!("{}'s {theirs} less {name}'s {mine}", names[from]),
                Part::Undercut(_) => format!("undercut: {name} won without knocking"),
                Part::GoingOut(_) => format!("going out: {name} melded every card"),
                Part::Game(_) | Part::Rounds { .. } => String::new(),
            };
            out.push_str(&wrap(
                &format!("    {:>4}  {why}", part.points()),
                look.width,
                10,
            ));
        }
    }
    let winners: Vec<&str> = r.score.winners.iter().map(|w| names[*w].as_str()).collect();
    for (p, why) in &b.others {
        let name = &names[*p];
        let text = match why {
            NoPoints::Undercut => format!(
                "  {name} knocked with {} and was undercut by {}: 0.",
                b.deadwood[*p],
                and_list(&winners)
            ),
            NoPoints::OtherWentOut => format!("  {name}: 0 ({} went out).", and_list(&winners)),
            NoPoints::Higher => format!(
                "  {name}: 0 ({} is higher than {}).",
                b.deadwood[*p],
                r.score.winners.first().map_or(0, |w| b.deadwood[*w])
            ),
        };
        out.push_str(&wrap(&text, look.width, 4));
    }
    out
}

/// The game end's bonuses explained, or why there are none yet.
pub(crate) fn why_end(tally: &Tally, rules: &Rules, look: Look) -> String {
    let names = &tally.sides;
    let Some(end) = &tally.end else {
        return wrap(
            &format!(
                "The game is not over: bonuses come when a total reaches {} ({} for each player who reaches it, {} a round won for every other).",
                rules.target, rules.game_bonus, rules.round_bonus
            ),
            look.width,
            0,
        );
    };
    let mut out = String::new();
    let reached: Vec<&str> = (0..names.len())
        .filter(|p| tally.totals[*p] >= i64::from(rules.target))
        .map(|p| names[p].as_str())
        .collect();
    out.push_str(&wrap(
        &format!(
            "The game ended after round {}: {} reached {}.",
            tally.rounds.len(),
            and_list(&reached),
            rules.target
        ),
        look.width,
        2,
    ));
    for b in breakdown::game_end(tally, end, rules) {
        let p = b.player;
        let name = &names[p];
        let mut why: Vec<String> = Vec::new();
        for part in &b.points.parts {
            why.push(match part {
                Part::Game(points) => format!("{points} for reaching {}", rules.target),
                Part::Rounds { won, each } => {
                    format!("{} won x {each}", plural(*won, "round", "rounds"))
                }
                _ => part.to_string(),
            });
        }
        if why.is_empty() {
            why.push("no bonus: no round won".to_string());
        }
        let _ = writeln!(
            out,
            "  {name}: {} + {} = {}",
            tally.totals[p], b.points.total, end.final_totals[p]
        );
        out.push_str(&wrap(&format!("    {}", why.join(", ")), look.width, 4));
    }
    let (who, best): (Vec<&str>, i64) = {
        let best = end.final_totals.iter().copied().max().unwrap_or(0);
        (
            end.winners.iter().map(|w| names[*w].as_str()).collect(),
            best,
        )
    };
    let verb = if who.len() == 1 {
        "wins"
    } else {
        "share the win"
    };
    out.push_str(&wrap(
        &format!("{} {verb} with {best}.", look.leader(&and_list(&who))),
        look.width,
        2,
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::manipulation::game::GameRecord;
    use crate::games::manipulation::play::tally;

    fn finished() -> (Tally, Rules) {
        let text = std::fs::read_to_string("examples/finished-game.toml").unwrap();
        let record = GameRecord::from_toml(&text).unwrap();
        (tally(&record).unwrap(), record.rules)
    }

    #[test]
    fn why_explains_an_undercut_round_rule_by_rule() {
        let (t, rules) = finished();
        insta::assert_snapshot!(why_round(&t, 3, &rules, Look::plain(80)), @r"
        Round 3: carol knocked; alice undercut.
          Hands left: alice 3, bob 20, carol 5.
          alice scores 29 = 17 + 2 + 10 undercut:
              17  bob's 20 less alice's 3
               2  carol's 5 less alice's 3
              10  undercut: alice won without knocking
          bob: 0 (20 is higher than 3).
          carol knocked with 5 and was undercut by alice: 0.
        ");
    }

    #[test]
    fn why_explains_going_out() {
        let (t, rules) = finished();
        insta::assert_snapshot!(why_round(&t, 4, &rules, Look::plain(40)), @r"
        Round 4: carol went out.
          Hands left: alice 3, bob 10, carol 0.
          carol scores 38 = 3 + 10 + 25 going out:
               3  alice's hand of 3
              10  bob's hand of 10
              25  going out: carol melded every
                  card
          alice: 0 (carol went out).
          bob: 0 (carol went out).
        ");
    }

    #[test]
    fn why_explains_the_game_end_bonuses() {
        let (t, rules) = finished();
        insta::assert_snapshot!(why_end(&t, &rules, Look::plain(80)), @r"
        The game ended after round 5: alice reached 150.
          alice: 154 + 100 = 254
            100 for reaching 150
          bob: 37 + 25 = 62
            1 round won x 25
          carol: 38 + 25 = 63
            1 round won x 25
        alice wins with 254.
        ");
    }
}
