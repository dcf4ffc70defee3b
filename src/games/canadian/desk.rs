//! Canadian and Carolina Rummy at the table: after each hand the score keeper gives who went
//! out, each side's melds and each player's hand; the referee judges every set, scores the
//! hand by side and keeps the scoreboard to the end. It also settles the table's disputes:
//! may I take the pile, is this a legal set, may I lay these on our set. The family's
//! commands (undo, fix, round, rules, the saved games) are the REPL's, for every game.

use super::pile::PileAnswer;
use super::play::{Event, Game, Setup};
use super::record::{Round, Tally};
use super::scoring::TableEntry;
use super::{CanadianRules, Rulebook, Variant, text};
use crate::console::Console;
use crate::desk::Desk;
use crate::error::{CommandError, Error};
use crate::export::Exported;
use crate::family::GameKind;
use crate::family::Said;
use crate::notation::{parse_hand, parse_wild_melds};
use crate::render::board::Board;
use crate::render::look::Look;
use crate::session::Note as SessionNote;
use crate::words::{and_list, shown, split_word};
use std::fmt::Write;

use super::play::Note;

/// These games' own command words, each with its aliases; the first is the name `help` uses.
pub(crate) const WORDS: &[&[&str]] = &[
    &["teams", "team"],
    &["out"],
    &["melds", "meld"],
    &["hand"],
    &["pile", "take"],
    &["check"],
];

fn needs(command: &str, needs: &str) -> Error {
    CommandError::Needs {
        command: command.to_string(),
        needs: needs.to_string(),
    }
    .into()
}

/// `pile TOP with HAND`: may a player holding HAND take the pile whose top card is TOP?
fn pile(book: &Rulebook, rest: &str, c: &mut Console) -> Result<(), Error> {
    let (top, hand) = split_word(rest);
    let hand = hand
        .strip_prefix("with")
        .map_or(hand, str::trim_start)
        .trim_matches('"');
    if top.is_empty() || hand.is_empty() {
        return Err(needs(
            "pile",
            "the pile's top card and the cards that would take it: pile Kd with Ks Kh",
        ));
    }
    let top_card = parse_hand(top)?;
    let hand = parse_hand(hand)?;
    match top_card.as_slice() {
        [top] => match book.may_take_pile(*top, &hand) {
            PileAnswer::Yes { with } => sayln!(
                c,
                "Yes: {} and {} take the pile with {top}; the three go to the table at once, the rest of the pile to the hand.",
                with[0],
                with[1]
            ),
            PileAnswer::No(why) => sayln!(c, "No: {why}."),
        },
        _ => {
            return Err(needs(
                "pile",
                "one top card, then with and the cards that would take it: pile Kd with Ks Kh",
            ));
        }
    }
    Ok(())
}

/// `check MELDS` or `check CARDS on SET`: is this a legal set, may these be laid on it?
fn check(book: &Rulebook, rest: &str, c: &mut Console) -> Result<(), Error> {
    let rest = rest.trim_matches('"');
    if rest.is_empty() {
        return Err(needs(
            "check",
            "the melds, or the cards and the set: check Ks Kh 2c, check 2d on Ks Kh Kd",
        ));
    }
    let (cards, on) = match rest.split_once(" on ") {
        Some((cards, set)) => (cards, Some(parse_wild_melds(set)?)),
        None => (rest, None),
    };
    let cards = parse_wild_melds(cards)?;
    let verdict = book.judge_lay(&cards, on.as_deref()).map_err(|problem| {
        Error::from(CommandError::NoSetOnTable {
            problem: Box::new(problem.into()),
        })
    })?;
    say!(c, "{}", text::lay(book, &verdict));
    sayln!(c, "(check only judges: nothing changed.)");
    Ok(())
}

/// The sides in words: "alice+carol against bob+dave", or "ann, ben and cleo".
fn sides_words(game: &Game) -> String {
    let sides = game.sides();
    if sides.are_teams() {
        sides.names().join(" against ")
    } else {
        and_list(&sides.names())
    }
}

