//! The one error type of the library: every way input can be refused, in a player's words.

use crate::notation::ParseError;
use crate::seal::Unsealed;
use crate::words::{cards, plural, printable};
use std::any::Any;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Parse(#[from] ParseError),

    /// More copies of a card than the deck holds. `place` is appended as is
    /// (" in the table before and the hand together"), empty for a lone pile.
    #[error("{card} appears {count} times{place}; {deck} has {holds}")]
    TooManyCopies {
        card: String,
        count: u32,
        place: String,
        /// The deck in words: "a 3-player deck", "the 108-card deck".
        deck: String,
        holds: u32,
    },

    /// A bare `*` on the table that no single stated card explains.
    #[error("\"*\" (meld {meld_number}: {meld}): {}", joker_choices(.choices))]
    JokerChoice {
        meld_number: usize,
        meld: String,
        choices: Vec<String>,
    },

    #[error("Carousel is played by 2 to 5 players, not {0}")]
    PlayerCount(usize),

    #[error("house rules: {0}")]
    Rules(#[from] RulesError),

    /// A knock with more deadwood than the limit: a well-formed "no", not bad input.
    #[error("{player} cannot knock with {deadwood} in hand; the knock limit is {limit}")]
    KnockRefused {
        player: String,
        deadwood: u32,
        limit: u32,
    },

    /// A round of a game record that cannot be scored, and why.
    #[error("round {round}: {error}")]
    InRound { round: usize, error: Box<Error> },

    /// A part of a turn typed in one line that failed: the line stopped at part `part`
    /// (from 1, `typed` as typed); the parts before it (`kept`) were played and stand.
    #[error("{error}")]
    InTurnLine {
        part: usize,
        typed: String,
        kept: Vec<String>,
        error: Box<Error>,
    },

    /// A step of a saved Canadian or Carolina log that cannot be replayed: the record is
    /// wrong, whatever the step's own error was, so this is never a refusal.
    #[error("step {step}: \"{line}\": {error}")]
    AtStep {
        step: usize,
        line: String,
        error: Box<Error>,
    },

    /// A game record that is not well formed, or that its own log of play contradicts:
    /// where in the record, and what is wrong there (boxed: a problem carries both sides of
    /// a disagreement, and every `Result` of the library carries an `Error`).
    #[error("{place}: {problem}")]
    Record {
        place: RecordPlace,
        problem: Box<RecordProblem>,
    },

    /// A step out of the order of a turn (docs/rules.md#a-turn): a well-formed "no".
    #[error(transparent)]
    Turn(#[from] Turn),

    /// A hand or a count of cards that the referee's count of what a player holds rules out.
    #[error(transparent)]
    Count(#[from] Count),

    /// A meld, a round, a player, a saved game or a game named or numbered that is not there.
    #[error(transparent)]
    NoSuch(#[from] NoSuch),

    /// A step the stage of the round or the game refuses: the round is over, the game is.
    #[error(transparent)]
    Stage(#[from] Stage),

    /// An undo or a redo of more steps than there are.
    #[error(transparent)]
    Undo(#[from] Undo),

    /// A move typed in a form the referee cannot read as one: the form is said back.
    #[error(transparent)]
    MoveForm(#[from] MoveForm),

    /// An export that cannot be made: a format that is none, or CSV that cannot be written.
    #[error(transparent)]
    Export(#[from] ExportError),

    /// A line of a game's step log (`NAME: draw`, `fix 2 ...`) not written as a step.
    #[error(transparent)]
    StepForm(#[from] StepForm),

    /// A round's result typed in one line (`round knock bob alice=12 bob=3`) not in its form.
    #[error(transparent)]
    RoundForm(#[from] RoundForm),

    /// A failure of one game's own rules (a Carousel move that breaks rules M1-M4), said
    /// by the game.
    #[error(transparent)]
    Game(GameError),

    /// Running totals that cannot be kept: a round after the end, a total past what a score
    /// holds.
    #[error(transparent)]
    Tally(#[from] TallyError),

    /// A line of the REPL that is no command, or a command without what it needs.
    #[error(transparent)]
    Command(#[from] CommandError),

    /// A one-shot command's argument that gives nothing, or not what it asks for.
    #[error(transparent)]
    Argument(#[from] Argument),

    /// A round's result whose parts cannot all be true at once.
    #[error(transparent)]
    Unplayable(#[from] Unplayable),

    /// A player's hand that cannot be read, named.
    #[error("{player}'s hand: {error}")]
    PlayersHand { player: String, error: Box<Error> },

    /// `why N` of a round that is not scored.
    #[error(transparent)]
    Why(#[from] Why),

    /// Sharing the game on the network that cannot start or stop.
    #[error(transparent)]
    Share(#[from] ShareError),

    /// A step of a Canadian or Carolina hand, or a hand typed whole, that cannot be taken.
    #[error(transparent)]
    HandStep(#[from] HandStep),

    /// A correction (`fix N ...`) not in the form of one.
    #[error(transparent)]
    FixForm(#[from] FixForm),

    /// A hand given in a form that is none: a count that is no whole number.
    #[error(transparent)]
    HandForm(#[from] HandForm),

    /// A player's name that cannot be one, or two players of one name.
    #[error(transparent)]
    Name(#[from] Name),

    /// A round or a hand that cannot be scored: nothing changed.
    #[error(transparent)]
    Unscored(#[from] Unscored),

    /// A saved game that cannot be read or replayed. The file is left as it is.
    #[error("{} is damaged and was left as it is: {problem}", crate::words::printable_path(.path))]
    Damaged {
        path: std::path::PathBuf,
        problem: Damage,
    },

    /// A hand given once the game is over.
    #[error("the game is over; no more hands are given")]
    NoMoreHands,

    /// A new game, another game resumed or the game in play tidied away while the game in
    /// play is not saved.
    #[error("the game in play is not saved; save FILE writes it to another file first")]
    Unsaved,

    /// A question (archive, remove, replace?) the input ended before answering.
    #[error("no answer to the question, so {what} was not {done}")]
    NoAnswer { what: String, done: &'static str },

    /// A one-shot command's question that no input answered.
    #[error("no answer to the question, so nothing was done (--yes answers it for a script)")]
    NoAnswerNoYes,

    /// A game or rules file that is not a regular file (a pipe, a device, a directory).
    #[error("{}: not a regular file; a game or a rules file is a plain file", crate::words::printable_path(.path))]
    NotAFile { path: std::path::PathBuf },

    /// A record of more rounds than any real game.
    #[error("the record holds {rounds} rounds, more than any game can ({most} at most)")]
    TooManyRounds { rounds: usize, most: usize },

    /// A game or rules file larger than any real one.
    #[error("{}: larger than a game or a rules file can be ({} MB at most)", crate::words::printable_path(.path), .most / (1024 * 1024))]
    TooLarge { path: std::path::PathBuf, most: u64 },

    /// No home directory to install into (`HOME` unset or not absolute).
    #[error("no home directory: HOME is not set to an absolute path")]
    NoHome,

    /// `completions --install` for a shell with no folder of completion scripts to find.
    #[error(
        "{shell} has no folder of completion scripts to install into; print the script (carousel completions {shell}) and load it from the shell's profile"
    )]
    NoInstallPlace { shell: String },

    /// A file that cannot be read or written; `problem` is the system's reason.
    #[error("{}: {problem}", crate::words::printable_path(.path))]
    File {
        path: std::path::PathBuf,
        problem: String,
    },

    /// A house rules file (`--rules FILE`) that no game's rules read: what the first game's
    /// reading said.
    #[error("{}: {error}", crate::words::printable_path(.path))]
    HouseRulesOfNoGame {
        path: std::path::PathBuf,
        error: Box<Error>,
    },

    /// A house rules file (`--rules FILE`) that cannot be read.
    #[error("cannot read house rules {}: {problem}", crate::words::printable_path(.path))]
    HouseRulesUnread {
        path: std::path::PathBuf,
        problem: String,
    },

    /// A game another session holds, or a file another session keeps for the new game it
    /// was started to save there (`game` false): one session at a time, nothing changed.
    #[error(
        "{}: {} {holder}; it can be played in one session at a time, so quit it there first",
        crate::words::printable_path(.path),
        if *.game { "this game is open in" } else { "this file is kept for a new game by" }
    )]
    HeldElsewhere {
        path: std::path::PathBuf,
        holder: Holder,
        game: bool,
    },

    /// A file a command would write over, refused: nothing was written.
    #[error(transparent)]
    Overwrite(#[from] Overwrite),

    /// Something where a game's lock file goes that is no lock this program made: it is
    /// neither followed nor written, and the game is not opened.
    #[error(
        "{} is {found}, where this game's lock file goes; it was left as it is and nothing was written through it (remove it to open the game)",
        crate::words::printable_path(.path)
    )]
    NotALock {
        path: std::path::PathBuf,
        found: LockFound,
    },
}

/// The session that holds a game: another carousel process, by its number when its lock
/// file names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder {
    pub process: Option<u32>,
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.process {
            Some(number) => write!(f, "another carousel session (process {number})"),
            None => f.write_str("another carousel session"),
        }
    }
}

/// What was found where a game's lock file goes, that is no lock file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockFound {
    /// A symbolic link, to anywhere.
    Link,
    /// A directory, a device, a pipe.
    NotAFile,
    /// A file that has other names (hard links): another file's.
    OtherNames,
}

impl std::fmt::Display for LockFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LockFound::Link => "a symbolic link",
            LockFound::NotAFile => "not a regular file",
            LockFound::OtherNames => "a file with other names (hard links)",
        })
    }
}

/// House rules that cannot be read or played: a rules file, or a rule set from words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A rules file that is not TOML: where, when the reader says (the line and the token),
    /// and the TOML reader's words.
    #[error("{}{problem}", .at.as_ref().map_or(String::new(), |at| format!("{at}: ")))]
    Toml {
        at: Option<TomlLine>,
        problem: String,
    },

    /// A key or a value the game's rules do not take, in the rules reader's words.
    #[error("{problem}")]
    Keys { problem: String },

    /// A rules file with more than its `[rules]` table.
    #[error("\"{key}\": a rules file holds a [rules] table and nothing else")]
    MoreThanTheTable { key: String },

    /// A rules file of keys with no `[rules]` table around them.
    #[error(
        "\"{key}\": a rules file holds a [rules] table and nothing else; put the keys under a [rules] line"
    )]
    OutsideTheTable { key: String },

    /// A key that is none of the game's house rules.
    #[error("\"{key}\" is not a house rule; the rules are {}", .keys.join(", "))]
    NotARule {
        key: String,
        keys: Vec<&'static str>,
    },

    /// A rule the game's rules hold no value for.
    #[error("\"{key}\" cannot be set")]
    CannotBeSet { key: String },

    /// A reading given other than on or off.
    #[error("{key} is on or off, not \"{value}\"")]
    OnOrOff { key: String, value: String },

    /// A number given other than a whole number from `lowest` up.
    #[error("{key} takes a whole number from {lowest} up, not \"{value}\"")]
    NotANumber {
        key: String,
        lowest: u32,
        value: String,
    },

    /// A target of 0: the game would end before it starts.
    #[error(
        "target 0 would end the game before it starts; the target is 1 or more ({default} by default)"
    )]
    TargetZero { default: u32 },

    /// A hand size of 0: nobody is dealt a card.
    #[error(
        "hand-size 0 deals nobody a card; a deal is 1 card or more each ({default} by default)"
    )]
    HandSizeZero { default: u32 },

    /// A Carousel deal that leaves no stock.
    #[error(
        "hand-size {hand_size} for {players} players deals {dealt} cards, and the deck holds {deck}: a deal is 1 card or more each, with a stock left over"
    )]
    NoStock {
        hand_size: u32,
        players: usize,
        dealt: u32,
        deck: u32,
    },

    /// A Canadian or Carolina deal that leaves no card to start the pile.
    #[error(
        "{hand_size} cards to each of {players} players and one to start the pile need {needed} cards; the deck holds {deck}"
    )]
    NoPile {
        hand_size: u32,
        players: usize,
        needed: u64,
        deck: u64,
    },

    /// A rules file that is no game's.
    #[error("no game's house rules")]
    NoGames,
}

