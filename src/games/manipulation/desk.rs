//! Carousel at the table: the commands of a turn (draw, meld, add, rearrange, done, knock),
//! the hands at a round's end, the disputes and advice (check, hint, arrange), the mirror set
//! right (table, cards), and what the referee says of each. The family's commands (undo, fix,
//! round, rules, the saved games) are the REPL's, for every game.

use super::export;
use super::game::{RoundRecord, Tally};
use super::moves::Illegal;
use super::play::{Game, Move, Phase, Setup};
use super::rules::Rules;
use super::table::{Hand, Table};
use super::text;
use crate::console::Console;
use crate::deck::Deck;
use crate::desk::Desk;
use crate::error::{CommandError, Error};
use crate::export::Exported;
use crate::family::GameKind;
use crate::family::Said;
use crate::render::board::Board;
use crate::render::look::Look;
use crate::session::Note;
use crate::words::{name_and_rest, shown, split_word};

/// Carousel's own command words, each with its aliases; the first is the name `help` uses.
pub(crate) const WORDS: &[&[&str]] = &[
    &["draw"],
    &["meld", "lay"],
    &["add"],
    &["rearrange", "move"],
    &["done", "end", "next"],
    &["pass"],
    &["knock"],
    &["check"],
    &["hand"],
    &["table"],
    &["cards"],
    &["hint", "best", "suggest", "solve"],
    &["arrange", "layout"],
];

/// A move as typed: new melds, cards added to one meld, or numbered melds rearranged.
enum MoveText<'a> {
    Meld(&'a str),
    Add(usize, &'a str),
    Rearrange(&'a str),
}

/// `1 2 = ...` or `= ...`: the part before `=` is meld numbers only.
fn is_rearrangement(text: &str) -> bool {
    text.split_once('=').is_some_and(|(numbers, _)| {
        numbers
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace() || c == ',')
    })
}

const MOVE_FORMS: &str = "meld 7h 8h 9h (new melds), add 2 6d (cards on meld 2), or 1 2 = MELDS (melds 1 and 2 become MELDS)";

fn needs(command: &str, needs: &str) -> Error {
    CommandError::Needs {
        command: command.to_string(),
        needs: needs.to_string(),
    }
    .into()
}

fn parse_meld(rest: &str) -> Result<MoveText<'_>, Error> {
    if rest.trim().is_empty() {
        return Err(needs(
            "meld",
            "the melds to lay, like meld 7h 8h 9h or meld 7h 8h 9h | Ks Kd Kc",
        ));
    }
    Ok(MoveText::Meld(rest.trim()))
}

fn parse_add(rest: &str) -> Result<MoveText<'_>, Error> {
    let (number, cards) = split_word(rest);
    let number = number.trim_end_matches(':');
    let n = number.parse::<usize>().map_err(|_| {
        Error::from(if number.is_empty() {
            CommandError::AddNeeds
        } else {
            CommandError::AddNumber {
                given: shown(number),
            }
        })
    })?;
    Ok(MoveText::Add(n, cards.trim()))
}

fn parse_move<'a>(text: &'a str, command: &str) -> Result<MoveText<'a>, Error> {
    let text = text.trim();
    if is_rearrangement(text) {
        return Ok(MoveText::Rearrange(text));
    }
    let (word, rest) = split_word(text);
    match word.to_lowercase().as_str() {
        "meld" | "lay" => parse_meld(rest),
        "add" => parse_add(rest),
        "rearrange" | "move" => parse_move(rest, command),
        _ if text.is_empty() => Err(needs(command, &format!("a move: {MOVE_FORMS}"))),
        // Cards alone are new melds: `check 7h 8h 9h`.
        _ => parse_meld(text),
    }
}

fn build_move(game: &Game, text: &MoveText) -> Result<Move, Error> {
    match text {
        MoveText::Meld(melds) => Ok(Move {
            replaced: Vec::new(),
            melds: game.melds(melds)?,
        }),
        MoveText::Add(number, cards) => game.extend(*number, cards),
        MoveText::Rearrange(text) => game.parse_move(text),
    }
}

