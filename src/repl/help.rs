//! `help` and `help COMMAND`: everything a new player needs, with examples.

use super::command::{WORDS, command_name};

pub(crate) const OVERVIEW: &str = "\
The carousel referee follows a game of Carousel at the table, turn by turn, and keeps the
score. Hands stay private: it counts each player's cards and never needs to see them.
`help COMMAND` tells more about one command; `help turn`, `help notation` and
`help scoring` explain a turn, how to write cards and melds, and how rounds are scored.

Starting
  new NAMES        start a game: new alice bob carol (in seating order; alice deals first)
  dealer NAME      who deals the first round, before the first draw: dealer carol
  rules            the house rules; rules target 100 changes one
  resume [N|NAME]  go on with a saved game: the last one, or one that games lists
  save [FILE]      save again, or write the game to a new FILE and go on there
  new --game canadian NAMES, new --game carolina NAMES
                   keep the score of Canadian or Carolina Rummy instead (help canadian)

A turn (the prompt says whose turn it is)
  draw [N]         draw from the stock: draw, or draw 3
  meld MELDS       lay new melds from the hand: meld 7h 8h 9h | Ks Kd Kc
  add N CARDS      add cards from the hand to meld N: add 2 6d
  N M = MELDS      rearrange: melds N and M (and cards from the hand) become MELDS:
                   1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d
  done             end the turn
  knock HAND       knock with the hand left, as cards or its count: knock 4s Ah, or knock 5
  check MOVE       judge a move without making it: check 1 = 6h *7h 8h 9h

When a round is over
  hand NAME HAND   a player's hand, as cards or its count: hand bob Kd *, or hand bob 35

Keeping score only (a round played on paper, or without following the turns)
  round RESULT     the round's result in one line: round knock bob alice=12 bob=3 carol=9
  fix N CHANGE     correct finished round N; every later total follows: fix 2 hand carol 41

Any time
  status           the round: whose turn, the draws, the stock, cards in hand, the table
  table            the table, melds numbered (table MELDS re-enters the whole table)
  scoreboard       the running scores, the leader and the distance to the target
  why [N|end]      how round N's points came about, rule by rule, or the bonuses
                   (score N is the same): why 3, why end
  chart            the running totals drawn, round by round
  export FORMAT    the game as csv, markdown or json: export csv friday.csv
  history [N]      every step so far, or the last N
  undo [N]         take back the last step, or the last N, across rounds too
  redo [N]         take again the steps just undone
  cards NAME N     correct how many cards the referee counts for NAME
  hand NAME CARDS  during play: count a hand and say whether it may knock
  hint HAND        the best play for a hand on this table: hint 7h 9h Js *
  arrange CARDS    can these cards all be laid out as melds? arrange 7h 8h 9h *
  games            the saved games of every game, numbered: players, round, leader, date
  archive N        put a finished game away (asks first); remove N deletes one
  stats            statistics across the saved games
  help [COMMAND]   this, or more on one command
  quit             leave; the game is saved after every step (Ctrl-D leaves too)

Tab completes commands and names. Ctrl-C clears the line. A line may end in a # comment.
";

struct Topic {
    name: &'static str,
    text: &'static str,
}