/// A round's (a hand's) result whose parts cannot all be true at once: bad input, since the
/// table gave a result that did not happen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unplayable {
    /// More than one player with no cards left.
    #[error("only one player can go out in a round, but {} have no cards left", crate::words::and_list(.players))]
    TwoOut { players: Vec<String> },

    /// A player went out and another knocked.
    #[error("{out} went out, which ends the round, so {knocker} cannot also have knocked")]
    OutAndKnocked { out: String, knocker: String },

    /// A knocker who is none of the players given.
    #[error("the knocker \"{name}\" is not one of the players given ({})", .players.join(", "))]
    KnockerNotGiven { name: String, players: Vec<String> },

    /// Points past what a score holds.
    #[error(
        "{player}'s points would pass {}, the most a score holds; no hand counts that much",
        u32::MAX
    )]
    PointsOverflow { player: String },

    /// A side's table past what a score holds.
    #[error("the table counts more than a score holds")]
    TableOverflow,

    /// The player who went out still holds cards.
    #[error("{player} went out but holds cards ({hand}); the player who went out holds none")]
    OutHoldsCards { player: String, hand: String },

    /// A hand of no cards when nobody went out.
    #[error("{player}'s hand is empty, but nobody went out; name the player who went out")]
    EmptyButNobodyOut { player: String },
}

/// A one-shot command's argument that gives nothing, or not what it asks for: bad input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Argument {
    /// An argument left empty (`set ""`, `pile --hand ""`).
    #[error("{what} is empty: give {wanted}")]
    Empty {
        what: &'static str,
        wanted: &'static str,
    },

    /// `pile --top` with other than one card.
    #[error("--top \"{given}\": give the one card on top of the pile")]
    NotOneCard { given: String },

    /// A hand or a side's melds not written `NAME=VALUE`.
    #[error("\"{arg}\": give NAME=VALUE, like {example}")]
    NotNameValue { arg: String, example: &'static str },

    /// `=VALUE` with no name before it.
    #[error("\"{arg}\": the player's name is missing before =")]
    NoName { arg: String },

    /// Two hands for one player.
    #[error("\"{name}\" is given two hands")]
    TwoHands { name: String },

    /// An option naming a player that none of the hands given is for.
    #[error("{option} \"{name}\" is not one of the players given ({})", .players.join(", "))]
    NotAPlayer {
        option: &'static str,
        name: String,
        players: Vec<String>,
    },

    /// An option of Canadian and Carolina Rummy given for a round of Carousel.
    #[error(
        "{option} is for Canadian and Carolina Rummy (--game canadian or --game carolina), not Carousel"
    )]
    NotCarousels { option: &'static str },

    /// `--teams` that cannot be the game's sides.
    #[error("--teams: {problem}")]
    Teams { problem: Box<Error> },

    /// Two `--melds` for one side.
    #[error("--melds {name}: {side}'s melds: {}", if .first == .name { format!("--melds {name} is given twice") } else { format!("given twice (as {first} and as {name})") })]
    MeldsTwice {
        name: String,
        side: String,
        first: String,
    },

    /// `--on SET` that is not one legal set.
    #[error("--on: {problem}")]
    On { problem: Box<Error> },

    /// `--knocker`, Carousel's, given for a hand of another game.
    #[error("--knocker is Carousel's; in {game} the player who went out is given with --out")]
    KnockerIsCarousels { game: &'static str },
}

/// A failure of one game's own rules, which the family's error carries without knowing the
/// game: the game says it, and takes it back (`as_any`) to lay it out in full.
pub trait GameFailure: fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// A refusal by the rules (exit 1) rather than input the program cannot read (exit 2).
    fn is_refusal(&self) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn boxed(&self) -> Box<dyn GameFailure>;
    /// The same failure: `other` is of the same type and equal.
    fn same(&self, other: &dyn GameFailure) -> bool;
    /// The numbered rules the failure breaks (`M2`), for the live page's ruling.
    fn cited(&self) -> Vec<String>;
}

/// A game's own error type: the one thing it says is whether it is a refusal; the rest of
/// [`GameFailure`] comes with it.
pub trait Failure: Clone + PartialEq + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// A refusal by the rules (exit 1); by default, input that cannot be read (exit 2).
    fn is_refusal(&self) -> bool {
        false
    }

    /// The numbered rules broken; by default none: the game numbers no rules.
    fn cited(&self) -> Vec<String> {
        Vec::new()
    }
}

impl<F: Failure> GameFailure for F {
    fn is_refusal(&self) -> bool {
        Failure::is_refusal(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn boxed(&self) -> Box<dyn GameFailure> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn GameFailure) -> bool {
        other.as_any().downcast_ref::<F>() == Some(self)
    }

    fn cited(&self) -> Vec<String> {
        Failure::cited(self)
    }
}

/// A game's own failure, boxed.
#[derive(Debug)]
pub struct GameError(pub Box<dyn GameFailure>);

impl GameError {
    /// The failure as the game's own type, when it is of type `F`.
    pub fn of<F: GameFailure>(&self) -> Option<&F> {
        self.0.as_any().downcast_ref::<F>()
    }
}

impl Clone for GameError {
    fn clone(&self) -> GameError {
        GameError(self.0.boxed())
    }
}

impl PartialEq for GameError {
    fn eq(&self, other: &GameError) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for GameError {}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for GameError {}

impl<F: GameFailure> From<F> for Error {
    fn from(failure: F) -> Error {
        Error::Game(GameError(Box::new(failure)))
    }
}

impl Error {
    /// A game's own failure of type `F`, if this is one.
    pub fn game<F: GameFailure>(&self) -> Option<&F> {
        match self {
            Error::Game(failure) => failure.of::<F>(),
            _ => None,
        }
    }

    /// The numbered rules a refusal cites (`M2`), when its game numbers them.
    pub fn cited(&self) -> Vec<String> {
        match self {
            Error::Game(failure) => failure.0.cited(),
            Error::InRound { error, .. } | Error::InTurnLine { error, .. } => error.cited(),
            _ => Vec::new(),
        }
    }

    /// A refusal by the rules (exit 1) rather than input the program cannot read (exit 2).
    pub fn is_refusal(&self) -> bool {
        match self {
            Error::Game(failure) => failure.0.is_refusal(),
            Error::KnockRefused { .. }
            | Error::Turn(_)
            | Error::Stage(_)
            | Error::NoMoreHands
            | Error::Unsaved
            | Error::NoAnswer { .. }
            | Error::NoAnswerNoYes
            | Error::Share(ShareError::NotSharing) => true,
            Error::InRound { error, .. } | Error::InTurnLine { error, .. } => error.is_refusal(),
            Error::Undo(undo) => undo.is_refusal(),
            Error::HandStep(step) => step.is_refusal(),
            _ => false,
        }
    }
}

/// The order of a turn, refused: who may step now, and which step comes first. Names are the
/// players' as the table knows them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Turn {
    /// A step by a player whose turn it is not.
    #[error("it is {turn}'s turn, not {player}'s")]
    NotYours { turn: String, player: String },

    /// A meld, `done` or a knock before the turn's first draw; `knock` says which came.
    #[error("{player} has not drawn yet; {}", if *.knock { "a knock comes at the end of the turn, after the draws" } else { "a turn begins with a draw" })]
    NotDrawn { player: String, knock: bool },

