//! What a game of the family says and hears at the table, beyond its rules ([`Desk`]): its
//! own commands, a step's notes in words, where the game stands, the breakdown of a round's
//! score, its scoreboard, export rows and statistics. The referee's shared commands (undo,
//! redo, fix, round, rules, the saved games, help) are written once in `crate::repl` and
//! reach a game through this trait and [`crate::game::Game`].

use crate::console::Console;
use crate::error::{Error, RecordProblem};
use crate::export::Exported;
use crate::family::{AnyRules, GameKind, InPlay, Said, Scored, Series, Summary};
use crate::game::Game;
use crate::render::board::Board;
use crate::render::look::Look;
use crate::session::Taken;
use crate::session::{Note, Session};
use crate::tally::Tally;
use crate::view::{Parts, View, Whys};
use std::any::Any;

/// A game's texts and commands at the table.
pub trait Desk: Game {
    /// The game's kind (its name and title).
    fn kind(&self) -> crate::family::GameKind;

    /// The game's own command words, each with its aliases, the first the name `help` uses.
    fn words() -> &'static [&'static [&'static str]];

    /// Runs one of the game's own commands on the game in play, printing what it did.
    /// `Ok(true)`: the game changed, to be saved.
    fn command(game: &mut Session<Self>, said: Said<'_>, c: &mut Console) -> Result<bool, Error>;

    /// Runs one of the game's commands that needs no game in play (a dispute, a pile laid
    /// out), under the rules the next new game starts with; `None`: the command needs a game.
    fn offline(
        word: &'static str,
        rest: &str,
        rules: &Self::Rules,
        c: &mut Console,
    ) -> Option<Result<(), Error>> {
        let _ = (word, rest, rules, c);
        None
    }

    /// A line that is not a command word but reads as one of the game's steps (Carousel's
    /// `1 2 = MELDS`, `bob=12`): the command it is, with the words after it.
    fn reads_as(line: &str) -> Option<(&'static str, String)> {
        let _ = line;
        None
    }

    /// What a word that is no command probably meant, said after the refusal.
    fn hint(word: &str) -> Option<&'static str> {
        let _ = word;
        None
    }

    /// An error the game lays out itself, in full (an illegal move's verdict with the
    /// table); `None`: the error is said as every error is.
    fn explain(game: &Session<Self>, err: &Error) -> Option<String> {
        let _ = (game, err);
        None
    }

    /// Commands of the game that take a player's name first, for completion.
    fn takes_a_name() -> &'static [&'static str];

    /// The commands a whole turn is typed with in one line, its parts between commas
    /// (`draw, meld 8h 9h *10h, done`); none for a game whose referee does not follow turns.
    fn turn_words() -> &'static [&'static str] {
        &[]
    }

    /// The commands whose words are a player's private cards (advice on a hand): a refusal
    /// of one is not shown on the shared page.
    fn private_words() -> &'static [&'static str] {
        &[]
    }

    /// What the steps just taken did, in words.
    fn tell(game: &Session<Self>, notes: &[Note<Self>], look: Look) -> String;

    /// What a step did, in a few words, for `history`.
    fn said(game: &Session<Self>, notes: &[Note<Self>]) -> Vec<String>;

    /// Where the game stands: the round, whose turn or what is still to give.
    fn status(game: &Session<Self>, look: Look) -> String;

    /// The prompt: whose turn and where in it, or what the game waits for.
    fn prompt(game: &Session<Self>) -> String;

    /// What a new game says first: the players or sides, the deck, the target.
    fn introduced(game: &Session<Self>) -> String;

    /// Who deals the first round and who plays first, with what can still change before
    /// the first step.
    fn first_round(game: &Session<Self>) -> String;

    /// The word for a round: `round`, or `hand` in Canadian and Carolina Rummy.
    fn round_word() -> &'static str {
        Self::ROUND_WORD
    }

    /// A round's result in one line, for the help and the messages: `round knock bob
    /// alice=12 bob=3 carol=9`.
    fn round_example() -> &'static str;

    /// The scoreboard of a game scored so far.
    fn board<'a>(setup: &'a Self, tally: &'a Tally<Self::Score>) -> Board<'a>;

    /// How finished round `round`'s points came about, rule by rule.
    fn why(
        setup: &Self,
        tally: &Tally<Self::Score>,
        results: &[Self::Result],
        round: usize,
        look: Look,
    ) -> String;

    /// How the end's bonuses came about, once the game is over (none: the game has none).
    fn why_end(setup: &Self, tally: &Tally<Self::Score>, look: Look) -> Option<String>;

    /// The game as exported: its rows, and the CSV, Markdown and JSON made of them, from its
    /// totals alone (a record scored keeps no rounds as written).
    fn export<'a>(setup: &'a Self, tally: &'a Tally<Self::Score>) -> Box<dyn Exported + 'a>;

    /// What the game's `tally --json` holds (docs/commands.md#tally).
    fn json_shape(setup: &Self) -> crate::tally::JsonShape;

    /// The record of a game in play, with its log, as TOML (the store seals and heads it).
    fn record_text(game: &Session<Self>) -> String;

    /// What lies on the table of the round in progress, for the live page.
    fn table_view(game: &Session<Self>) -> crate::view::Table;
}

