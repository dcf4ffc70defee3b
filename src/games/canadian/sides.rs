//! Sides: a team of two or a single player
//! (docs/rules.md#canadian-players-and-sides).
//! Scores and the table belong to sides. A side is named by its players joined with `+`
//! in the order of the players (`alice+carol`), a single by the player's name.

use super::Variant;
use crate::error::Failure;

/// The players of a game and how they are grouped into sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sides {
    players: Vec<String>,
    /// Each side's players, as indices into `players`, in player order.
    members: Vec<Vec<usize>>,
}

/// Why players or teams cannot make the sides of a game: bad input, never a refusal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SidesError {
    #[error("a player's name is empty")]
    EmptyName,
    #[error(transparent)]
    Name(#[from] crate::error::Name),
    #[error("\"{name}\": a player's name may not hold \"{held}\" (nor +, =, | or spaces)")]
    Character { name: String, held: char },
    #[error("\"{name}\" is named twice")]
    Twice { name: String },
    #[error("{game} is played by {wants} players, not {given}")]
    Count {
        game: &'static str,
        wants: String,
        given: usize,
    },
    #[error(
        "\"{written}\": a side with no player; a team is two players joined by +, like alice+carol"
    )]
    EmptySide { written: String },
    #[error("\"{name}\" (in \"{written}\") is not a player (the players are {})", .players.join(", "))]
    NotAPlayer {
        name: String,
        written: String,
        players: Vec<String>,
    },
    #[error("\"{name}\" is in two sides")]
    InTwoSides { name: String },
    #[error("\"{name}\" is in no side; the teams must cover every player")]
    InNoSide { name: String },
    #[error("\"{written}\": teams are two teams of two players, for four players")]
    NotTwoOfTwo { written: String },
}

impl Failure for SidesError {}

/// Why a name cannot be a player's.
pub fn check_name(name: &str) -> Result<(), SidesError> {
    if name.is_empty() {
        return Err(SidesError::EmptyName);
    }
    crate::error::Name::check_printable(name)?;
    match name
        .chars()
        .find(|c| matches!(c, '+' | '=' | '|') || c.is_whitespace())
    {
        Some(held) => Err(SidesError::Character {
            name: name.to_string(),
            held,
        }),
        None => Ok(()),
    }
}

/// Reads `--teams "alice+carol bob+dave"`: each team its players joined by `+`.
pub fn parse_teams(text: &str) -> Vec<Vec<String>> {
    text.split_whitespace()
        .map(|team| team.split('+').map(str::to_string).collect())
        .collect()
}

impl Sides {
    /// The sides of a game: the teams given, or by default Canadian's seats 1+3 against 2+4
    /// and Carolina's singles. Refuses a player count outside the game's range, a bad name,
    /// and teams that are not two teams of two covering every player.
    pub fn new(
        variant: Variant,
        players: Vec<String>,
        teams: Option<&[Vec<String>]>,
    ) -> Result<Sides, SidesError> {
        for (i, name) in players.iter().enumerate() {
            check_name(name)?;
            if players[..i].contains(name) {
                return Err(SidesError::Twice { name: name.clone() });
            }
        }
        let range = variant.players();
        if !range.contains(&players.len()) {
            let wants = if range.start() == range.end() {
                format!("exactly {}", range.start())
            } else {
                format!("{} to {}", range.start(), range.end())
            };
            return Err(SidesError::Count {
                game: variant.title(),
                wants,
                given: players.len(),
            });
        }
        let members = match teams {
            Some(teams) => Self::group(&players, teams)?,
            None if variant == Variant::Canadian => vec![vec![0, 2], vec![1, 3]],
            None => (0..players.len()).map(|p| vec![p]).collect(),
        };
        Ok(Sides { players, members })
    }

    fn group(players: &[String], teams: &[Vec<String>]) -> Result<Vec<Vec<usize>>, SidesError> {
        let mut side_of: Vec<Option<usize>> = vec![None; players.len()];
        let mut members = Vec::with_capacity(teams.len());
        for (t, team) in teams.iter().enumerate() {
            let written = team.join("+");
            let mut side = Vec::new();
            for name in team {
                if name.is_empty() {
                    return Err(SidesError::EmptySide { written });
                }
                let player = players.iter().position(|p| p == name).ok_or_else(|| {
                    SidesError::NotAPlayer {
                        name: name.clone(),
                        written: written.clone(),
                        players: players.to_vec(),
                    }
                })?;
                if side_of[player].is_some() {
                    return Err(SidesError::InTwoSides { name: name.clone() });
                }
                side_of[player] = Some(t);
                side.push(player);
            }
            side.sort_unstable();
            members.push(side);
        }
        if let Some(p) = side_of.iter().position(Option::is_none) {
            return Err(SidesError::InNoSide {
                name: players[p].clone(),
            });
        }
        if players.len() != 4 || members.len() != 2 || members.iter().any(|m| m.len() != 2) {
            let written: Vec<String> = teams.iter().map(|t| t.join("+")).collect();
            return Err(SidesError::NotTwoOfTwo {
                written: written.join(" "),
            });
        }
        members.sort();
        Ok(members)
    }

    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// How many sides there are.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// A side's players, in player order.
    pub fn members(&self, side: usize) -> &[usize] {
        &self.members[side]
    }

