//! Carousel's help: its commands, a turn, how to write cards, and how rounds are scored. The
//! family's commands (new, rules, undo, fix, the saved games) are `crate::repl::help`'s.

/// The overview of Carousel's own commands, after the family's.
pub(crate) const OVERVIEW: &str = "\
Carousel (Manipulation Rummy): the referee follows each turn, judges every move and keeps the score to 150. Hands stay private: it counts each player's cards and never needs them. `help turn`, `help notation` and `help scoring` explain a turn, how to write cards and melds, and how rounds are scored.

A turn (the prompt says whose turn it is)
  draw [N]         draw from the stock: draw, or draw 3
  meld MELDS       lay new melds from the hand: meld 7h 8h 9h | Ks Kd Kc
  add N CARDS      add cards from the hand to meld N: add 2 6d
  N M = MELDS      rearrange: melds N and M (and cards from the hand) become MELDS:
                   1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d
  done             end the turn
  pass             a turn without a meld: draw on to the third card and end the turn
  knock HAND       knock with the hand left, as cards or its count: knock 4s Ah, or knock 5
  check MOVE       judge a move without making it: check 1 = 6h *7h 8h 9h
A whole turn in one line: its steps between commas, judged in order
  draw, meld 8h 9h *10h, done      draw 2, add 1 Jh, knock 5

When a round is over
  hand NAME HAND   a player's hand, as cards or its count: hand bob Kd *, or hand bob 35; several in a line: hand bob 35, hand carol 12

At the table
  table            the table, melds numbered (table MELDS re-enters the whole table)
  cards NAME N     correct how many cards the referee counts for NAME
  hand NAME CARDS  during play: count a hand and say whether it may knock
  hint HAND        the best play for a hand on this table: hint 7h 9h Js *
  arrange CARDS    can these cards all be laid out as melds? arrange 7h 8h 9h *
";

/// One of Carousel's help topics: a command's name or a subject.
struct Topic {
    name: &'static str,
    text: &'static str,
}