/// The rules of game `G`, from any game's: a game is only ever given its own.
pub fn rules_of<G: crate::game::Game>(rules: &dyn AnyRules) -> G::Rules
where
    G::Rules: Default + 'static,
{
    rules
        .as_any()
        .downcast_ref::<G::Rules>()
        .cloned()
        .unwrap_or_default()
}

/// The records scored of game `G`, from any game's: a game is only ever given its own.
pub fn scored_of<'a, G: Desk>(games: &[&'a dyn Scored]) -> Vec<(&'a G, &'a Tally<G::Score>)> {
    games
        .iter()
        .filter_map(|g| g.as_any().downcast_ref::<ScoredGame<G>>())
        .map(|g| (&g.setup, &g.tally))
        .collect()
}

/// A game's setup and its finished rounds scored. The rounds as written are not kept: what
/// the family's tools read of a record scored is its totals, and a round's text would hold
/// more memory than its score.
pub struct ScoredGame<G: Desk> {
    pub setup: G,
    pub tally: Tally<G::Score>,
}

impl<G: Desk> ScoredGame<G> {
    /// Scores `results` under `setup`.
    pub fn of(setup: G, results: &[G::Result]) -> Result<ScoredGame<G>, Error> {
        let tally = crate::game::tally_of(&setup, results)?;
        Ok(ScoredGame { setup, tally })
    }

    /// A record's text scored a round at a time ([`crate::record::parts`]): its head read by
    /// `head` (the game's reader) into the setup and any rounds written in the head, then each
    /// round read and scored in turn, and dropped. The log of a record the referee sealed is
    /// passed over; one written by hand is read, and so checked. `None` when anything is
    /// amiss: the caller then reads the record whole, which says where and why.
    pub fn by_round(
        text: &str,
        head: impl FnOnce(&str) -> Result<(G, Vec<G::Result>), Error>,
        foreign: impl Fn(&str) -> Option<RecordProblem>,
    ) -> Option<ScoredGame<G>>
    where
        G::Result: serde::de::DeserializeOwned,
    {
        let parts = crate::record::parts(text, crate::record::Log::of(text))?;
        let (setup, earlier) = head(&parts.head).ok()?;
        if !earlier.is_empty() && !parts.rounds.is_empty() {
            return None;
        }
        let rounds = crate::record::read_rounds(text, &parts.rounds, foreign);
        Self::scored_in_turn(setup, earlier, rounds)
    }

