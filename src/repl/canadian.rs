//! The referee of a Canadian or Carolina game at the table: after each hand the score keeper
//! gives who went out, each side's table and each player's hand; the referee judges every
//! set, scores the hand by side and keeps the scoreboard to the end. It also settles the
//! table's disputes: may I take the pile, is this a legal set, may I lay these on our set.
//! No rule lives here: the library ([`crate::games::canadian`]) judges and scores.

use super::CommandError;
use super::command::{rule_and_value, split_word};
use super::rules::{KeepsRules, KeptFor};
use super::{Flow, Outcome, PlayArgs, answered, expand_home, new_game_path, still_saved};
use crate::error::Error;
use crate::games::canadian::pile::PileAnswer;
use crate::games::canadian::play::{Event, Game, Note};
use crate::games::canadian::record::Record;
use crate::games::canadian::scoring::TableEntry;
use crate::games::canadian::{CanadianRules, Rulebook, Variant};
use crate::notation::{parse_hand, parse_wild_melds};
use crate::render;
use crate::rules::GameRules;
use crate::session::Note as Said;
use crate::store::{self, Dirs, GameFile};
use crate::words::{and_list, printable, printable_path};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The command words of these games, the first the name `help` uses.
pub(crate) const WORDS: &[&[&str]] = &[
    &["new"],
    &["teams", "team"],
    &["dealer"],
    &["rules", "rule"],
    &["out"],
    &["melds", "meld", "table"],
    &["hand"],
    &["pile", "take"],
    &["check"],
    &["status", "where"],
    &["scoreboard", "scores", "score", "board"],
    &["history", "log"],
    &["undo"],
    &["resume", "open", "load"],
    &["export"],
    &["chart"],
    &["save"],
    // Kept by the session for every game: the saved games and statistics across them.
    &["games"],
    &["archive"],
    &["remove"],
    &["stats"],
    &["help", "?"],
    &["quit", "exit", "bye"],
];

fn command_name(word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    WORDS
        .iter()
        .find(|names| names.contains(&word.as_str()))
        .map(|names| names[0])
}

/// The referee of these games: the game in play, where it is saved, and what a new game
/// starts with.
pub(crate) struct Referee {
    pub game: Option<Game>,
    /// The game's file, locked against other sessions while it is in play here.
    pub file: Option<GameFile>,
    /// Why the last save failed, while the file is behind the game in play.
    pub unsaved: Option<String>,
    /// The file named at start, where a new game is saved if it does not exist yet.
    pub named: Option<PathBuf>,
    pub dirs: Option<Dirs>,
    pub new_rules: CanadianRules,
    /// Why the `--rules` file cannot be these games' house rules (its keys are Carousel's):
    /// a new game is refused with it rather than started without them.
    pub rules_refused: Option<String>,
    /// A question a line asked (replace a file with an export?), for the session to hand to
    /// the one place questions wait for their answer.
    pub(super) asked: Option<super::saved::Pending>,
}

fn no_game() -> CommandError {
    CommandError::NotUnderstood(
        "no game yet: start one with new --game canadian and four names, or new --game carolina and 2 to 8"
            .to_string(),
    )
}

/// Reads a saved game of these games; anything else is reported as damaged.
pub(crate) fn load(path: &Path, variant: Variant) -> Result<Game, Error> {
    let text = store::read_whole(path)?;
    read(path, &text, variant)
}

/// Locks and reads a saved game of these games, to play it in this session.
pub(crate) fn open_file(path: &Path, variant: Variant) -> Result<(GameFile, Game), CommandError> {
    let (file, text) = GameFile::open_text(path)?;
    let text = text.ok_or_else(|| Error::File {
        path: path.display().to_string(),
        problem: "there is no such file".to_string(),
    })?;
    store::check_whole(&text).map_err(|problem| Error::Damaged {
        path: path.display().to_string(),
        problem,
    })?;
    Ok((file, read(path, &text, variant)?))
}

fn read(path: &Path, text: &str, variant: Variant) -> Result<Game, Error> {
    let damaged = |problem: String| Error::Damaged {
        path: path.display().to_string(),
        problem,
    };
    let record = Record::from_toml(text, variant).map_err(|e| damaged(e.to_string()))?;
    Game::from_record(&record).map_err(|e| damaged(e.to_string()))
}

