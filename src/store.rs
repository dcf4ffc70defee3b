//! Where games are kept: the game record saved atomically after every step, and the
//! places of the user's files (games, line history, house rules) by the XDG conventions.
//!
//! A save writes a temporary file in the same directory, syncs it to disk and renames it over
//! the record, so a killed session leaves either the old record or the new one, never half of
//! one. A file that cannot be read back as a game is reported as damaged and left alone.

use crate::Error;
use crate::game::GameRecord;
use crate::session::Game;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// What a saved game starts with, for a person who opens it.
const HEADER: &str = "\
# A game of Carousel, kept by the carousel referee after every step.
# `carousel tally FILE` scores its finished rounds; `carousel play FILE` goes on with it.
# [play] is the referee's log: every step, to resume and undo exactly.

";

fn file_error(path: &Path, err: impl std::fmt::Display) -> Error {
    Error::File {
        path: path.display().to_string(),
        problem: err.to_string(),
    }
}

/// Writes `text` to `path` atomically: a temporary file beside it, synced, then renamed.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), Error> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(|e| file_error(&dir, e))?;
    let name = path
        .file_name()
        .map_or_else(|| "game".into(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if let Err(err) = written {
        let _ = fs::remove_file(&temp);
        return Err(file_error(path, err));
    }
    // The rename itself is made durable by syncing the directory (where the system allows).
    if let Ok(dir) = fs::File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Saves a game: its `tally` record with the log of play.
pub fn save(path: &Path, game: &Game) -> Result<(), Error> {
    let record = game.to_record();
    let body = toml::to_string_pretty(&record).map_err(|e| file_error(path, e))?;
    write_atomically(path, &format!("{HEADER}{body}"))
}

/// Reads a saved game and replays it. Anything that is not a game the referee can go on
/// with is [`Error::Damaged`], naming the file and the trouble; the file is not touched.
pub fn load(path: &Path) -> Result<Game, Error> {
    let text = fs::read_to_string(path).map_err(|e| file_error(path, e))?;
    let damaged = |problem: String| Error::Damaged {
        path: path.display().to_string(),
        problem,
    };
    let record = GameRecord::from_toml(&text).map_err(|e| damaged(e.to_string()))?;
    Game::from_record(&record).map_err(|e| damaged(e.to_string()))
}

/// The user's directories for carousel, from the XDG variables (`XDG_DATA_HOME`,
/// `XDG_STATE_HOME`, `XDG_CONFIG_HOME`) or their defaults under the home directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dirs {
    pub data: PathBuf,
    pub state: PathBuf,
    pub config: PathBuf,
}

impl Dirs {
    /// `None` when no home directory can be found.
    pub fn of_user() -> Option<Dirs> {
        let dirs = directories::ProjectDirs::from("", "", "carousel")?;
        Some(Dirs {
            data: dirs.data_dir().to_path_buf(),
            state: dirs.state_dir().unwrap_or(dirs.data_dir()).to_path_buf(),
            config: dirs.config_dir().to_path_buf(),
        })
    }

    /// Where games are saved.
    pub fn games(&self) -> PathBuf {
        self.data.join("games")
    }

    /// The REPL's line history.
    pub fn history(&self) -> PathBuf {
        self.state.join("history")
    }

    /// The house rules new games start with, when the file exists.
    pub fn rules(&self) -> PathBuf {
        self.config.join("rules.toml")
    }

    /// A file for a new game that does not exist yet: the date and the players,
    /// `2025-11-20-alice-bob-carol.toml`, numbered `-2`, `-3`, ... when taken.
    pub fn new_game_file(&self, players: &[String]) -> PathBuf {
        let stem = format!(
            "{}-{}",
            today(),
            players.join("-").to_lowercase().replace(' ', "_")
        );
        let dir = self.games();
        let mut path = dir.join(format!("{stem}.toml"));
        let mut n = 2;
        while path.exists() {
            path = dir.join(format!("{stem}-{n}.toml"));
            n += 1;
        }
        path
    }

    /// The saved games, the most recently changed first.
    pub fn saved_games(&self) -> Vec<PathBuf> {
        let Ok(entries) = fs::read_dir(self.games()) else {
            return Vec::new();
        };
        let mut games: Vec<(SystemTime, PathBuf)> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .map(|p| {
                let changed = fs::metadata(&p)
                    .and_then(|m| m.modified())
                    .unwrap_or(UNIX_EPOCH);
                (changed, p)
            })
            .collect();
        games.sort_by(|a, b| b.cmp(a));
        games.into_iter().map(|(_, p)| p).collect()
    }

    /// The most recent saved game that is not over, if any (damaged files are passed over).
    pub fn last_unfinished(&self) -> Option<(PathBuf, Game)> {
        self.saved_games().into_iter().take(20).find_map(|path| {
            let game = load(&path).ok()?;
            (game.state().phase != crate::session::Phase::Over).then_some((path, game))
        })
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`.
fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The calendar date of a day counted from 1970-01-01 (H. Hinnant's algorithm).
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    fn game() -> Game {
        let mut game = Game::new(
            vec!["alice".into(), "bob".into(), "carol".into()],
            Rules::default(),
        )
        .unwrap();
        game.draw().unwrap();
        game
    }

    #[test]
    fn save_then_load_gives_the_same_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("g.toml");
        let game = game();
        save(&path, &game).unwrap();
        assert_eq!(load(&path).unwrap(), game);
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# A game of Carousel"), "{text}");
        assert!(text.contains("\"bob: draw\""), "{text}");
        // Only the record is left: no temporary file beside it.
        let names: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn a_damaged_file_is_reported_and_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.toml");
        let bad = "players = [\"alice\", \"bob\"]\n[play]\nfirst-dealer = \"alice\"\nlog = [\"bob: dance\"]\n";
        fs::write(&path, bad).unwrap();
        let err = load(&path).unwrap_err();
        assert!(matches!(err, Error::Damaged { .. }));
        let message = err.to_string();
        assert!(
            message.contains("is damaged and was left as it is"),
            "{message}"
        );
        assert!(message.contains("step 1 \"bob: dance\""), "{message}");
        assert_eq!(fs::read_to_string(&path).unwrap(), bad);
        fs::write(&path, "players = [\"alice\", \"bob\"\n").unwrap();
        assert!(matches!(load(&path), Err(Error::Damaged { .. })));
        let missing = load(&dir.path().join("none.toml")).unwrap_err();
        assert!(matches!(missing, Error::File { .. }));
    }

    #[test]
    fn new_game_files_never_take_an_existing_name() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = Dirs {
            data: dir.path().to_path_buf(),
            state: dir.path().to_path_buf(),
            config: dir.path().to_path_buf(),
        };
        let players = vec!["Ann".to_string(), "ben".to_string()];
        let first = dirs.new_game_file(&players);
        assert!(first.to_string_lossy().ends_with("-ann-ben.toml"));
        save(&first, &game()).unwrap();
        let second = dirs.new_game_file(&players);
        assert!(second.to_string_lossy().ends_with("-ann-ben-2.toml"));
        assert_eq!(dirs.saved_games(), vec![first.clone()]);
        assert_eq!(dirs.last_unfinished().map(|(p, _)| p), Some(first));
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_412), (2025, 11, 20));
    }
}
