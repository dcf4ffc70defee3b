//! `help` and `help COMMAND`: the family's commands, the same for every game, and the game's
//! own (its overview and topics are in its folder). Every game's topics are found from any
//! game, so `help out` answers in a game of Carousel too.

use crate::family::GameKind;
use crate::games::GAMES;

/// The family's commands, after the game's own.
const FAMILY: &str = "\
Starting
  new NAMES        a game of Carousel: new alice bob carol (in seating order; alice deals first)
  new --game canadian NAMES, new --game carolina NAMES [--teams \"A+C B+D\"]
                   a game of Canadian or Carolina Rummy (help canadian)
  dealer NAME      who deals first, before the first step: dealer carol
  rules            the house rules; rules target 100 changes one, at any time
  resume [N|NAME]  go on with a saved game: the last one, or one that games lists
  save [FILE]      save again, or write the game to a new FILE and go on there

Keeping score only, and correcting
  round RESULT     a round's (a hand's) result in one line (help round)
  fix N CHANGE     correct finished round N; every later total follows (help fix)

Any time
  status           where the game stands
  scoreboard       the running scores, the leader and the distance to the target
  why [N|end]      how round N's points came about, rule by rule, or the bonuses
  history [N]      every step so far, round by round, or the last N
  undo [N]         take back the last step, or the last N, across rounds too
  redo [N]         take again the steps just undone
  chart            the running totals drawn, round by round
  share [stop]     show the game live on the phones at the table (help share)
  export FORMAT    the game as csv, markdown or json: export csv friday.csv
  games            the saved games of every game, numbered: players, round, leader, date
  archive N        put a saved game away (asks first); remove N deletes one
  stats            statistics across the saved games
  help [COMMAND]   this, or more on one command
  quit             leave; the game is saved after every step (Ctrl-D leaves too)

Tab completes commands and names. Ctrl-C clears the line. A line may end in a # comment.
";

/// One of the family's help topics.
struct Topic {
    name: &'static str,
    text: &'static str,
}