const TOPICS: &[Topic] = &[
    Topic {
        name: "new",
        text: "\
new NAME NAME [NAME...]
  Starts a game for 2 to 5 players, named in seating order (play passes to the next one
  named, and so does the deal). The first named deals round 1, so the second plays first;
  `dealer NAME` picks another first dealer. 2 players play one deck and a joker (53 cards),
  3 to 5 two decks and two jokers (106). Each player gets 10 cards (house rule hand-size).
  The game is saved in your data directory (or the file named by `carousel play FILE`).
Examples:
  new alice bob carol
  new ann ben",
    },
    Topic {
        name: "dealer",
        text: "\
dealer NAME
  Who deals round 1. The player to the dealer's left (the next one named) plays first, and
  the deal passes left each round. Only before the first draw of the game.
Example:
  dealer carol",
    },
    Topic {
        name: "rules",
        text: "\
rules                 shows every house rule, its value and what it means
rules KEY VALUE       changes one, before the first draw of the game
rules save            keeps these rules for new games (in your config directory)
  The numbers (target, knock-limit, undercut-bonus, going-out-bonus, game-bonus,
  round-bonus, hand-size, joker-value) take a whole number; the named readings
  (round-bonus-for-all, meld-after-third-draw, aces-low-only) take on or off.
  Without a game, the rules set are those the next `new` game starts with: a key of
  Canadian and Carolina Rummy (help canadian) is kept for their next game, and target,
  hand-size and going-out-bonus, keys of every game, for a new game of any.
  `carousel play --rules FILE.toml` starts with the rules of a file.
Examples:
  rules target 100
  rules meld-after-third-draw on
  rules knock-limit 7",
    },
    Topic {
        name: "resume",
        text: "\
resume [N | NAME | FILE]
  Goes on with a saved game exactly where it stopped: the last unfinished game in your data
  directory, game N as `games` numbers them, the saved game whose file name is (or holds)
  NAME, or the game in FILE. `carousel play FILE` does the same from the shell.
  A damaged file is reported and left as it is.
Examples:
  resume
  resume 2
  resume friday
  resume ~/games/friday.toml",
    },
    Topic {
        name: "draw",
        text: "\
draw [N]
  The player whose turn it is draws a card from the stock (or N cards, one after another).
  A turn has up to three draws: after each one the player may meld; once they meld they
  draw no more. There is no meld after the third draw (unless the house rule
  meld-after-third-draw is on), and a fourth draw is refused. A turn without a meld takes
  all three draws. When the stock runs out, the last lap begins (see help turn).
Examples:
  draw
  draw 3",
    },
    Topic {
        name: "meld",
        text: "\
meld MELDS
  Lays one or more new melds from the hand, melds separated by |. A joker is * with the card
  it stands for (*7h), or a bare * when only one card fits. The referee judges the move
  (help check) and, if it is legal, counts the cards off the player's hand. New melds get
  the next numbers on the table.
Examples:
  meld 7h 8h 9h
  meld 7h 8h 9h | Ks Kd Kc
  meld 5c * 7c",
    },
    Topic {
        name: "add",
        text: "\
add N CARDS
  Adds cards from the hand to meld N (the numbers shown with the table).
Examples:
  add 2 6d
  add 1 10h Jh
  add 3 *          (a joker: the one card that fits meld 3, if only one does)",
    },
    Topic {
        name: "rearrange",
        text: "\
N [M ...] = MELDS        (or: rearrange N M = MELDS)
  Manipulation: melds N, M, ... are taken up and become MELDS, together with cards from the
  hand. Melds not named stay as they are, so only the melds touched are typed. The new melds
  take the numbers of those they replace; any more go at the end. The referee works out which
  cards came from the hand and judges the whole table after the move by M1-M4 (help check).
  A turn is judged whole: a second move of the same turn is judged with the first, from the
  table at the start of the turn, so one real card releases one joker however it is typed.
Examples:
  1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d       (the hand gave 6d)
  3 = 8h 9h 10h | 7s 7d *7c                  (a real 10h releases the joker of 8h 9h *10h)",
    },
    Topic {
        name: "done",
        text: "\
done   (or: end, next, pass)
  Ends the turn; play passes to the next player. A turn begins with a draw, and a turn
  without a meld takes three draws before it may end. In the last lap a turn may end at once.",
    },
    Topic {
        name: "knock",
        text: "\
knock HAND
  At the end of their turn, a player whose hand counts 5 or less (house rule knock-limit)
  may knock: the round ends at once. A turn may end once the player has melded, or has
  drawn a third card (or the last card of the stock). After one or two draws without a
  meld the turn goes on, and a knock is refused: meld or draw again first. In the last lap
  a player may knock without drawing.
  Give the hand left, as cards (the referee counts them) or as its count. A knock over the
  limit is refused. Then every other hand is given (help hand) and the round is scored.
  Hand values: joker 25, ace 1, J Q K 10, 2 to 10 their face.
Examples:
  knock 4s Ah
  knock 5",
    },
    Topic {
        name: "check",
        text: "\
check MOVE
  Judges a move without making it: for a disputed rearrangement, or to try an idea.
  MOVE is any move form: 1 2 = MELDS, add N CARDS, or meld MELDS. The rules:
    M1  nothing leaves the table: every card on it before is on it after
    M2  the new cards come from the hand, at least one (and no more than the player holds)
    M3  every meld after is a legal set or run, each joker taken as its stated card
    M4  a joker keeps its card unless a real one of that card, on the table after, releases it
    M5  a released joker stays on the table (it follows from M1)
  M1, M2 and M4 compare the table at the start of the turn with the table after: the moves
  of one turn are judged together. Every rule broken is explained; nothing changes.
Examples:
  check 1 = 6h *7h 8h 9h        (moving the joker of 8h 9h *10h without a real 10h: M4)
  check add 2 6d",
    },
    Topic {
        name: "hint",
        text: "\
hint HAND
  The best play for HAND on the table as it is now: the move that leaves the least
  deadwood in hand (on a tie, the one that plays more cards), with the table after it, the
  changed melds marked, and whether the player may then knock. It obeys every rule: table
  cards stay, and a joker on the table changes its card only when a real one releases it.
  A joker in HAND may stand for any card. Nothing changes: play the move to make it.
Examples:
  hint 7h 9h Js Kd
  hint 6h * 2c",
    },
    Topic {
        name: "arrange",
        text: "\
arrange CARDS
  Whether CARDS, all of them, can be laid out as legal melds, and one way to do it, each
  joker with the card it stands for. Use it for a pile of cards, or to see whether a hand
  could go out on an empty table. Nothing changes.
Examples:
  arrange 7h 8h 9h *
  arrange As 2s 3s Ks Kh Kd",
    },
    Topic {
        name: "hand",
        text: "\
hand NAME HAND
  When a round is over, each player's hand: the cards left, or their count. The referee
  knows how many cards each holds and checks the hand against it. Once every hand is in,
  the round is scored, the scoreboard shown, and the next round dealt.
  During play, `hand NAME CARDS` only counts the cards and says whether they may knock.
  NAME=HAND, as in `carousel score`, is the same.
Examples:
  hand alice 12
  hand bob Kd 7c *
  carol=9",
    },
    Topic {
        name: "status",
        text: "\
status
  The round, the dealer, whose turn it is and how far into it, the stock, how many cards
  each player holds, and the table.",
    },
    Topic {
        name: "table",
        text: "\
table               shows the table, melds numbered for moves
table MELDS         re-enters the whole table, to correct the mirror to the table as it
                    lies; card counts stay as they were (see cards)
table empty         empties the table mirror
Example:
  table 3s 4s 5s | 6h 6d 6c *6s | 10c Jc Qc",
    },
    Topic {
        name: "scoreboard",
        text: "\
scoreboard   (or: scores)
  Every round with its points and the running totals, the leader and how far each player
  is from the target; at the end of the game the bonuses, how they came about, the final
  scores and the winner. It fits the terminal: a row a round when there is room, the
  endings listed under the table when narrower, and on a phone a row a player (the
  standings) with the rounds listed under it. Colour marks the leader and each round's
  gains at a terminal, never under NO_COLOR. `carousel tally FILE` shows the same from a
  saved game. `score N` is `why N`.",
    },
    Topic {
        name: "why",
        text: "\
why [N | end]   (or: explain; score N)
  How round N's points came about, rule by rule: each winner's points are the difference
  to every other hand (the whole of each hand when someone went out), plus 10 for an
  undercut or 25 for going out; and why each other player scored nothing. Without N, the
  last round scored (and the bonuses, once the game is over). why end explains the game
  end's bonuses: 100 to each player who reached the target, 25 a round won to every other
  (house rules game-bonus, round-bonus, round-bonus-for-all).
Examples:
  why 3          (alice scores 29 = 17 + 2 + 10 undercut)
  score 3
  why end        (bob: 37 + 25 = 62, for 1 round won x 25)",
    },
    Topic {
        name: "games",
        text: "\
games   (or: saved)
  The saved games in your data directory, the most recently played first, numbered: the
  players, the round (or finished), who leads (or won) and when it was last played.
  Canadian and Carolina Rummy games are listed with them, named, by hand and by side;
  resume N opens one with its own referee.
  resume N goes on with one; archive N and remove N tidy away a finished one.
  `carousel games` lists them from the shell (--json for a script).",
    },
    Topic {
        name: "archive",
        text: "\
archive N | NAME
  Puts a finished saved game away: it moves into games/archive/ in your data directory,
  out of the games list, and still counts in stats. The referee asks first; the next line
  answers (yes archives it, anything else keeps it; a script answers on its next line, and
  a script that ends without an answer archives nothing). A game still in play is never
  archived.
Example:
  archive 2",
    },
    Topic {
        name: "remove",
        text: "\
remove N | NAME   (or: delete)
  Deletes a finished saved game for good, after asking as archive does (the next line
  answers; only yes removes it). A game still in play is never removed.
Example:
  remove 2",
    },
    Topic {
        name: "export",
        text: "\
export FORMAT [FILE]
  The game in play as csv, markdown or json: every round's hands left, points, winners,
  knocker, undercut and running totals, and the bonuses once the game is over, with how
  each round's points came about. Shown, or written to FILE. CSV has a row a round and
  three columns a player (deadwood, points, total); Markdown is a table for a chat or a
  wiki. `carousel export GAME.toml --format csv` does the same from the shell.
  A FILE that exists is replaced only after a yes on the next line; a game's record (the
  game in play's or any other) is never written over.
Examples:
  export markdown
  export csv ~/friday.csv",
    },
    Topic {
        name: "stats",
        text: "\
stats   (or: statistics)
  Statistics across every saved game (archived ones too): for each player, games and rounds
  played and won, rounds won by an undercut, times gone out, knocks, the average deadwood
  left at a round's end and the most points in one round. Canadian and Carolina Rummy are
  counted each under its own name: games and hands won with the player's side, and times
  gone out. `carousel stats --json` from the shell.",
    },
    Topic {
        name: "chart",
        text: "\
chart   (or: graph, plot)
  The running totals of the game in play, drawn: one letter a player, a capital at each
  round's total and small letters between, + where players cross, the target as dashes.
  `carousel chart GAME.toml --svg FILE` also writes it as a picture.",
    },
    Topic {
        name: "history",
        text: "\
history [N]
  Every step of the game so far, round by round (or the last N steps), as the saved game
  writes them, with what came of each.",
    },
    Topic {
        name: "undo",
        text: "\
undo [N]
  Takes back the last step (or the last N), whatever they were: a draw, a move, a knock, a
  hand given, even a round scored; the game goes back exactly to where it was.
Examples:
  undo
  undo 3",
    },
    Topic {
        name: "redo",
        text: "\
redo [N]
  Takes again the last step undone (or the last N), as if the undo had not happened: an
  `undo 30` typed by mistake is not lost. A new step, once taken, ends what redo can bring
  back.
Examples:
  redo
  redo 30",
    },
    Topic {
        name: "round",
        text: "\
round RESULT
  Enters the result of the round in play in one line, for a round played on paper or a
  table that only wants the score kept: who knocked (knock NAME) or went out (out NAME),
  or neither when the stock ran out, then every player's hand as NAME=HAND (cards or a
  count; a hand of cards in quotes). Every check of a round's score is made: the knock
  limit, the copies of a card, one player out. The round is scored at once and the next
  one dealt; rounds entered so and rounds refereed turn by turn mix freely in one game.
Examples:
  round knock bob alice=12 bob=3 carol=\"Kd *\"
  round out carol alice=12 bob=30
  round alice=20 bob=14 carol=31        (the stock ran out; nobody knocked)",
    },
    Topic {
        name: "fix",
        text: "\
fix N CHANGE
  Corrects finished round N, however long ago: a hand, who knocked, who went out, or the
  whole result; or takes the round out (entered twice, say). Every later score and total
  follows, and the game's end moves with them. The correction is a step: undo takes it
  back. A move of the round in play is corrected with undo, table MELDS or cards NAME N.
Examples:
  fix 2 hand carol 41
  fix 2 hand carol Kd 7c *
  fix 3 knock bob               (fix 3 knock nobody: the stock ran out)
  fix 3 out carol
  fix 1 knock bob alice=12 bob=3 carol=9
  fix 4 delete",
    },
    Topic {
        name: "cards",
        text: "\
cards NAME N
  Corrects how many cards the referee counts for NAME (dealt, plus draws, less cards
  played), for when the mirror went wrong, say a draw not typed. The stock follows.
Example:
  cards bob 7
(How to write cards and melds: help notation.)",
    },
    Topic {
        name: "help",
        text: "\
help [COMMAND]
  The commands, or more on one of them. Topics: turn, notation (writing cards), scoring.",
    },
    Topic {
        name: "save",
        text: "\
save [FILE]
  The game is saved after every step; save is for when that failed (a full disk, a
  read-only directory): save tries the game's file again, and save FILE writes the game
  to FILE, a new file, where it is saved after every step from then on. The session does
  not end quietly with steps unsaved: quit warns first, and the exit status is 3.
Examples:
  save
  save /media/usb/friday.toml",
    },
    Topic {
        name: "quit",
        text: "\
quit   (or: exit; Ctrl-D)
  Leaves. The game is saved after every step; `carousel play FILE` or `resume` goes on.",
    },
    Topic {
        name: "turn",
        text: "\
A turn, as the referee follows it:
  1. draw: the player draws a card, and may then meld (meld, add, N = ...).
  2. Without a meld, they draw a second card and may meld; then a third. There is no meld
     after the third draw (house rule meld-after-third-draw), and no fourth draw. Having
     melded, they draw no more that turn, but may make more moves.
  3. The turn may end once they have melded, or drawn three cards (or the stock's last
     card): done passes the turn, or knock, with 5 or less in hand, ends the round.
     Neither is allowed after one or two draws without a meld: the player draws on.
  A player who lays every card goes out: the round ends at once.
  When the last card of the stock is drawn, that turn ends as usual and then every player,
  starting with the next, has one more turn to meld without drawing (the last lap); a knock
  is allowed. Then the round is scored with no knocker.
  The player left of the dealer plays first; the deal passes left each round.",
    },
    Topic {
        name: "notation",
        text: "\
Writing cards (any case; extra spaces are fine):
  a card     rank and suit: 7h 10s Th Qd Ac, or with symbols 10♥ A♣
             ranks A 2 3 4 5 6 7 8 9 10 J Q K (T is 10), suits s h d c
  a joker    in a hand: *   on the table: * with the card it stands for, *7h
             (a bare * on the table is accepted when exactly one card fits its meld)
  a meld     cards separated by spaces: 3s 4s 5s, or joined by dashes: 3s-4s-5s
  melds      separated by |: 3s 4s 5s | 6h 6d 6c *6s
  a set is 3 or 4 of a rank in different suits; a run is 3 or more of a suit in a row,
  the ace low (A 2 3) or high (Q K A), never both ends (K A 2 does not wrap).",
    },
    Topic {
        name: "scoring",
        text: "\
Scoring a round: each hand counts its cards (joker 25, ace 1, J Q K 10, others their face).
  The lowest count wins the round and scores the difference to every other hand.
  Undercut: a winner who did not knock scores 10 more; a knocker tied for lowest loses to
  the others tied, who each score as winners with the 10.
  Going out (no cards left) scores every other hand plus 25.
  Stock out: the lowest wins with no bonus; ties each score.
The game ends after the round in which a total reaches 150: each player at or past it gets
100, every other player 25 a round won; the highest final total wins (ties share).
Every number is a house rule (help rules).",
    },
];