/// Who deals hand `number` and who plays first, and what to give when it is over.
fn next_hand(game: &Game, number: usize) -> String {
    let dealer = game.round().dealer;
    let dealer = if number == game.number() {
        dealer
    } else {
        game.dealer_of(number)
    };
    let first = (dealer + 1) % game.players().len();
    format!(
        "Hand {number}: {} deals, {} plays first. When it is over: out NAME, melds NAME ... for each side, hand NAME ... for each player, or all in one line (help round).",
        game.players()[dealer],
        game.players()[first]
    )
}

/// The scoreboard of the game in play, for `look`.
fn scoreboard(game: &Game, look: Look) -> String {
    crate::render::board::scoreboard(&text::board(game.setup(), game.tally()), look)
}

/// What the steps did, in words.
pub(crate) fn tell(game: &Game, notes: &[SessionNote<Setup>], look: Look) -> String {
    let mut out = String::new();
    let sides = game.sides();
    let book = game.rulebook();
    let mut scored = false;
    for note in notes {
        let note = match note {
            SessionNote::Game(note) => note,
            SessionNote::Scored { round, score } => {
                scored = true;
                let _ = writeln!(out, "\nHand {round} is scored.");
                out.push_str(&text::hand(sides, score, look.width));
                out.push('\n');
                out.push_str(&scoreboard(game, look));
                continue;
            }
            SessionNote::GameOver => {
                let _ = writeln!(
                    out,
                    "The game is over; undo takes back the last step, new starts another game."
                );
                continue;
            }
            SessionNote::Dealt { round } => {
                let _ = writeln!(out, "\n{}", next_hand(game, *round));
                continue;
            }
            SessionNote::Fixed { round, deleted } => {
                let what = if *deleted {
                    format!("Hand {round} is taken out; later hands move up one")
                } else {
                    format!("Hand {round} is corrected; every later total follows")
                };
                let _ = writeln!(out, "{what} (undo takes it back):");
                out.push_str(&scoreboard(game, look));
                continue;
            }
            SessionNote::Rule { key, value, .. } => {
                let _ = writeln!(out, "{key} is now {value} for this game.");
                if !game.tally().rounds.is_empty() {
                    out.push_str(&scoreboard(game, look));
                }
                continue;
            }
        };
        match note {
            Note::Out { player: Some(p) } => {
                let _ = writeln!(out, "{} went out.", game.players()[*p]);
            }
            Note::Out { player: None } => {
                let _ = writeln!(out, "The stock ran out: nobody went out.");
            }
            Note::Table {
                side,
                table,
                value,
                added,
            } => {
                let name = sides.name(*side);
                let now = if *added { " now" } else { "" };
                let _ = match table {
                    TableEntry::Count(n) => writeln!(out, "{name}'s table{now} counts {n}."),
                    TableEntry::Sets(sets) if sets.is_empty() => {
                        writeln!(out, "{name} has nothing on the table.")
                    }
                    TableEntry::Sets(sets) => {
                        let shown: Vec<String> = sets
                            .iter()
                            .map(|s| text::set_with_value(&book, s))
                            .collect();
                        writeln!(
                            out,
                            "Legal: {name}'s table is{now} {}: {value}.",
                            shown.join(" | ")
                        )
                    }
                };
            }
            Note::Hand { player, count } => {
                let _ = writeln!(out, "{}'s hand counts {count}.", game.players()[*player]);
            }
        }
    }
    // What the hand in play still needs, once some of it is given: a correction to an
    // earlier hand, or a rule changed, between hands asks for nothing yet.
    if !scored && !game.pending().is_blank() {
        let missing = game.missing();
        if !missing.is_empty() {
            out.truncate(out.trim_end().len());
            let _ = writeln!(out, " Still to give: {}.", missing.join("; "));
        }
    }
    out
}

