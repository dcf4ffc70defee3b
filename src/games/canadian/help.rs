//! Canadian and Carolina Rummy's help: their commands and how a hand is scored. The family's
//! commands (new, rules, undo, fix, the saved games) are `crate::repl::help`'s.

pub(crate) const OVERVIEW: &str = "\
Canadian Rummy (4 players in 2 teams; 2s and jokers wild) and Carolina Rummy (2 to 8 singles; 2s, 3s and jokers wild): the referee keeps the score hand by hand to 1500, and settles disputes at the table. After each hand, give who went out, what each side has on the table and what each player still holds, in any order; the hand is scored as soon as all are given. `help scoring` explains the score.

Setting up (new --game canadian NAMES, new --game carolina NAMES)
  teams A+C B+D     the teams, before the first hand is entered (new ... --teams too)

When a hand is over (in any order)
  out NAME          who went out; out none when the stock ran out
  melds NAME MELDS  the sets of NAME's side, or their count: melds alice Ks Kh 2c | Qs Qd Qh *, melds bob 85, melds bob none; a second melds line for a side adds to it
  hand NAME HAND    a hand left, as cards or a count: hand bob Qs 5h, hand alice 0

Disputes (nothing changes)
  pile TOP with CARDS   may these cards take the pile? pile Kd with Ks Kh
  check MELDS           is this a legal set? check Ks 2c *
  check CARDS on SET    may these be laid on our set? check 2d on Ks Kh Kd
";

const TOPICS: &[(&str, &str)] = &[
    (
        "teams",
        "\
teams A+C B+D
  The two teams of two, before the first hand is entered. A side is named by its players joined with + in the order they were named.
Example:
  teams alice+bob carol+dave",
    ),
    (
        "out",
        "\
out NAME | out none
  Who went out when the hand ended (their hand is empty). out none: the stock ran out and nobody went out; then every side's hand counts against it.",
    ),
    (
        "melds",
        "\
melds NAME MELDS | melds NAME COUNT | melds NAME none
  What NAME's side has on the table: its sets, separated by |, or their counted value. A set is 3 or more cards of one rank with at least one natural card; 2s and jokers (in Carolina also 3s, except in a set of threes) are wild and written as themselves. There are no runs; a side has one set per rank (melds of one rank are merged). Every set is judged and its value shown: a wild card counts as a natural of its set's rank (10 in a set of queens), a joker 50.
Examples:
  melds alice Ks Kh 2c | Qs Qd Qh *
  melds bob 85",
    ),
    (
        "hand",
        "\
hand NAME HAND
  What NAME still holds when the hand is over: the cards, or their count (0 or none for the player who went out). In hand: Q♠ 100, joker 50, ace 25, 10 to K 10, 3 to 9 5, a deuce 20 (house rule deuce-in-hand).
Examples:
  hand bob Qs 5h
  hand dave 20",
    ),
    (
        "pile",
        "\
pile TOP with CARDS
  May a player take the whole discard pile? The top card must be natural (a wild card on top cannot be taken) and the player must hold two natural cards of its rank (house rule wild-pickup: one may be wild). The three go to the table at once.
Example:
  pile Kd with Ks Kh",
    ),
    (
        "check",
        "\
check MELDS | check CARDS on SET
  Judges sets without recording anything: is this a legal set, and may a side lay these cards on its set?
Examples:
  check Ks 2c *
  check 2d * on Ks Kh Kd",
    ),
    (
        "scoring",
        "\
Scoring a hand
  Each side scores the value of its sets on the table less the value of the cards its players still hold, except the side whose player went out: its partner's hand is not deducted (house rule going-out-bonus adds a bonus). A score may be negative. After a hand in which a side's total reaches 1500 (house rule target), the game ends; the highest total wins, equal totals share the win.",
    ),
];

/// These games' help on a command (any of its names) or a subject, if there is one.
pub(crate) fn topic(topic: &str) -> Option<&'static str> {
    let topic = topic.trim().to_lowercase();
    let name = super::desk::WORDS
        .iter()
        .find(|names| names.contains(&topic.as_str()))
        .map_or(topic.as_str(), |names| names[0]);
    TOPICS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// The names of these games' topics, for completion.
pub(crate) fn names() -> Vec<&'static str> {
    TOPICS.iter().map(|(name, _)| *name).collect()
}