/// `draw 2`: a number from 1 up, or nothing.
fn count_arg(command: &str, rest: &str) -> Result<Option<u32>, Error> {
    if rest.is_empty() {
        return Ok(None);
    }
    match rest.parse::<u32>() {
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(CommandError::NotACount {
            command: command.to_string(),
            given: shown(rest),
        }
        .into()),
    }
}

fn nothing_more(command: &str, rest: &str) -> Result<(), Error> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(CommandError::TakesNothingMore {
            command: command.to_string(),
            rest: shown(rest),
        }
        .into())
    }
}

/// Refuses a one-shot command's option (`--table`) typed after a command that takes only
/// cards, rather than reading it as a card.
fn no_options(command: &str, rest: &str, instead: &str) -> Result<(), Error> {
    match rest.split_whitespace().find(|word| word.starts_with("--")) {
        Some(option) => Err(CommandError::NoOptions {
            command: command.to_string(),
            option: shown(option),
            instead: instead.to_string(),
        }
        .into()),
        None => Ok(()),
    }
}

/// Says what a step did.
fn tell(game: &Game, notes: &[Note<Setup>], c: &mut Console) {
    say!(c, "{}", text::tell(game, notes, c.look()));
}

/// `check MOVE`: judges a move without making it.
fn check(game: &Game, rest: &str, c: &mut Console) -> Result<(), Error> {
    let mv = build_move(game, &parse_move(rest, "check")?)?;
    let judged = game.judge(&mv)?;
    if judged.verdict.is_legal() {
        sayln!(
            c,
            "Legal: {} played from the hand.",
            crate::notation::Spaced(&judged.this_move)
        );
        say!(c, "{}", text::table(&judged.after, &judged.fresh));
        if let Some(why) = &judged.not_now {
            sayln!(c, "But not now: {why}.");
        }
    } else {
        say!(c, "{}", text::verdict(&judged.verdict, &judged.after));
        if game.round().moved_this_turn() {
            sayln!(c, "{}", text::judged_whole(game));
        }
    }
    sayln!(c, "(check only judges: nothing changed.)");
    Ok(())
}

/// `hand NAME HAND`: at a round's end, a hand given; during play, a hand counted.
fn hand(game: &mut Game, rest: &str, c: &mut Console) -> Result<bool, Error> {
    let (name, text) = name_and_rest(rest);
    if name.is_empty() {
        return Err(needs(
            "hand",
            "a name and the hand, as cards or a count: hand bob Kd 7c, or hand bob 17",
        ));
    }
    let player = game.setup().player(&name)?;
    let name = game.players()[player].clone();
    if text.trim().is_empty() {
        return Err(CommandError::HandNeeds {
            name: crate::words::typed(&name),
        }
        .into());
    }
    if game.is_over() {
        return Err(Error::NoMoreHands);
    }
    match game.round().phase {
        Phase::Hands { .. } => {
            let report = game.report(&text)?;
            let notes = game.hand(player, report)?;
            tell(game, &notes, c);
            Ok(true)
        }
        Phase::Play => {
            if text.trim().chars().all(|c| c.is_ascii_digit()) {
                return Err(CommandError::CountDuringPlay { name }.into());
            }
            let hand = Hand::parse(&text, game.setup().deck)?;
            let count = game.count_hand(player, &hand)?;
            let limit = game.rules().knock_limit;
            let verdict = if count.under_limit {
                "low enough to knock at the end of a turn"
            } else {
                "too much to knock"
            };
            sayln!(
                c,
                "{name}'s hand {hand} counts {}: {verdict} (the knock limit is {limit}).",
                count.deadwood
            );
            if count.given != count.held {
                sayln!(
                    c,
                    "Note: the referee counts {} cards for {name}, not {} (cards {} N corrects the count).",
                    count.held,
                    count.given,
                    crate::words::typed(&name)
                );
            }
            Ok(false)
        }
    }
}

