//! The one referee of every game of the family: the game in play (whichever game), where it
//! is saved, the house rules each game's next new game starts with, and a question waiting
//! for its answer. A line is read here: the family's commands (new, rules, undo, fix, round,
//! the saved games, help) are carried out here for every game alike; any other word is the
//! game's ([`crate::family::InPlay::command`]). The game is saved after every step that
//! changes it. No rule lives here.

use super::command::{self, Command, RulesArg, ShareArg, WhyArg};
use super::question::Question;
use super::{PlayArgs, help};
use crate::catalogue;
use crate::console::Console;
use crate::error::{CommandError, Error, Hint};
use crate::family::Said;
use crate::family::{AnyRules, GameKind, InPlay};
use crate::games::GAMES;
use crate::render;
use crate::share::{Place, Share};
use crate::store::{self, Dirs, GameFile};
use crate::view::{Ruling, Snapshot, View, Whys};
use crate::words::{
    and_list, printable, printable_lines, printable_path, shown, split_word, titles_list,
};
use std::path::{Path, PathBuf};

/// What became of a line, in the order a script's exit status ranks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Accepted,
    Refused,
    NotUnderstood,
}

/// Whether the session goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Go,
    Quit,
}

/// The session at the table.
pub struct Referee {
    pub(super) game: Option<Box<dyn InPlay>>,
    /// The file the game is saved in, locked while this session holds it.
    pub(super) file: Option<GameFile>,
    /// Why the last step could not be saved, while the file is behind the game in play.
    pub(super) unsaved: Option<String>,
    /// The file named at start that did not exist yet, locked from the start so that a
    /// second session named to it is refused at once: the first new game is saved there.
    reserved: Option<GameFile>,
    pub(super) dirs: Option<Dirs>,
    /// The house rules each game's next new game starts with, in the order of [`GAMES`].
    next_rules: Vec<Box<dyn AnyRules>>,
    /// Why a new game of each game is refused: the `--rules` file holds another game's keys.
    refused: Vec<Option<CommandError>>,
    /// The game the last game in play was of: `rules` without a game shows its rules, and
    /// its words are the ones a line without a game is read by.
    next: GameKind,
    /// A question (archive, remove, replace?) the next line answers.
    pub(super) question: Option<Question>,
    /// The game shared with the phones at the table, while it is.
    sharing: Option<Sharing>,
    /// What of the last line is left to type again: from the part of a turn line that was
    /// refused on, the parts before it having stood.
    retry: Option<String>,
}

/// The game shared on the network, and what its pages were last sent.
struct Sharing {
    share: Share,
    /// Each finished round's `why`, kept from one view to the next.
    whys: Whys,
    seq: u64,
    shown: Option<View>,
    ruling: Option<Ruling>,
}

/// The most lines of what a step said that the page's ruling shows.
const RULING_LINES: usize = 8;

/// `~/x` is the home directory's `x`.
pub(crate) fn expand_home(path: &str) -> PathBuf {
    match (path.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(path),
    }
}

fn index_of(kind: GameKind) -> usize {
    GAMES
        .iter()
        .position(|e| e.name() == kind.name())
        .unwrap_or(0)
}