/// The help for a command (any of its names) or a topic, if there is one.
pub(crate) fn topic(word: &str) -> Option<&'static str> {
    let word = word.trim().to_lowercase();
    let name = match word.as_str() {
        "=" | "n" | "replace" => "rearrange",
        "card" | "joker" | "jokers" | "meld notation" | "writing" => "notation",
        "turns" => "turn",
        w => command_name(w).unwrap_or(w),
    };
    if matches!(name, "canadian" | "carolina") {
        return Some(super::canadian::OVERVIEW.trim_end());
    }
    TOPICS.iter().find(|t| t.name == name).map(|t| t.text)
}

/// The names `help` completes: the commands and the topics.
pub(crate) fn names() -> Vec<&'static str> {
    let mut names: Vec<&str> = WORDS.iter().map(|w| w[0]).collect();
    for t in TOPICS {
        if !names.contains(&t.name) {
            names.push(t.name);
        }
    }
    names.extend(["canadian", "carolina"]);
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::canadian::CanadianRules;
    use crate::games::manipulation::rules::Rules;
    use crate::rules::HouseRule;

    fn default(table: &[HouseRule], key: &str) -> String {
        let rule = table.iter().find(|rule| rule.key == key);
        rule.map(|rule| rule.default.text()).unwrap_or_default()
    }

    /// The help writes the default house rules out in its sentences; they are the house-rules
    /// tables' defaults, so a default changed in a table fails here until the help says so.
    #[test]
    fn help_states_the_house_rules_tables_defaults() {
        let d = |key| default(&Rules::TABLE, key);
        let scoring = topic("scoring").unwrap();
        for stated in [
            format!("(joker {}, ace 1", d("joker-value")),
            format!("scores {} more", d("undercut-bonus")),
            format!("with the {}.", d("undercut-bonus")),
            format!("every other hand plus {}.", d("going-out-bonus")),
            format!("a total reaches {}:", d("target")),
            format!(
                "gets\n{}, every other player {} a round won",
                d("game-bonus"),
                d("round-bonus")
            ),
        ] {
            assert!(scoring.contains(&stated), "{stated:?} not in {scoring}");
        }
        let knock = format!(
            "counts {} or less (house rule knock-limit)",
            d("knock-limit")
        );
        assert!(topic("knock").unwrap().contains(&knock), "{knock}");
        let turn = format!("knock, with {} or less in hand", d("knock-limit"));
        assert!(topic("turn").unwrap().contains(&turn), "{turn}");
        let target = default(&CanadianRules::TABLE, "target");
        let overview = topic("canadian").unwrap();
        assert!(
            overview.contains(&format!("hand by hand to {target},")),
            "{overview}"
        );
        let scoring = super::super::canadian::help_topic("scoring").unwrap_or_default();
        assert!(
            scoring.contains(&format!("reaches {target} (house rule target)")),
            "{scoring}"
        );
    }

    #[test]
    fn every_command_has_help_with_its_usage() {
        for names in WORDS {
            let text = topic(names[0]).unwrap_or_else(|| panic!("no help for {}", names[0]));
            assert!(!text.is_empty());
            for alias in *names {
                assert_eq!(topic(alias), Some(text), "{alias}");
            }
        }
        for name in ["turn", "notation", "scoring"] {
            assert!(topic(name).is_some(), "{name}");
        }
    }
}
