//! The interactive referee: reads lines (rustyline at a terminal, plain lines from a pipe),
//! parses each into a command, calls the library and prints. The game is saved after every
//! step that changes it. No rule lives here.

pub(crate) mod canadian;
mod command;
mod complete;
mod error;
#[cfg(test)]
mod fuzz;
pub(crate) mod help;
mod rules;
mod saved;

pub(crate) use crate::cli::PlayArgs;
use crate::deck::Deck;
use crate::error::Error;
use crate::family::GameKind;
use crate::games::canadian::CanadianRules;
use crate::games::manipulation::play::{Game, Move, Phase, RoundChange};
use crate::games::manipulation::rules::Rules;
use crate::games::manipulation::solver;
use crate::games::manipulation::table::Hand;
use crate::games::manipulation::table::Table;
use crate::render;
use crate::rules::GameRules;
use crate::store::{self, Dirs, GameFile};
use crate::words::{and_list, printable, printable_lines, printable_path};
use command::{Command, FixText, MoveText, RulesArg};
use complete::ReplHelper;
pub(crate) use error::CommandError;
use rules::{KeepsRules, KeptFor};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};
use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

/// What became of a line, in the order a script's exit status ranks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Accepted,
    Refused,
    NotUnderstood,
}

enum Flow {
    Go,
    Quit,
}

/// The session: the game in play, where it is saved, and what a new game starts with.
struct Referee {
    game: Option<Game>,
    /// The file the game is saved in, locked while this session holds it.
    file: Option<GameFile>,
    /// Why the last step could not be saved, while the game on disk is behind the game in
    /// play; `None` when every step is saved.
    unsaved: Option<String>,
    /// The file named at start, where a new game is saved if it does not exist yet.
    named: Option<PathBuf>,
    dirs: Option<Dirs>,
    new_rules: Rules,
    /// Why the `--rules` file cannot be Carousel's house rules (its keys are another
    /// game's): a new game of Carousel is refused with it rather than started without them.
    rules_refused: Option<String>,
    /// A question (archive or remove a game? replace a file?) that the next line answers,
    /// whichever referee asked it.
    pending: Option<saved::Pending>,
}

fn no_game() -> CommandError {
    CommandError::NotUnderstood(
        "no game yet: start one with new and the players' names (new alice bob carol), or resume a saved one"
            .to_string(),
    )
}

fn deck_words(deck: crate::deck::Deck) -> String {
    let decks = if deck.copies() == 1 {
        "one deck and a joker".to_string()
    } else {
        format!("{} decks and {} jokers", deck.copies(), deck.jokers())
    };
    format!("{decks} ({} cards)", deck.size())
}

/// `~/x` is the home directory's `x`.
fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(path),
    }
}

impl Referee {
    fn start(args: &PlayArgs) -> anyhow::Result<Referee> {
        let dirs = Dirs::of_user();
        let new_rules = match (&args.rules, &dirs) {
            (Some(path), _) => Rules::load(path)?,
            (None, Some(dirs)) if dirs.rules().exists() => Rules::load(&dirs.rules())?,
            _ => Rules::default(),
        };
        let mut referee = Referee {
            game: None,
            file: None,
            unsaved: None,
            named: None,
            dirs,
            new_rules,
            rules_refused: None,
            pending: None,
        };
        if let Some(path) = &args.game {
            if path.exists() {
                if args.rules.is_some() {
                    anyhow::bail!(
                        "{} is a saved game, which keeps the house rules it started with; --rules is for a new game",
                        path.display()
                    );
                }
                let (file, game) = GameFile::open(path)?;
                Referee::note_links(&file);
                referee.game = game;
                referee.file = Some(file);
            } else {
                referee.named = Some(path.clone());
            }
        }
        Ok(referee)
    }

    fn game(&self) -> Result<&Game, CommandError> {
        self.game.as_ref().ok_or_else(no_game)
    }

    fn game_mut(&mut self) -> Result<&mut Game, CommandError> {
        self.game.as_mut().ok_or_else(no_game)
    }

    fn names(&self) -> Vec<String> {
        self.game
            .as_ref()
            .map_or_else(Vec::new, |g| g.players().to_vec())
    }

    /// Saves the game after a step. A failure is reported; the game goes on in memory, the
    /// next step saves again, and `save FILE` can write it elsewhere. Until a save succeeds
    /// the session remembers that the file is behind, to say so and exit non-zero.
    fn save(&mut self) {
        let (Some(game), Some(file)) = (&self.game, &mut self.file) else {
            return;
        };
        match file.save(game) {
            Ok(()) => self.unsaved = None,
            Err(err) => {
                errln!(
                    "error: the game could not be saved: {}. It goes on in memory; the next step tries again, or save FILE writes it to another file.",
                    printable(&err.to_string())
                );
                self.unsaved = Some(printable(&err.to_string()).into_owned());
            }
        }
    }

    /// Warns that a save replaces a hard-linked record, so its other names keep the old one,
    /// and that a game in a directory that cannot be written cannot be saved there.
    fn note_links(file: &GameFile) {
        if file.unlocked() {
            errln!(
                "note: {} is in a directory this session cannot write: the game can be played, but its steps cannot be saved there; save FILE writes it to another file.",
                printable_path(file.path())
            );
        }
        let links = file.links();
        if links > 1 {
            errln!(
                "note: {} has {links} hard links; each save writes a new file, so the other names keep the game as it is now (a symbolic link is followed instead).",
                printable_path(file.path())
            );
        }
    }