impl Referee {
    /// A session with the user's directories `dirs`, the house rules of `--rules FILE` (or
    /// else of the config directory's rules file), and the game file named at start, opened
    /// when it exists.
    pub fn start(args: &PlayArgs, dirs: Option<Dirs>, c: &mut Console) -> Result<Referee, Error> {
        let mut next_rules: Vec<Box<dyn AnyRules>> =
            GAMES.iter().map(|e| e.default_rules()).collect();
        let mut refused = vec![None; GAMES.len()];
        let config = dirs.as_ref().map(Dirs::rules).filter(|p| p.exists());
        if let (None, Some(path)) = (&args.rules, &config) {
            // The rules file of the config directory: each game whose keys it holds.
            let text = store::read_text(path)?;
            for (i, entry) in GAMES.iter().enumerate() {
                if let Ok(rules) = entry.read_rules(&text) {
                    next_rules[i] = rules;
                }
            }
        }
        if let Some(path) = &args.rules {
            let text = store::read_text(path).map_err(|e| match e {
                Error::File { problem, .. } => Error::HouseRulesUnread {
                    path: path.clone(),
                    problem,
                },
                e => e,
            })?;
            let read: Vec<Result<Box<dyn AnyRules>, Error>> =
                GAMES.iter().map(|e| e.read_rules(&text)).collect();
            if read.iter().all(Result::is_err) {
                let first = read.into_iter().next().and_then(Result::err);
                return Err(first.map_or_else(
                    || Error::from(crate::error::RulesError::NoGames),
                    |e| Error::HouseRulesOfNoGame {
                        path: path.clone(),
                        error: Box::new(e),
                    },
                ));
            }
            let theirs: Vec<&str> = GAMES
                .iter()
                .zip(&read)
                .filter(|(_, r)| r.is_ok())
                .map(|(e, _)| e.title())
                .collect();
            for (i, rules) in read.into_iter().enumerate() {
                match rules {
                    Ok(rules) => next_rules[i] = rules,
                    Err(e) => {
                        refused[i] = Some(CommandError::RulesOfOtherGames {
                            path: path.clone(),
                            error: Box::new(e),
                            theirs: theirs.clone(),
                            game: GAMES[i].title(),
                        });
                    }
                }
            }
        }
        let mut referee = Referee {
            game: None,
            file: None,
            unsaved: None,
            reserved: None,
            dirs,
            next_rules,
            refused,
            next: crate::games::first(),
            question: None,
            sharing: None,
            retry: None,
        };
        if let Some(path) = &args.game {
            // Locked first: a second session named to the same file, game or not yet, is
            // refused here.
            let (file, text) = GameFile::open_text(path)?;
            if let Some(text) = text {
                if args.rules.is_some() {
                    return Err(CommandError::RulesForSavedGame { path: path.clone() }.into());
                }
                let game = catalogue::read_game(path, &text)?;
                note_links(&file, c);
                referee.next = game.kind();
                referee.game = Some(game);
                referee.file = Some(file);
            } else {
                referee.reserved = Some(file);
            }
        }
        if let Some(place) = &args.share {
            referee.share(place, c)?;
        }
        Ok(referee)
    }

    /// The game in play, or why there is none.
    pub(super) fn game(&self) -> Result<&dyn InPlay, Error> {
        self.game
            .as_deref()
            .ok_or_else(|| CommandError::NoGame.into())
    }

    fn game_mut(&mut self) -> Result<&mut Box<dyn InPlay>, Error> {
        self.game
            .as_mut()
            .ok_or_else(|| CommandError::NoGame.into())
    }

    pub(super) fn dirs(&self) -> Result<&Dirs, Error> {
        self.dirs
            .as_ref()
            .ok_or_else(|| CommandError::NoDataDir.into())
    }

    /// The players of the game in play, for completion.
    pub fn names(&self) -> Vec<String> {
        self.game
            .as_ref()
            .map_or_else(Vec::new, |g| g.players().to_vec())
    }

    /// The game's own command words the session reads now: the game in play's, or else
    /// those of the game the last was of.
    pub fn game_words(&self) -> &'static [&'static [&'static str]] {
        match &self.game {
            Some(game) => game.words(),
            None => self.next.entry().words(),
        }
    }

    /// The game the session is about: the game in play's, or the last one's.
    pub fn kind(&self) -> GameKind {
        self.game.as_ref().map_or(self.next, |g| g.kind())
    }

    /// The house rules a rule without a game is shown from and completed with.
    pub fn rules_now(&self) -> Box<dyn AnyRules> {
        match &self.game {
            Some(game) => game.rules(),
            None => self.next_rules[index_of(self.next)].clone(),
        }
    }