/// Who scores: a side of two players, or a single player.
fn side_word(game: &Game) -> &'static str {
    if game.setup().sides.are_teams() {
        "side"
    } else {
        "player"
    }
}

/// Where the game stands: the hand being entered and what it still needs, or the end.
pub(crate) fn status(game: &Game, look: Look) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}; the game ends when a {} reaches {}.",
        game.variant().title(),
        sides_words(game),
        side_word(game),
        game.rules().target
    );
    if game.is_over() {
        out.push_str(&scoreboard(game, look));
        return out;
    }
    if !game.tally().rounds.is_empty() {
        out.push_str(&scoreboard(game, look));
    }
    let _ = writeln!(out, "{}", next_hand(game, game.hand_number()));
    let missing = game.missing();
    if !game.pending().is_blank() {
        let _ = writeln!(out, "Still to give: {}.", missing.join("; "));
    }
    out
}

impl Desk for Setup {
    fn kind(&self) -> GameKind {
        self.variant.kind()
    }

    fn words() -> &'static [&'static [&'static str]] {
        WORDS
    }

    fn command(game: &mut Game, said: Said<'_>, c: &mut Console) -> Result<bool, Error> {
        let Said { word, rest, .. } = said;
        let event = match word {
            "teams" => {
                if rest.is_empty() {
                    return Err(needs(
                        "teams",
                        "the two teams, like teams alice+carol bob+dave",
                    ));
                }
                game.set_teams(rest)?;
                sayln!(c, "Teams: {}.", sides_words(game));
                return Ok(true);
            }
            "out" => {
                let player = match rest.to_ascii_lowercase().as_str() {
                    "" => {
                        return Err(needs(
                            "out",
                            "who went out, or none when the stock ran out: out alice, out none",
                        ));
                    }
                    "none" | "nobody" | "stock" => None,
                    _ => Some(game.player(rest)?),
                };
                Event::Out { player }
            }
            "melds" => {
                let (name, melds) = split_word(rest);
                if name.is_empty() {
                    return Err(needs(
                        "melds",
                        "a player of the side and its sets, or their count: melds alice Ks Kh 2c | 7s 7h 7d, melds bob 85, melds bob none",
                    ));
                }
                let player = game.player(name)?;
                let given = game.setup().given(melds)?;
                Event::Melds { player, given }
            }
            "hand" => {
                let (name, hand) = split_word(rest);
                if name.is_empty() {
                    return Err(needs(
                        "hand",
                        "a player and their hand left, as cards or a count: hand bob Qs 5h, hand bob 105, hand alice 0",
                    ));
                }
                let player = game.player(name)?;
                let hand = game.setup().hand_left(hand)?;
                Event::Hand { player, hand }
            }
            "pile" => {
                pile(&game.rulebook(), rest, c)?;
                return Ok(false);
            }
            "check" => {
                check(&game.rulebook(), rest, c)?;
                return Ok(false);
            }
            _ => return Err(CommandError::NotACommandOf { word: shown(word) }.into()),
        };
        let notes = game.event(event)?;
        say!(c, "{}", tell(game, &notes, c.look()));
        Ok(true)
    }

    fn offline(
        word: &'static str,
        rest: &str,
        rules: &CanadianRules,
        c: &mut Console,
    ) -> Option<Result<(), Error>> {
        let book = Rulebook::new(Variant::Canadian, rules.clone());
        match word {
            "pile" => Some(pile(&book, rest, c)),
            "check" => Some(check(&book, rest, c)),
            _ => None,
        }
    }