    /// `save`: tries the game's file again; `save FILE`: writes the game to FILE, a new file,
    /// which the session then goes on saving to.
    fn save_to(&mut self, to: Option<String>) -> Result<(), CommandError> {
        let game = self.game.as_ref().ok_or_else(no_game)?;
        let Some(to) = to else {
            let Some(file) = &mut self.file else {
                return Err(CommandError::NotUnderstood(
                    "this game has no file yet; save FILE names one".to_string(),
                ));
            };
            file.save(game)?;
            self.unsaved = None;
            outln!("Saved in {}.", printable_path(file.path()));
            return Ok(());
        };
        let path = expand_home(&to);
        if self.file.as_ref().is_some_and(|f| f.is(&path)) {
            return self.save_to(None);
        }
        if path.exists() {
            return Err(CommandError::NotUnderstood(format!(
                "{} exists already; save FILE writes to a new file, so name another",
                path.display()
            )));
        }
        let (mut file, _) = GameFile::open(&path)?;
        file.save(game)?;
        outln!(
            "Saved in {}; the game goes on there, saved after every step.",
            printable_path(&path)
        );
        if let Some(old) = &self.file
            && self.unsaved.is_none()
        {
            outln!("{} keeps the game as it was.", printable_path(old.path()));
        }
        self.file = Some(file);
        self.unsaved = None;
        Ok(())
    }

    fn banner(&self) {
        outln!("Carousel referee. Type help for the commands.");
        if let (Some(game), Some(file)) = (&self.game, &self.file) {
            outln!("Resumed {}.", printable_path(file.path()));
            out!("{}", render::play::status(game));
        } else {
            if let Some(named) = &self.named {
                outln!(
                    "{} does not exist yet: a new game is saved there.",
                    printable_path(named)
                );
            } else if let Some((path, game)) = self.dirs.as_ref().and_then(Dirs::last_unfinished) {
                outln!(
                    "The game of {} (round {}) is saved in {}: resume goes on with it.",
                    and_list(game.players()),
                    game.number(),
                    printable_path(&path)
                );
            }
            outln!(
                "Start a game with the players' names in seating order: new alice bob carol\n\
                 (new --game canadian or new --game carolina and the names keep the score of those games)"
            );
        }
    }

    fn farewell(&self) {
        if let Some(file) = &self.file
            && self.unsaved.is_none()
        {
            let path = printable_path(file.path());
            outln!("The game is saved in {path}; carousel play {path} goes on with it.");
        }
    }

    /// Said when the session ends with steps that are not saved; stderr, and the exit
    /// status says so too.
    fn unsaved_warning(&self) -> Option<String> {
        let why = self.unsaved.as_ref()?;
        let path = self
            .file
            .as_ref()
            .map_or(String::new(), |f| format!(" {}", printable_path(f.path())));
        Some(format!(
            "the game is NOT saved: the file{path} is behind the game in play ({why}). Before leaving, save FILE writes it to another file (on another disk if this one is full)."
        ))
    }

    /// Runs one line; prints what it did, or why not. `line` numbers a script's lines.
    fn line(&mut self, text: &str, line: Option<usize>) -> (Outcome, Flow) {
        let result = match self.pending.take() {
            Some(pending) => self.answer(pending, text).map(|()| Flow::Go),
            None => command::parse(text).and_then(|command| self.execute(command)),
        };
        answered(result, line, self.game.as_ref())
    }