    /// Commands of the game in play that take a player's name first.
    pub fn takes_a_name(&self) -> &'static [&'static str] {
        self.game.as_ref().map_or(&[], |g| g.takes_a_name())
    }

    pub fn prompt(&self) -> String {
        if self.question.is_some() {
            return "yes or no> ".to_string();
        }
        match &self.game {
            Some(game) => game.prompt(),
            None => "carousel> ".to_string(),
        }
    }

    /// Saves the game after a step. A failure is said; the game goes on in memory, the next
    /// step saves again, and `save FILE` can write it elsewhere. Until a save succeeds the
    /// session remembers that the file is behind, to say so and exit non-zero.
    pub(super) fn save(&mut self, c: &mut Console) {
        let (Some(game), Some(file)) = (&self.game, &mut self.file) else {
            return;
        };
        match file.save_text(&saved_text(game.as_ref())) {
            Ok(()) => self.unsaved = None,
            Err(err) => {
                warnln!(
                    c,
                    "error: the game could not be saved: {}. It goes on in memory; the next step tries again, or save FILE writes it to another file.",
                    printable(&err.to_string())
                );
                self.unsaved = Some(err.to_string());
            }
        }
    }

    /// Refuses to leave a game whose last steps are not saved (for another game).
    pub(super) fn may_leave(&self) -> Result<(), Error> {
        match &self.unsaved {
            Some(_) => Err(Error::Unsaved),
            None => Ok(()),
        }
    }

    /// Said at a terminal when the session starts.
    pub fn banner(&self, c: &mut Console) {
        sayln!(c, "Carousel referee. Type help for the commands.");
        if let (Some(game), Some(file)) = (&self.game, &self.file) {
            sayln!(c, "Resumed {}.", printable_path(file.path()));
            say!(c, "{}", game.status(c.look()));
            return;
        }
        if let Some(reserved) = &self.reserved {
            sayln!(
                c,
                "{} does not exist yet: a new game is saved there.",
                printable_path(reserved.path())
            );
        } else if let Some((path, summary)) =
            self.dirs.as_ref().and_then(catalogue::last_unfinished)
        {
            sayln!(
                c,
                "The game of {} ({}) is saved in {}: resume goes on with it.",
                printable(&and_list(&summary.players)),
                crate::games::place(&summary),
                printable_path(&path)
            );
        }
        sayln!(
            c,
            "Start a game with the players' names in seating order: new alice bob carol\n\
             (new --game canadian or new --game carolina and the names keep the score of those games)"
        );
    }

    /// Keeps the place of a game played outside the games directory, so the list of games
    /// finds it.
    fn remember_file(&self) {
        if let (Some(dirs), Some(file)) = (&self.dirs, &self.file) {
            dirs.remember(file.path());
        }
    }

    /// Said at a terminal when the session ends.
    pub fn farewell(&self, c: &mut Console) {
        if let Some(file) = &self.file
            && self.unsaved.is_none()
        {
            let path = printable_path(file.path());
            sayln!(
                c,
                "The game is saved in {path}; carousel play {path} goes on with it."
            );
        }
    }

    /// Said when the session ends with steps that are not saved; stderr, and the exit
    /// status says so too.
    pub fn unsaved_warning(&self) -> Option<String> {
        let why = self.unsaved.as_ref()?;
        let path = self
            .file
            .as_ref()
            .map_or(String::new(), |f| format!(" {}", printable_path(f.path())));
        Some(format!(
            "the game is NOT saved: the file{path} is behind the game in play ({}). Before leaving, save FILE writes it to another file (on another disk if this one is full).",
            printable(why)
        ))
    }

    /// What of the last line is left to type again, when part of it stood: the REPL puts it
    /// in the line history, so that Up brings back the refused part and those after it.
    pub fn take_retry(&mut self) -> Option<String> {
        self.retry.take()
    }

    /// The input ended with a question unanswered: nothing was done.
    pub fn unanswered(&mut self) -> Option<Error> {
        self.question.take().map(Question::unanswered)
    }

    /// Runs one line; prints what it did, or why not. `line` numbers a script's lines.
    pub fn line(&mut self, text: &str, line: Option<usize>, c: &mut Console) -> (Outcome, Flow) {
        self.retry = None;
        let sharing = self.sharing.is_some();
        if sharing {
            c.tap();
        }
        let result = match self.question.take() {
            Some(question) => self.answer(question, text, c).map(|()| Flow::Go),
            None => self.execute(text, c),
        };
        if sharing {
            let said = c.untap();
            let typed = printable(text.split('#').next().unwrap_or("").trim()).into_owned();
            let refused = match &result {
                // A hand typed for advice or a count is the player's own: never on the page.
                Err(_) if self.is_private(text) => return self.finish_line(result, line, c),
                Err(err) if err.is_refusal() => Some(Ruling {
                    line: typed.clone(),
                    accepted: false,
                    rules: err.cited(),
                    message: printable_lines(&err.to_string()).into_owned(),
                }),
                _ => None,
            };
            self.publish(refused, &typed, &said);
        }
        self.finish_line(result, line, c)
    }

    /// Whether a line names a player's private cards (`hint HAND`, a hand counted during
    /// play), in any of its parts: its refusal is not shown on the shared page.
    fn is_private(&self, text: &str) -> bool {
        let Some(game) = &self.game else {
            return false;
        };
        text.split(',').any(|part| {
            let word = split_word(part.trim()).0;
            command::named(game.words(), word)
                .is_some_and(|name| game.private_words().contains(&name))
        })
    }

    /// What became of a line, said: its refusal or error on stderr.
    fn finish_line(
        &mut self,
        result: Result<Flow, Error>,
        line: Option<usize>,
        c: &mut Console,
    ) -> (Outcome, Flow) {
        match result {
            Ok(flow) => (Outcome::Accepted, flow),
            Err(err) => {
                let (kind, said) = render::error::repl_line(&err, line, self.game.as_deref());
                warn!(c, "{said}");
                let outcome = match kind {
                    render::error::Kind::Refused => Outcome::Refused,
                    render::error::Kind::NotUnderstood => Outcome::NotUnderstood,
                };
                (outcome, Flow::Go)
            }
        }
    }

    /// Sends the pages the game as it now stands, when it changed or a line was refused:
    /// a step's ruling is what the referee said of it.
    fn publish(&mut self, refused: Option<Ruling>, typed: &str, said: &str) {
        let Some(sharing) = &mut self.sharing else {
            return;
        };
        let view = self.game.as_ref().map(|g| g.view(&mut sharing.whys));
        let changed = view != sharing.shown;
        if refused.is_none() && !changed {
            return;
        }
        if let Some(refused) = refused {
            sharing.ruling = Some(refused);
        } else if view.is_some() {
            let message: Vec<&str> = said
                .lines()
                .map(str::trim_end)
                .filter(|l| !l.is_empty())
                .take(RULING_LINES)
                .collect();
            sharing.ruling = Some(Ruling {
                line: typed.to_string(),
                accepted: true,
                rules: Vec::new(),
                message: printable_lines(&message.join("\n")).into_owned(),
            });
        } else {
            sharing.ruling = None;
        }
        sharing.seq += 1;
        sharing.shown = view;
        let snapshot = Snapshot {
            seq: sharing.seq,
            view: sharing.shown.clone(),
            ruling: sharing.ruling.clone(),
        };
        sharing.share.publish(snapshot);
    }

    /// `share [PLACE]`: starts sharing the game, or says again where it is shared.
    fn share(&mut self, place: &str, c: &mut Console) -> Result<(), Error> {
        if self.sharing.is_none() {
            let place = Place::parse(place)?;
            let mut whys = Whys::default();
            let view = self.game.as_ref().map(|g| g.view(&mut whys));
            let first = Snapshot {
                seq: 1,
                view: view.clone(),
                ruling: None,
            };
            let share = Share::start(place, &first)?;
            self.sharing = Some(Sharing {
                share,
                whys,
                seq: 1,
                shown: view,
                ruling: None,
            });
        } else if !place.trim().is_empty() {
            sayln!(
                c,
                "The game is shared already; share stop first, to share it elsewhere."
            );
        }
        let Some(sharing) = &self.sharing else {
            return Ok(());
        };
        let share = &sharing.share;
        sayln!(
            c,
            "The game is shared, read-only. On a phone on this network, scan the code or open:"
        );
        c.raw(&format!("{}\n", share.url()));
        c.raw(&share.qr());
        c.raw("\n");
        sayln!(
            c,
            "Listening on {}. Anyone with the address sees the game; share stop ends it, and so does leaving.",
            share.listening()
        );
        Ok(())
    }

    fn execute(&mut self, text: &str, c: &mut Console) -> Result<Flow, Error> {
        let text = text.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            return Ok(Flow::Go);
        }
        if let Some(game) = &self.game
            && !game.turn_words().is_empty()
            && text.contains(',')
        {
            let parts = command::turn_parts(text);
            if parts.len() > 1 && self.turn_step(parts[0]).is_some() {
                return self.turn_line(&parts, c).map(|()| Flow::Go);
            }
        }
        let (word, rest) = split_word(text);
        if let Some(name) = command::named(command::WORDS, word) {
            let (round_word, fix_forms, round_form) = match &self.game {
                Some(game) => (game.round_word(), game.fix_forms(), game.round_example()),
                None => ("round", "fix N and the change; help fix", "help round"),
            };
            let parsed = command::parse(name, word, rest, round_word, fix_forms, round_form)?;
            return self.family(parsed, c);
        }
        if let Some(name) = command::named(self.game_words(), word) {
            return self.game_command(name, word, rest, c).map(|()| Flow::Go);
        }
        // A word of another game: a dispute it settles without a game in play.
        if self.game.is_none()
            && let Some(entry) = GAMES
                .iter()
                .find(|e| command::named(e.words(), word).is_some())
            && let Some(name) = command::named(entry.words(), word)
        {
            let rules = &self.next_rules[index_of(GameKind(*entry))];
            return match entry.offline(name, rest, rules.as_ref(), c) {
                Some(done) => done.map(|()| Flow::Go),
                None => Err(CommandError::NoGame.into()),
            };
        }
        if let Some(game) = &self.game
            && let Some((name, rest)) = game.reads_as(text)
        {
            return self.game_command(name, name, &rest, c).map(|()| Flow::Go);
        }
        // An answer with no question waiting (it was answered, or never asked).
        if ["yes", "y", "no", "n"].contains(&word.to_lowercase().as_str()) && rest.is_empty() {
            return Err(CommandError::NoQuestion { word: shown(word) }.into());
        }
        let hint = command::nearest(command::WORDS, word)
            .or_else(|| command::nearest(self.game_words(), word))
            .map(Hint::DidYouMean)
            .or_else(|| {
                let hint = match &self.game {
                    Some(game) => game.hint(word),
                    None => None,
                };
                hint.map(Hint::Game)
            })
            .unwrap_or(Hint::Nothing);
        Err(CommandError::NotACommand {
            word: shown(word),
            hint,
        }
        .into())
    }

    /// The step of a turn a part of a one-line turn is, with what follows its word: a turn
    /// word of the game in play, or a line the game reads as one (`1 2 = MELDS`).
    fn turn_step(&self, part: &str) -> Option<(&'static str, String)> {
        let game = self.game.as_deref()?;
        let (word, rest) = split_word(part);
        let step = match command::named(game.words(), word) {
            Some(name) => (name, rest.to_string()),
            None => game.reads_as(part)?,
        };
        game.turn_words().contains(&step.0).then_some(step)
    }

    /// A whole turn typed in one line: each part played in order as if typed alone, and
    /// saved; a part that fails stops the line there, the parts before it standing. A
    /// part that is no step of a turn stops it before anything is played.
    fn turn_line(&mut self, parts: &[&str], c: &mut Console) -> Result<(), Error> {
        let mut steps = Vec::with_capacity(parts.len());
        for (i, part) in parts.iter().enumerate() {
            let Some(step) = self.turn_step(part) else {
                let words = self.game()?.turn_words();
                return Err(CommandError::NotATurnPart {
                    part: i + 1,
                    typed: shown(part),
                    words: crate::words::or_list(words),
                }
                .into());
            };
            steps.push(step);
        }
        for (i, (name, rest)) in steps.iter().enumerate() {
            let typed = split_word(parts[i]).0;
            let typed = if command::named(self.game_words(), typed).is_some() {
                typed
            } else {
                name
            };
            if let Err(error) = self.game_command(name, typed, rest, c) {
                if i > 0 {
                    self.retry = Some(parts[i..].join(", "));
                }
                return Err(Error::InTurnLine {
                    part: i + 1,
                    typed: parts[i].to_string(),
                    kept: parts[..i].iter().map(|p| (*p).to_string()).collect(),
                    error: Box::new(error),
                });
            }
        }
        Ok(())
    }

    /// One of the game's own commands: the game in play's, or one it takes without a game.
    fn game_command(
        &mut self,
        name: &'static str,
        typed: &str,
        rest: &str,
        c: &mut Console,
    ) -> Result<(), Error> {
        if let Some(game) = &mut self.game {
            let said = Said {
                word: name,
                typed,
                rest,
            };
            if game.command(said, c)? {
                self.save(c);
            }
            return Ok(());
        }
        let rules = &self.next_rules[index_of(self.next)];
        match self.next.entry().offline(name, rest, rules.as_ref(), c) {
            Some(done) => done,
            None => Err(CommandError::NoGame.into()),
        }
    }

    fn family(&mut self, command: Command, c: &mut Console) -> Result<Flow, Error> {
        let look = c.look();
        match command {
            Command::New { game, new } => self.new_game(game.as_deref(), &new, c)?,
            Command::Dealer(name) => {
                let said = self.game_mut()?.set_first_dealer(&name)?;
                self.save(c);
                say!(c, "{said}");
            }
            Command::Rules(arg) => self.rules(arg, c)?,
            Command::Resume(which) => self.resume(which.as_deref(), c)?,
            Command::Save(to) => self.save_to(to.as_deref(), c)?,
            Command::Status => say!(c, "{}", self.game()?.status(look)),
            Command::Scoreboard => {
                let scored = self.game()?.scored();
                say!(c, "{}", render::board::scoreboard(&scored.board(), look));
            }
            Command::Why(arg) => {
                let game = self.game()?;
                let said = match arg {
                    WhyArg::Last => game.why(None, false, look)?,
                    WhyArg::Round(n) => game.why(Some(n), false, look)?,
                    WhyArg::End => game.why(None, true, look)?,
                };
                say!(c, "{said}");
            }
            Command::History(last) => say!(c, "{}", self.game()?.history(last)),
            Command::Undo(count) => {
                let said = self.game_mut()?.undo(count, look)?;
                self.save(c);
                say!(c, "{said}");
            }
            Command::Redo(count) => {
                let said = self.game_mut()?.redo(count, look)?;
                self.save(c);
                say!(c, "{said}");
            }
            Command::Round(text) => {
                let said = self.game_mut()?.enter_round(&text, look)?;
                self.save(c);
                say!(c, "{said}");
            }
            Command::Fix { round, change } => {
                let said = self.game_mut()?.fix(round, &change, look)?;
                self.save(c);
                say!(c, "{said}");
            }
            Command::Games => self.games(c)?,
            Command::Tidy(tidy, which) => self.ask_tidy(tidy, &which, c)?,
            Command::Export { format, file } => self.export(&format, file.as_deref(), c)?,
            Command::Stats => self.stats(c)?,
            Command::Chart => {
                let series = self.game()?.scored().series();
                say!(c, "{}", render::chart::chart(&series, look));
            }
            Command::Share(ShareArg::Start(place)) => self.share(&place, c)?,
            Command::Share(ShareArg::Stop) => {
                let sharing = self
                    .sharing
                    .take()
                    .ok_or(Error::Share(crate::error::ShareError::NotSharing))?;
                sharing.share.stop();
                sayln!(c, "Sharing stopped: the pages no longer follow the game.");
            }
            Command::Help(topic) => {
                let text = help::help(topic.as_deref(), self.kind()).ok_or_else(|| {
                    CommandError::NoHelp {
                        topic: shown(topic.as_deref().unwrap_or_default()),
                    }
                })?;
                let width = c.look().width;
                say!(c, "{}", help::laid_out(text.trim_end(), width));
            }
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Go)
    }

    fn new_game(
        &mut self,
        game: Option<&str>,
        new: &crate::family::NewGame,
        c: &mut Console,
    ) -> Result<(), Error> {
        let kind = match game {
            Some(name) => crate::games::kind(name)?,
            None => crate::games::first(),
        };
        self.may_leave()?;
        // Asked for, the game is the one `rules` speaks of next, even if it is refused.
        if self.game.is_none() {
            self.next = kind;
        }
        let i = index_of(kind);
        if let Some(why) = &self.refused[i] {
            return Err(why.clone().into());
        }
        let played = kind.entry().new_game(new, self.next_rules[i].as_ref())?;
        let (mut file, path) = match self.reserved.take() {
            Some(reserved) if !reserved.exists() => {
                let path = reserved.path().to_path_buf();
                (reserved, path)
            }
            _ => {
                let path = match &self.dirs {
                    Some(dirs) => dirs.new_game_file(played.players()),
                    None => return Err(CommandError::NoDataDir.into()),
                };
                let (file, existing) = GameFile::open_text(&path)?;
                if existing.is_some() {
                    return Err(CommandError::NewHere { path }.into());
                }
                (file, path)
            }
        };
        file.save_text(&saved_text(played.as_ref()))?;
        if let (Some(old), Some(old_file)) = (&self.game, &self.file) {
            sayln!(
                c,
                "The game of {} stays saved in {}.",
                printable(&and_list(old.players())),
                printable_path(old_file.path())
            );
        }
        say!(c, "{}", played.introduced());
        if game.is_none()
            && let Some(first) = new.players.first()
            && let Ok(other) = crate::games::kind(first)
            && other != kind
        {
            // `new canadian a b c d` reads as a game's name; say how to start that game.
            sayln!(
                c,
                "({first} is a player here; to start {} instead: new --game {} NAMES.)",
                other.title(),
                other.name()
            );
        }
        sayln!(c, "Saved in {} after every step.", printable_path(&path));
        say!(c, "{}", played.first_round());
        self.next = kind;
        self.game = Some(played);
        self.file = Some(file);
        self.remember_file();
        self.unsaved = None;
        Ok(())
    }

    fn rules(&mut self, arg: RulesArg, c: &mut Console) -> Result<(), Error> {
        let look = c.look();
        match arg {
            RulesArg::Show => {
                say!(c, "{}", render::rules(self.rules_now().as_ref()));
                match &self.game {
                    Some(_) => sayln!(
                        c,
                        "rules KEY VALUE changes one for this game, at any time: a step later totals follow, which undo takes back."
                    ),
                    None => sayln!(
                        c,
                        "The next new game of {} starts with these; rules KEY VALUE changes one.",
                        self.next.title()
                    ),
                }
            }
            RulesArg::One(typed) => {
                let rules = self.rules_now();
                let (key, meaning) = match rules.key(&typed) {
                    Ok(found) => found,
                    Err(e) => match self.rule_of_another_game(&typed) {
                        Some(i) => self.next_rules[i].key(&typed)?,
                        None => return Err(e),
                    },
                };
                let value = match rules.value_text(key) {
                    Some(value) => value,
                    None => self
                        .rule_of_another_game(key)
                        .and_then(|i| self.next_rules[i].value_text(key))
                        .unwrap_or_default(),
                };
                sayln!(c, "{key} is {value}: {meaning}.");
            }
            RulesArg::Set(typed, value) => {
                if let Some(game) = &mut self.game {
                    let said = game.set_rule(&typed, &value, look)?;
                    self.save(c);
                    say!(c, "{said}");
                    return Ok(());
                }
                self.next_game_rule(&typed, &value, c)?;
            }
            RulesArg::Save => {
                let dirs = self
                    .dirs
                    .as_ref()
                    .ok_or(Error::Command(CommandError::NoConfigDir))?;
                let path = dirs.rules();
                let rules = self.rules_now();
                let text = format!(
                    "# House rules new games start with (carousel play: rules save).\n[rules]\n{}",
                    rules.to_toml()
                );
                store::write_atomically(&path, &text)?;
                if self.game.is_none() {
                    self.next_rules[index_of(self.next)] = rules;
                }
                sayln!(
                    c,
                    "Saved in {}: new games start with these house rules.",
                    printable_path(&path)
                );
            }
        }
        Ok(())
    }

    /// The game (by its index in [`GAMES`]) another than the last whose rules have `typed`.
    fn rule_of_another_game(&self, typed: &str) -> Option<usize> {
        (0..GAMES.len()).find(|i| self.next_rules[*i].key(typed).is_ok())
    }

    /// `rules KEY VALUE` with no game in play: the next new game of every game that has the
    /// rule starts with it (target, hand-size and going-out-bonus are every game's); a game
    /// whose rule refuses the value keeps it as it was, and says so.
    fn next_game_rule(&mut self, typed: &str, value: &str, c: &mut Console) -> Result<(), Error> {
        let mine = index_of(self.next);
        let having: Vec<usize> = (0..GAMES.len())
            .filter(|i| self.next_rules[*i].key(typed).is_ok())
            .collect();
        if having.is_empty() {
            // Said with the keys of the game the session is about.
            self.next_rules[mine].key(typed)?;
        }
        let first = if having.contains(&mine) {
            mine
        } else {
            having[0]
        };
        let mut changed = self.next_rules[first].clone();
        changed.set(typed, value)?;
        let (key, _) = changed.key(typed)?;
        let shown_value = changed.value_text(key).unwrap_or_default();
        self.next_rules[first] = changed;
        let game = if having.contains(&mine) {
            String::new()
        } else {
            let titles: Vec<&str> = having.iter().map(|i| GAMES[*i].title()).collect();
            format!(" of {}", titles_list(&titles, "or"))
        };
        sayln!(c, "{key} is now {shown_value} for the next new game{game}.");
        for i in having.into_iter().filter(|i| *i != first) {
            let mut rules = self.next_rules[i].clone();
            match rules.set(key, value) {
                Ok(()) => self.next_rules[i] = rules,
                Err(e) => sayln!(
                    c,
                    "{} keeps its {key} as it was: {}.",
                    GAMES[i].title(),
                    printable(&e.to_string())
                ),
            }
        }
        Ok(())
    }

    fn resume(&mut self, which: Option<&str>, c: &mut Console) -> Result<(), Error> {
        let path = match which {
            Some(which) => self.find_game(which)?,
            None => self
                .dirs
                .as_ref()
                .and_then(catalogue::last_unfinished)
                .map(|(path, _)| path)
                .ok_or(Error::Command(CommandError::NoUnfinished))?,
        };
        if let (Some(game), Some(current)) = (&self.game, &self.file)
            && current.is(&path)
        {
            sayln!(c, "This is the game in play.");
            say!(c, "{}", game.status(c.look()));
            return Ok(());
        }
        self.may_leave()?;
        if !path.exists() {
            return Err(Error::File {
                path: path.clone(),
                problem: "no such file".to_string(),
            });
        }
        let (file, game) = open(&path)?;
        note_links(&file, c);
        sayln!(c, "Resumed {}.", printable_path(&path));
        say!(c, "{}", game.status(c.look()));
        self.next = game.kind();
        self.game = Some(game);
        self.file = Some(file);
        self.remember_file();
        Ok(())
    }

    /// `save`: tries the game's file again; `save FILE`: writes the game to FILE, a new file,
    /// which the session then goes on saving to.
    fn save_to(&mut self, to: Option<&str>, c: &mut Console) -> Result<(), Error> {
        let game = self.game()?;
        let text = saved_text(game);
        let Some(to) = to else {
            let Some(file) = &mut self.file else {
                return Err(CommandError::NoFileYet.into());
            };
            file.save_text(&text)?;
            self.unsaved = None;
            sayln!(c, "Saved in {}.", printable_path(file.path()));
            return Ok(());
        };
        let path = expand_home(to);
        if self.file.as_ref().is_some_and(|f| f.is(&path)) {
            return self.save_to(None, c);
        }
        if path.exists() {
            return Err(CommandError::SaveExists { path }.into());
        }
        let (mut file, _) = GameFile::open_text(&path)?;
        file.save_text(&text)?;
        sayln!(
            c,
            "Saved in {}; the game goes on there, saved after every step.",
            printable_path(&path)
        );
        if let Some(old) = &self.file
            && self.unsaved.is_none()
        {
            sayln!(
                c,
                "{} keeps the game as it was.",
                printable_path(old.path())
            );
        }
        self.file = Some(file);
        self.remember_file();
        self.unsaved = None;
        Ok(())
    }
}