const TOPICS: &[Topic] = &[
    Topic {
        name: "draw",
        text: "\
draw [N]
  The player whose turn it is draws a card from the stock (or N cards, one after another). A turn has up to three draws: after each one the player may meld; once they meld they draw no more. There is no meld after the third draw (unless the house rule meld-after-third-draw is on), and a fourth draw is refused. A turn without a meld takes all three draws. When the stock runs out, the last lap begins (see help turn).
Examples:
  draw
  draw 3",
    },
    Topic {
        name: "meld",
        text: "\
meld MELDS
  Lays one or more new melds from the hand, melds separated by |. A joker is * with the card it stands for (*7h), or a bare * when only one card fits. The referee judges the move (help check) and, if it is legal, counts the cards off the player's hand. New melds get the next numbers on the table.
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
  Manipulation: melds N, M, ... are taken up and become MELDS, together with cards from the hand. Melds not named stay as they are, so only the melds touched are typed. The new melds take the numbers of those they replace; any more go at the end. The referee works out which cards came from the hand and judges the whole table after the move by M1-M4 (help check). A turn is judged whole: a second move of the same turn is judged with the first, from the table at the start of the turn, so one real card releases one joker however it is typed.
Examples:
  1 2 = 3s 4s 5s | 3h 4h 5h | 6s 6h 6d       (the hand gave 6d)
  3 = 8h 9h 10h | 7s 7d *7c                  (a real 10h releases the joker of 8h 9h *10h)",
    },
    Topic {
        name: "done",
        text: "\
done   (or: end, next)
  Ends the turn; play passes to the next player. A turn begins with a draw, and a turn without a meld takes three draws before it may end. In the last lap a turn may end at once. To type a turn without a meld in one word: pass.",
    },
    Topic {
        name: "pass",
        text: "\
pass
  A turn without a meld, in one word: the player draws on to the third card (as many as the stock still holds), and the turn ends. After a meld, or in the last lap, pass ends the turn without drawing. If the turn may not end, nothing is drawn either.
Examples:
  pass                       (a turn that only draws: draw 3 and done)
  draw, meld 8h 9h *10h, pass",
    },
    Topic {
        name: "knock",
        text: "\
knock HAND
  At the end of their turn, a player whose hand counts 5 or less (house rule knock-limit) may knock: the round ends at once. A turn may end once the player has melded, or has drawn a third card (or the last card of the stock). After one or two draws without a meld the turn goes on, and a knock is refused: meld or draw again first. In the last lap a player may knock without drawing.
  Give the hand left, as cards (the referee counts them) or as its count. A knock over the limit is refused. Then every other hand is given (help hand) and the round is scored. Hand values: joker 25, ace 1, J Q K 10, 2 to 10 their face.
Examples:
  knock 4s Ah
  knock 5",
    },
    Topic {
        name: "check",
        text: "\
check MOVE
  Judges a move without making it: for a disputed rearrangement, or to try an idea. MOVE is any move form: 1 2 = MELDS, add N CARDS, or meld MELDS. The rules:
    M1  nothing leaves the table: every card on it before is on it after
    M2  the new cards come from the hand, at least one (and no more than the player holds)
    M3  every meld after is a legal set or run, each joker taken as its stated card
    M4  a joker keeps its card unless a real one of that card, on the table after, releases it
    M5  a released joker stays on the table (it follows from M1)
  M1, M2 and M4 compare the table at the start of the turn with the table after: the moves of one turn are judged together. Every rule broken is explained; nothing changes.
Examples:
  check 1 = 6h *7h 8h 9h        (moving the joker of 8h 9h *10h without a real 10h: M4)
  check add 2 6d",
    },
    Topic {
        name: "hint",
        text: "\
hint HAND
  The best play for HAND on the table as it is now: the move that leaves the least deadwood in hand (on a tie, the one that plays more cards), with the table after it, the changed melds marked, and whether the player may then knock. It obeys every rule: table cards stay, and a joker on the table changes its card only when a real one releases it. A joker in HAND may stand for any card. Nothing changes: play the move to make it.
Examples:
  hint 7h 9h Js Kd
  hint 6h * 2c",
    },
    Topic {
        name: "arrange",
        text: "\
arrange CARDS
  Whether CARDS, all of them, can be laid out as legal melds, and one way to do it, each joker with the card it stands for. Use it for a pile of cards, or to see whether a hand could go out on an empty table. Nothing changes.
Examples:
  arrange 7h 8h 9h *
  arrange As 2s 3s Ks Kh Kd",
    },
    Topic {
        name: "hand",
        text: "\
hand NAME HAND
  When a round is over, each player's hand: the cards left, or their count. The referee knows how many cards each holds and checks the hand against it. Once every hand is in, the round is scored, the scoreboard shown, and the next round dealt. During play, `hand NAME CARDS` only counts the cards and says whether they may knock. NAME=HAND, as in `carousel score`, is the same.
Examples:
  hand alice 12
  hand bob Kd 7c *
  carol=9",
    },
    Topic {
        name: "table",
        text: "\
table               shows the table, melds numbered for moves
table MELDS         re-enters the whole table, so the referee's table matches the one on the table as it lies; card counts stay as they were (see cards)
table empty         empties the referee's table
Example:
  table 3s 4s 5s | 6h 6d 6c *6s | 10c Jc Qc",
    },
    Topic {
        name: "cards",
        text: "\
cards NAME N
  Corrects how many cards the referee counts for NAME (dealt, plus draws, less cards played), for when the mirror went wrong, say a draw not typed. The stock follows.
Example:
  cards bob 7
(How to write cards and melds: help notation.)",
    },
    Topic {
        name: "turn",
        text: "\
A turn, as the referee follows it:
  1. draw: the player draws a card, and may then meld (meld, add, N = ...).
  2. Without a meld, they draw a second card and may meld; then a third. There is no meld after the third draw (house rule meld-after-third-draw), and no fourth draw. Having melded, they draw no more that turn, but may make more moves.
  3. The turn may end once they have melded, or drawn three cards (or the stock's last card): done passes the turn, or knock, with 5 or less in hand, ends the round. Neither is allowed after one or two draws without a meld: the player draws on.
  A player who lays every card goes out: the round ends at once.
  When the last card of the stock is drawn, that turn ends as usual and then every player, starting with the next, has one more turn to meld without drawing (the last lap); a knock is allowed. Then the round is scored with no knocker.
  The player left of the dealer plays first; the deal passes left each round.
A whole turn in one line: the steps of a turn between commas, each judged in order as if typed alone, and saved. A step that is refused stops the line there: the steps before it stand (the referee says which), and undo takes them back a step at a time. The one-line form and the step-by-step form mix freely; a line may hold any part of a turn.
The hands given when the round is over may follow the knock in the same line.
Examples:
  draw, meld 8h 9h *10h, done
  draw 2, add 1 Jh, 1 2 = 8h 9h 10h Jh | 7s 7d *7c, knock 5
  pass
  draw, meld 8c 9c 10c, knock 4, hand bob 35, hand carol 12",
    },
    Topic {
        name: "notation",
        text: "\
Writing cards (any case; extra spaces are fine):
  a card     rank and suit: 7h 10s Th Qd Ac, or with symbols 10♥ A♣ ranks A 2 3 4 5 6 7 8 9 10 J Q K (T is 10), suits s h d c
  a joker    in a hand: *   on the table: * with the card it stands for, *7h (a bare * on the table is accepted when exactly one card fits its meld)
  a meld     cards separated by spaces: 3s 4s 5s, or joined by dashes: 3s-4s-5s
  melds      separated by |: 3s 4s 5s | 6h 6d 6c *6s
  a set is 3 or 4 of a rank in different suits; a run is 3 or more of a suit in a row, the ace low (A 2 3) or high (Q K A), never both ends (K A 2 does not wrap).",
    },
    Topic {
        name: "scoring",
        text: "\
Scoring a round: each hand counts its cards (joker 25, ace 1, J Q K 10, others their face). The lowest count wins the round and scores the difference to every other hand. Undercut: a winner who did not knock scores 10 more; a knocker tied for lowest loses to the others tied, who each score as winners with the 10.
  Going out (no cards left) scores every other hand plus 25.
  Stock out: the lowest wins with no bonus; ties each score.
The game ends after the round in which a total reaches 150: each player at or past it gets 100, every other player 25 a round won; the highest final total wins (ties share). Every number is a house rule (help rules).",
    },
];

/// Carousel's help on a command (any of its names) or a subject, if there is one.
pub(crate) fn topic(word: &str) -> Option<&'static str> {
    let word = word.trim().to_lowercase();
    let name = match word.as_str() {
        "=" | "n" | "replace" => "rearrange",
        "card" | "joker" | "jokers" | "meld notation" | "writing" => "notation",
        "turns" => "turn",
        w => super::desk::WORDS
            .iter()
            .find(|names| names.contains(&w))
            .map_or(w, |names| names[0]),
    };
    TOPICS.iter().find(|t| t.name == name).map(|t| t.text)
}

/// The names of Carousel's topics, for completion.
pub(crate) fn names() -> Vec<&'static str> {
    TOPICS.iter().map(|t| t.name).collect()
}