const TOPICS: &[Topic] = &[
    Topic {
        name: "new",
        text: "\
new NAME NAME [NAME...]
new --game canadian|carolina NAME NAME... [--teams \"A+C B+D\"]
  Starts a game, the players named in seating order (play and the deal pass to the next one named). The first named deals the first round (in Canadian and Carolina Rummy, the first hand), so the second plays first; dealer NAME picks another first dealer. Carousel: 2 to 5 players, 10 cards each. Canadian Rummy: 4 players, two teams (the first and third named against the others, or --teams); Carolina Rummy: 2 to 8 singles; 13 cards each (house rule hand-size). The game is saved in your data directory (or the file named by `carousel play FILE`).
Examples:
  new alice bob carol
  new --game canadian alice bob carol dave
  new --game carolina ann ben cleo",
    },
    Topic {
        name: "dealer",
        text: "\
dealer NAME
  Who deals the first round (or hand). The player to the dealer's left (the next one named) plays first, and the deal passes left each round. Only before the game's first step.
Example:
  dealer carol",
    },
    Topic {
        name: "rules",
        text: "\
rules                 shows every house rule of the game, its value and what it means
rules KEY VALUE       changes one, at any time: a step of the game that undo takes back; every total from the first round follows the new value
rules save            keeps these rules for new games (in your config directory)
  A number takes a whole number (target and hand-size from 1 up); a named reading takes on or off. Without a game, the rules set are those the next new game starts with; a key of one game alone is kept for that game's next new game, and target, hand-size and going-out-bonus, keys of every game, for a new game of any.
  `carousel play --rules FILE.toml` starts with the rules of a file.
Examples:
  rules target 100
  rules knock-limit 7
  rules wild-pickup on",
    },
    Topic {
        name: "resume",
        text: "\
resume [N | NAME | FILE]
  Goes on with a saved game exactly where it stopped: the last unfinished game in your data directory, game N as `games` numbers them, the saved game whose file name is (or holds) NAME, or the game in FILE. `carousel play FILE` does the same from the shell. A damaged file is reported and left as it is.
Examples:
  resume
  resume 2
  resume friday
  resume ~/games/friday.toml",
    },
    Topic {
        name: "status",
        text: "\
status
  Where the game stands: the scoreboard so far, and the round (or hand) in play. In Carousel, whose turn it is and how far into it, the stock, how many cards each player holds and the table; in Canadian and Carolina Rummy, what is still to give for the hand.",
    },
    Topic {
        name: "scoreboard",
        text: "\
scoreboard   (or: scores)
  Every round (or hand) with its points and the running totals, the leader and how far each player or side is from the target; at the end of the game the bonuses, the final scores and the winner. It fits the terminal: a row a round when there is room, the endings listed under the table when narrower, and on a phone a row a player (the standings) with the rounds listed under it. Colour marks the leader and each round's gains at a terminal, never under NO_COLOR. `carousel tally FILE` shows the same from a saved game. `score N` is `why N`.",
    },
    Topic {
        name: "why",
        text: "\
why [N | end]   (or: explain; score N)
  How round (or hand) N's points came about, rule by rule; without N, the last one scored (and the end's bonuses, once the game is over). Carousel: each winner's points are the difference to every other hand, plus an undercut's or going out's bonus. Canadian and Carolina Rummy: each side's table less its players' hands, the hands of the side that went out not deducted. why end explains the bonuses at the end of the game.
Examples:
  why 3
  score 3
  why end",
    },
    Topic {
        name: "games",
        text: "\
games   (or: saved)
  The saved games in your data directory, and those played in a file elsewhere (carousel play FILE), the most recently played first, numbered: the players, the round (or finished), who leads (or won) and when it was last played.
  Canadian and Carolina Rummy games are listed with them, named, by hand and by side; resume N opens one with its own referee.
  resume N goes on with one; archive N and remove N tidy one away.
  `carousel games` lists them from the shell (--json for a script).",
    },
    Topic {
        name: "archive",
        text: "\
archive N | NAME
  Puts a saved game away, finished or not: it moves into games/archive/ in your data directory, out of the games list, and still counts in stats. The referee asks first; the next line answers (yes archives it, anything else keeps it; a script answers on its next line, and a script that ends without an answer archives nothing). The game in play here, unfinished, and a game another session holds are never archived.
Example:
  archive 2",
    },
    Topic {
        name: "remove",
        text: "\
remove N | NAME   (or: delete)
  Deletes a saved game for good, finished or not (a game started by mistake), after asking as archive does (the next line answers; only yes removes it). The game in play here, unfinished, and a game another session holds are never removed.
Example:
  remove 2",
    },
    Topic {
        name: "export",
        text: "\
export FORMAT [FILE]
  The game in play as csv, markdown or json: every round's hands left, points, winners, knocker, undercut and running totals, and the bonuses once the game is over, with how each round's points came about. Shown, or written to FILE. CSV has a row a round and three columns a player (deadwood, points, total); Markdown is a table for a chat or a wiki. `carousel export GAME.toml --format csv` does the same from the shell. A FILE that exists is replaced only after a yes on the next line; a game's record (the game in play's or any other) is never written over.
Examples:
  export markdown
  export csv ~/friday.csv",
    },
    Topic {
        name: "stats",
        text: "\
stats   (or: statistics)
  Statistics across every saved game (archived ones too): for each player, games and rounds played and won, rounds won by an undercut, times gone out, knocks, the average deadwood left at a round's end and the most points in one round. Canadian and Carolina Rummy are counted each under its own name: games and hands won with the player's side, and times gone out. `carousel stats --json` from the shell.",
    },
    Topic {
        name: "chart",
        text: "\
chart   (or: graph, plot)
  The running totals of the game in play, drawn: one letter a player, a capital at each round's total and small letters between, + where players cross, the target as dashes. `carousel chart GAME.toml --svg FILE` also writes it as a picture.",
    },
    Topic {
        name: "share",
        text: "\
share [PORT | ADDRESS | ADDRESS:PORT]
share stop
  Shows the game on every phone at the table, live: a small read-only web page served by this program on the local network. share prints the page's address and a QR code of it to scan; every step typed here reaches every open page within a second, and a page that lost the connection comes back by itself. The page shows the scoreboard, the round and whose turn it is, the table, the last ruling, every finished round and the chart. It listens on every network interface, on port 8044 (another when that one is busy); share 9000 takes port 9000, share 127.0.0.1 this machine alone. The address holds a random token: without it nothing is served, and nothing on the page changes the game. share stop ends it, and so does leaving. `carousel play FILE --share` starts a session shared from its first line (--share=ADDRESS to choose where it listens).
Examples:
  share
  share 9000
  share stop",
    },
    Topic {
        name: "history",
        text: "\
history [N]
  Every step of the game so far (or the last N), round by round (hand by hand), each round headed by its number and dealer, as the saved game writes them, with what came of each.",
    },
    Topic {
        name: "undo",
        text: "\
undo [N]
  Takes back the last step (or the last N), whatever they were: a move, a hand given, a round scored, a house rule changed; the game goes back exactly to where it was, and says where that is.
Examples:
  undo
  undo 3",
    },
    Topic {
        name: "redo",
        text: "\
redo [N]
  Takes again the last step undone (or the last N), as if the undo had not happened: an `undo 30` typed by mistake is not lost. A new step, once taken, ends what redo can bring back.
Examples:
  redo
  redo 30",
    },
    Topic {
        name: "round",
        text: "\
round RESULT
  Enters the result of the round (or hand) in play in one line, for a game played on paper or a table that only wants the score kept; it is scored at once and the next one dealt, with every check a result gets. Carousel: who knocked (knock NAME) or went out (out NAME), or neither when the stock ran out, then every hand as NAME=HAND (cards in quotes, or a count). Canadian and Carolina Rummy: out NAME (or nothing when the stock ran out), each side's melds as melds NAME=MELDS (sets or a count), then every hand.
Examples:
  round knock bob alice=12 bob=3 carol=\"Kd *\"
  round out carol alice=12 bob=30
  round out alice melds alice=\"Ks Kh 2c\" melds bob=85 alice=0 bob=25 carol=5 dave=20",
    },
    Topic {
        name: "fix",
        text: "\
fix N CHANGE
  Corrects finished round (or hand) N, however long ago, or takes it out (entered twice, say). Every later score and total follows, and the game's end moves with them. The correction is a step: undo takes it back. Carousel: a hand, who knocked, who went out, or the whole result. Canadian and Carolina Rummy: a hand, who went out, a side's melds, or the whole result.
Examples:
  fix 2 hand carol 41
  fix 3 knock bob               (Carousel; fix 3 knock nobody: the stock ran out)
  fix 1 melds alice 120         (Canadian and Carolina Rummy)
  fix 1 out dave
  fix 4 delete",
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
  The game is saved after every step; save is for when that failed (a full disk, a read-only directory): save tries the game's file again, and save FILE writes the game to FILE, a new file, where it is saved after every step from then on. The session does not end quietly with steps unsaved: quit warns first, and the exit status is 3.
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
];