    fn execute(&mut self, command: Command) -> Result<Flow, CommandError> {
        match command {
            Command::Nothing => {}
            Command::New(names) => self.new_game(names)?,
            Command::Dealer(name) => {
                let game = self.game_mut()?;
                let player = game.setup().player(&name)?;
                game.set_first_dealer(player)?;
                self.save();
                let game = self.game()?;
                let r = game.round();
                outln!(
                    "Round 1: {} deals, {} plays first. {}",
                    game.players()[r.dealer],
                    game.players()[r.turn],
                    render::play::turn(game)
                );
            }
            Command::Rules(arg) => self.rules(arg)?,
            Command::Resume(file) => self.resume(file)?,
            Command::Save(to) => self.save_to(to)?,
            Command::Draw(count) => {
                let notes = self.game_mut()?.draw_n(count)?;
                self.save();
                out!("{}", render::play::notes(self.game()?, &notes));
            }
            Command::Play(text) => {
                let game = self.game_mut()?;
                let mv = build_move(game, &text)?;
                let notes = game.play(mv)?;
                self.save();
                out!("{}", render::play::notes(self.game()?, &notes));
            }
            Command::Check(text) => self.check(&text)?,
            Command::Done => {
                let notes = self.game_mut()?.done()?;
                self.save();
                out!("{}", render::play::notes(self.game()?, &notes));
            }
            Command::Knock(text) => {
                let game = self.game_mut()?;
                let hand = game.report(&text)?;
                let notes = game.knock(hand)?;
                self.save();
                out!("{}", render::play::notes(self.game()?, &notes));
            }
            Command::Hand { name, hand } => self.hand(&name, &hand)?,
            Command::Table(None) => {
                out!("{}", render::play::table(&self.game()?.round().table, &[]));
            }
            Command::Table(Some(text)) => {
                let game = self.game_mut()?;
                let setup = game.setup();
                let table = Table::parse(&text, setup.meld_rules, setup.deck)?;
                let notes = game.correct_table(table)?;
                self.save();
                out!("{}", render::play::notes(self.game()?, &notes));
            }
            Command::Cards { name, count } => {
                let game = self.game_mut()?;
                let player = game.setup().player(&name)?;
                let held = count.parse::<u32>().map_err(|_| {
                    CommandError::NotUnderstood(format!(
                        "\"{count}\": cards takes the number of cards {} holds, like cards {} 7",
                        game.players()[player],
                        game.players()[player]
                    ))
                })?;
                let notes = game.correct_held(player, held)?;
                self.save();
                out!("{}", render::play::notes(self.game()?, &notes));
            }
            Command::Status => out!("{}", render::play::status(self.game()?)),
            Command::Hint(text) => {
                let game = self.game()?;
                let hand = Hand::parse(&text, game.setup().deck)?;
                let hint = game.hint(&hand)?;
                out!("{}", render::hint(&hint, game.rules()));
            }
            Command::Arrange(text) => {
                let (rules, deck) = match &self.game {
                    Some(game) => (game.rules().clone(), game.setup().deck),
                    None => (self.new_rules.clone(), Deck::for_players(3)?),
                };
                let pile = Hand::parse(&text, deck)?;
                match solver::arrange(pile.cards(), &rules, deck) {
                    Some(table) if table.is_empty() => outln!("Nothing to lay out."),
                    Some(table) => out!("{}", render::play::table(&table, &[])),
                    None => out!(
                        "{}",
                        render::no_arrangement(
                            pile.cards().len(),
                            &solver::cards_in_no_meld(pile.cards(), &rules, deck)
                        )
                    ),
                }
            }
            Command::Scoreboard => {
                let game = self.game()?;
                out!("{}", render::scoreboard(game.tally(), game.rules()));
            }
            Command::History(last) => out!("{}", render::play::history(self.game()?, last)),
            Command::Undo(count) => {
                let undone = self.game_mut()?.undo(count)?;
                self.save();
                let game = self.game()?;
                for step in undone.iter().rev() {
                    outln!("Undone: {}", game.step_text(&step.step));
                }
                out!("{}", render::play::status(game));
            }
            Command::Redo(count) => {
                let redone = self.game_mut()?.redo(count)?;
                self.save();
                let game = self.game()?;
                for step in &redone {
                    outln!("Redone: {}", game.step_text(&step.step));
                }
                out!("{}", render::play::status(game));
            }
            Command::Round(text) => {
                let notes = self.game_mut()?.enter_round(&text)?;
                self.save();
                out!("{}", render::play::notes(self.game()?, &notes));
            }
            Command::Fix { round, change } => {
                let game = self.game_mut()?;
                let notes = match round_change(game, change)? {
                    Ok(change) => game.correct(round, change)?,
                    Err(words) => game.fix(round, &words)?,
                };
                self.save();
                out!("{}", render::play::notes(self.game()?, &notes));
            }
            Command::Help(None) => out!("{}", help::OVERVIEW),
            Command::Help(Some(topic)) => match help::topic(&topic) {
                Some(text) => outln!("{text}"),
                None => {
                    return Err(CommandError::NotUnderstood(format!(
                        "no help on \"{topic}\"; help lists the commands"
                    )));
                }
            },
            Command::Why(arg) => self.why(arg)?,
            Command::Games => self.games()?,
            Command::Tidy(tidy, which) => self.ask_tidy(tidy, &which)?,
            Command::Export { format, file } => self.export(&format, file.as_deref())?,
            Command::Stats => self.stats()?,
            Command::Chart => self.chart()?,
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Go)
    }

    fn new_game(&mut self, names: Vec<String>) -> Result<(), CommandError> {
        self.may_leave()?;
        if let Some(why) = &self.rules_refused {
            return Err(CommandError::NotUnderstood(why.clone()));
        }
        let game = Game::new(names, self.new_rules.clone())?;
        let path = new_game_path(self.named.as_deref(), self.dirs.as_ref(), game.players())?;
        let (mut file, existing) = GameFile::open(&path)?;
        if existing.is_some() {
            return Err(CommandError::NotUnderstood(format!(
                "{} holds a game already (written since this session began); resume goes on with it",
                path.display()
            )));
        }
        file.save(&game)?;
        if let (Some(old), Some(old_file)) = (&self.game, &self.file) {
            still_saved(old.players(), old_file.path());
        }
        let rules = game.rules();
        let r = game.round();
        outln!(
            "New game: {}, with {}.",
            and_list(game.players()),
            deck_words(game.setup().deck),
        );
        if let Some(first) = game.players().first()
            && let Ok(kind @ GameKind::Canadian(_)) = GameKind::parse(first)
        {
            // `new canadian a b c d` reads as a game's name; say how to start that game.
            outln!(
                "({first} is a player here; to start {} instead: new --game {} NAMES.)",
                kind.title(),
                kind.name()
            );
        }
        outln!(
            "{} cards each; the game ends when a total reaches {}.",
            rules.hand_size,
            rules.target
        );
        outln!("Saved in {} after every step.", printable_path(&path));
        outln!(
            "Round 1: {} deals, {} plays first. Stock {}. {}",
            game.players()[r.dealer],
            game.players()[r.turn],
            r.stock(),
            render::play::turn(&game)
        );
        outln!(
            "(Before the first draw, dealer NAME picks another first dealer and rules shows the house rules.)"
        );
        self.game = Some(game);
        self.file = Some(file);
        Ok(())
    }