/// A game's saved text: its `tally` record with the log of play, sealed.
pub(crate) fn saved_text(game: &Game) -> String {
    let text = format!(
        "# A game of {} kept by carousel; carousel play FILE goes on with it, carousel tally FILE scores it.\n{}",
        game.variant().title(),
        game.to_record().to_toml()
    );
    store::seal(&text)
}

impl Referee {
    pub(crate) fn new(args: &PlayArgs, dirs: Option<Dirs>) -> Referee {
        Referee {
            game: None,
            file: None,
            unsaved: None,
            named: args.game.clone().filter(|p| !p.exists()),
            dirs,
            new_rules: CanadianRules::default(),
            rules_refused: None,
            asked: None,
        }
    }

    fn game(&self) -> Result<&Game, CommandError> {
        self.game.as_ref().ok_or_else(no_game)
    }

    fn game_mut(&mut self) -> Result<&mut Game, CommandError> {
        self.game.as_mut().ok_or_else(no_game)
    }

    pub(crate) fn names(&self) -> Vec<String> {
        self.game
            .as_ref()
            .map_or_else(Vec::new, |g| g.players().to_vec())
    }

    pub(crate) fn prompt(&self) -> String {
        match &self.game {
            None => "carousel> ".to_string(),
            Some(game) if game.is_over() => "game over> ".to_string(),
            Some(game) => format!("hand {}> ", game.hand_number()),
        }
    }

    /// Saves the game after a step. A failure is said, and the session remembers it: the
    /// exit status and the farewell tell the table the file is behind.
    fn save(&mut self) {
        if let (Some(game), Some(file)) = (&self.game, &mut self.file) {
            match file.save_text(&saved_text(game)) {
                Ok(()) => self.unsaved = None,
                Err(err) => {
                    errln!(
                        "error: the game could not be saved: {}. It goes on in memory; the next step tries again.",
                        printable(&err.to_string())
                    );
                    self.unsaved = Some(printable(&err.to_string()).into_owned());
                }
            }
        }
    }

    /// `save` writes the game again to its file; `save FILE` to a new file, where it goes on
    /// (when its own file cannot be written, a full disk say).
    fn save_to(&mut self, to: &str) -> Result<(), CommandError> {
        let game = self.game.as_ref().ok_or_else(no_game)?;
        let to = to.trim().trim_matches('"');
        if to.is_empty() {
            let Some(file) = &mut self.file else {
                return Err(CommandError::NotUnderstood(
                    "this game has no file yet; save FILE names one".to_string(),
                ));
            };
            file.save_text(&saved_text(game))?;
            self.unsaved = None;
            outln!("Saved in {}.", printable_path(file.path()));
            return Ok(());
        }
        let path = expand_home(to);
        if self.file.as_ref().is_some_and(|f| f.is(&path)) {
            return self.save_to("");
        }
        if path.exists() {
            return Err(CommandError::NotUnderstood(format!(
                "{} exists already; save FILE writes to a new file, so name another",
                path.display()
            )));
        }
        let (mut file, _) = GameFile::open_text(&path)?;
        file.save_text(&saved_text(game))?;
        outln!(
            "Saved in {}; the game goes on there, saved after every step.",
            printable_path(&path)
        );
        self.file = Some(file);
        self.unsaved = None;
        Ok(())
    }

    /// Said when the session ends with steps that are not saved.
    pub(crate) fn unsaved_warning(&self) -> Option<String> {
        let why = self.unsaved.as_ref()?;
        let path = self
            .file
            .as_ref()
            .map_or(String::new(), |f| format!(" {}", printable_path(f.path())));
        Some(format!(
            "the game is NOT saved: the file{path} is behind the game in play ({why}). Before leaving, save FILE writes it to another file (on another disk if this one is full)."
        ))
    }

    pub(crate) fn banner(&self) {
        if let (Some(game), Some(file)) = (&self.game, &self.file) {
            outln!("Resumed {}.", printable_path(file.path()));
            out!("{}", status(game));
        }
    }

    pub(crate) fn farewell(&self) {
        if let Some(file) = &self.file
            && self.unsaved.is_none()
        {
            let path = printable_path(file.path());
            outln!("The game is saved in {path}; carousel play {path} goes on with it.");
        }
    }

