//! Canadian and Carolina Rummy's statistics across games, where a player wins with their
//! side: games and hands played and won with it, and the times they went out themselves.

use super::play::Setup;
use super::record::Tally;
use crate::desk::Desk;
use crate::family::GameKind;
use crate::stats::{Column, Figure, GameStats, PlayerFigures, row_of};

const COLUMNS: [Column; 5] = [
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
        key: "hands",
        head: "Hands",
        words: "hands",
    },
    Column {
        key: "hands_won",
        head: "Won",
        words: "hands won",
    },
    Column {
        key: "went_out",
        head: "Out",
        words: "went out",
    },
];

/// Counts across several games of one of these games (`game`).
pub(crate) fn stats(game: GameKind, games: &[(&Setup, &Tally)]) -> GameStats {
    let mut rows: Vec<(String, Vec<u64>)> = Vec::new();
    let (mut finished, mut hands) = (0, 0);
    for (setup, tally) in games {
        hands += tally.rounds.len() as u32;
        if tally.is_over() {
            finished += 1;
        }
        let sides = &setup.sides;
        for (p, name) in sides.players().iter().enumerate() {
            let i = row_of(&mut rows, name, 5);
            let side = sides.side_of(p);
            let s = &mut rows[i].1;
            s[0] += 1;
            if tally
                .end
                .as_ref()
                .is_some_and(|e| e.winners.contains(&side))
            {
                s[1] += 1;
            }
            for round in &tally.rounds {
                s[2] += 1;
                if round.winners.contains(&side) {
                    s[3] += 1;
                }
                if round.score.out == Some(p) {
                    s[4] += 1;
                }
            }
        }
    }
    // Most games won first, then most hands won, then by name.
    rows.sort_by(|a, b| {
        b.1[1]
            .cmp(&a.1[1])
            .then(b.1[3].cmp(&a.1[3]))
            .then(a.0.cmp(&b.0))
    });
    GameStats {
        game: game.name(),
        title: game.title(),
        games: games.len() as u32,
        finished,
        rounds: hands,
        step: Setup::round_word(),
        columns: &COLUMNS,
        key: format!(
            "Won: games and hands won with their side (a hand by scoring the most in it). Out: times they went out. {} only.",
            game.title()
        ),
        players: rows
            .into_iter()
            .map(|(name, s)| PlayerFigures {
                name,
                figures: s
                    .iter()
                    .map(|n| Figure::Count(u32::try_from(*n).unwrap_or(u32::MAX)))
                    .collect(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::canadian::Variant;
    use crate::games::canadian::play::scored;
    use crate::games::canadian::record::Record;

    #[test]
    fn canadian_games_count_games_and_hands_won_with_the_side_and_times_out() {
        let text = std::fs::read_to_string("examples/canadian-game.toml").unwrap();
        let record = Record::from_toml(&text, Variant::Canadian).unwrap();
        let (setup, tally) = scored(&record).unwrap();
        let s = stats(crate::games::canadian::CANADIAN, &[(&setup, &tally)]);
        assert_eq!(s.games, 1);
        assert_eq!(s.rounds as usize, tally.rounds.len());
        // Partners share every game and hand figure but their own times out.
        let figure = |p: &str, k: &str| s.figure(p, k).unwrap();
        assert_eq!(figure("alice", "games_won"), figure("carol", "games_won"));
        assert_eq!(figure("alice", "hands_won"), figure("carol", "hands_won"));
        let outs: u32 = s
            .players
            .iter()
            .map(|p| match p.figures[4] {
                Figure::Count(n) => n,
                Figure::Average(_) => 0,
            })
            .sum();
        let recorded = tally
            .rounds
            .iter()
            .filter(|r| r.score.out.is_some())
            .count();
        assert_eq!(outs as usize, recorded);
        assert_eq!(figure("alice", "games"), Figure::Count(1));
    }
}