    /// Scores `earlier`, then `rounds` as they come, each dropped once scored.
    fn scored_in_turn(
        setup: G,
        earlier: Vec<G::Result>,
        rounds: impl Iterator<Item = Option<G::Result>>,
    ) -> Option<ScoredGame<G>> {
        let mut tally = Tally::new(setup.sides());
        // Room for every round at once: a list grown by doubling holds up to twice its rounds.
        let (least, most) = rounds.size_hint();
        tally
            .rounds
            .reserve_exact(earlier.len() + most.unwrap_or(least));
        for (i, result) in earlier.into_iter().map(Some).chain(rounds).enumerate() {
            crate::game::tally_round(&setup, &mut tally, &result?, i + 1).ok()?;
        }
        Some(ScoredGame { setup, tally })
    }
}

fn summary_of<G: Desk>(setup: &G, tally: &Tally<G::Score>, round: usize) -> Summary {
    let scores = tally.standing();
    let leaders = tally
        .leaders()
        .into_iter()
        .map(|s| tally.sides[s].clone())
        .collect::<Vec<_>>();
    Summary {
        game: setup.kind(),
        players: setup.players().to_vec(),
        round: if tally.is_over() {
            tally.rounds.len()
        } else {
            round
        },
        finished: tally.is_over(),
        score: scores.iter().copied().max().unwrap_or(0),
        leaders,
    }
}

fn series_of<G: Desk>(setup: &G, tally: &Tally<G::Score>) -> Series {
    let board = G::board(setup, tally);
    Series {
        names: tally.sides.clone(),
        totals: (0..tally.sides.len())
            .map(|s| tally.rounds.iter().map(|r| r.totals[s]).collect())
            .collect(),
        target: setup.target_total(),
        step: G::round_word(),
        note: if board.bonus_rows() {
            " (before the end's bonuses)"
        } else {
            ""
        },
    }
}

/// The target, as a total: every game's [`crate::tally::Ending`] gives it.
trait Target {
    fn target_total(&self) -> i64;
}

impl<G: Desk> Target for G {
    fn target_total(&self) -> i64 {
        crate::tally::Ending::target(self)
    }
}

impl<G: Desk> Scored for ScoredGame<G> {
    fn kind(&self) -> GameKind {
        self.setup.kind()
    }

    fn players(&self) -> &[String] {
        self.setup.players()
    }