/// A game's text as saved: the header, the record with its log, the end mark.
pub(crate) fn saved_text(game: &dyn InPlay) -> String {
    crate::seal::sealed(game.kind().title(), &game.record_text())
}

/// Locks and reads a saved game of any game of the family, to play it in this session.
pub(crate) fn open(path: &Path) -> Result<(GameFile, Box<dyn InPlay>), Error> {
    let (file, text) = GameFile::open_text(path)?;
    let text = text.ok_or_else(|| Error::File {
        path: path.to_path_buf(),
        problem: "there is no such file".to_string(),
    })?;
    let game = catalogue::read_game(path, &text)?;
    Ok((file, game))
}

/// Warns that a save replaces a hard-linked record, so its other names keep the old one, and
/// that a game in a directory that cannot be written cannot be saved there.
fn note_links(file: &GameFile, c: &mut Console) {
    if file.unlocked() {
        warnln!(
            c,
            "note: {} is in a directory this session cannot write: the game can be played, but its steps cannot be saved there; save FILE writes it to another file.",
            printable_path(file.path())
        );
    }
    let links = file.links();
    if links > 1 {
        warnln!(
            c,
            "note: {} has {links} hard links; each save writes a new file, so the other names keep the game as it is now (a symbolic link is followed instead).",
            printable_path(file.path())
        );
    }
}