/// `arrange CARDS`: whether a pile can all be laid out, under `rules` with `deck`.
fn arrange(rest: &str, rules: &Rules, deck: Deck, c: &mut Console) -> Result<(), Error> {
    if rest.is_empty() {
        return Err(needs(
            "arrange",
            "the cards to lay out, like arrange 7h 8h 9h *",
        ));
    }
    no_options(
        "arrange",
        rest,
        "only the cards (arrange 7h 8h 9h *); it follows the house rules that rules shows",
    )?;
    let pile = Hand::parse(rest.trim_matches('"'), deck)?;
    match super::solver::arrange(pile.cards(), rules, deck) {
        Some(table) if table.is_empty() => sayln!(c, "Nothing to lay out."),
        // Not headed "Table:": the table in play is not changed, only these cards laid out.
        Some(table) => {
            sayln!(
                c,
                "These {} cards can all be laid out, as:",
                pile.cards().len()
            );
            for meld in table.melds() {
                sayln!(c, "  {meld}");
            }
            sayln!(c, "(arrange only answers: the table is not changed.)");
        }
        None => say!(
            c,
            "{}",
            text::no_arrangement(
                pile.cards().len(),
                &super::solver::cards_in_no_meld(pile.cards(), rules, deck)
            )
        ),
    }
    Ok(())
}

impl Desk for Setup {
    fn kind(&self) -> GameKind {
        super::CAROUSEL
    }

    fn words() -> &'static [&'static [&'static str]] {
        WORDS
    }

    fn command(game: &mut Game, said: Said<'_>, c: &mut Console) -> Result<bool, Error> {
        let Said { word, typed, rest } = said;
        match word {
            "draw" => {
                let n = count_arg("draw", rest)?.unwrap_or(1);
                let notes = game.draw_n(n)?;
                tell(game, &notes, c);
            }
            "meld" | "add" | "rearrange" => {
                let text = match word {
                    "meld" => parse_meld(rest)?,
                    "add" => parse_add(rest)?,
                    _ if is_rearrangement(rest) => MoveText::Rearrange(rest),
                    _ => {
                        return Err(CommandError::RearrangeForm {
                            given: (!rest.is_empty()).then(|| shown(rest)),
                        }
                        .into());
                    }
                };
                let mv = build_move(game, &text)?;
                let notes = game.play(mv)?;
                tell(game, &notes, c);
            }
            "done" => {
                nothing_more(word, rest)?;
                let notes = game.done()?;
                tell(game, &notes, c);
            }
            "pass" => {
                nothing_more(word, rest)?;
                let notes = game.pass()?;
                tell(game, &notes, c);
            }
            "knock" => {
                if rest.is_empty() {
                    return Err(needs(
                        "knock",
                        "the hand left, as cards or its count: knock 4s Ah, or knock 5",
                    ));
                }
                let hand = game.report(rest.trim_matches('"'))?;
                let notes = game.knock(hand)?;
                tell(game, &notes, c);
            }
            "check" => {
                check(game, rest, c)?;
                return Ok(false);
            }
            "hand" => return hand(game, rest, c),
            "table" => match rest.to_lowercase().as_str() {
                "" => {
                    say!(c, "{}", text::table(&game.round().table, &[]));
                    return Ok(false);
                }
                r => {
                    let melds = if ["empty", "none", "clear", "\"\""].contains(&r) {
                        ""
                    } else {
                        rest
                    };
                    let setup = game.setup();
                    let table = Table::parse(melds, setup.meld_rules, setup.deck)?;
                    let notes = game.correct_table(table)?;
                    tell(game, &notes, c);
                }
            },
            "cards" => {
                let (name, count) = name_and_rest(rest);
                if name.is_empty() || count.is_empty() {
                    return Err(needs(
                        "cards",
                        "a name and the number of cards they hold, like cards bob 7",
                    ));
                }
                let player = game.setup().player(&name)?;
                let held = count.parse::<u32>().map_err(|_| CommandError::CardsCount {
                    given: shown(&count),
                    name: crate::words::typed(&game.players()[player]),
                })?;
                let notes = game.correct_held(player, held)?;
                tell(game, &notes, c);
            }
            "hint" => {
                if rest.is_empty() {
                    return Err(needs("hint", "the hand to play from, like hint 7h 9h Js *"));
                }
                no_options(
                    typed,
                    rest,
                    &format!(
                        "only the hand's cards ({typed} 7h 9h Js *), played on this game's table; to ask about another table, run carousel solve --table TABLE --hand HAND in a shell"
                    ),
                )?;
                let hand = Hand::parse(rest.trim_matches('"'), game.setup().deck)?;
                let hint = game.hint(&hand)?;
                say!(c, "{}", text::hint(&hint, game.rules()));
                return Ok(false);
            }
            "arrange" => {
                arrange(rest, game.rules(), game.setup().deck, c)?;
                return Ok(false);
            }
            _ => return Err(CommandError::NotACommandOf { word: shown(word) }.into()),
        }
        Ok(true)
    }