    /// A meld after the third draw, with the house rule meld-after-third-draw off.
    #[error(
        "{player} has drawn a third card, and there is no meld after the third draw (the house rule meld-after-third-draw is off); {player} may knock or end the turn"
    )]
    NoMeldAfterThirdDraw { player: String },

    /// `done` or a knock before a meld or the third draw: the turn goes on.
    #[error("{player} has not melded, so the turn goes on to a third draw; {}", if *.knock { format!("a knock comes at the end of the turn ({player} has drawn {})", cards(*.draws)) } else { format!("{player} has drawn {}", cards(*.draws)) })]
    GoesOn {
        player: String,
        draws: u32,
        knock: bool,
    },

    /// A draw in the last lap, when nobody draws.
    #[error("the stock is out: this is the last lap, one turn each to meld without drawing")]
    LastLap,

    /// A draw after a meld.
    #[error("{player} has melded this turn, and melding ends the drawing")]
    DrawAfterMeld { player: String },

    /// A fourth draw.
    #[error("{player} has drawn three cards this turn; a fourth draw is refused")]
    FourthDraw { player: String },

    /// A draw from an empty stock, before the turn ends and the last lap begins.
    #[error("the stock is empty; the last lap begins when {player}'s turn ends")]
    StockEmpty { player: String },

    /// `draw N` that the stock cannot give: none of the draws is made.
    #[error("the stock held only {}, not {count}; nothing was drawn", cards(*.drawn))]
    StockShort { drawn: u32, count: u32 },

    /// `draw N` past the three draws of a turn: none of the draws is made.
    #[error("{player} may draw {drawn} more this turn, not {count}; nothing was drawn")]
    TooManyDraws {
        player: String,
        drawn: u32,
        count: u32,
    },
}

/// A hand or a count of cards given for a player that cannot be theirs, or a table that the
/// cards counted in hands leave no room for: the referee counts what each player holds
/// (dealt, plus draws, less cards played). Not a refusal: the table gave a wrong figure, and
/// says the right one again.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Count {
    /// A hand of another size than the player holds.
    #[error("{player} holds {} by the referee's count, but {} given ({}); if the count is wrong, correct it first (cards {player} N)", cards(*.held), plural(*.given, "card was", "cards were"), shown(.hand))]
    NotHeld {
        player: String,
        held: u32,
        /// How many cards were given.
        given: u32,
        /// The cards given, as written.
        hand: String,
    },

    /// A count of 0 for a player who holds cards: 0 means gone out.
    #[error("{player} holds {}, and a count of 0 means no cards left (gone out); if they count 0, give the cards (hand {player} * ...)", cards(*.held))]
    Zero { player: String, held: u32 },

    /// A count the cards still out of sight cannot make: they make `low` to `high`.
    #[error("{player} holds {}, which count {low} to {high} with the cards still out of sight; {count} cannot be their count", cards(*.held))]
    OutOfRange {
        player: String,
        held: u32,
        low: u32,
        high: u32,
        count: u32,
    },

    /// `cards NAME 0`: holding no cards is going out, which only a move does.
    #[error(
        "a player with no cards has gone out, which a move does; {player} holds 1 card or more"
    )]
    NoCards { player: String },

    /// A table corrected (`table MELDS`) to more cards than the deck holds with the hands.
    #[error(
        "that table holds {table} cards and the hands {held}: more than the {deck} of the deck"
    )]
    TableMoreThanDeck { table: u32, held: u32, deck: u32 },

    /// `cards NAME N` that, with the table and the other hands, is more than the deck.
    #[error(
        "{player} cannot hold {held}: with the table and the other hands that is more than the {deck} cards of the deck"
    )]
    MoreThanDeck {
        player: String,
        held: u32,
        deck: u32,
    },
}

/// A hand as written, or `none`.
fn shown(hand: &str) -> &str {
    if hand.is_empty() { "none" } else { hand }
}

/// Something named or numbered that is not there, with what is: the melds on the table, the
/// rounds finished, the players, the saved games. Not a refusal: the name or number is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoSuch {
    /// Meld `number` of a table of `count` melds.
    #[error("there is no meld {number}: {}", melds_on_table(*.count))]
    Meld { number: usize, count: usize },

    /// Round `number` to fix, with `finished` rounds finished.
    #[error("there is no round {number} to fix: {}", rounds_finished(*.finished))]
    Round { number: usize, finished: usize },

    /// A name that is no player's.
    #[error("\"{name}\" is not a player; the players are {}", .players.join(", "))]
    Player { name: String, players: Vec<String> },

    /// A name that begins the names of several players.
    #[error("\"{name}\" could be {}; type more of the name", .matches.join(" or "))]
    AmbiguousPlayer { name: String, matches: Vec<String> },

    /// A game that is not one of the family's.
    #[error("\"{name}\" is not a game; the games are {}", .games.join(", "))]
    Game { name: String, games: Vec<String> },

    /// A saved game asked for when there is none.
    #[error("there are no saved games in the data directory")]
    SavedGames,

    /// Saved game number `which` of `count`.
    #[error(
        "\"{which}\": there is no game {which}; the saved games are numbered 1 to {count} (games lists them)"
    )]
    SavedNumber { which: String, count: usize },

    /// A saved game by a name that no file name holds.
    #[error("\"{which}\": no saved game is called that; games lists them, by number and name")]
    SavedName { which: String },

    /// A part of a name that several saved games' names hold (`matches`: "NUMBER NAME").
    #[error("\"{which}\": {} saved games are called that ({}); give more of the name or the number", .matches.len(), .matches.join(", "))]
    AmbiguousSaved { which: String, matches: Vec<String> },
}

fn melds_on_table(count: usize) -> String {
    match count {
        0 => "the table is empty".to_string(),
        1 => "the table has meld 1 only".to_string(),
        _ => format!("the table has melds 1 to {count}"),
    }
}

/// `ann's hand is`, `the hands of ann and ben are`.
fn hands_wanted(waiting: &[String]) -> String {
    match waiting {
        [one] => format!("{one}'s hand is"),
        _ => format!("the hands of {} are", crate::words::and_list(waiting)),
    }
}

fn rounds_finished(finished: usize) -> String {
    match finished {
        0 => "no round is finished yet".to_string(),
        1 => "round 1 is the only one finished".to_string(),
        2 => "rounds 1 and 2 are finished".to_string(),
        _ => format!("rounds 1 to {finished} are finished"),
    }
}

/// A step that comes at the wrong stage of a round or of the game: a well-formed "no".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Stage {
    /// A turn's step after the round ended, while hands are still wanted.
    #[error("round {round} is over; {} still to be given", hands_wanted(.waiting))]
    RoundOver { round: usize, waiting: Vec<String> },

    /// A round entered whole while the round in play has ended and waits for hands.
    #[error(
        "round {round} is over already; give the hands that are still wanted (hand NAME ...), or undo the step that ended it"
    )]
    RoundOverAlready { round: usize },

    /// A step after the game ended; `tried` says which.
    #[error("the game is over; {}", .tried.then())]
    GameOver { tried: AfterTheEnd },

    /// A hand given while the round is still being played.
    #[error(
        "the round is still being played; hands are given when it is over, and {player}'s cards can be counted any time"
    )]
    RoundInPlay { player: String },

    /// A hand given again for the player who knocked with it.
    #[error("{player} knocked with that hand; undo the knock to change it")]
    KnockedWith { player: String },

    /// A hand given for the player who went out.
    #[error("{player} went out and holds no cards")]
    WentOut { player: String },

    /// A count corrected for a player whose hand is given.
    #[error("{player}'s hand is given already; undo it to correct the count")]
    HandGiven { player: String },

    /// A house rule or the seating changed after the first draw of a Carousel game.
    #[error(
        "{what} can be changed only before the first draw of the game (undo back to it to change it)"
    )]
    SetBeforeFirstDraw { what: String },

    /// Teams or house rules changed after the first hand of a Canadian or Carolina game.
    #[error(
        "{what} are set before the first hand is entered; undo back to the start to change them"
    )]
    SetBeforeFirstHand { what: String },

    /// The seating (the first dealer, the teams) changed after the game's first step;
    /// `first` is the game's word for that step.
    #[error("{what} can be changed only before {first} (undo back to it to change it)")]
    SetupFixed {
        what: &'static str,
        first: &'static str,
    },

    /// A house rule set to the value it has.
    #[error("{key} is {value} already; nothing changed")]
    RuleAlreadySo { key: &'static str, value: String },

    /// A correction of a round that already reads so.
    #[error("round {round} already reads so; nothing changed")]
    AlreadySo { round: usize },

    /// The game in play in this session, asked to be archived or removed.
    #[error("{game} is the game in play here; start or resume another game first to {verb} it")]
    TidyInPlay { game: String, verb: &'static str },

    /// A saved file that cannot be read as a game, archived or removed: left for a person.
    #[error(
        "{} cannot be read as a game; it is left as it is for you to look at",
        crate::words::printable_path(.path)
    )]
    Unreadable { path: std::path::PathBuf },
}

/// What was tried after the game ended, which says what is left to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterTheEnd {
    /// A step of a turn.
    Turn,
    /// A round entered whole.
    Round,
    /// A correction.
    Correction,
    /// A step of a Canadian or Carolina game.
    Step,
}

impl AfterTheEnd {
    fn then(self) -> &'static str {
        match self {
            AfterTheEnd::Turn => "no more turns are played",
            AfterTheEnd::Round => "no more rounds are played (fix N corrects one)",
            AfterTheEnd::Correction => "there is nothing left to correct",
            AfterTheEnd::Step => "undo takes back the last step",
        }
    }
}