    /// Goes on with a saved game in `path`.
    pub(crate) fn open(&mut self, path: &Path, variant: Variant) -> Result<(), CommandError> {
        if let Some(file) = &self.file
            && file.is(path)
        {
            outln!("This is the game in play.");
            if let Some(game) = &self.game {
                out!("{}", status(game));
            }
            return Ok(());
        }
        if self.unsaved.is_some() {
            return Err(CommandError::Refused(
                "the game in play is not saved; save it first (its file is behind)".to_string(),
            ));
        }
        let (file, game) = open_file(path, variant)?;
        outln!("Resumed {}.", printable_path(path));
        out!("{}", status(&game));
        self.game = Some(game);
        self.file = Some(file);
        Ok(())
    }

    /// Runs one line: prints what it did, or why not.
    pub(super) fn line(&mut self, text: &str, line: Option<usize>) -> (Outcome, Flow) {
        answered(self.execute(text), line, None)
    }

    fn execute(&mut self, text: &str) -> Result<Flow, CommandError> {
        let text = text.split_once('#').map_or(text, |(code, _)| code).trim();
        if text.is_empty() {
            return Ok(Flow::Go);
        }
        let (word, rest) = split_word(text);
        let Some(command) = command_name(word) else {
            return Err(CommandError::NotUnderstood(format!(
                "\"{word}\" is not a command of {}; help lists them",
                self.game
                    .as_ref()
                    .map_or("these games", |g| g.variant().title())
            )));
        };
        let bare = |flow: Flow| -> Result<Flow, CommandError> {
            if rest.is_empty() {
                Ok(flow)
            } else {
                Err(CommandError::NotUnderstood(format!(
                    "{command} takes nothing more, not \"{rest}\""
                )))
            }
        };
        match command {
            "new" => self.new_game(rest)?,
            "teams" => {
                let game = self.game_mut()?;
                game.set_teams(rest)?;
                let names = sides_words(game);
                self.save();
                outln!("Teams: {names}.");
            }
            "dealer" => {
                let game = self.game_mut()?;
                let player = game.player(rest)?;
                game.set_first_dealer(player)?;
                self.save();
                outln!("{}", next_hand(self.game()?, 1));
            }
            "rules" => self.rules(rest)?,
            "out" => {
                let game = self.game()?;
                let player = match rest.to_ascii_lowercase().as_str() {
                    "" => {
                        return Err(CommandError::NotUnderstood(
                            "out NAME: who went out; out none when the stock ran out".to_string(),
                        ));
                    }
                    "none" | "nobody" | "stock" => None,
                    _ => Some(game.player(rest)?),
                };
                self.step(Event::Out { player })?;
            }
            "melds" => {
                let game = self.game()?;
                let (name, melds) = split_word(rest);
                if name.is_empty() {
                    return Err(CommandError::NotUnderstood(
                        "melds NAME MELDS: a side's sets by one of its players, or their count: melds alice Ks Kh 2c | 7s 7h 7d, melds bob 85, melds bob none".to_string(),
                    ));
                }
                let player = game.player(name)?;
                let given = game.setup().given(melds)?;
                self.step(Event::Melds { player, given })?;
            }
            "hand" => {
                let game = self.game()?;
                let (name, hand) = split_word(rest);
                if name.is_empty() {
                    return Err(CommandError::NotUnderstood(
                        "hand NAME HAND: a player's hand left, as cards or a count: hand bob Qs 5h, hand bob 105, hand alice 0".to_string(),
                    ));
                }
                let player = game.player(name)?;
                let hand = hand.trim_matches('"');
                let hand = if hand.eq_ignore_ascii_case("none") {
                    ""
                } else {
                    hand
                };
                let report = game.rulebook().parse_hand_left(hand)?;
                self.step(Event::Hand {
                    player,
                    hand: report,
                })?;
            }
            "pile" => self.pile(rest)?,
            "check" => self.check(rest)?,
            "status" => {
                bare(Flow::Go)?;
                out!("{}", status(self.game()?));
            }
            "scoreboard" => {
                bare(Flow::Go)?;
                out!(
                    "{}",
                    render::canadian::scoreboard(self.game()?.setup(), self.game()?.tally())
                );
            }
            "history" => {
                let last = count_arg(rest)?;
                out!("{}", history(self.game()?, last));
            }
            "undo" => {
                let count = count_arg(rest)?.unwrap_or(1);
                let undone = self.game_mut()?.undo(count)?;
                self.save();
                let game = self.game()?;
                for event in undone.iter().rev() {
                    outln!("Undone: {}", game.step_text(&event.step));
                }
                out!("{}", status(game));
            }
            "resume" => {
                let path = expand_home(rest.trim_matches('"'));
                if rest.is_empty() {
                    return Err(CommandError::NotUnderstood(
                        "resume FILE: the saved game to go on with".to_string(),
                    ));
                }
                let variant = self.game.as_ref().map_or(Variant::Canadian, Game::variant);
                let kind = std::fs::read_to_string(&path)
                    .ok()
                    .and_then(|t| crate::family::GameKind::of_record(&t).ok());
                let variant = match kind {
                    Some(crate::family::GameKind::Canadian(v)) => v,
                    _ => variant,
                };
                self.open(&path, variant)?;
            }
            "export" => self.export(rest)?,
            "chart" => {
                bare(Flow::Go)?;
                let series = self.family_tally()?.series();
                out!(
                    "{}",
                    render::chart::chart(&series, render::look::Look::of_stdout())
                );
            }
            "help" => match rest {
                "" => out!("{OVERVIEW}"),
                topic => match help_topic(topic) {
                    Some(text) => outln!("{text}"),
                    None => {
                        return Err(CommandError::NotUnderstood(format!(
                            "no help on \"{topic}\"; help lists the commands"
                        )));
                    }
                },
            },
            "save" => self.save_to(rest)?,
            "quit" => return bare(Flow::Quit),
            _ => {
                return Err(CommandError::NotUnderstood(format!(
                    "\"{word}\": help lists the commands"
                )));
            }
        }
        Ok(Flow::Go)
    }