    /// Refuses to leave a game whose last steps are not saved (for another game).
    fn may_leave(&self) -> Result<(), CommandError> {
        match &self.unsaved {
            Some(_) => Err(CommandError::NotUnderstood(
                "the game in play is not saved; save FILE writes it to another file first"
                    .to_string(),
            )),
            None => Ok(()),
        }
    }

    fn rules(&mut self, arg: RulesArg) -> Result<(), CommandError> {
        let current = self.rules_now();
        match arg {
            RulesArg::Show => {
                out!("{}", render::play::rules(&current));
                match &self.game {
                    Some(game) if game.has_started() => {
                        outln!("These are the rules of this game, fixed since its first draw.");
                    }
                    Some(_) => outln!("Change one before the first draw: rules KEY VALUE."),
                    None => {
                        outln!("The next new game starts with these; rules KEY VALUE changes one.");
                    }
                }
            }
            RulesArg::One(key) => self.say_rule(&key)?,
            RulesArg::Set(key, value) => self.change_rule(&key, &value)?,
            RulesArg::Save => {
                let dirs = self.dirs.as_ref().ok_or_else(|| {
                    CommandError::NotUnderstood(
                        "there is no config directory (no home directory)".to_string(),
                    )
                })?;
                let path = dirs.rules();
                let text = format!(
                    "# House rules new Carousel games start with (carousel play: rules save).\n{}",
                    current.to_toml()
                );
                store::write_atomically(&path, &text)?;
                self.new_rules = current;
                outln!(
                    "Saved in {}: new games start with these house rules.",
                    path.display()
                );
            }
        }
        Ok(())
    }

    fn resume(&mut self, file: Option<String>) -> Result<(), CommandError> {
        let path = match file {
            Some(file) => self.find_game(&file)?,
            None => self
                .dirs
                .as_ref()
                .and_then(Dirs::last_unfinished)
                .map(|(path, _)| path)
                .ok_or_else(|| {
                    CommandError::NotUnderstood(
                        "there is no unfinished game saved; resume FILE opens a game file"
                            .to_string(),
                    )
                })?,
        };
        if let (Some(game), Some(current)) = (&self.game, &self.file)
            && current.is(&path)
        {
            outln!("This is the game in play.");
            out!("{}", render::play::status(game));
            return Ok(());
        }
        self.may_leave()?;
        if !path.exists() {
            return Err(Error::File {
                path: path.display().to_string(),
                problem: "no such file".to_string(),
            }
            .into());
        }
        let (file, game) = GameFile::open(&path)?;
        let game = game.ok_or_else(|| Error::File {
            path: path.display().to_string(),
            problem: "no such file".to_string(),
        })?;
        Self::note_links(&file);
        outln!("Resumed {}.", printable_path(&path));
        out!("{}", render::play::status(&game));
        self.game = Some(game);
        self.file = Some(file);
        Ok(())
    }

    fn check(&self, text: &MoveText) -> Result<(), CommandError> {
        let game = self.game()?;
        let mv = build_move(game, text)?;
        let judged = game.judge(&mv)?;
        if judged.verdict.is_legal() {
            outln!(
                "Legal: {} played from the hand.",
                crate::notation::Spaced(&judged.this_move)
            );
            out!("{}", render::play::table(&judged.after, &judged.fresh));
            if let Some(why) = &judged.not_now {
                outln!("But not now: {why}.");
            }
        } else {
            out!("{}", render::verdict(&judged.verdict, &judged.after));
            if game.round().moved_this_turn() {
                outln!("{}", render::play::judged_whole(game));
            }
        }
        outln!("(check only judges: nothing changed.)");
        Ok(())
    }

    fn hand(&mut self, name: &str, text: &str) -> Result<(), CommandError> {
        let game = self.game_mut()?;
        let player = game.setup().player(name)?;
        let name = game.players()[player].clone();
        if text.trim().is_empty() {
            let typed = crate::words::typed(&name);
            return Err(CommandError::NotUnderstood(format!(
                "hand {typed} needs the hand: the cards left (hand {typed} Kd 7c *) or their count (hand {typed} 17)"
            )));
        }
        if game.is_over() {
            return Err(CommandError::Refused(
                "the game is over; no more hands are given".to_string(),
            ));
        }
        match game.round().phase {
            Phase::Hands { .. } => {
                let report = game.report(text)?;
                let notes = game.hand(player, report)?;
                self.save();
                out!("{}", render::play::notes(self.game()?, &notes));
            }
            Phase::Play => {
                if text.trim().chars().all(|c| c.is_ascii_digit()) {
                    return Err(CommandError::NotUnderstood(format!(
                        "during play, give {name}'s cards to have them counted; counts are given when the round is over"
                    )));
                }
                let hand = Hand::parse(text, game.setup().deck)?;
                let count = game.count_hand(player, &hand)?;
                let limit = game.rules().knock_limit;
                let verdict = if count.under_limit {
                    "low enough to knock at the end of a turn"
                } else {
                    "too much to knock"
                };
                outln!(
                    "{name}'s hand {hand} counts {}: {verdict} (the knock limit is {limit}).",
                    count.deadwood
                );
                if count.given != count.held {
                    outln!(
                        "Note: the referee counts {} cards for {name}, not {} (cards {} N corrects the count).",
                        count.held,
                        count.given,
                        crate::words::typed(&name)
                    );
                }
            }
        }
        Ok(())
    }
}