/// An undo or a redo that cannot be made: none to take (a refusal), or a count out of range
/// (a wrong number, said with the range).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Undo {
    /// No step taken yet, in any game of the family.
    #[error("nothing to undo: no step has been taken yet")]
    NothingToUndo,

    /// No undo to take back, or a new step since.
    #[error("nothing to redo: redo takes back an undo, before any new step")]
    NothingToRedo,

    /// `undo N` with N not 1 to the `taken` steps.
    #[error("{}", undo_range(*.taken, *.count))]
    UndoCount { taken: usize, count: usize },

    /// `redo N` with N not 1 to the `waiting` steps undone.
    #[error("redo takes 1 to {waiting} (the steps undone), not {count}")]
    RedoCount { waiting: usize, count: usize },
}

impl Undo {
    /// Nothing to undo or redo is a refusal; a count out of range is a wrong number.
    pub fn is_refusal(&self) -> bool {
        matches!(self, Undo::NothingToUndo | Undo::NothingToRedo)
    }
}

fn undo_range(taken: usize, count: usize) -> String {
    match taken {
        1 => format!("only 1 step has been taken, so undo takes 1, not {count}"),
        _ => format!("undo takes 1 to {taken} steps (the steps taken so far), not {count}"),
    }
}

/// A name no player can have, or a name two players are given (names are told apart as
/// players are found by name: case aside).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Name {
    /// Not a word or a few, each starting with a letter, of up to 24 in all.
    #[error(
        "\"{name}\" cannot be a player's name: a name is a word or a few (in quotes: new \"Mary Jo\" bob) of up to 24 letters and digits, each starting with a letter"
    )]
    Form { name: String },

    /// The same name given twice.
    #[error("\"{name}\" is named twice; every player needs their own name")]
    Twice { name: String },

    /// A name that holds a control character (an escape, a bell), shown escaped.
    #[error(
        "\"{}\" cannot be a player's name: it holds a control character, which a terminal would act on rather than show",
        crate::words::printable(.name)
    )]
    Control { name: String },

    /// Two names that differ only in case (`Bob`, `bob`): `twin` is the first given.
    #[error("\"{name}\" and \"{twin}\" are the same name; every player needs their own")]
    Same { name: String, twin: String },
}

impl Name {
    /// Refuses a player's name that holds a control character: every reader of names (a
    /// record, `score`'s arguments, `new`) says so, with the name shown escaped.
    pub fn check_printable(name: &str) -> Result<(), Name> {
        if name.chars().any(char::is_control) {
            return Err(Name::Control {
                name: name.to_string(),
            });
        }
        Ok(())
    }
}

/// A round or a hand that cannot be scored, so nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unscored {
    /// A round ended and recorded whose score the tally does not hold: a fault of the
    /// program, said rather than panicked.
    #[error("the round was not scored")]
    Round,

    /// A correction (`fix N ...`) that leaves the game unscorable; `error` says why.
    #[error("that correction of {word} {round} cannot be scored: {error}; nothing changed")]
    Correction {
        /// `round`, or `hand`.
        word: &'static str,
        round: usize,
        error: Box<Error>,
    },

    /// A house rule changed to a value under which the rounds so far cannot be scored (a
    /// knock over a lower knock limit, a target the game passed rounds ago).
    #[error("{key} cannot be changed so: {error}; nothing changed")]
    Rule {
        key: &'static str,
        error: Box<Error>,
    },
}

impl RecordProblem {
    /// `key`, when it is one of `keys` (the keys of `owners`' records): a key of another
    /// game's records, in a record of `game`.
    pub fn foreign_key(
        key: &str,
        keys: &'static [&'static str],
        owners: &'static str,
        game: &'static str,
    ) -> Option<RecordProblem> {
        keys.iter()
            .find(|known| **known == key)
            .map(|key| RecordProblem::ForeignKey { key, owners, game })
    }
}

/// Why a saved game cannot be read or replayed ([`Error::Damaged`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    /// Not whole: cut short, or changed since it was saved, and still readable or not.
    #[error("{0}")]
    Unsealed(#[from] Unsealed),
    /// Bytes that are not UTF-8 text: where (both from 1) and the first such byte.
    #[error("line {line}, byte {column}: not UTF-8 text (byte 0x{byte:02x})")]
    NotText {
        line: usize,
        column: usize,
        byte: u8,
    },
    /// Whole, or changed in a way that breaks it: what its reader says (its record, its log
    /// replayed).
    #[error("{0}")]
    Unreadable(Box<Error>),
}

/// Where in a game record something is wrong, said before the problem. Names, tokens and
/// lines of the log are the record's own: kept as written, shown printable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordPlace {
    /// The record as a whole: `game record`.
    Whole,
    /// A key of the record outside its rounds: `players`, `rules.target`.
    Key(RecordKey),
    /// A line of the record's text, in the part of the record it is in: `line 3`,
    /// `line 3, "players"`, `round 2 (line 9)`, `play (line 20)`.
    Line { at: TomlLine, part: RecordPart },
    /// The record's `game` key, on line `line`: `line 1, game`.
    GameKey { line: usize },
    /// Round `number` (from 1), or one of its keys: `round 2`, `round 2, hands.bob`.
    Round {
        number: usize,
        key: Option<RoundKey>,
    },
    /// A line of the log of play, with its number (from 1) when it is replayed as a step:
    /// `play.log, step 3 "bob: draw"`, `play.redo, "bob: draw"`.
    Step {
        list: LogList,
        number: Option<usize>,
        line: String,
    },
}

impl fmt::Display for RecordPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordPlace::Whole => f.write_str("game record"),
            RecordPlace::Key(key) => f.write_str(key.written()),
            RecordPlace::Line {
                at,
                part: RecordPart::Head,
            } => write!(f, "{at}"),
            RecordPlace::Line {
                at,
                part: RecordPart::Round(number),
            } => write!(f, "round {number} ({at})"),
            RecordPlace::Line {
                at,
                part: RecordPart::Play,
            } => write!(f, "play ({at})"),
            RecordPlace::GameKey { line } => write!(f, "line {line}, game"),
            RecordPlace::Round { number, key: None } => write!(f, "round {number}"),
            RecordPlace::Round {
                number,
                key: Some(key),
            } => write!(f, "round {number}, {key}"),
            RecordPlace::Step { list, number, line } => {
                write!(f, "{}, ", list.written())?;
                if let Some(number) = number {
                    write!(f, "step {number} ")?;
                }
                write!(f, "\"{}\"", printable(line))
            }
        }
    }
}

/// A key of a record outside its rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKey {
    Players,
    Teams,
    Rules,
    /// `rules.target`.
    Target,
    /// `rules.hand-size`.
    HandSize,
    /// The rounds (`[[round]]`) as a whole.
    Rounds,
    /// `play.earlier-rounds`.
    EarlierRounds,
    /// `play.first-dealer`.
    FirstDealer,
}

impl RecordKey {
    /// The key as the record writes it.
    pub fn written(self) -> &'static str {
        match self {
            RecordKey::Players => "players",
            RecordKey::Teams => "teams",
            RecordKey::Rules => "rules",
            RecordKey::Target => "rules.target",
            RecordKey::HandSize => "rules.hand-size",
            RecordKey::Rounds => "round",
            RecordKey::EarlierRounds => "play.earlier-rounds",
            RecordKey::FirstDealer => "play.first-dealer",
        }
    }
}

/// A key of one round of a record; a player's hand and a side's melds are keyed by the
/// player's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundKey {
    Knocker,
    Out,
    /// The round's hands as a whole.
    Hands,
    /// `hands.NAME`.
    Hand(String),
    /// `melds.NAME`.
    Melds(String),
}

impl fmt::Display for RoundKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundKey::Knocker => f.write_str("knocker"),
            RoundKey::Out => f.write_str("out"),
            RoundKey::Hands => f.write_str("hands"),
            RoundKey::Hand(name) => write!(f, "hands.{}", printable(name)),
            RoundKey::Melds(name) => write!(f, "melds.{}", printable(name)),
        }
    }
}

/// A line of a TOML text, and the short token on it that a message points at when what is
/// wrong does not name it already: `line 3`, `line 3, "players"`. The one way a place in a
/// TOML text is said, for records and rules files alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TomlLine {
    /// From 1.
    pub line: usize,
    pub token: Option<String>,
}

impl fmt::Display for TomlLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        match &self.token {
            Some(token) => write!(f, ", \"{}\"", printable(token)),
            None => Ok(()),
        }
    }
}

/// The part of a record a line is in: the head (its keys and tables but the rounds and the
/// log), round N (from 1), or the log of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordPart {
    Head,
    Round(usize),
    Play,
}

/// The two lists of a record's log of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogList {
    /// The steps taken, `play.log`.
    Log,
    /// The steps undone that redo brings back, `play.redo`.
    Redo,
}

impl LogList {
    fn written(self) -> &'static str {
        match self {
            LogList::Log => "play.log",
            LogList::Redo => "play.redo",
        }
    }
}

/// A hand as a record writes it: a count, or the cards as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrittenHand {
    Count(i64),
    Cards(String),
}

impl WrittenHand {
    /// As the record writes it (`12`, `"4s Ah"`), or `no hand`.
    fn said(hand: Option<&WrittenHand>) -> String {
        match hand {
            Some(WrittenHand::Count(n)) => n.to_string(),
            Some(WrittenHand::Cards(text)) => format!("\"{}\"", printable(text)),
            None => "no hand".to_string(),
        }
    }

    /// As it is typed at the table (`12`, `4s Ah`), or `N` for one to give.
    fn typed(hand: Option<&WrittenHand>) -> String {
        match hand {
            Some(WrittenHand::Count(n)) => n.to_string(),
            Some(WrittenHand::Cards(text)) => printable(text).into_owned(),
            None => "N".to_string(),
        }
    }
}

