//! Carousel's statistics across games: for each player, games played and won, rounds won,
//! undercuts, times gone out, knocks, the average deadwood left and the best round. Read from
//! the scored rounds of every game given, finished or not; only finished games count as won.

use super::game::Tally;
use super::play::Setup;
use crate::desk::Desk;
use crate::stats::{Column, Figure, GameStats, PlayerFigures, row_of};

const COLUMNS: [Column; 9] = [
    Column {
        key: "games",
        head: "Games",
        words: "games",
    },
    Column {
        key: "games_won",
        head: "Won",
        words: "games won",
    },
    Column {
        key: "rounds",
        head: "Rounds",
        words: "rounds",
    },
    Column {
        key: "rounds_won",
        head: "Won",
        words: "rounds won",
    },
    Column {
        key: "undercuts",
        head: "Under",
        words: "undercuts",
    },
    Column {
        key: "went_out",
        head: "Out",
        words: "went out",
    },
    Column {
        key: "knocks",
        head: "Knock",
        words: "knocks",
    },
    Column {
        key: "average_deadwood",
        head: "Avg left",
        words: "average deadwood",
    },
    Column {
        key: "highest_round",
        head: "Best",
        words: "best round",
    },
];

/// Counts across the tallies of several games of Carousel.
pub(crate) fn stats(games: &[(&Setup, &Tally)]) -> GameStats {
    // Per player: games, won, rounds, rounds won, undercuts, out, knocks, deadwood, best.
    let mut rows: Vec<(String, Vec<u64>)> = Vec::new();
    let (mut finished, mut rounds) = (0, 0);
    for (setup, tally) in games {
        rounds += tally.rounds.len() as u32;
        if tally.is_over() {
            finished += 1;
        }
        let index: Vec<usize> = setup
            .players
            .iter()
            .map(|name| row_of(&mut rows, name, 9))
            .collect();
        for (p, &i) in index.iter().enumerate() {
            let s = &mut rows[i].1;
            s[0] += 1;
            if tally.end.as_ref().is_some_and(|e| e.winners.contains(&p)) {
                s[1] += 1;
            }
        }
        for round in &tally.rounds {
            let score = &round.score;
            for (p, &i) in index.iter().enumerate() {
                let s = &mut rows[i].1;
                s[2] += 1;
                s[7] += u64::from(score.deadwood[p]);
                s[8] = s[8].max(u64::from(score.points[p]));
                if score.knocker == Some(p) {
                    s[6] += 1;
                }
                if score.winners.contains(&p) {
                    s[3] += 1;
                    if score.undercut {
                        s[4] += 1;
                    }
                    if score.went_out {
                        s[5] += 1;
                    }
                }
            }
        }
    }
    // Most games won first, then most rounds won, then by name.
    rows.sort_by(|a, b| {
        b.1[1]
            .cmp(&a.1[1])
            .then(b.1[3].cmp(&a.1[3]))
            .then(a.0.cmp(&b.0))
    });
    let count = |n: u64| Figure::Count(u32::try_from(n).unwrap_or(u32::MAX));
    let players = rows
        .into_iter()
        .map(|(name, s)| {
            let average = if s[2] == 0 {
                0.0
            } else {
                (s[7] as f64 / s[2] as f64 * 10.0).round() / 10.0
            };
            let mut figures: Vec<Figure> = s[..7].iter().map(|n| count(*n)).collect();
            figures.push(Figure::Average(average));
            figures.push(count(s[8]));
            PlayerFigures { name, figures }
        })
        .collect();
    GameStats {
        game: super::CAROUSEL.name(),
        title: super::CAROUSEL.title(),
        games: games.len() as u32,
        finished,
        rounds,
        step: Setup::round_word(),
        columns: &COLUMNS,
        key: "Won: games and rounds won. Under: rounds won by an undercut. Out: times gone out. Knock: knocks. Avg left: deadwood left in hand at a round's end, on average. Best: the most points in one round.".to_string(),
        players,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::manipulation::game::GameRecord;
    use crate::games::manipulation::play::tally;

    fn scored(text: &str) -> (Setup, Tally) {
        let record = GameRecord::from_toml(text).unwrap();
        (
            crate::games::manipulation::play::setup_of(&record).unwrap(),
            tally(&record).unwrap(),
        )
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
        let s = stats(&[(&finished.0, &finished.1), (&going.0, &going.1)]);
        assert_eq!((s.games, s.finished, s.rounds), (2, 1, 3));
        let count = |p: &str, k: &str| s.figure(p, k).unwrap();
        // ann: undercut in round 1 (0 points), went out in round 2: 9 + 25 = 34 -> 34 >= 30.
        assert_eq!(count("ann", "games_won"), Figure::Count(1));
        assert_eq!(count("ann", "went_out"), Figure::Count(1));
        assert_eq!(count("ann", "knocks"), Figure::Count(1));
        assert_eq!(count("ann", "highest_round"), Figure::Count(34));
        assert_eq!(count("ann", "average_deadwood"), Figure::Average(2.0));
        assert_eq!(count("ben", "games"), Figure::Count(2));
        assert_eq!(count("ben", "undercuts"), Figure::Count(1));
        assert_eq!(count("ben", "rounds_won"), Figure::Count(1));
        assert_eq!(count("ben", "average_deadwood"), Figure::Average(10.3));
        assert_eq!(s.players[0].name, "ann");
    }
}
