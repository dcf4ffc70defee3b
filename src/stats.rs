//! Statistics across games: for each player (by name), games played and won, rounds won,
//! undercuts, times gone out, knocks, average deadwood and the highest round. Read from the
//! scored rounds of every game given, finished or not; only finished games count as won.

use crate::family::{self, GameKind};
use crate::games::canadian::{self, Variant};
use crate::games::manipulation::game::Tally;
use serde::Serialize;

/// One player's record across the games.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerStats {
    pub name: String,
    pub games: u32,
    /// Finished games won (a shared win counts for each who shares it).
    pub games_won: u32,
    pub rounds: u32,
    pub rounds_won: u32,
    /// Rounds won by undercutting the knocker.
    pub undercuts: u32,
    pub went_out: u32,
    pub knocks: u32,
    /// Deadwood left at the end of a round, on average over the rounds played (1 decimal).
    pub average_deadwood: f64,
    /// The most points scored in one round.
    pub highest_round: u32,
    #[serde(skip)]
    deadwood: u64,
}

/// Everything counted.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    pub games: u32,
    pub finished: u32,
    pub rounds: u32,
    /// Most games won first, then most rounds won, then by name.
    pub players: Vec<PlayerStats>,
    /// The Canadian and Carolina Rummy games, each game counted on its own (in that order,
    /// only those played): the figures above are Carousel's.
    pub other_games: Vec<SideStats>,
}

/// The games of Canadian or Carolina Rummy counted, where a player wins with their side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideStats {
    pub game: GameKind,
    pub games: u32,
    pub finished: u32,
    pub hands: u32,
    /// Most games won first, then most hands won, then by name.
    pub players: Vec<SidePlayerStats>,
}

/// One player's record in one of those games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SidePlayerStats {
    pub name: String,
    pub games: u32,
    /// Finished games their side won (a shared win counts for each side sharing it).
    pub games_won: u32,
    pub hands: u32,
    /// Hands in which their side scored the most points (ties share).
    pub hands_won: u32,
    /// Hands in which they went out themselves.
    pub went_out: u32,
}

/// Counts across games of every game of the family: Carousel's figures by player, and each
/// other game's by player with their side.
pub fn family_stats(games: &[family::Tally]) -> Stats {
    let mut out = stats(games.iter().filter_map(|t| match t {
        family::Tally::Carousel(tally, _) => Some(tally),
        family::Tally::Canadian(..) => None,
    }));
    for variant in [Variant::Canadian, Variant::Carolina] {
        let tallies: Vec<(&canadian::play::Setup, &canadian::record::Tally)> = games
            .iter()
            .filter_map(|t| match t {
                family::Tally::Canadian(setup, tally) if setup.variant == variant => {
                    Some((setup, tally))
                }
                _ => None,
            })
            .collect();
        if !tallies.is_empty() {
            out.other_games.push(side_stats(variant, &tallies));
        }
    }
    out
}

fn side_stats(
    variant: Variant,
    games: &[(&canadian::play::Setup, &canadian::record::Tally)],
) -> SideStats {
    let mut out = SideStats {
        game: GameKind::Canadian(variant),
        games: 0,
        finished: 0,
        hands: 0,
        players: Vec::new(),
    };
    for (setup, tally) in games {
        out.games += 1;
        out.hands += tally.rounds.len() as u32;
        if tally.is_over() {
            out.finished += 1;
        }
        let sides = &setup.sides;
        for (p, name) in sides.players().iter().enumerate() {
            let i = if let Some(i) = out.players.iter().position(|s| s.name == *name) {
                i
            } else {
                out.players.push(SidePlayerStats {
                    name: name.clone(),
                    ..SidePlayerStats::default()
                });
                out.players.len() - 1
            };
            let side = sides.side_of(p);
            let s = &mut out.players[i];
            s.games += 1;
            if tally
                .end
                .as_ref()
                .is_some_and(|e| e.winners.contains(&side))
            {
                s.games_won += 1;
            }
            for round in &tally.rounds {
                s.hands += 1;
                let best = round.score.sides.iter().map(|x| x.points).max();
                if Some(round.score.sides[side].points) == best {
                    s.hands_won += 1;
                }
                if round.score.out == Some(p) {
                    s.went_out += 1;
                }
            }
        }
    }
    out.players.sort_by(|a, b| {
        b.games_won
            .cmp(&a.games_won)
            .then(b.hands_won.cmp(&a.hands_won))
            .then(a.name.cmp(&b.name))
    });
    out
}