/// What a record's `game` key holds, when it names no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameGiven {
    /// A name that is none of the games'.
    Name(String),
    /// A value that is no name: its TOML kind (`integer`, `table`).
    Kind(&'static str),
}

impl fmt::Display for GameGiven {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameGiven::Name(name) => write!(f, "\"{}\"", printable(name)),
            GameGiven::Kind(kind) => {
                let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                write!(f, "{article} {kind}")
            }
        }
    }
}

/// Said of a record that parts from its log of play: the file is not touched.
const KEPT: &str = "The file is left as it is";

/// What is wrong at a place of a game record ([`RecordPlace`]): a record that is not well
/// formed, or that its own log of play contradicts. A check of the players, the teams, the
/// rules, a hand or a step that fails keeps its own error, said as it says itself.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordProblem {
    /// TOML that does not read, or a value not of a record's shape: the TOML reader's words.
    #[error("{message}")]
    Toml { message: String },

    /// A key of another game's records: `owners` are those games (`Carousel`, `Canadian and
    /// Carolina`), `game` is this record's.
    #[error("`{key}` is a key of {owners} records; this record's game is {game}")]
    ForeignKey {
        key: &'static str,
        owners: &'static str,
        game: &'static str,
    },

    /// A record the referee saved that is not whole: cut short, or changed since.
    #[error("{0}")]
    NotWhole(Unsealed),

    /// A `game` key that names none of the family's games.
    #[error("{given} is not a game; the games are {}", .games.join(", "))]
    NotAGame {
        given: GameGiven,
        games: Vec<&'static str>,
    },

    /// Players the game cannot be played by: their count, a name, two of one name.
    #[error("{error}")]
    Players { error: Box<Error> },

    /// A player's name left empty; `seat` from 1.
    #[error("player {seat} has an empty name")]
    EmptyName { seat: usize },

    /// Teams that cannot be the game's sides.
    #[error("{error}")]
    Teams { error: Box<Error> },

    /// House rules the game cannot be set up with, as the game's rules say it (`house
    /// rules: ...`).
    #[error("{error}")]
    Rules { error: Box<Error> },

    /// A house rule no game can be played with (a target of 0, a deal the deck cannot make),
    /// said by the rule alone: the place names the rule.
    #[error("{error}")]
    UnplayableRule { error: RulesError },

    /// A name that is none of the players'.
    #[error("\"{}\" is not a player (the players are {})", printable(.name), printable_names(.players))]
    NotAPlayer { name: String, players: Vec<String> },

    /// The log's first dealer, who is none of the players.
    #[error("\"{}\" is not one of the players", printable(.name))]
    DealerNotAPlayer { name: String },

    /// A player given no hand.
    #[error("no hand for {}; give each player's count or cards left", printable(.player))]
    NoHand { player: String },

    /// A side given melds under two of its players' names (`first`, then `name`).
    #[error("{}'s melds are given twice (as {} and as {})", printable(.side), printable(.first), printable(.name))]
    MeldsTwice {
        side: String,
        first: String,
        name: String,
    },

    /// A Carousel hand count that is no whole number from 0 up.
    #[error("{count} is not a hand count; a count is a whole number from 0 up")]
    NotAHandCount { count: i64 },

    /// A Canadian or Carolina count (of a hand or of a side's table) that is no whole number
    /// from 0 up.
    #[error("{count} is not a count; a count is a whole number from 0 up, with no sign")]
    NotACount { count: i64 },

    /// A hand or a side's melds whose cards do not read.
    #[error("{error}")]
    Cards { error: Box<Error> },

    /// A round's result that the rules cannot score.
    #[error("{error}")]
    Unscorable { error: Box<Error> },

    /// More rounds played before the log (`earlier`) than the record holds.
    #[error("{earlier} rounds were recorded before the log, but the record holds {held}")]
    EarlierRounds { earlier: usize, held: usize },

    /// A round recorded before the log that cannot be replayed as a round entered whole.
    #[error("{error}")]
    EarlierRound { error: Box<Error> },

    /// A line of the log of play that cannot be read as a step, or replayed.
    #[error("{error}")]
    Step { error: Box<Error> },

    /// A record of another number of finished rounds (`held`) than its log gives.
    #[error("the record holds {}, but its log of play gives {}. {KEPT}: to add a round, put the file back and type round RESULT in the game; to take one out, fix N delete", finished_rounds(*.held), finished_rounds(*.gave))]
    RoundCount { held: usize, gave: usize },

    /// A Carousel round's knocker other than the log gives; `says` is the record's, which
    /// `fix` makes so.
    #[error("the record says {}, but the log of play gives {}. {KEPT}: put it back and type fix {round} knock {} in the game", knocker_said(.says.as_deref()), knocker_said(.gives.as_deref()), printable(.says.as_deref().unwrap_or("nobody")))]
    KnockerDisagrees {
        round: usize,
        says: Option<String>,
        gives: Option<String>,
    },

    /// A Carousel player's hand other than the log gives; `says` is the record's, which
    /// `fix` makes so.
    #[error("the record says {}, but the log of play gives {}. {KEPT}: put it back to {} and type fix {round} hand {} {} in the game", WrittenHand::said(.says.as_ref()), WrittenHand::said(.gives.as_ref()), WrittenHand::said(.gives.as_ref()), printable(&crate::words::typed(.player)), WrittenHand::typed(.says.as_ref()))]
    HandDisagrees {
        round: usize,
        player: String,
        says: Option<WrittenHand>,
        gives: Option<WrittenHand>,
    },

    /// A Carousel round that the log gives otherwise, in no knocker or hand to point at.
    #[error("the record does not say what the log of play gives. {KEPT}")]
    RoundDisagrees,

    /// A Canadian or Carolina hand's result other than the log gives: both in one line, as
    /// a hand is typed whole.
    #[error("the record says {}, but its log of play gives {}. {KEPT}: put it back and correct the hand in the game (fix {round} ...)", printable(.says), printable(.gives))]
    ResultDisagrees {
        round: usize,
        says: String,
        gives: String,
    },
}

impl RecordProblem {
    /// The problem at `place` of the record.
    pub fn at(self, place: RecordPlace) -> Error {
        Error::Record {
            place,
            problem: Box::new(self),
        }
    }
}

/// Names from a record, shown printable, with commas between.
fn printable_names(names: &[String]) -> String {
    names
        .iter()
        .map(|name| printable(name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A knocker as a record says it: `"bob"`, or `nobody`.
fn knocker_said(name: Option<&str>) -> String {
    match name {
        Some(name) => format!("\"{}\"", printable(name)),
        None => "nobody".to_string(),
    }
}

/// `1 finished round`, `3 finished rounds`.
fn finished_rounds(count: usize) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{count} finished round{s}")
}

/// A rearrangement or an `add` not written as one (docs/commands.md): what was typed and the
/// form it takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveForm {
    /// A rearrangement without `=`.
    #[error(
        "\"{text}\": a rearrangement is the meld numbers, =, and the melds they become, like 1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d"
    )]
    NoEquals { text: String },

    /// A word before `=` that is not a meld number.
    #[error(
        "\"{token}\" (before =): not a meld number; the melds are numbered 1, 2, ... on screen"
    )]
    NotAMeldNumber { token: String },

    /// A meld number given twice before `=`.
    #[error("meld {number} is named twice")]
    NamedTwice { number: usize },

    /// `add N` with melds (`|`): add lays cards on one meld.
    #[error(
        "add lays cards on one meld; to change several melds, write the numbers, =, and the melds they become"
    )]
    AddToSeveral,

    /// `add N` with no cards.
    #[error("add {number} needs the cards to add, like add {number} 6d")]
    AddNothing { number: usize },
}

/// A line of the step log that is not a step, and the form a step takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepForm {
    /// `fix N ...` with N not a number.
    #[error("\"{number}\" (after fix): not a round number; fix N corrects round N")]
    NotARoundNumber { number: String },

    /// A line with no `NAME:` and no `table =`.
    #[error("\"{text}\": a step is \"NAME: what they did\" or \"table = MELDS\"")]
    NoName { text: String },

    /// A line of a Canadian or Carolina log that is none of its three steps.
    #[error("\"{text}\": a step is out NAME, melds NAME: MELDS or hand NAME: HAND")]
    NotAHandStep { text: String },

    /// A `rules` line of the log not written as `rules KEY = VALUE (was OLD)`.
    #[error("\"{text}\": a house rule changed is written rules KEY = VALUE (was OLD)")]
    NotARule { text: String },

    /// A name that is no player's, exactly as the log writes it.
    #[error("\"{name}\" is not a player")]
    NotAPlayer { name: String },

    /// `draw` or `done` with more after it.
    #[error("\"{rest}\": {verb} takes nothing more")]
    TakesNothingMore { verb: String, rest: String },

    /// `cards` with something other than a number.
    #[error("\"{given}\": not a number of cards")]
    NotACount { given: String },

    /// A word that is none of the steps.
    #[error("\"{verb}\" is not a step; the steps are draw, play, done, knock, hand, cards")]
    NotAStep { verb: String },
}

/// The form of a round's result in one line, said after each problem.
const ROUND_FORM: &str = "a round is knock NAME or out NAME (or neither, when the stock ran out), then NAME=HAND for every player, like knock bob alice=12 bob=3 carol=\"Kd *\"";