    fn offline(
        word: &'static str,
        rest: &str,
        rules: &Rules,
        c: &mut Console,
    ) -> Option<Result<(), Error>> {
        match word {
            "arrange" => Some(Deck::for_players(3).and_then(|deck| arrange(rest, rules, deck, c))),
            _ => None,
        }
    }

    fn reads_as(line: &str) -> Option<(&'static str, String)> {
        if is_rearrangement(line) {
            return Some(("rearrange", line.to_string()));
        }
        // `bob=12`: a hand in the notation of `carousel score`.
        let (name, _) = line.split_once('=')?;
        let name = name.trim();
        (name.chars().next().is_some_and(char::is_alphabetic)
            && !name.contains(char::is_whitespace))
        .then(|| ("hand", line.to_string()))
    }

    fn hint(word: &str) -> Option<&'static str> {
        (crate::notation::parse_card(word).is_ok() || word.starts_with('*'))
            .then_some("to lay cards: meld 7h 8h 9h; to add to a meld: add 2 6d")
    }

    fn explain(game: &Game, err: &Error) -> Option<String> {
        let Illegal(verdict) = err.game::<Illegal>()?;
        let mut text = text::verdict(verdict, &game.round().table);
        if game.round().moved_this_turn() {
            text.push_str(&text::judged_whole(game));
            text.push('\n');
        }
        text.push_str("Nothing changed.\n");
        Some(text)
    }

    fn takes_a_name() -> &'static [&'static str] {
        &["hand", "cards"]
    }

    fn private_words() -> &'static [&'static str] {
        &["hint", "hand"]
    }

    fn turn_words() -> &'static [&'static str] {
        &[
            "draw",
            "meld",
            "add",
            "rearrange",
            "pass",
            "done",
            "knock",
            "hand",
        ]
    }

    fn tell(game: &Game, notes: &[Note<Setup>], look: Look) -> String {
        text::tell(game, notes, look)
    }

    fn said(game: &Game, notes: &[Note<Setup>]) -> Vec<String> {
        text::said(game, notes)
    }

    fn status(game: &Game, look: Look) -> String {
        text::status(game, look)
    }

    fn prompt(game: &Game) -> String {
        text::prompt(game)
    }

    fn introduced(game: &Game) -> String {
        text::introduced(game)
    }

    fn first_round(game: &Game) -> String {
        text::first_round(game)
    }

    fn round_example() -> &'static str {
        "round knock bob alice=12 bob=3 carol=9"
    }

    fn board<'a>(setup: &'a Setup, tally: &'a Tally) -> Board<'a> {
        text::board(setup, tally)
    }

    fn why(
        setup: &Setup,
        tally: &Tally,
        _results: &[RoundRecord],
        round: usize,
        look: Look,
    ) -> String {
        text::why_round(tally, round, &setup.rules, look)
    }

    fn why_end(setup: &Setup, tally: &Tally, look: Look) -> Option<String> {
        Some(text::why_end(tally, &setup.rules, look))
    }

    fn export<'a>(setup: &'a Setup, tally: &'a Tally) -> Box<dyn Exported + 'a> {
        Box::new(export::exporting(tally, &setup.rules))
    }

    fn json_shape(_setup: &Setup) -> crate::tally::JsonShape {
        crate::tally::JsonShape {
            game: None,
            round_winners: true,
            bonuses: true,
        }
    }

    fn table_view(game: &Game) -> crate::view::Table {
        super::view::table(game)
    }

    fn record_text(game: &Game) -> String {
        toml::to_string_pretty(&game.to_record()).unwrap_or_default()
    }
}