    /// The game in play scored, as the family's tools (export, chart) take it.
    fn family_tally(&self) -> Result<crate::family::Tally, CommandError> {
        let game = self.game()?;
        Ok(crate::family::Tally::Canadian(
            game.setup().clone(),
            game.tally().clone(),
        ))
    }

    /// `export FORMAT [FILE]`: the game's hands by side as CSV, Markdown or JSON.
    fn export(&mut self, rest: &str) -> Result<(), CommandError> {
        let (format, file) = split_word(rest);
        if format.is_empty() {
            return Err(CommandError::NotUnderstood(
                "export needs a format, csv, markdown or json, and may take a file: export csv friday.csv"
                    .into(),
            ));
        }
        let format = crate::export::Format::parse(format)?;
        let text = self.family_tally()?.export().to_format(format)?;
        match file.trim_matches('"') {
            "" => out!("{text}"),
            file => self.asked = super::saved::write_export(file, text, self.file.as_ref())?,
        }
        Ok(())
    }

    fn step(&mut self, event: Event) -> Result<(), CommandError> {
        let notes = self.game_mut()?.event(event)?;
        self.save();
        out!("{}", tell(self.game()?, &notes));
        Ok(())
    }

    fn new_game(&mut self, rest: &str) -> Result<(), CommandError> {
        let mut variant = Variant::Canadian;
        let mut teams: Option<String> = None;
        let mut names = Vec::new();
        let words = shell_words(rest)?;
        let mut words = words.into_iter();
        while let Some(word) = words.next() {
            let (option, inline) = match word.split_once('=') {
                Some((o, v)) if o.starts_with("--") => (o.to_string(), Some(v.to_string())),
                _ => (word.clone(), None),
            };
            match option.as_str() {
                "--game" | "--teams" => {
                    let value = inline.or_else(|| words.next()).ok_or_else(|| {
                        CommandError::NotUnderstood(format!("{option} needs a value"))
                    })?;
                    if option == "--game" {
                        variant = match crate::family::GameKind::parse(&value)? {
                            crate::family::GameKind::Canadian(v) => v,
                            crate::family::GameKind::Carousel => {
                                return Err(CommandError::NotUnderstood(
                                    "new --game carousel starts a game of Carousel".to_string(),
                                ));
                            }
                        };
                    } else {
                        teams = Some(value);
                    }
                }
                _ if option.starts_with("--") => {
                    return Err(CommandError::NotUnderstood(format!(
                        "\"{option}\": new takes --game and --teams, then the names"
                    )));
                }
                _ => names.push(word),
            }
        }
        if let Some(why) = &self.rules_refused {
            return Err(CommandError::NotUnderstood(why.clone()));
        }
        let game = Game::new(variant, names, teams.as_deref(), self.new_rules.clone())?;
        if self.unsaved.is_some() {
            return Err(CommandError::Refused(
                "the game in play is not saved; save it first (its file is behind)".to_string(),
            ));
        }
        let path = new_game_path(self.named.as_deref(), self.dirs.as_ref(), game.players())?;
        let (mut file, existing) = GameFile::open_text(&path)?;
        if existing.is_some() {
            return Err(Error::File {
                path: path.display().to_string(),
                problem: "a game is saved there already; resume it, or name another file"
                    .to_string(),
            }
            .into());
        }
        file.save_text(&saved_text(&game))?;
        if let (Some(old), Some(old_file)) = (&self.game, &self.file) {
            still_saved(old.players(), old_file.path());
        }
        let book = game.rulebook();
        let deck = variant.deck();
        outln!(
            "New game of {}: {}, with 2 decks and {} jokers ({} cards); {}.",
            variant.title(),
            sides_words(&game),
            deck.jokers(),
            deck.size(),
            book.wild_words()
        );
        outln!(
            "{} cards each; the game ends when a side reaches {}.",
            game.rules().hand_size,
            game.rules().target
        );
        outln!("Saved in {} after every step.", printable_path(&path));
        outln!("{}", next_hand(&game, 1));
        outln!(
            "(Before the first hand is entered, teams, dealer NAME and rules change the setup.)"
        );
        self.game = Some(game);
        self.file = Some(file);
        Ok(())
    }