/// A round's result in one line that is not in the form of one, or gives a hand twice or
/// not at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundForm {
    /// Words that cannot be split (a quote not closed); `problem` is the splitter's word.
    #[error("\"{text}\": {problem}; {ROUND_FORM}")]
    Words { text: String, problem: String },

    /// `knock` or `out` with no name after it.
    #[error("{word} needs a name; {ROUND_FORM}")]
    NeedsName { word: String },

    /// A word that is not `NAME=HAND`.
    #[error("\"{word}\": not NAME=HAND; {ROUND_FORM}")]
    NotAHand { word: String },

    /// A player given a second hand.
    #[error("\"{word}\": {player} is given two hands")]
    TwoHands { word: String, player: String },

    /// A hand that cannot be read.
    #[error("{player}'s hand: {error}")]
    Hand { player: String, error: Box<Error> },

    /// Cards given for the player who went out.
    #[error("\"{word}\": {player} went out and holds no cards; leave their hand out")]
    OutHolds { word: String, player: String },

    /// Players with no hand given.
    #[error("no hand for {}; {ROUND_FORM}", .players.join(" or "))]
    Missing { players: Vec<String> },
}

/// A file that a command (an export, a chart) would write over, refused: a game's record
/// or a file a session holds never, any other file only when the user says so. Nothing was
/// written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Overwrite {
    /// A file that exists and is no game: `--force` (or a yes in the REPL) replaces it.
    #[error("{} exists already; nothing was written (--force replaces it)", crate::words::printable_path(.path))]
    Exists { path: std::path::PathBuf },

    /// A file that holds a game record, of any game of the family.
    #[error(
        "{} holds a game: a game's record is never written over, so nothing was written",
        crate::words::printable_path(.path)
    )]
    Game { path: std::path::PathBuf },

    /// A file a session holds (its game is open there): `holder` names the session.
    #[error(
        "{} is a game open in {holder}: it is never written over, so nothing was written",
        crate::words::printable_path(.path)
    )]
    Held {
        path: std::path::PathBuf,
        holder: Holder,
    },

    /// The file of the game in play in this session.
    #[error(
        "{} is the file of the game in play: it is never written over, so nothing was written",
        crate::words::printable_path(.path)
    )]
    InPlay { path: std::path::PathBuf },

    /// Something that is not a file: a directory, a device.
    #[error("{} is not a regular file, so nothing was written", crate::words::printable_path(.path))]
    NotAFile { path: std::path::PathBuf },
}

/// A round the running totals cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TallyError {
    /// A round after a total reached the target; `total` says whose total (`a total`, `a
    /// side's total`).
    #[error(
        "round {round}: recorded after the game ended in round {ended}, when {total} reached {target}"
    )]
    AfterTheEnd {
        round: usize,
        ended: usize,
        target: i64,
        total: &'static str,
    },

    /// A total past the most a score holds: refused rather than stopped short.
    #[error("round {round}: {side}'s total would pass {most}, the most a score holds")]
    TooLarge {
        round: usize,
        side: String,
        most: i64,
    },
}

/// A correction of a finished round (`fix N ...`) not in a form of one; `forms` are the
/// game's forms, said after the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FixForm {
    /// `fix` alone.
    #[error("fix needs the round's number and the correction: {forms}")]
    Nothing { forms: &'static str },

    /// A first word that is no round number.
    #[error("\"{number}\": fix takes the round's number first: {forms}")]
    NotANumber { number: String, forms: &'static str },

    /// A number and nothing the game reads as a correction.
    #[error("fix {round} needs what to correct: {forms}")]
    What { round: usize, forms: &'static str },

    /// `fix N hand` without a name and a hand.
    #[error("fix {round} hand needs a name and the hand, like fix {round} hand bob 12")]
    Hand { round: usize },

    /// `fix N knock` without who.
    #[error("fix {round} knock needs who knocked, or nobody")]
    Knock { round: usize },

    /// `fix N melds` without a name and the melds.
    #[error("fix {round} melds needs a name and the melds, like fix {round} melds bob Ks Kh Kd")]
    Melds { round: usize },

    /// `fix N out` without who.
    #[error("fix {round} out needs who went out")]
    Out { round: usize },

    /// `fix N delete` with more after it.
    #[error("\"{rest}\": fix {round} delete takes nothing more")]
    DeleteMore { round: usize, rest: String },
}

/// The form of a Canadian or Carolina hand typed whole, said after each problem.
const HAND_FORM: &str = "a hand is out NAME (or out none), melds NAME=MELDS for each side with melds, then NAME=HAND for every player, like out alice melds alice=\"Ks Kh 2c\" alice=0 bob=20 carol=\"3d 2c\" dave=5";

/// What a word that is no command was probably meant to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// A command a letter or two away.
    DidYouMean(&'static str),
    /// What the game says a word like this one is for (cards are laid with meld...).
    Game(&'static str),
    /// Nothing close.
    Nothing,
}

impl std::fmt::Display for Hint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Hint::DidYouMean(close) => write!(f, " (did you mean {close}?)"),
            Hint::Game(what) => write!(f, " ({what})"),
            Hint::Nothing => Ok(()),
        }
    }
}

/// A line of the REPL that is no command, or a command without what it needs: said with
/// what was typed and the form the command takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// A first word that is no command; `hint` says what was probably meant.
    #[error("\"{word}\" is not a command{hint}; help lists the commands")]
    NotACommand { word: String, hint: Hint },

    /// A part of a turn typed in one line that is no step of a turn: nothing of the line
    /// was played. `words` lists the steps a turn's parts take.
    #[error(
        "\"{typed}\" (part {part} of the line) is no step of a turn, so nothing of the line was played; a turn's parts are {words}, between commas"
    )]
    NotATurnPart {
        part: usize,
        typed: String,
        words: String,
    },

    /// `yes` or `no` with no question waiting for it.
    #[error("\"{word}\" answers a question, and none is waiting: nothing was done")]
    NoQuestion { word: String },

    /// A word a game was handed that is none of its commands.
    #[error("\"{word}\" is not a command of this game; help lists them")]
    NotACommandOf { word: String },

    /// A command given without what it works on: `needs` says what, with an example.
    #[error("{command} needs {needs}")]
    Needs { command: String, needs: String },

    /// A command that takes no argument, given one.
    #[error("\"{rest}\": {command} takes nothing more")]
    TakesNothingMore { command: String, rest: String },

    /// A count that is no number from 1 up.
    #[error("\"{given}\": {command} takes a number from 1 up, or nothing")]
    NotACount { command: String, given: String },

    /// A one-shot command's option typed after a REPL command that takes cards.
    #[error("\"{option}\": {command} takes no options here, {instead}")]
    NoOptions {
        command: String,
        option: String,
        instead: String,
    },

    /// `add` with nothing after it.
    #[error("add needs a meld number and the cards, like add 2 6d")]
    AddNeeds,

    /// `add` whose first word is no meld number.
    #[error("\"{given}\": add takes the meld's number first, then the cards, like add 2 6d")]
    AddNumber { given: String },

    /// `rearrange` not followed by numbers, `=` and melds.
    #[error("rearrange is the meld numbers, =, and the melds they become, like 1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d{}", .given.as_ref().map_or(String::new(), |g| format!(" (not \"{g}\")")))]
    RearrangeForm { given: Option<String> },

    /// `hand NAME` without the hand.
    #[error(
        "hand {name} needs the hand: the cards left (hand {name} Kd 7c *) or their count (hand {name} 17)"
    )]
    HandNeeds { name: String },

    /// A count given for a hand while the round is played, when only cards are counted.
    #[error(
        "during play, give {name}'s cards to have them counted; counts are given when the round is over"
    )]
    CountDuringPlay { name: String },

    /// `cards NAME N` with N no number.
    #[error("\"{given}\": cards takes the number of cards {name} holds, like cards {name} 7")]
    CardsCount { given: String, name: String },

    /// `--teams` for a game without teams.
    #[error("--teams is for Canadian and Carolina Rummy, not {game}")]
    NoTeams { game: &'static str },

    /// `check CARDS on SET` whose set is not one legal set.
    #[error("{problem}")]
    NoSetOnTable { problem: Box<Error> },

    /// A command of a game, with no game in play.
    #[error(
        "no game yet: start one with new and the players' names (new alice bob carol, or new --game canadian alice bob carol dave), or resume a saved one"
    )]
    NoGame,

    /// `dealer` without one name.
    #[error("dealer takes one name, like dealer carol (a name of two words in quotes)")]
    DealerName,

    /// An option `new` does not take.
    #[error("\"{option}\": new takes --game and --teams, then the names")]
    NewOption { option: String },

    /// `--game` or `--teams` given twice to `new`.
    #[error("{option} is given twice; give it once")]
    NewTwice { option: String },

    /// `--game` or `--teams` given no value.
    #[error("{option} needs a value")]
    NewValue { option: String },

    /// A quote not closed.
    #[error("\"{text}\": {problem}; a name of two words goes in quotes, like new \"Mary Jo\" bob")]
    Quote { text: String, problem: String },

    /// `why` of something that is no round's number nor `end`.
    #[error("\"{given}\": {command} takes a {word}'s number (why 3) or end (why end)")]
    WhyArg {
        command: String,
        given: String,
        word: &'static str,
    },

    /// `help` on what there is no help on.
    #[error("no help on \"{topic}\"; help lists the commands")]
    NoHelp { topic: String },

    /// `save` before the game has a file.
    #[error("this game has no file yet; save FILE names one")]
    NoFileYet,

    /// `save FILE` of a file that exists.
    #[error(
        "{} exists already; save FILE writes to a new file, so name another",
        crate::words::printable_path(.path)
    )]
    SaveExists { path: std::path::PathBuf },

    /// No data directory for saved games.
    #[error(
        "there is no data directory (no home directory), so no saved games; name a file: carousel play GAME.toml"
    )]
    NoDataDir,

    /// No config directory for the house rules.
    #[error("there is no config directory (no home directory)")]
    NoConfigDir,

    /// A bare `resume` with no unfinished game saved.
    #[error("there is no unfinished game saved; resume FILE opens a game file")]
    NoUnfinished,

    /// A new game's file written by another session since this one began.
    #[error(
        "{} holds a game already (written since this session began); resume goes on with it",
        crate::words::printable_path(.path)
    )]
    NewHere { path: std::path::PathBuf },

    /// `--rules` given with a saved game, which keeps the house rules it started with.
    #[error(
        "{} is a saved game, which keeps the house rules it started with; --rules is for a new game",
        crate::words::printable_path(.path)
    )]
    RulesForSavedGame { path: std::path::PathBuf },

    /// A new game of `game` when the `--rules` file's keys are those of the games `theirs`
    /// only: `error` is what reading the file for `game` said.
    #[error(
        "{}: {error}; that file is {}'s house rules, not {game}'s",
        crate::words::printable_path(.path),
        crate::words::titles_list(.theirs, "and")
    )]
    RulesOfOtherGames {
        path: std::path::PathBuf,
        error: Box<Error>,
        theirs: Vec<&'static str>,
        game: &'static str,
    },
}