/// A correction as typed, read against the game: names to players, hands to reports; or
/// the words the family reads itself (delete, a whole result).
fn round_change(game: &Game, change: FixText) -> Result<Result<RoundChange, String>, CommandError> {
    let setup = game.setup();
    Ok(Ok(match change {
        FixText::Hand { name, hand } => RoundChange::Hand {
            player: setup.player(&name)?,
            hand: game.report(&hand)?,
        },
        FixText::Knock(name) => RoundChange::Knocker(name.map(|n| setup.player(&n)).transpose()?),
        FixText::Out(name) => RoundChange::Out(setup.player(&name)?),
        FixText::Delete => return Ok(Err("delete".to_string())),
        FixText::Whole(text) => return Ok(Err(text)),
    }))
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

impl KeepsRules for Referee {
    type Rules = Rules;

    fn rules_now(&self) -> Rules {
        self.game
            .as_ref()
            .map_or(&self.new_rules, Game::rules)
            .clone()
    }

    fn keep_rules(&mut self, rules: Rules) -> Result<KeptFor, CommandError> {
        let Some(game) = &mut self.game else {
            self.new_rules = rules;
            return Ok(KeptFor::NextNewGame);
        };
        let changed = Rules::TABLE
            .iter()
            .map(|rule| rule.key)
            .filter(|key| rules.value_text(key) != game.rules().value_text(key))
            .collect::<Vec<_>>();
        for key in changed {
            game.set_rule(key, &rules.value_text(key).unwrap_or_default())?;
        }
        self.save();
        Ok(KeptFor::ThisGame)
    }
}

/// The referee of the game in play: Carousel's, or Canadian and Carolina's. The family's
/// one switch: `new --game GAME` or `resume FILE` of another game's record hands the session
/// to that game's referee; every other line goes to the referee in play.
struct Session {
    carousel: Referee,
    canadian: canadian::Referee,
    kind: Family,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Carousel,
    Canadian,
}

impl Family {
    fn of(kind: GameKind) -> Family {
        match kind {
            GameKind::Carousel => Family::Carousel,
            GameKind::Canadian(_) => Family::Canadian,
        }
    }
}

/// The game a saved file is of, if it can be read.
fn kind_of_file(path: &std::path::Path) -> Option<GameKind> {
    let text = std::fs::read_to_string(path).ok()?;
    GameKind::of_record(&text).ok()
}

impl Session {
    fn start(args: &PlayArgs) -> anyhow::Result<Session> {
        let dirs = Dirs::of_user();
        // A rules file holds the keys of one game or the other (`target` and `hand-size`
        // are both's): each new game takes the file when its keys are that game's, and a
        // new game of the other game is refused with the key that is not its own.
        let mut carousel_args = PlayArgs {
            game: args.game.clone(),
            rules: args.rules.clone(),
            echo: args.echo,
        };
        let mut canadian_rules = None;
        let mut carousel_refused = None;
        let mut canadian_refused = None;
        if let Some(path) = &args.rules {
            let carousel = Rules::load(path);
            let canadian = crate::games::canadian::CanadianRules::load(path);
            match (&carousel, canadian) {
                (Err(_), Err(_)) => {}
                (Ok(_), Ok(rules)) => canadian_rules = Some(rules),
                (Ok(_), Err(err)) => {
                    canadian_refused = Some(format!(
                        "{err:#}; that file is Carousel's house rules, not Canadian or Carolina Rummy's"
                    ));
                }
                (Err(err), Ok(rules)) => {
                    carousel_refused = Some(format!(
                        "{err:#}; that file is Canadian and Carolina Rummy's house rules, not Carousel's"
                    ));
                    canadian_rules = Some(rules);
                    carousel_args.rules = None;
                }
            }
        }
        let saved = args.game.as_deref().filter(|p| p.exists());
        let saved_kind = saved.and_then(kind_of_file).unwrap_or_default();
        if let GameKind::Canadian(_) = saved_kind {
            carousel_args.game = None;
        }
        let mut carousel = Referee::start(&carousel_args)?;
        carousel.rules_refused = carousel_refused;
        let mut canadian = canadian::Referee::new(args, dirs);
        canadian.rules_refused = canadian_refused;
        if let Some(rules) = canadian_rules {
            canadian.new_rules = rules;
        }
        if let (Some(path), GameKind::Canadian(variant)) = (saved, saved_kind) {
            if args.rules.is_some() {
                anyhow::bail!(
                    "{} is a saved game, which keeps the house rules it started with; --rules is for a new game",
                    printable_path(path)
                );
            }
            let (file, game) = canadian::open_file(path, variant)?;
            canadian.game = Some(game);
            canadian.file = Some(file);
        }
        Ok(Session {
            carousel,
            canadian,
            kind: Family::of(saved_kind),
        })
    }

    /// The game a line asks for, when it starts or resumes one.
    fn wanted(text: &str) -> Option<GameKind> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.first().and_then(|w| command::command_name(w)) {
            Some("new") => {
                let at = words.iter().position(|w| *w == "--game");
                let named = match at {
                    Some(i) => words.get(i + 1).copied(),
                    None => words.iter().find_map(|w| w.strip_prefix("--game=")),
                };
                // No --game: Carousel, the default game.
                named.map_or(Some(GameKind::Carousel), |name| GameKind::parse(name).ok())
            }
            Some("resume") => {
                let file = text.trim().split_once(char::is_whitespace)?.1;
                kind_of_file(&expand_home(file.trim().trim_matches('"')))
            }
            _ => None,
        }
    }

    /// `resume N` or `resume NAME` of a saved game of any game, as `resume "PATH"`, so the
    /// referee of that game opens it. A file that exists is left as named.
    fn saved_by_number_or_name(&self, text: &str) -> Option<String> {
        let (word, rest) = text.trim().split_once(char::is_whitespace)?;
        if command::command_name(word) != Some("resume") {
            return None;
        }
        let which = rest.trim().trim_matches('"');
        if which.is_empty() || expand_home(which).exists() {
            return None;
        }
        let dirs = self.carousel.dirs.as_ref()?;
        let list = crate::catalogue::list(dirs);
        let saved = crate::catalogue::pick(&list, which).ok()?;
        Some(format!("resume \"{}\"", saved.path.display()))
    }

    /// Whether a line is one of the saved-games commands every game shares (the list,
    /// statistics, archive and remove, and the yes or no they ask for): Carousel's referee
    /// keeps them.
    fn shared(&self, text: &str) -> bool {
        let word = text.split_whitespace().next().unwrap_or_default();
        self.carousel.pending.is_some()
            || matches!(
                command::command_name(word),
                Some("games" | "archive" | "remove" | "stats")
            )
    }

    /// The most recent saved game of any game that is not over (damaged files passed over).
    fn last_unfinished(&self) -> Option<(PathBuf, GameKind)> {
        let dirs = self.carousel.dirs.as_ref()?;
        dirs.saved_games().into_iter().take(20).find_map(|path| {
            let kind = kind_of_file(&path)?;
            let unfinished = match kind {
                GameKind::Carousel => store::load(&path).is_ok_and(|g| !g.is_over()),
                GameKind::Canadian(variant) => {
                    canadian::load(&path, variant).is_ok_and(|g| !g.is_over())
                }
            };
            unfinished.then_some((path, kind))
        })
    }

    fn line(&mut self, text: &str, line: Option<usize>) -> (Outcome, Flow) {
        // A bare `resume` goes on with the latest unfinished game, whichever game it is.
        let code = text.split('#').next().unwrap_or_default().trim();
        let bare_resume = command::command_name(code).is_some_and(|c| c == "resume");
        let mut text = text.to_string();
        if bare_resume && let Some((path, _)) = self.last_unfinished() {
            text = format!("resume \"{}\"", path.display());
        }
        if let Some(resume) = self.saved_by_number_or_name(code) {
            text = resume;
        }
        let text = text.as_str();
        if let Some(kind) = Self::wanted(text) {
            self.kind = Family::of(kind);
        }
        if let Some(answer) = self.rules_before_a_game(text, line) {
            return answer;
        }
        if self.kind == Family::Canadian && self.shared(code) {
            // An answer that archives or removes the game in play lets go of its lock first.
            let answering_for_it = self
                .carousel
                .pending
                .as_ref()
                .and_then(saved::Pending::tidied)
                .is_some_and(|path| self.canadian.file.as_ref().is_some_and(|f| f.is(path)));
            let held = if answering_for_it {
                self.canadian.file.take().map(|f| f.path().to_path_buf())
            } else {
                None
            };
            let result = self.carousel.line(text, line);
            if let Some(path) = held {
                if path.exists() {
                    // Kept: the session takes the game back, locked again.
                    self.canadian.file = store::GameFile::open_text(&path).ok().map(|(f, _)| f);
                } else {
                    // A finished game archived or removed is no longer the game in play.
                    self.canadian.game = None;
                }
            }
            return result;
        }
        self.in_play_line(text, line)
    }

    /// `rules KEY` and `rules KEY VALUE` while the referee in play has no game: the rules
    /// are then a new game's, and which game it will be may not be said yet (`new --game
    /// canadian` comes after them). A key of both games (`target`, `hand-size`,
    /// `going-out-bonus`) is set for a new game of either, as a rules file of those keys
    /// applies to either; a key of the other game alone is kept for that game's next new game
    /// and said with its name, rather than refused as no house rule. `None`: the line is the
    /// referee in play's, as any other.
    fn rules_before_a_game(&mut self, text: &str, line: Option<usize>) -> Option<(Outcome, Flow)> {
        let code = text.split('#').next().unwrap_or_default();
        let (word, rest) = command::split_word(code);
        let (key, value) = command::rule_and_value(rest);
        let value = value.unwrap_or_default();
        // A question (archive, remove, replace a file?) waits for its answer, which this line is then.
        if command::command_name(word) != Some("rules")
            || key.is_empty()
            || self.carousel.pending.is_some()
        {
            return None;
        }
        let carousels = Rules::key(key).is_ok();
        let canadians = CanadianRules::key(key).is_ok();
        let (has_game, mine, theirs) = match self.kind {
            Family::Carousel => (self.carousel.game.is_some(), carousels, canadians),
            Family::Canadian => (self.canadian.game.is_some(), canadians, carousels),
        };
        if has_game || !theirs || (mine && value.is_empty()) {
            return None;
        }
        if mine {
            let answer = self.in_play_line(text, line);
            if answer.0 == Outcome::Accepted {
                // The other game's rule follows; a value it refuses leaves it as it was,
                // and the player is told so rather than finding out at `new`.
                let (refused, other) = match self.kind {
                    Family::Carousel => (
                        self.canadian.new_rules.set(key, value).err(),
                        "Canadian and Carolina Rummy",
                    ),
                    Family::Canadian => (self.carousel.new_rules.set(key, value).err(), "Carousel"),
                };
                if let Some(refused) = refused {
                    outln!("{other} keep their {key} as it was: {refused}.");
                }
            }
            return Some(answer);
        }
        let result = match self.kind {
            Family::Carousel => rules::next_game_rule(
                &mut self.canadian.new_rules,
                key,
                value,
                "Canadian or Carolina Rummy",
            ),
            Family::Canadian => {
                rules::next_game_rule(&mut self.carousel.new_rules, key, value, "Carousel")
            }
        };
        Some(answered(result.map(|()| Flow::Go), line, None))
    }

    /// A line for the referee of the game in play. A question the Canadian referee asks
    /// waits with Carousel's, where every question waits for the line that answers it.
    fn in_play_line(&mut self, text: &str, line: Option<usize>) -> (Outcome, Flow) {
        match self.kind {
            Family::Carousel => self.carousel.line(text, line),
            Family::Canadian => {
                let answer = self.canadian.line(text, line);
                if let Some(question) = self.canadian.asked.take() {
                    self.carousel.pending = Some(question);
                }
                answer
            }
        }
    }

    /// Whether Carousel's game is not saved (kept even while another game is in play, as
    /// its steps are in memory only).
    fn unsaved_warning(&self) -> Option<String> {
        self.carousel
            .unsaved_warning()
            .or_else(|| self.canadian.unsaved_warning())
    }

    fn names(&self) -> Vec<String> {
        match self.kind {
            Family::Carousel => self.carousel.names(),
            Family::Canadian => self.canadian.names(),
        }
    }

    fn prompt(&self) -> String {
        match self.kind {
            // A question (archive, remove, replace a file?) waits for its answer.
            _ if self.carousel.pending.is_some() => "yes or no> ".to_string(),
            Family::Carousel => render::play::prompt(self.carousel.game.as_ref()),
            Family::Canadian => self.canadian.prompt(),
        }
    }

    /// The command words of the game in play, for completion.
    fn words(&self) -> &'static [&'static [&'static str]] {
        match self.kind {
            Family::Carousel => command::WORDS,
            Family::Canadian => canadian::WORDS,
        }
    }

    fn banner(&self) {
        match self.kind {
            Family::Canadian if self.canadian.game.is_some() => {
                outln!("Carousel referee. Type help for the commands.");
                self.canadian.banner();
            }
            Family::Carousel | Family::Canadian => self.carousel.banner(),
        }
    }

    fn farewell(&self) {
        match self.kind {
            Family::Carousel => self.carousel.farewell(),
            Family::Canadian => self.canadian.farewell(),
        }
    }
}