/// The help for `topic` (a command of any name, or a subject), in a session about a game of
/// `kind`; `None`, the overview of that game and of the family's commands.
pub(crate) fn help(topic: Option<&str>, kind: GameKind) -> Option<String> {
    let Some(topic) = topic else {
        return Some(format!("{}\n{FAMILY}", kind.entry().overview()));
    };
    let topic = topic.trim().to_lowercase();
    if let Ok(game) = crate::games::kind(&topic) {
        return Some(format!("{}\n{FAMILY}", game.entry().overview()));
    }
    let name = super::command::named(super::command::WORDS, &topic).unwrap_or(&topic);
    if let Some(t) = TOPICS.iter().find(|t| t.name == name) {
        return Some(t.text.to_string());
    }
    // The game's own first, then any other game's.
    std::iter::once(kind.entry())
        .chain(GAMES.iter().copied())
        .find_map(|entry| entry.topic(&topic))
        .map(str::to_string)
}

/// Help text laid out for `width` columns. The texts are written a line a paragraph or a
/// command, each wrapped here at the width with the indent its form wants: a command's
/// description goes on under itself (`draw [N]         draw from the stock...`), a numbered
/// step under its words, and prose two spaces in (or at its own indent, if deeper). Where
/// a description would be left too narrow (a phone held upright), it goes under its command
/// instead, four spaces in, and so do the lines written under it.
pub(crate) fn laid_out(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    // The column the last command's description starts at, and where it goes when stacked.
    let mut last_command: Option<(usize, usize)> = None;
    for line in text.lines() {
        let lead = line.len() - line.trim_start_matches(' ').len();
        let command = command_column(line, lead);
        match (command, last_command) {
            (Some(column), _) if column + NARROWEST > width => {
                let (words, description) = line.split_at(column);
                let under = " ".repeat(lead + 4);
                out.push_str(&fill(words.trim_end(), width, lead + 2));
                out.push_str(&fill(&format!("{under}{description}"), width, lead + 4));
                last_command = Some((column, lead + 4));
                continue;
            }
            (None, Some((column, under))) if lead == column && column + NARROWEST > width => {
                let text = format!("{}{}", " ".repeat(under), line.trim_start());
                out.push_str(&fill(&text, width, under));
                continue;
            }
            _ => {}
        }
        // A command's block goes on until a blank line or a heading.
        last_command = command
            .map(|column| (column, column))
            .or(last_command.filter(|_| lead > 0 && !line.trim().is_empty()));
        // A description beside its command has room (above); anything else deep in is held
        // to half the width.
        let hanging = command.unwrap_or_else(|| {
            numbered_column(line, lead)
                .unwrap_or(lead.max(2))
                .min(width / 2)
        });
        out.push_str(&fill(line, width, hanging));
    }
    out
}