/// `share` that cannot be done.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShareError {
    /// Where to listen, not a port, an address or both.
    #[error(
        "share takes a port (share 8044), an address (share 127.0.0.1) or both (share 127.0.0.1:8044), not {given}"
    )]
    Place { given: String },

    /// The address or port cannot be listened on (taken, or not this machine's).
    #[error("cannot share on {place}: {problem}")]
    Bind { place: String, problem: String },

    /// No random token could be drawn.
    #[error("cannot draw a token to share with: {problem}")]
    Random { problem: String },

    /// The server's thread or runtime could not be made.
    #[error("cannot start sharing: {problem}")]
    Runtime { problem: String },

    /// `share stop` with nothing shared.
    #[error("the game is not shared: share starts sharing it")]
    NotSharing,
}

/// `why N` or `why end` that cannot be explained.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Why {
    /// A round not scored.
    #[error("\"{round}\": {}", scored_words(*.scored, .word))]
    NoRound {
        round: usize,
        scored: usize,
        word: &'static str,
    },

    /// `why` before any round is scored.
    #[error("no {word} has been scored yet: why explains a {word} once it is scored")]
    NothingScored { word: &'static str },

    /// `why end` of a game without end-of-game bonuses.
    #[error("{game} has no end-of-game bonuses: the highest total at the end wins")]
    NoEnd { game: &'static str, over: bool },
}

fn scored_words(scored: usize, word: &str) -> String {
    match scored {
        0 => format!("no {word} has been scored yet"),
        1 => format!("only {word} 1 has been scored"),
        2 => format!("{word}s 1 and 2 have been scored"),
        _ => format!("{word}s 1 to {scored} have been scored"),
    }
}

/// A step of a Canadian or Carolina hand that cannot be taken, or a hand typed whole that
/// is not in its form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandStep {
    /// The player who went out has been given cards (`hand` is what was given).
    #[error(
        "{player} holds {hand} by the hand given; the player who went out holds none (hand {player} 0 corrects it)"
    )]
    OutHolds { player: String, hand: String },

    /// Teams that cannot be the game's.
    #[error("teams: {problem}")]
    Teams { problem: Box<Error> },

    /// Players that cannot play the game.
    #[error("{problem}")]
    Players { problem: Box<Error> },

    /// Words that cannot be split (a quote not closed); `problem` is the splitter's word.
    #[error("\"{text}\": {problem}; {HAND_FORM}")]
    Words { text: String, problem: String },

    /// A hand typed whole that does not begin with who went out.
    #[error("who went out comes first; {HAND_FORM}")]
    OutFirst,

    /// `out` with no name after it.
    #[error("out needs a name, or none; {HAND_FORM}")]
    OutNeedsName,

    /// `melds` with nothing after it.
    #[error("melds needs NAME=MELDS; {HAND_FORM}")]
    MeldsNeedsName,

    /// A word that is not `NAME=...`.
    #[error("\"{word}\": not NAME=HAND; {HAND_FORM}")]
    NotNamed { word: String },

    /// A side given melds twice in one line.
    #[error("{side}'s melds are given twice")]
    TwoTables { side: String },

    /// A player given two hands in one line.
    #[error("{player} is given two hands")]
    TwoHands { player: String },

    /// Players with no hand given.
    #[error("no hand for {}; {HAND_FORM}", .players.join(" or "))]
    Missing { players: Vec<String> },
}

impl HandStep {
    /// The player who went out holding cards is refused by the rules; the rest is the form.
    pub fn is_refusal(&self) -> bool {
        matches!(self, HandStep::OutHolds { .. })
    }
}

/// A hand given in a form that is none of a hand's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandForm {
    /// Digits (and minus signs) that are no count from 0 up.
    #[error(
        "\"{text}\": not a hand count; a count is a whole number from 0 up, or give the cards left"
    )]
    NotACount { text: String },

    /// A count written with a sign.
    #[error("\"{text}\": a count is digits only, with no sign")]
    SignedCount { text: String },

    /// A count past what a score holds.
    #[error("\"{text}\": a count is a whole number up to {}", u32::MAX)]
    CountTooLarge { text: String },

    /// A hand count more than every card of the deck held at once would count.
    #[error("\"{text}\": no hand counts that much; the whole deck counts {most}")]
    MoreThanTheDeck { text: String, most: u32 },
}

/// An export that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// A format that is none of csv, markdown and json.
    #[error("\"{name}\": no such export format; the formats are csv, markdown and json")]
    Format { name: String },

    /// CSV that the writer failed to write (`problem` is its word).
    #[error("the CSV could not be written: {problem}")]
    Csv { problem: String },
}