/// What became of a line, with its error said (as the line `line` of a script): every
/// game's lines end here.
fn answered(
    result: Result<Flow, CommandError>,
    line: Option<usize>,
    game: Option<&Game>,
) -> (Outcome, Flow) {
    match result {
        Ok(flow) => (Outcome::Accepted, flow),
        Err(err) => {
            let (kind, text) = render::error::repl_line(&err, line, game);
            err!("{text}");
            let outcome = match kind {
                render::error::Kind::Refused => Outcome::Refused,
                render::error::Kind::NotUnderstood => Outcome::NotUnderstood,
            };
            (outcome, Flow::Go)
        }
    }
}

/// Where a new game is saved: the file named at start if it does not exist yet, else a new
/// file in the data directory. Any game of the family.
fn new_game_path(
    named: Option<&std::path::Path>,
    dirs: Option<&Dirs>,
    players: &[String],
) -> Result<PathBuf, CommandError> {
    match (named, dirs) {
        (Some(named), _) if !named.exists() => Ok(named.to_path_buf()),
        (_, Some(dirs)) => Ok(dirs.new_game_file(players)),
        (_, None) => Err(CommandError::NotUnderstood(
            "there is no data directory to save games in (no home directory); name a file: carousel play GAME.toml"
                .to_string(),
        )),
    }
}