    /// The side a player is on.
    pub fn side_of(&self, player: usize) -> usize {
        self.members
            .iter()
            .position(|m| m.contains(&player))
            .unwrap_or(0)
    }

    /// A side's name: its players joined with `+`.
    pub fn name(&self, side: usize) -> String {
        self.members[side]
            .iter()
            .map(|p| self.players[*p].as_str())
            .collect::<Vec<_>>()
            .join("+")
    }

    /// Every side's name, in side order.
    pub fn names(&self) -> Vec<String> {
        (0..self.len()).map(|s| self.name(s)).collect()
    }

    /// Whether the sides are teams (rather than singles).
    pub fn are_teams(&self) -> bool {
        self.members.iter().any(|m| m.len() > 1)
    }

    /// The teams as a record writes them, or none for singles.
    pub fn teams(&self) -> Option<Vec<Vec<String>>> {
        self.are_teams().then(|| {
            self.members
                .iter()
                .map(|m| m.iter().map(|p| self.players[*p].clone()).collect())
                .collect()
        })
    }

    /// A player by name (exactly as named).
    pub fn player(&self, name: &str) -> Option<usize> {
        self.players.iter().position(|p| p == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Vec<String> {
        ["alice", "bob", "carol", "dave"].map(String::from).to_vec()
    }

    #[test]
    fn sides_canadian_partners_sit_across_seats_1_3_against_2_4() {
        let sides = Sides::new(Variant::Canadian, four(), None).unwrap();
        assert_eq!(sides.names(), ["alice+carol", "bob+dave"]);
        assert_eq!(sides.side_of(3), 1);
    }

    #[test]
    fn sides_carolina_plays_singles_or_four_in_two_teams() {
        let sides = Sides::new(Variant::Carolina, four()[..3].to_vec(), None).unwrap();
        assert_eq!(sides.names(), ["alice", "bob", "carol"]);
        let teams = parse_teams("bob+alice carol+dave");
        let sides = Sides::new(Variant::Carolina, four(), Some(&teams)).unwrap();
        assert_eq!(sides.names(), ["alice+bob", "carol+dave"]);
    }

    #[test]
    fn sides_player_counts_canadian_4_carolina_2_to_8() {
        let err = Sides::new(Variant::Canadian, four()[..3].to_vec(), None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Canadian Rummy is played by exactly 4 players, not 3"
        );
        let one = vec!["ann".to_string()];
        let err = Sides::new(Variant::Carolina, one, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Carolina Rummy is played by 2 to 8 players, not 1"
        );
        let nine: Vec<String> = (1..=9).map(|i| format!("p{i}")).collect();
        assert!(Sides::new(Variant::Carolina, nine, None).is_err());
    }

    #[test]
    fn sides_teams_errors_name_the_player() {
        let bad = |text: &str| {
            Sides::new(Variant::Canadian, four(), Some(&parse_teams(text)))
                .unwrap_err()
                .to_string()
        };
        assert!(bad("alice+zed bob+dave").contains("\"zed\""));
        assert!(bad("alice+carol alice+dave").contains("\"alice\" is in two sides"));
        assert!(bad("alice+ bob+dave").contains("a side with no player"));
        assert!(bad("alice+carol bob").contains("\"dave\" is in no side"));
        assert!(bad("alice+carol+bob dave").contains("two teams of two"));
        let five = ["a", "b", "c", "d", "e"].map(String::from).to_vec();
        let err = Sides::new(Variant::Carolina, five, Some(&parse_teams("a+b c+d e")))
            .unwrap_err()
            .to_string();
        assert!(err.contains("two teams of two"), "{err}");
    }

    #[test]
    fn sides_names_may_not_hold_plus_equals_bar_or_space() {
        for name in ["a+b", "a=b", "a|b", "a b", ""] {
            let mut players = four();
            players[0] = name.to_string();
            assert!(
                Sides::new(Variant::Canadian, players, None).is_err(),
                "{name}"
            );
        }
        let mut players = four();
        players[1] = "alice".to_string();
        assert!(
            Sides::new(Variant::Canadian, players, None)
                .unwrap_err()
                .to_string()
                .contains("twice")
        );
    }
}