    fn hint(word: &str) -> Option<&'static str> {
        (parse_hand(word).is_ok())
            .then_some("a side's melds: melds NAME CARDS; a player's hand: hand NAME CARDS")
    }

    fn takes_a_name() -> &'static [&'static str] {
        &["hand", "out", "melds"]
    }

    fn tell(game: &Game, notes: &[SessionNote<Setup>], look: Look) -> String {
        tell(game, notes, look)
    }

    fn said(game: &Game, notes: &[SessionNote<Setup>]) -> Vec<String> {
        let mut said = Vec::new();
        for note in notes {
            match note {
                SessionNote::Game(Note::Table { value, .. }) => said.push(format!("table {value}")),
                SessionNote::Game(Note::Hand { count, .. }) => said.push(format!("counts {count}")),
                SessionNote::Scored { round, score } => {
                    let points: Vec<String> = score
                        .sides
                        .iter()
                        .enumerate()
                        .map(|(s, side)| format!("{} {}", game.sides().name(s), side.points))
                        .collect();
                    said.push(format!("hand {round} scored: {}", points.join(", ")));
                }
                SessionNote::GameOver => said.push("game over".to_string()),
                _ => {}
            }
        }
        said
    }

    fn status(game: &Game, look: Look) -> String {
        status(game, look)
    }

    fn prompt(game: &Game) -> String {
        if game.is_over() {
            "game over> ".to_string()
        } else {
            format!("hand {}> ", game.hand_number())
        }
    }

    fn introduced(game: &Game) -> String {
        let variant = game.variant();
        let deck = variant.deck();
        format!(
            "New game of {}: {}, with 2 decks and {} jokers ({} cards); {}.\n{} cards each; the game ends when a {} reaches {}.\n",
            variant.title(),
            sides_words(game),
            deck.jokers(),
            deck.size(),
            game.rulebook().wild_words(),
            game.rules().hand_size,
            side_word(game),
            game.rules().target
        )
    }

    fn first_round(game: &Game) -> String {
        format!(
            "{}\n(Before the first hand is entered, teams, dealer NAME and rules change the setup.)\n",
            next_hand(game, 1)
        )
    }

    fn round_example() -> &'static str {
        "round out alice melds alice=\"Ks Kh 2c\" alice=0 bob=20 carol=\"3d 2c\" dave=5"
    }

    fn board<'a>(setup: &'a Setup, tally: &'a Tally) -> Board<'a> {
        text::board(setup, tally)
    }

    fn why(setup: &Setup, tally: &Tally, results: &[Round], round: usize, look: Look) -> String {
        text::why_hand(setup, tally, results, round, look)
    }

    /// These games have no bonuses at the end: `why end` says so, and who won.
    fn why_end(setup: &Setup, tally: &Tally, _look: Look) -> Option<String> {
        let mut text = format!(
            "{} has no end-of-game bonuses: the highest total at the end wins.",
            setup.variant.title()
        );
        if let Some(end) = &tally.end {
            let winners: Vec<&str> = end
                .winners
                .iter()
                .map(|w| tally.sides[*w].as_str())
                .collect();
            let best = end.winners.first().map_or(0, |w| end.final_totals[*w]);
            let verb = if winners.len() == 1 {
                "wins"
            } else {
                "share the win"
            };
            text.push_str(&format!(
                " {} {verb} with {best}.",
                crate::words::and_list(&winners)
            ));
        }
        text.push('\n');
        Some(text)
    }

    fn export<'a>(setup: &'a Setup, tally: &'a Tally) -> Box<dyn Exported + 'a> {
        Box::new(super::export::exporting(setup, tally))
    }

    /// Keyed by side, the game's name first; `final` only once finished, and no bonuses
    /// (docs/commands.md#tally-of-canadian-and-carolina-records).
    fn json_shape(setup: &Setup) -> crate::tally::JsonShape {
        crate::tally::JsonShape {
            game: Some(setup.variant.name()),
            round_winners: false,
            bonuses: false,
        }
    }

    fn table_view(game: &Game) -> crate::view::Table {
        super::view::table(game)
    }

    fn record_text(game: &Game) -> String {
        game.to_record().to_toml()
    }
}