/// Said when a new game replaces one in play.
fn still_saved(players: &[String], path: &std::path::Path) {
    outln!(
        "The game of {} stays saved in {}.",
        and_list(players),
        printable_path(path)
    );
}

fn history_file(dirs: Option<&Dirs>) -> Option<PathBuf> {
    let path = dirs?.history();
    std::fs::create_dir_all(path.parent()?).ok()?;
    Some(path)
}

/// A line of input, or why there is none.
enum Input {
    Line(String),
    /// A line of a script that is not UTF-8: the byte where it goes wrong (from 1).
    NotText(usize),
    /// Ctrl-C at the terminal.
    Cleared,
    End,
    Failed(String),
}

/// Reads a line of a script (stdin not a terminal) with no prompt. A line that is not UTF-8
/// is reported and skipped rather than ending the session.
fn script_line(stdin: &mut impl BufRead) -> Input {
    let mut bytes = Vec::new();
    match stdin.read_until(b'\n', &mut bytes) {
        Ok(0) => Input::End,
        Ok(_) => {
            if bytes.last() == Some(&b'\n') {
                bytes.pop();
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
            }
            match String::from_utf8(bytes) {
                Ok(line) => Input::Line(line),
                Err(e) => Input::NotText(e.utf8_error().valid_up_to() + 1),
            }
        }
        Err(e) => Input::Failed(e.to_string()),
    }
}