/// Counts across the tallies of several games.
pub fn stats<'a>(games: impl IntoIterator<Item = &'a Tally>) -> Stats {
    let mut out = Stats::default();
    let mut players: Vec<PlayerStats> = Vec::new();
    for tally in games {
        out.games += 1;
        out.rounds += tally.rounds.len() as u32;
        if tally.end.is_some() {
            out.finished += 1;
        }
        let index: Vec<usize> = tally
            .sides
            .iter()
            .map(|name| {
                if let Some(i) = players.iter().position(|p| p.name == *name) {
                    i
                } else {
                    players.push(PlayerStats {
                        name: name.clone(),
                        ..PlayerStats::default()
                    });
                    players.len() - 1
                }
            })
            .collect();
        for (p, &i) in index.iter().enumerate() {
            let s = &mut players[i];
            s.games += 1;
            if tally.end.as_ref().is_some_and(|e| e.winners.contains(&p)) {
                s.games_won += 1;
            }
        }
        for round in &tally.rounds {
            let score = &round.score;
            for (p, &i) in index.iter().enumerate() {
                let s = &mut players[i];
                s.rounds += 1;
                s.deadwood += u64::from(score.deadwood[p]);
                s.highest_round = s.highest_round.max(score.points[p]);
                if round.score.knocker == Some(p) {
                    s.knocks += 1;
                }
                if score.winners.contains(&p) {
                    s.rounds_won += 1;
                    if score.undercut {
                        s.undercuts += 1;
                    }
                    if score.went_out {
                        s.went_out += 1;
                    }
                }
            }
        }
    }
    for s in &mut players {
        s.average_deadwood = if s.rounds == 0 {
            0.0
        } else {
            (s.deadwood as f64 / f64::from(s.rounds) * 10.0).round() / 10.0
        };
    }
    players.sort_by(|a, b| {
        b.games_won
            .cmp(&a.games_won)
            .then(b.rounds_won.cmp(&a.rounds_won))
            .then(a.name.cmp(&b.name))
    });
    out.players = players;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::manipulation::game::{GameRecord, tally};

    fn scored(text: &str) -> Tally {
        tally(&GameRecord::from_toml(text).unwrap()).unwrap()
    }

    #[test]
    fn counts_games_rounds_undercuts_going_out_knocks_and_deadwood_per_player() {
        let finished = scored(
            "players = [\"ann\", \"ben\"]\n[rules]\ntarget = 30\n\
             [[round]]\nknocker = \"ann\"\n[round.hands]\nann = 4\nben = 2\n\
             [[round]]\n[round.hands]\nann = 0\nben = 9\n",
        );
        let going = scored(
            "players = [\"ben\", \"cy\"]\n\
             [[round]]\nknocker = \"cy\"\n[round.hands]\nben = 20\ncy = 1\n",
        );
        let s = stats([&finished, &going]);
        assert_eq!((s.games, s.finished, s.rounds), (2, 1, 3));
        let ann = s.players.iter().find(|p| p.name == "ann").unwrap();
        // ann: undercut in round 1 (0 points), went out in round 2: 9 + 25 = 34 -> 34 >= 30.
        assert_eq!(ann.games_won, 1);
        assert_eq!(ann.went_out, 1);
        assert_eq!(ann.knocks, 1);
        assert_eq!(ann.highest_round, 34);
        assert!((ann.average_deadwood - 2.0).abs() < 1e-9);
        let ben = s.players.iter().find(|p| p.name == "ben").unwrap();
        assert_eq!(ben.games, 2);
        assert_eq!(ben.undercuts, 1);
        assert_eq!(ben.rounds_won, 1);
        assert!((ben.average_deadwood - 10.3).abs() < 1e-9);
        assert_eq!(s.players[0].name, "ann");
    }

    #[test]
    fn canadian_games_count_games_and_hands_won_with_the_side_and_times_out() {
        let text = std::fs::read_to_string("examples/canadian-game.toml").unwrap();
        let record = family::Record::from_toml(&text).unwrap();
        let carousel = family::Record::from_toml(
            "players = [\"ann\", \"alice\"]\n[[round]]\nknocker = \"ann\"\n[round.hands]\nann = 1\nalice = 9\n",
        )
        .unwrap();
        let s = family_stats(&[record.tally().unwrap(), carousel.tally().unwrap()]);
        assert_eq!((s.games, s.rounds), (1, 1));
        assert_eq!(s.other_games.len(), 1);
        let canadian = &s.other_games[0];
        assert_eq!(canadian.game, GameKind::Canadian(Variant::Canadian));
        assert_eq!(canadian.games, 1);
        let tally = match record.tally().unwrap() {
            family::Tally::Canadian(_, t) => t,
            family::Tally::Carousel(..) => unreachable!(),
        };
        assert_eq!(canadian.hands as usize, tally.rounds.len());
        // Partners share every game and hand figure but their own times out.
        let find = |n: &str| canadian.players.iter().find(|p| p.name == n).unwrap();
        let (alice, carol) = (find("alice"), find("carol"));
        assert_eq!(alice.games_won, carol.games_won);
        assert_eq!(alice.hands_won, carol.hands_won);
        let outs: u32 = canadian.players.iter().map(|p| p.went_out).sum();
        let recorded = tally
            .rounds
            .iter()
            .filter(|r| r.score.out.is_some())
            .count();
        assert_eq!(outs as usize, recorded);
        // alice in Carousel is counted there, not here.
        assert_eq!(alice.games, 1);
    }

    #[test]
    fn no_games_is_nothing_counted() {
        let s = stats([]);
        assert_eq!(s.games, 0);
        assert!(s.players.is_empty());
    }
}