    fn rules(&mut self, rest: &str) -> Result<(), CommandError> {
        match rule_and_value(rest) {
            ("", _) => out!("{}", render::play::rules(&self.rules_now())),
            (key, None) => self.say_rule(key)?,
            (key, Some(value)) => self.change_rule(key, value)?,
        }
        Ok(())
    }

    /// `pile TOP with HAND`: may a player holding HAND take the pile whose top card is TOP?
    fn pile(&self, rest: &str) -> Result<(), CommandError> {
        let book = self.rulebook();
        let (top, hand) = split_word(rest);
        let hand = hand
            .strip_prefix("with")
            .map_or(hand, str::trim_start)
            .trim_matches('"');
        if top.is_empty() || hand.is_empty() {
            return Err(CommandError::NotUnderstood(
                "pile TOP with CARDS: the pile's top card and the cards that would take it: pile Kd with Ks Kh".to_string(),
            ));
        }
        let top_card = parse_hand(top)?;
        let hand = parse_hand(hand)?;
        match book.may_take_pile(top_card[0], &hand) {
            PileAnswer::Yes { with } => {
                outln!(
                    "Yes: {} and {} take the pile with {}; the three go to the table at once, the rest of the pile to the hand.",
                    with[0],
                    with[1],
                    top_card[0]
                );
            }
            PileAnswer::No(why) => outln!("No: {why}."),
        }
        Ok(())
    }

    /// `check MELDS` or `check CARDS on SET`: is this a legal set, may these be laid on it?
    fn check(&self, rest: &str) -> Result<(), CommandError> {
        let book = self.rulebook();
        let rest = rest.trim_matches('"');
        if rest.is_empty() {
            return Err(CommandError::NotUnderstood(
                "check MELDS, or check CARDS on SET: check Ks Kh 2c, check 2d on Ks Kh Kd"
                    .to_string(),
            ));
        }
        let (cards, on) = match rest.split_once(" on ") {
            Some((cards, set)) => (cards, Some(parse_wild_melds(set)?)),
            None => (rest, None),
        };
        let cards = parse_wild_melds(cards)?;
        let verdict = book.judge_lay(&cards, on.as_deref()).map_err(Error::Play)?;
        out!("{}", render::canadian::lay(&book, &verdict));
        outln!("(check only judges: nothing changed.)");
        Ok(())
    }