/// The fewest columns a command's description is given beside it; narrower, it goes under.
const NARROWEST: usize = 30;

/// A line wrapped at `width`, its wrapped lines `indent` in, with its line end.
fn fill(line: &str, width: usize, indent: usize) -> String {
    let mut text = if textwrap::core::display_width(line) <= width {
        line.to_string()
    } else {
        let indent = " ".repeat(indent);
        textwrap::fill(line, crate::console::wrapping(width, &indent))
    };
    text.push('\n');
    text
}

/// Where a command's description starts: after its words and two spaces or more
/// (`draw [N]         draw from the stock`).
fn command_column(line: &str, lead: usize) -> Option<usize> {
    let rest = &line[lead..];
    let gap = rest.find("  ")?;
    let description = rest[gap..].trim_start();
    (!description.is_empty()).then(|| line.len() - description.len())
}

/// Where a numbered step's words start (`  2. Without a meld...`).
fn numbered_column(line: &str, lead: usize) -> Option<usize> {
    let rest = &line[lead..];
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let after = rest[digits..].strip_prefix(". ").filter(|_| digits > 0)?;
    Some(line.len() - after.trim_start().len())
}

/// Every name `help` takes, for completion: the family's topics and every game's.
pub(crate) fn names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = TOPICS.iter().map(|t| t.name).collect();
    for entry in GAMES {
        for name in entry.topic_names() {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names.push(entry.name());
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::canadian::CanadianRules;
    use crate::games::manipulation::rules::Rules;
    use crate::rules::HouseRule;

    /// Every help text the REPL shows: each game's overview and every topic of any game.
    fn every_text() -> Vec<String> {
        let mut texts = Vec::new();
        for entry in GAMES {
            texts.push(help(None, GameKind(entry)).unwrap());
            for name in names() {
                texts.extend(help(Some(name), GameKind(entry)));
            }
        }
        texts
    }

    /// At any width from a phone's to a wide terminal, no line of help is wider than the
    /// terminal but for a single word that is, and no word is lost or cut.
    #[test]
    fn help_is_laid_out_within_every_width_losing_no_word() {
        for text in every_text() {
            let words: Vec<&str> = text.split_whitespace().collect();
            for width in [30, 40, 60, 80, 120] {
                let laid = laid_out(&text, width);
                for line in laid.lines() {
                    assert!(
                        textwrap::core::display_width(line) <= width
                            || line.split_whitespace().count() == 1,
                        "{width}: {line:?}\n{laid}"
                    );
                }
                assert_eq!(laid.split_whitespace().collect::<Vec<_>>(), words);
            }
        }
    }

    /// A command's description stays beside it where there is room, and goes under it,
    /// four in, where there is not, with the lines written under it.
    #[test]
    fn a_commands_description_goes_beside_it_or_under_it_by_the_width() {
        let text = "  draw [N]         draw from the stock: draw, or draw 3, or as many as you like again\n                   1 2 = 3s 4s 5s\n";
        assert_eq!(
            laid_out(text, 80),
            "  draw [N]         draw from the stock: draw, or draw 3, or as many as you like\n                   again\n                   1 2 = 3s 4s 5s\n"
        );
        assert_eq!(
            laid_out(text, 40),
            "  draw [N]\n      draw from the stock: draw, or draw\n      3, or as many as you like again\n      1 2 = 3s 4s 5s\n"
        );
    }

    /// A numbered step goes on under its words; prose two in.
    #[test]
    fn a_numbered_step_goes_on_under_its_words_and_prose_two_in() {
        let text = "  2. Without a meld, they draw a second card and may meld\nA whole turn in one line: its steps between commas\n";
        assert_eq!(
            laid_out(text, 40),
            "  2. Without a meld, they draw a second\n     card and may meld\nA whole turn in one line: its steps\n  between commas\n"
        );
    }

    fn default(table: &[HouseRule], key: &str) -> String {
        let rule = table.iter().find(|rule| rule.key == key);
        rule.map(|rule| rule.default.text()).unwrap_or_default()
    }

    fn topic(name: &str) -> String {
        help(Some(name), crate::games::manipulation::CAROUSEL).unwrap_or_default()
    }

    /// The help writes the default house rules out in its sentences; they are the house-rules
    /// tables' defaults, so a default changed in a table fails here until the help says so.
    #[test]
    fn help_states_the_house_rules_tables_defaults() {
        let d = |key| default(&Rules::TABLE, key);
        let scoring = topic("scoring");
        for stated in [
            format!("(joker {}, ace 1", d("joker-value")),
            format!("scores {} more", d("undercut-bonus")),
            format!("with the {}.", d("undercut-bonus")),
            format!("every other hand plus {}.", d("going-out-bonus")),
            format!("a total reaches {}:", d("target")),
            format!(
                "gets {}, every other player {} a round won",
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
        assert!(topic("knock").contains(&knock), "{knock}");
        let turn = format!("knock, with {} or less in hand", d("knock-limit"));
        assert!(topic("turn").contains(&turn), "{turn}");
        let target = default(&CanadianRules::TABLE, "target");
        let overview = topic("canadian");
        assert!(
            overview.contains(&format!("hand by hand to {target},")),
            "{overview}"
        );
        let scoring = help(Some("scoring"), crate::games::canadian::CANADIAN).unwrap();
        assert!(
            scoring.contains(&format!("reaches {target} (house rule target)")),
            "{scoring}"
        );
    }

    #[test]
    fn every_command_of_every_game_has_help_with_its_usage() {
        for names in super::super::command::WORDS {
            let text = topic(names[0]);
            assert!(!text.is_empty(), "no help for {}", names[0]);
            for alias in *names {
                assert_eq!(topic(alias), text, "{alias}");
            }
        }
        for entry in GAMES {
            for names in entry.words() {
                assert!(
                    help(Some(names[0]), GameKind(entry)).is_some(),
                    "no help for {} in {}",
                    names[0],
                    entry.name()
                );
            }
        }
        for name in ["turn", "notation", "scoring", "out", "pile", "dealer"] {
            assert!(!topic(name).is_empty(), "{name}");
        }
    }
}