    fn board(&self) -> Board<'_> {
        G::board(&self.setup, &self.tally)
    }

    fn series(&self) -> Series {
        series_of(&self.setup, &self.tally)
    }

    fn export(&self) -> Box<dyn Exported + '_> {
        G::export(&self.setup, &self.tally)
    }

    fn tally_json(&self) -> crate::tally::Json<'_> {
        self.tally.json(G::json_shape(&self.setup))
    }

    fn summary(&self) -> Summary {
        summary_of(&self.setup, &self.tally, self.tally.rounds.len() + 1)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// What was in force before an undo or a redo: the finished rounds and the totals.
struct Standing<G: Game> {
    results: Vec<G::Result>,
    totals: Vec<i64>,
    over: bool,
}

impl<G: Desk> Standing<G> {
    fn of(game: &Session<G>) -> Standing<G> {
        Standing {
            results: game.results().to_vec(),
            totals: game.tally().totals.clone(),
            over: game.is_over(),
        }
    }
}

impl<G: Desk> Session<G> {
    /// Every step undone or redone, as the log writes it; then what is in force now: each
    /// finished round the steps changed (from `before`, the results before them) and the
    /// scoreboard, so the values just taken back are not left as the last word; then where
    /// the game stands.
    fn steps_said(
        &self,
        verb: &str,
        steps: &[Taken<G>],
        before: &Standing<G>,
        look: Look,
    ) -> String {
        let mut out = String::new();
        for step in steps {
            out.push_str(&format!("{verb}: {}\n", self.step_text(&step.step)));
        }
        let now = self.results();
        let changed: Vec<usize> = (0..before.results.len().max(now.len()))
            .filter(|&i| before.results.get(i) != now.get(i))
            .map(|i| i + 1)
            .collect();
        let word = crate::words::capitalized(G::round_word());
        match changed.as_slice() {
            [] => {}
            [first, _, _, _, ..] => out.push_str(&format!(
                "{word}s {first} to {} changed; the scoreboard shows them as they are now.\n",
                changed[changed.len() - 1]
            )),
            rounds => {
                for &n in rounds {
                    match now.get(n - 1) {
                        Some(result) => out.push_str(&format!(
                            "{word} {n} now reads: {} (why {n} explains it).\n",
                            self.setup().result_text(result)
                        )),
                        None => out.push_str(&format!("{word} {n} is no longer scored.\n")),
                    }
                }
            }
        }
        // A rule taken back or redone changes the totals, not the rounds.
        let rescored = before.totals != self.tally().totals || before.over != self.is_over();
        let status = G::status(self, look);
        if (!changed.is_empty() || rescored) && !now.is_empty() {
            let board = G::board(self.setup(), self.tally());
            let board = crate::render::board::scoreboard(&board, look);
            // A game whose status holds the scoreboard already shows it once.
            if !status.contains(&board) {
                out.push_str(&board);
            }
        }
        out.push_str(&status);
        out
    }
}

impl<G: Desk> InPlay for Session<G> {
    fn kind(&self) -> GameKind {
        self.setup().kind()
    }

    fn players(&self) -> &[String] {
        self.setup().players()
    }

    fn words(&self) -> &'static [&'static [&'static str]] {
        G::words()
    }

    fn takes_a_name(&self) -> &'static [&'static str] {
        G::takes_a_name()
    }

    fn turn_words(&self) -> &'static [&'static str] {
        G::turn_words()
    }

    fn private_words(&self) -> &'static [&'static str] {
        G::private_words()
    }

    fn reads_as(&self, line: &str) -> Option<(&'static str, String)> {
        G::reads_as(line)
    }

    fn hint(&self, word: &str) -> Option<&'static str> {
        G::hint(word)
    }

    fn explain(&self, err: &Error) -> Option<String> {
        G::explain(self, err)
    }

    fn fix_forms(&self) -> &'static str {
        G::FIX_FORMS
    }

    fn command(&mut self, said: Said<'_>, c: &mut Console) -> Result<bool, Error> {
        G::command(self, said, c)
    }

    fn prompt(&self) -> String {
        G::prompt(self)
    }

    fn status(&self, look: Look) -> String {
        G::status(self, look)
    }

    fn introduced(&self) -> String {
        G::introduced(self)
    }

    fn first_round(&self) -> String {
        G::first_round(self)
    }

    fn round_example(&self) -> &'static str {
        G::round_example()
    }

    fn round_word(&self) -> &'static str {
        G::round_word()
    }

    fn is_over(&self) -> bool {
        Session::is_over(self)
    }

    fn has_started(&self) -> bool {
        Session::has_started(self)
    }

    fn number(&self) -> usize {
        Session::number(self)
    }

    fn finished(&self) -> usize {
        self.results().len()
    }

    fn undo(&mut self, count: usize, look: Look) -> Result<String, Error> {
        let before = Standing::of(self);
        let undone = Session::undo(self, count)?;
        let undone: Vec<Taken<G>> = undone.into_iter().rev().collect();
        Ok(self.steps_said("Undone", &undone, &before, look))
    }

    fn redo(&mut self, count: usize, look: Look) -> Result<String, Error> {
        let before = Standing::of(self);
        let redone = Session::redo(self, count)?;
        Ok(self.steps_said("Redone", &redone, &before, look))
    }

    fn can_redo(&self) -> usize {
        Session::can_redo(self)
    }

    fn fix(&mut self, round: usize, words: &str, look: Look) -> Result<String, Error> {
        let notes = Session::fix(self, round, words)?;
        Ok(G::tell(self, &notes, look))
    }

    fn enter_round(&mut self, text: &str, look: Look) -> Result<String, Error> {
        let notes = Session::enter_round(self, text)?;
        Ok(G::tell(self, &notes, look))
    }

    fn set_rule(&mut self, key: &str, value: &str, look: Look) -> Result<String, Error> {
        let notes = Session::set_rule(self, key, value)?;
        Ok(G::tell(self, &notes, look))
    }

    fn rules(&self) -> Box<dyn AnyRules> {
        Box::new(self.setup().rules().clone())
    }

    fn set_first_dealer(&mut self, name: &str) -> Result<String, Error> {
        let player = crate::game::find_player(self.players(), name)?;
        Session::set_first_dealer(self, player)?;
        Ok(G::first_round(self))
    }

    fn history(&self, last: Option<usize>) -> String {
        let steps = self.steps();
        if steps.is_empty() {
            return "No steps yet.\n".to_string();
        }
        let from = last.map_or(0, |n| steps.len().saturating_sub(n));
        let mut out = String::new();
        let mut round = 0;
        let title = crate::words::capitalized(G::round_word());
        for (i, step) in steps.iter().enumerate().skip(from) {
            if step.round != round {
                round = step.round;
                let dealer = (self.setup().first_dealer() + round - 1) % self.players().len();
                out.push_str(&format!(
                    "{title} {round}, dealt by {}:\n",
                    self.players()[dealer]
                ));
            }
            let text = self.step_text(&step.step);
            let said = G::said(self, &step.notes);
            if said.is_empty() {
                out.push_str(&format!("{:>4}  {text}\n", i + 1));
            } else {
                out.push_str(&format!("{:>4}  {text}   ({})\n", i + 1, said.join("; ")));
            }
        }
        out
    }

    fn why(&self, round: Option<usize>, end: bool, look: Look) -> Result<String, Error> {
        let tally = self.tally();
        let scored = tally.rounds.len();
        let word = G::round_word();
        if end {
            return G::why_end(self.setup(), tally, look).ok_or_else(|| {
                crate::error::Why::NoEnd {
                    game: self.kind().title(),
                    over: self.is_over(),
                }
                .into()
            });
        }
        match round {
            Some(n) if n >= 1 && n <= scored => {
                Ok(G::why(self.setup(), tally, self.results(), n, look))
            }
            Some(n) => Err(crate::error::Why::NoRound {
                round: n,
                scored,
                word,
            }
            .into()),
            None if scored == 0 => Err(crate::error::Why::NothingScored { word }.into()),
            None => {
                let mut out = G::why(self.setup(), tally, self.results(), scored, look);
                if let (true, Some(end)) = (self.is_over(), G::why_end(self.setup(), tally, look)) {
                    out.push_str(&end);
                }
                Ok(out)
            }
        }
    }

    fn record_text(&self) -> String {
        G::record_text(self)
    }

    fn view(&self, whys: &mut Whys) -> View {
        let look = Look::plain(crate::view::PAGE_WIDTH);
        let (setup, tally) = (self.setup(), self.tally());
        whys.under(&crate::rules::GameRules::to_toml(setup.rules()));
        let whys = (1..=tally.rounds.len())
            .map(|n| {
                let result = setup.result_text(&self.results()[n - 1]);
                whys.of(n, result, &tally.rounds[n - 1].totals, || {
                    G::why(setup, tally, self.results(), n, look)
                })
            })
            .collect();
        View::of(Parts {
            game: self.kind().name(),
            title: self.kind().title(),
            number: Session::number(self),
            over: Session::is_over(self),
            prompt: G::prompt(self),
            board: G::board(setup, tally),
            series: series_of(setup, tally),
            whys,
            table: G::table_view(self).printable(),
        })
    }

    fn scored(&self) -> Box<dyn Scored> {
        Box::new(ScoredGame {
            setup: self.setup().clone(),
            tally: self.tally().clone(),
        })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