    /// The rules the checks judge by: the game's, or the next game's.
    fn rulebook(&self) -> Rulebook {
        match &self.game {
            Some(game) => game.rulebook(),
            None => Rulebook::new(Variant::Canadian, self.new_rules.clone()),
        }
    }
}

fn count_arg(rest: &str) -> Result<Option<usize>, CommandError> {
    if rest.is_empty() {
        return Ok(None);
    }
    rest.parse::<usize>().map(Some).map_err(|_| {
        CommandError::NotUnderstood(format!("\"{rest}\": give a number of steps, like 2"))
    })
}

/// Splits `new`'s arguments as a shell would: quotes keep `--teams "a+c b+d"` together.
fn shell_words(text: &str) -> Result<Vec<String>, CommandError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if quoted {
        return Err(CommandError::NotUnderstood(format!(
            "\"{text}\": a quote is not closed"
        )));
    }
    if started {
        words.push(word);
    }
    Ok(words)
}

/// Who deals hand `number` and who plays first.
/// The sides in words: "alice+carol against bob+dave", or "ann, ben and cleo".
fn sides_words(game: &Game) -> String {
    let sides = game.sides();
    if sides.are_teams() {
        sides.names().join(" against ")
    } else {
        and_list(&sides.names())
    }
}

fn next_hand(game: &Game, number: usize) -> String {
    let dealer = game.dealer_of(number);
    let first = (dealer + 1) % game.players().len();
    format!(
        "Hand {number}: {} deals, {} plays first. When it is over: out NAME, melds NAME ... for each side, hand NAME ... for each player.",
        game.players()[dealer],
        game.players()[first]
    )
}