fn joker_choices(choices: &[String]) -> String {
    const SHOWN: usize = 12;
    if choices.is_empty() {
        "no card the joker could stand for makes this a legal meld".to_string()
    } else {
        let mut listed = choices
            .iter()
            .take(SHOWN)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        if choices.len() > SHOWN {
            listed.push_str(&format!(" and {} more", choices.len() - SHOWN));
        }
        format!(
            "a bare * must stand for exactly one card here; it could be {listed}: write the joker with its card"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path is data: every error that names a file shows it with its control characters
    /// escaped, whatever prints the error.
    #[test]
    fn every_path_in_an_error_is_shown_without_control_characters() {
        let path = std::path::PathBuf::from("/tmp/a\u{1b}[31mb.toml");
        let holder = Holder { process: Some(7) };
        let errors: Vec<Error> = vec![
            Error::File {
                path: path.clone(),
                problem: "no such file".into(),
            },
            Error::HouseRulesUnread {
                path: path.clone(),
                problem: "no such file".into(),
            },
            Error::Damaged {
                path: path.clone(),
                problem: Damage::Unsealed(Unsealed::CutShort { line: 3 }),
            },
            Error::HeldElsewhere {
                path: path.clone(),
                holder,
                game: true,
            },
            Overwrite::Exists { path: path.clone() }.into(),
            Overwrite::Held {
                path: path.clone(),
                holder,
            }
            .into(),
            CommandError::SaveExists { path: path.clone() }.into(),
            CommandError::NewHere { path }.into(),
        ];
        for error in errors {
            let said = error.to_string();
            assert!(
                !said.contains('\u{1b}') && said.contains("\\u{1b}"),
                "{said}"
            );
        }
    }

    #[test]
    fn turn_refusals_say_who_and_what_comes_first() {
        let name = || "bob".to_string();
        let knock = Error::from(Turn::NotDrawn {
            player: name(),
            knock: true,
        });
        assert!(knock.is_refusal());
        assert_eq!(
            knock.to_string(),
            "bob has not drawn yet; a knock comes at the end of the turn, after the draws"
        );
        assert_eq!(
            Turn::GoesOn {
                player: name(),
                draws: 1,
                knock: false
            }
            .to_string(),
            "bob has not melded, so the turn goes on to a third draw; bob has drawn 1 card"
        );
        assert_eq!(
            Turn::GoesOn {
                player: name(),
                draws: 2,
                knock: true
            }
            .to_string(),
            "bob has not melded, so the turn goes on to a third draw; a knock comes at the end of the turn (bob has drawn 2 cards)"
        );
        assert_eq!(
            Turn::StockShort { drawn: 1, count: 3 }.to_string(),
            "the stock held only 1 card, not 3; nothing was drawn"
        );
    }

    #[test]
    fn hand_counts_name_the_player_the_count_and_the_range() {
        let err = Error::from(Count::OutOfRange {
            player: "alice".to_string(),
            held: 1,
            low: 2,
            high: 50,
            count: 1,
        });
        assert!(!err.is_refusal());
        assert_eq!(
            err.to_string(),
            "alice holds 1 card, which count 2 to 50 with the cards still out of sight; 1 cannot be their count"
        );
        assert_eq!(
            Count::NotHeld {
                player: "bob".to_string(),
                held: 2,
                given: 0,
                hand: String::new(),
            }
            .to_string(),
            "bob holds 2 cards by the referee's count, but 0 cards were given (none); if the count is wrong, correct it first (cards bob N)"
        );
    }

    #[test]
    fn what_is_not_there_is_said_with_what_is() {
        let meld = |count| NoSuch::Meld { number: 4, count }.to_string();
        assert_eq!(meld(0), "there is no meld 4: the table is empty");
        assert_eq!(meld(1), "there is no meld 4: the table has meld 1 only");
        assert_eq!(meld(3), "there is no meld 4: the table has melds 1 to 3");
        let round = |finished| {
            NoSuch::Round {
                number: 5,
                finished,
            }
            .to_string()
        };
        assert_eq!(
            round(0),
            "there is no round 5 to fix: no round is finished yet"
        );
        assert_eq!(
            round(1),
            "there is no round 5 to fix: round 1 is the only one finished"
        );
        assert_eq!(
            round(2),
            "there is no round 5 to fix: rounds 1 and 2 are finished"
        );
        assert_eq!(
            NoSuch::AmbiguousPlayer {
                name: "a".to_string(),
                matches: vec!["al".to_string(), "ann".to_string()],
            }
            .to_string(),
            "\"a\" could be al or ann; type more of the name"
        );
    }

    #[test]
    fn a_step_at_the_wrong_stage_is_refused_and_says_what_is_left() {
        let over = Error::from(Stage::RoundOver {
            round: 2,
            waiting: vec!["bob".to_string(), "carol".to_string()],
        });
        assert!(over.is_refusal());
        assert_eq!(
            over.to_string(),
            "round 2 is over; the hands of bob and carol are still to be given"
        );
        let game_over = |tried| Stage::GameOver { tried }.to_string();
        assert_eq!(
            game_over(AfterTheEnd::Turn),
            "the game is over; no more turns are played"
        );
        assert_eq!(
            game_over(AfterTheEnd::Round),
            "the game is over; no more rounds are played (fix N corrects one)"
        );
        assert_eq!(
            game_over(AfterTheEnd::Correction),
            "the game is over; there is nothing left to correct"
        );
        assert_eq!(
            game_over(AfterTheEnd::Step),
            "the game is over; undo takes back the last step"
        );
    }

    #[test]
    fn nothing_to_undo_is_refused_and_a_count_out_of_range_is_a_wrong_number() {
        assert!(Error::from(Undo::NothingToUndo).is_refusal());
        assert!(Error::from(Undo::NothingToRedo).is_refusal());
        let undo = |taken| Error::from(Undo::UndoCount { taken, count: 3 });
        assert!(!undo(1).is_refusal());
        assert_eq!(
            undo(1).to_string(),
            "only 1 step has been taken, so undo takes 1, not 3"
        );
        assert_eq!(
            undo(2).to_string(),
            "undo takes 1 to 2 steps (the steps taken so far), not 3"
        );
        assert!(
            !Error::from(Undo::RedoCount {
                waiting: 1,
                count: 0
            })
            .is_refusal()
        );
    }

    #[test]
    fn a_move_in_the_wrong_form_is_said_back_with_the_form() {
        let err = Error::from(MoveForm::AddNothing { number: 2 });
        assert!(!err.is_refusal());
        assert_eq!(
            err.to_string(),
            "add 2 needs the cards to add, like add 2 6d"
        );
        assert_eq!(
            MoveForm::NotAMeldNumber {
                token: "x".to_string()
            }
            .to_string(),
            "\"x\" (before =): not a meld number; the melds are numbered 1, 2, ... on screen"
        );
        assert_eq!(
            ExportError::Format {
                name: "pdf".to_string()
            }
            .to_string(),
            "\"pdf\": no such export format; the formats are csv, markdown and json"
        );
    }

    #[test]
    fn a_log_line_that_is_no_step_says_the_form_of_a_step() {
        let err = Error::from(StepForm::TakesNothingMore {
            verb: "draw".to_string(),
            rest: "draw 2".to_string(),
        });
        assert!(!err.is_refusal());
        assert_eq!(err.to_string(), "\"draw 2\": draw takes nothing more");
        assert_eq!(
            StepForm::NoName {
                text: "x".to_string()
            }
            .to_string(),
            "\"x\": a step is \"NAME: what they did\" or \"table = MELDS\""
        );
    }

    #[test]
    fn a_round_in_one_line_says_its_form_after_the_problem() {
        let err = Error::from(RoundForm::Missing {
            players: vec!["bob".to_string(), "carol".to_string()],
        });
        assert!(!err.is_refusal());
        assert_eq!(
            err.to_string(),
            format!("no hand for bob or carol; {ROUND_FORM}")
        );
        assert_eq!(
            RoundForm::Hand {
                player: "bob".to_string(),
                error: Box::new(Error::PlayerCount(7)),
            }
            .to_string(),
            "bob's hand: Carousel is played by 2 to 5 players, not 7"
        );
    }

    #[test]
    fn names_said_twice_or_unfit_are_said_with_the_name() {
        let name = || "bob".to_string();
        let twice = Error::from(Name::Twice { name: name() });
        assert!(!twice.is_refusal());
        assert_eq!(
            twice.to_string(),
            "\"bob\" is named twice; every player needs their own name"
        );
        assert_eq!(
            Name::Same {
                name: name(),
                twin: "Bob".to_string()
            }
            .to_string(),
            "\"bob\" and \"Bob\" are the same name; every player needs their own"
        );
    }

    #[test]
    fn a_correction_that_cannot_be_scored_is_wrong_not_a_refusal() {
        let correction = Error::from(Unscored::Correction {
            word: "round",
            round: 2,
            error: Box::new(Error::PlayerCount(7)),
        });
        assert!(!correction.is_refusal());
        assert!(!Error::from(Unscored::Round).is_refusal());
        assert_eq!(Unscored::Round.to_string(), "the round was not scored");
    }

    #[test]
    fn a_table_or_a_log_that_does_not_add_up_says_its_figures() {
        let table = Error::from(Count::TableMoreThanDeck {
            table: 50,
            held: 10,
            deck: 53,
        });
        assert!(!table.is_refusal());
        assert_eq!(
            table.to_string(),
            "that table holds 50 cards and the hands 10: more than the 53 of the deck"
        );
        let undo = Error::from(Undo::NothingToUndo);
        assert!(undo.is_refusal());
        assert_eq!(
            undo.to_string(),
            "nothing to undo: no step has been taken yet"
        );
        assert_eq!(
            StepForm::NotAHandStep {
                text: "fly".to_string()
            }
            .to_string(),
            "\"fly\": a step is out NAME, melds NAME: MELDS or hand NAME: HAND"
        );
    }

    /// A record's error is its place and its problem, each typed, said as one line.
    #[test]
    fn a_record_error_says_its_place_then_its_problem() {
        let hand = RecordProblem::HandDisagrees {
            round: 2,
            player: "Mary Jo".to_string(),
            says: Some(WrittenHand::Cards("4s Ah".to_string())),
            gives: Some(WrittenHand::Count(12)),
        }
        .at(RecordPlace::Round {
            number: 2,
            key: Some(RoundKey::Hand("Mary Jo".to_string())),
        });
        assert!(!hand.is_refusal());
        assert_eq!(
            hand.to_string(),
            "round 2, hands.Mary Jo: the record says \"4s Ah\", but the log of play gives 12. The file is left as it is: put it back to 12 and type fix 2 hand \"Mary Jo\" 4s Ah in the game"
        );
        let duplicate = RecordProblem::Toml {
            message: "duplicate key".to_string(),
        }
        .at(RecordPlace::Line {
            at: TomlLine {
                line: 9,
                token: Some("alice".to_string()),
            },
            part: RecordPart::Round(2),
        });
        assert_eq!(
            duplicate.to_string(),
            "round 2 (line 9, \"alice\"): duplicate key"
        );
        let step = RecordProblem::Step {
            error: Box::new(
                StepForm::NotAStep {
                    verb: "fly".to_string(),
                }
                .into(),
            ),
        }
        .at(RecordPlace::Step {
            list: LogList::Log,
            number: Some(3),
            line: "bob: fly".to_string(),
        });
        assert_eq!(
            step.to_string(),
            "play.log, step 3 \"bob: fly\": \"fly\" is not a step; the steps are draw, play, done, knock, hand, cards"
        );
        assert_eq!(
            RecordProblem::RoundCount { held: 1, gave: 2 }
                .at(RecordPlace::Key(RecordKey::Rounds))
                .to_string(),
            "round: the record holds 1 finished round, but its log of play gives 2 finished rounds. The file is left as it is: to add a round, put the file back and type round RESULT in the game; to take one out, fix N delete"
        );
        assert_eq!(
            RecordProblem::NotAGame {
                given: GameGiven::Kind("integer"),
                games: vec!["carousel", "canadian"],
            }
            .at(RecordPlace::GameKey { line: 1 })
            .to_string(),
            "line 1, game: an integer is not a game; the games are carousel, canadian"
        );
        assert_eq!(
            GameGiven::Kind("table").to_string(),
            "a table",
            "a kind of value that does not start with a vowel takes \"a\""
        );
    }

    /// Names, tokens and log lines in a record's place are the record's own bytes, shown
    /// with their control characters escaped.
    #[test]
    fn a_record_place_shows_names_and_tokens_printable() {
        let places = [
            RecordPlace::Round {
                number: 1,
                key: Some(RoundKey::Melds("a\u{1b}[2Jb".to_string())),
            },
            RecordPlace::Line {
                at: TomlLine {
                    line: 4,
                    token: Some("a\u{7}b".to_string()),
                },
                part: RecordPart::Head,
            },
            RecordPlace::Step {
                list: LogList::Redo,
                number: None,
                line: "a\u{1b}b: draw".to_string(),
            },
        ];
        for place in places {
            let said = place.to_string();
            assert!(
                !said.chars().any(char::is_control) && said.contains("\\u{"),
                "{said}"
            );
        }
    }

    #[test]
    fn a_step_of_a_saved_log_that_fails_is_a_wrong_record_not_a_refusal() {
        let err = Error::AtStep {
            step: 3,
            line: "out bob".to_string(),
            error: Box::new(Undo::NothingToUndo.into()),
        };
        assert!(!err.is_refusal());
        assert_eq!(
            err.to_string(),
            "step 3: \"out bob\": nothing to undo: no step has been taken yet"
        );
    }
}