/// Runs the session to its end: Ctrl-D, `quit`, or the end of the input. The exit status
/// of a script ranks its lines (see [`PlayArgs`]); whatever the input, it is 3 when the game
/// in play is not saved at the end, or stdout could not be written.
pub(crate) fn run(args: &PlayArgs) -> ExitCode {
    let interactive = std::io::stdin().is_terminal();
    let mut referee = match Session::start(args) {
        Ok(referee) => referee,
        Err(err) => {
            errln!("carousel: {}", printable_lines(&format!("{err:#}")));
            return crate::out::finish(2);
        }
    };
    let mut editor = None;
    if interactive {
        let config = Config::builder()
            .completion_type(CompletionType::List)
            .auto_add_history(false)
            .build();
        match Editor::<ReplHelper, DefaultHistory>::with_config(config) {
            Ok(mut made) => {
                made.set_helper(Some(ReplHelper::default()));
                editor = Some(made);
            }
            Err(err) => {
                errln!("carousel: cannot open the terminal: {err}");
                return crate::out::finish(2);
            }
        }
    }
    let history = if interactive {
        history_file(referee.carousel.dirs.as_ref())
    } else {
        None
    };
    if let (Some(path), Some(editor)) = (&history, &mut editor)
        && path.exists()
    {
        let _ = editor.load_history(path);
    }
    if interactive {
        referee.banner();
    }
    let mut stdin = std::io::stdin().lock();
    let mut worst = Outcome::Accepted;
    let mut told_of_recall = false;
    let mut warned_unsaved = false;
    let mut number = 0;
    loop {
        let prompt = referee.prompt();
        let read = match &mut editor {
            Some(editor) => {
                if let Some(helper) = editor.helper_mut() {
                    helper.names = referee.names();
                    helper.words = referee.words();
                }
                match editor.readline(&prompt) {
                    Ok(line) => Input::Line(line),
                    Err(ReadlineError::Interrupted) => Input::Cleared,
                    Err(ReadlineError::Eof) => Input::End,
                    Err(err) => Input::Failed(err.to_string()),
                }
            }
            None => script_line(&mut stdin),
        };
        match read {
            Input::Line(line) => {
                number += 1;
                if args.echo && !interactive {
                    outln!("{prompt}{line}");
                }
                // Every line goes into the history, so Up brings back a failed one to edit;
                // a failed line is never put in front of the next one typed.
                if let Some(editor) = &mut editor
                    && !line.trim().is_empty()
                {
                    let _ = editor.add_history_entry(line.as_str());
                    if let Some(path) = &history {
                        let _ = editor.append_history(path);
                    }
                }
                let (outcome, flow) = referee.line(&line, (!interactive).then_some(number));
                worst = worst.max(outcome);
                if interactive && outcome != Outcome::Accepted && !told_of_recall {
                    outln!("(Up arrow brings the line back to edit.)");
                    told_of_recall = true;
                }
                if let Flow::Quit = flow {
                    // At the terminal, a first quit with steps unsaved only warns.
                    match referee.unsaved_warning() {
                        Some(warning) if interactive && !warned_unsaved => {
                            errln!("{warning} quit again leaves without saving.");
                            warned_unsaved = true;
                        }
                        _ => break,
                    }
                }
            }
            Input::NotText(byte) => {
                number += 1;
                errln!("line {number}: error: not UTF-8 text at byte {byte}; the line is skipped");
                worst = Outcome::NotUnderstood;
            }
            Input::Cleared => {
                if referee.unsaved_warning().is_some() {
                    outln!(
                        "(Line cleared. The game is not saved: save FILE writes it to another file.)"
                    );
                } else {
                    outln!("(Line cleared. quit or Ctrl-D leaves; the game is saved.)");
                }
            }
            Input::End => {
                if let Some(pending) = referee.carousel.pending.take() {
                    errln!("refused: {}", pending.unanswered());
                    worst = worst.max(Outcome::Refused);
                }
                match referee.unsaved_warning() {
                    Some(warning) if interactive && !warned_unsaved => {
                        errln!("{warning} Ctrl-D again leaves without saving.");
                        warned_unsaved = true;
                    }
                    _ => break,
                }
            }
            Input::Failed(err) => {
                errln!("carousel: cannot read a line: {err}");
                worst = Outcome::NotUnderstood;
                break;
            }
        }
        // A reader that went away (a closed pipe) or a full disk ends the session: every
        // step so far is saved, and nothing more can be shown.
        if crate::out::failure().is_some() {
            break;
        }
    }
    if interactive {
        referee.farewell();
    }
    if let Some(warning) = referee.unsaved_warning() {
        errln!("carousel: {warning}");
        return crate::out::finish(crate::out::WRITE_FAILED);
    }
    if interactive {
        return crate::out::finish(0);
    }
    crate::out::finish(match worst {
        Outcome::Accepted => 0,
        Outcome::Refused => 1,
        Outcome::NotUnderstood => 2,
    })
}