/// What the steps did, in words.
fn tell(game: &Game, notes: &[Said<crate::games::canadian::play::Setup>]) -> String {
    let mut out = String::new();
    let sides = game.sides();
    let book = game.rulebook();
    let mut scored = false;
    for note in notes {
        let note = match note {
            Said::Game(note) => note,
            Said::Scored { round, score } => {
                scored = true;
                let _ = writeln!(out, "\nHand {round} is scored.");
                out.push_str(&render::canadian::hand(sides, score));
                out.push('\n');
                out.push_str(&render::canadian::scoreboard(game.setup(), game.tally()));
                continue;
            }
            Said::GameOver => {
                let _ = writeln!(
                    out,
                    "The game is over; undo takes back the last step, new starts another game."
                );
                continue;
            }
            Said::Dealt { round } => {
                let _ = writeln!(out, "\n{}", next_hand(game, *round));
                continue;
            }
            Said::Fixed { round, deleted } => {
                let what = if *deleted {
                    format!("Hand {round} is taken out; later hands move up one")
                } else {
                    format!("Hand {round} is corrected; every later total follows")
                };
                let _ = writeln!(out, "{what} (undo takes it back):");
                out.push_str(&render::canadian::scoreboard(game.setup(), game.tally()));
                continue;
            }
            Said::Rule { key, value, .. } => {
                let _ = writeln!(out, "{key} is now {value} for this game.");
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
                side, table, value, ..
            } => {
                let name = sides.name(*side);
                let _ = match table {
                    TableEntry::Count(n) => writeln!(out, "{name}'s table counts {n}."),
                    TableEntry::Sets(sets) if sets.is_empty() => {
                        writeln!(out, "{name} has nothing on the table.")
                    }
                    TableEntry::Sets(sets) => {
                        let shown: Vec<String> = sets
                            .iter()
                            .map(|s| render::canadian::set_with_value(&book, s))
                            .collect();
                        writeln!(
                            out,
                            "Legal: {name}'s table is {}: {value}.",
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
    if !scored {
        let missing = game.missing();
        if !missing.is_empty() {
            out.truncate(out.trim_end().len());
            let _ = writeln!(out, " Still to give: {}.", missing.join("; "));
        }
    }
    out
}

/// Where the game stands: the hand being entered and what it still needs, or the end.
fn status(game: &Game) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {}; the game ends when a side reaches {}.",
        game.variant().title(),
        sides_words(game),
        game.rules().target
    );
    if game.is_over() {
        out.push_str(&render::canadian::scoreboard(game.setup(), game.tally()));
        return out;
    }
    if !game.tally().rounds.is_empty() {
        out.push_str(&render::canadian::scoreboard(game.setup(), game.tally()));
    }
    let _ = writeln!(out, "{}", next_hand(game, game.hand_number()));
    let missing = game.missing();
    if !game.pending().is_blank() {
        let _ = writeln!(out, "Still to give: {}.", missing.join("; "));
    }
    out
}

/// Every step so far, or the last `last`.
fn history(game: &Game, last: Option<usize>) -> String {
    let events = game.steps();
    if events.is_empty() {
        return "No steps yet.\n".to_string();
    }
    let from = last.map_or(0, |n| events.len().saturating_sub(n));
    let mut out = String::new();
    for (i, event) in events.iter().enumerate().skip(from) {
        let _ = writeln!(out, "{:>4}  {}", i + 1, game.step_text(&event.step));
    }
    out
}

pub(crate) const OVERVIEW: &str = "\
The referee keeps the score of Canadian Rummy (4 players in 2 teams; 2s and jokers wild)
and Carolina Rummy (2 to 8 singles; 2s, 3s and jokers wild), hand by hand to 1500, and
settles disputes at the table. After each hand, give who went out, what each side has on
the table and what each player still holds; the hand is scored as soon as all are given.
`help COMMAND` tells more about one command; `help scoring` explains the score.

Starting
  new --game canadian NAMES     four players; partners sit across (seats 1+3, 2+4)
  new --game carolina NAMES     2 to 8 singles
  new ... --teams \"a+c b+d\"     other teams (Carolina: four players in two teams)
  teams a+c b+d                 change the teams before the first hand is entered
  dealer NAME                   who deals the first hand
  rules [KEY [VALUE]]           the house rules (target, hand-size, deuce-in-hand,
                                going-out-bonus, jokers-not-wild, wild-pickup)
  resume FILE | N | NAME        go on with a saved game (games lists them)

When a hand is over (in any order)
  out NAME                      who went out; out none when the stock ran out
  melds NAME MELDS              the sets of NAME's side, or their count:
                                melds alice Ks Kh 2c | Qs Qd Qh *, melds bob 85, melds bob none
  hand NAME HAND                a hand left, as cards or a count: hand bob Qs 5h, hand alice 0

Disputes (nothing changes)
  pile TOP with CARDS           may these cards take the pile? pile Kd with Ks Kh
  check MELDS                   is this a legal set? check Ks 2c *
  check CARDS on SET            may these be laid on our set? check 2d on Ks Kh Kd

Saved games (every game of the family)
  games                         the saved games, numbered; resume N goes on with one
  archive N, remove N           tidy a finished game away, after a yes
  export FORMAT [FILE]          this game's hands by side as csv, markdown or json
  chart                         each side's running total over the hands
  stats                         statistics across the saved games, each game on its own

Any time
  status, scoreboard, history [N], undo [N], help [COMMAND], quit
  save [FILE]                   save again, or to a new file where the game goes on

Tab completes commands and names. A line may end in a # comment.
";

const TOPICS: &[(&str, &str)] = &[
    (
        "export",
        "\
export csv|markdown|json [FILE]
  The game's finished hands by side: who went out, each side's table, what its players
  held, what was deducted, the going-out bonus, the points and the running totals, and
  the winners once the game is over. Shown, or written to FILE. A FILE that exists is
  replaced only after a yes on the next line; a game's record is never written over.
Examples:
  export markdown
  export csv friday.csv",
    ),
    (
        "chart",
        "\
chart
  Each side's running total over the hands, one letter a side, the target as dashes.",
    ),
    (
        "games",
        "\
games
  The saved games of every game of the family, the most recently played first: players,
  the hand in play (a Canadian or Carolina game is named), the leading side and when it
  was last played. resume N or resume NAME goes on with one.",
    ),
    (
        "archive",
        "\
archive N | archive NAME
  Moves a finished saved game into games/archive/, after a yes: out of the list, still
  counted by stats.",
    ),
    (
        "remove",
        "\
remove N | remove NAME
  Deletes a finished saved game, after a yes. A game still in play is never removed.",
    ),
    (
        "stats",
        "\
stats
  Statistics across the saved and archived games, each game of the family on its own: for
  Canadian and Carolina Rummy, each player's games and hands, the games and hands won with
  their side (a hand by the side that scored the most in it) and the times they went out.",
    ),
    (
        "new",
        "\
new --game canadian NAME NAME NAME NAME [--teams \"A+C B+D\"]
new --game carolina NAME NAME [NAME...] [--teams \"A+B C+D\"]
  Starts a game of Canadian Rummy (exactly four players; partners sit across, so the
  first and third named play the second and fourth) or Carolina Rummy (2 to 8 players,
  each a side of their own; four may play in two teams with --teams). The first named
  deals hand 1; the deal passes left. Two decks and four jokers (108 cards), 13 cards each.
Examples:
  new --game canadian alice bob carol dave
  new --game carolina ann ben cleo",
    ),
    (
        "teams",
        "\
teams A+C B+D
  The two teams of two, before the first hand is entered. A side is named by its
  players joined with + in the order they were named.
Example:
  teams alice+bob carol+dave",
    ),
    (
        "out",
        "\
out NAME | out none
  Who went out when the hand ended (their hand is empty). out none: the stock ran out and
  nobody went out; then every side's hand counts against it.",
    ),
    (
        "melds",
        "\
melds NAME MELDS | melds NAME COUNT | melds NAME none
  What NAME's side has on the table: its sets, separated by |, or their counted value.
  A set is 3 or more cards of one rank with at least one natural card; 2s and jokers (in
  Carolina also 3s, except in a set of threes) are wild and written as themselves. There
  are no runs; a side has one set per rank (melds of one rank are merged). Every set is
  judged and its value shown: a wild card counts as a natural of its set's rank (10 in a
  set of queens), a joker 50.
Examples:
  melds alice Ks Kh 2c | Qs Qd Qh *
  melds bob 85",
    ),
    (
        "hand",
        "\
hand NAME HAND
  What NAME still holds when the hand is over: the cards, or their count (0 or none for
  the player who went out). In hand: Q♠ 100, joker 50, ace 25, 10 to K 10, 3 to 9 5, a
  deuce 20 (house rule deuce-in-hand).
Examples:
  hand bob Qs 5h
  hand dave 20",
    ),
    (
        "pile",
        "\
pile TOP with CARDS
  May a player take the whole discard pile? The top card must be natural (a wild card on
  top cannot be taken) and the player must hold two natural cards of its rank (house rule
  wild-pickup: one may be wild). The three go to the table at once.
Example:
  pile Kd with Ks Kh",
    ),
    (
        "check",
        "\
check MELDS | check CARDS on SET
  Judges sets without recording anything: is this a legal set, and may a side lay these
  cards on its set?
Examples:
  check Ks 2c *
  check 2d * on Ks Kh Kd",
    ),
    (
        "scoring",
        "\
Scoring a hand
  Each side scores the value of its sets on the table less the value of the cards its
  players still hold, except the side whose player went out: its partner's hand is not
  deducted (house rule going-out-bonus adds a bonus). A score may be negative. After a hand
  in which a side's total reaches 1500 (house rule target), the game ends; the highest
  total wins, equal totals share the win.",
    ),
    (
        "undo",
        "\
undo [N]
  Takes back the last step, or the last N, across hands too.",
    ),
];

pub(super) fn help_topic(topic: &str) -> Option<&'static str> {
    let topic = topic.trim().to_lowercase();
    let name = command_name(&topic).unwrap_or(topic.as_str()).to_string();
    TOPICS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// The help topics' names, for completion.
pub(crate) fn topic_names() -> Vec<&'static str> {
    TOPICS.iter().map(|(name, _)| *name).collect()
}

impl KeepsRules for Referee {
    type Rules = CanadianRules;

    fn rules_now(&self) -> CanadianRules {
        self.game
            .as_ref()
            .map_or(&self.new_rules, Game::rules)
            .clone()
    }

    fn keep_rules(&mut self, rules: CanadianRules) -> Result<KeptFor, CommandError> {
        let Some(game) = &mut self.game else {
            self.new_rules = rules;
            return Ok(KeptFor::NextNewGame);
        };
        let changed = CanadianRules::TABLE
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
