//! The saved games in the data directory, as a list a table can pick from: who played, the
//! round, who leads, when it was last played and whether it is over. A game is picked by its
//! number in the list or by (part of) its file name. A finished game can be archived (moved
//! to `games/archive/`, out of the list but still counted by `stats`) or removed.

use crate::error::{Error, NoSuch, Stage};
use crate::family::{InPlay, Scored, Summary};
use crate::store::{self, Dirs};
use serde::Serialize;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// One saved game in the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Saved {
    /// Its number in the list, from 1, the most recently played first.
    pub number: usize,
    /// The file name without `.toml`, by which it can be picked.
    pub name: String,
    pub path: PathBuf,
    /// When it was last saved, `YYYY-MM-DD HH:MM` (UTC).
    pub date: String,
    #[serde(flatten)]
    pub summary: Option<Summary>,
    /// Why the file cannot be read as a game, when it cannot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damaged: Option<String>,
}

/// Reads a game file of any game of the family and scores its finished rounds (its log is
/// not replayed): what the list of games, `tally`, `export`, `chart` and `stats` read. A
/// record the referee saved must be whole: one cut short or changed is reported damaged.
/// The rounds are read one at a time and only their totals kept, and the log of a record
/// the referee sealed is passed over (see [`crate::record::parts`]), so a game is listed in
/// time and memory that grow with its rounds alone.
pub fn read_scored(path: &Path) -> Result<Box<dyn Scored>, Error> {
    let text = crate::record::read_for_rounds(path)?;
    crate::games::of_record(&text)?.entry().scored(&text)
}

/// Reads a saved game of any game of the family to go on with it: its log replayed.
pub fn read_game(path: &Path, text: &str) -> Result<Box<dyn InPlay>, Error> {
    store::read_game(path, text, |text| {
        crate::games::of_record(text)?.entry().resume(text)
    })
}

/// The saved games of every game of the family, the most recently played first. A damaged
/// file is listed as damaged.
pub fn list(dirs: &Dirs) -> Vec<Saved> {
    dirs.saved_games_changed()
        .into_iter()
        .enumerate()
        .map(|(i, (changed, path))| {
            let (summary, damaged) = match read_scored(&path).map(|g| g.summary()) {
                Ok(summary) => (Some(summary), None),
                Err(err) => (None, Some(err.to_string())),
            };
            Saved {
                number: i + 1,
                name: stem(&path),
                date: date_time(changed),
                path,
                summary,
                damaged,
            }
        })
        .collect()
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// A time as `YYYY-MM-DD HH:MM` (UTC).
pub(crate) fn date_time(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = store::civil_from_days((secs / 86_400) as i64);
    let minutes = secs % 86_400 / 60;
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        minutes / 60,
        minutes % 60
    )
}

/// Picks a game from a list: `2` is the second listed; otherwise the file name, whole or a
/// part that only one name holds.
pub fn pick<'a>(list: &'a [Saved], which: &str) -> Result<&'a Saved, Error> {
    let which = which.trim().trim_end_matches(".toml");
    if list.is_empty() {
        return Err(NoSuch::SavedGames.into());
    }
    if let Ok(n) = which.parse::<usize>() {
        return list.get(n.wrapping_sub(1)).ok_or_else(|| {
            NoSuch::SavedNumber {
                which: which.to_string(),
                count: list.len(),
            }
            .into()
        });
    }
    if let Some(exact) = list.iter().find(|s| s.name.eq_ignore_ascii_case(which)) {
        return Ok(exact);
    }
    let lower = which.to_lowercase();
    let matching: Vec<&Saved> = list
        .iter()
        .filter(|s| s.name.to_lowercase().contains(&lower))
        .collect();
    match matching.as_slice() {
        [one] => Ok(one),
        [] => Err(NoSuch::SavedName {
            which: which.to_string(),
        }
        .into()),
        many => Err(NoSuch::AmbiguousSaved {
            which: which.to_string(),
            matches: many
                .iter()
                .map(|s| format!("{} {}", s.number, s.name))
                .collect(),
        }
        .into()),
    }
}

/// What can be done to a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tidy {
    Archive,
    Remove,
}

impl Tidy {
    pub fn verb(self) -> &'static str {
        match self {
            Tidy::Archive => "archive",
            Tidy::Remove => "remove",
        }
    }
}

/// Whether a game may be archived or removed: any game that reads as one, finished or not
/// (a game started by mistake is tidied away too, after the same yes; a game open in a
/// session is held by its lock); a damaged file is left for a person to look at.
pub fn check_tidy(saved: &Saved, tidy: Tidy) -> Result<(), Error> {
    let _ = tidy;
    match &saved.summary {
        Some(_) => Ok(()),
        None => Err(Stage::Unreadable {
            path: saved.path.clone(),
        }
        .into()),
    }
}

/// Where archived games go.
pub(crate) fn archive_dir(dirs: &Dirs) -> PathBuf {
    dirs.games().join("archive")
}

/// Archives (moves into `games/archive/`, under a name not yet taken there) or removes a
/// finished game. Returns where an archived game went.
pub fn tidy(dirs: &Dirs, saved: &Saved, tidy: Tidy) -> Result<Option<PathBuf>, Error> {
    check_tidy(saved, tidy)?;
    // Not from under a session that has the game open.
    let _held = crate::store::GameFile::hold(&saved.path)?;
    let failed = |e: std::io::Error| Error::File {
        path: saved.path.clone(),
        problem: e.to_string(),
    };
    match tidy {
        Tidy::Remove => {
            fs::remove_file(&saved.path).map_err(failed)?;
            Ok(None)
        }
        Tidy::Archive => {
            let dir = archive_dir(dirs);
            fs::create_dir_all(&dir).map_err(failed)?;
            let mut to = dir.join(format!("{}.toml", saved.name));
            let mut n = 2;
            while to.exists() {
                to = dir.join(format!("{}-{n}.toml", saved.name));
                n += 1;
            }
            fs::rename(&saved.path, &to).map_err(failed)?;
            Ok(Some(to))
        }
    }
}

/// Every game file for statistics: the saved games and the archived ones.
pub(crate) fn all_game_files(dirs: &Dirs) -> Vec<PathBuf> {
    let mut files = dirs.saved_games();
    if let Ok(entries) = fs::read_dir(archive_dir(dirs)) {
        let mut archived: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        archived.sort();
        files.extend(archived);
    }
    files
}

/// A game file passed over, and why.
pub type Skipped = (PathBuf, String);

/// Every game file of every game of the family scored, for statistics: the games, and the
/// files passed over.
pub fn scored_games(dirs: &Dirs) -> (Vec<Box<dyn Scored>>, Vec<Skipped>) {
    let mut games = Vec::new();
    let mut skipped = Vec::new();
    for path in all_game_files(dirs) {
        match read_scored(&path) {
            Ok(game) => games.push(game),
            Err(e) => skipped.push((path, e.to_string())),
        }
    }
    (games, skipped)
}

/// The most recent saved game that is not over, if any (damaged files are passed over).
pub fn last_unfinished(dirs: &Dirs) -> Option<(PathBuf, Summary)> {
    dirs.saved_games().into_iter().take(20).find_map(|path| {
        let summary = read_scored(&path).ok()?.summary();
        (!summary.finished).then_some((path, summary))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(root: &Path) -> Dirs {
        Dirs {
            data: root.to_path_buf(),
            state: root.to_path_buf(),
            config: root.to_path_buf(),
        }
    }

    /// A game of one round, written by hand, in which the second player knocks with 3
    /// and every other holds 40.
    fn game(players: &[&str], target: u32) -> String {
        let quoted: Vec<String> = players.iter().map(|p| format!("\"{p}\"")).collect();
        let mut text = format!(
            "players = [{}]\n[rules]\ntarget = {target}\n[[round]]\nknocker = \"{}\"\n[round.hands]\n",
            quoted.join(", "),
            players[1]
        );
        for (i, p) in players.iter().enumerate() {
            text.push_str(&format!("{p} = {}\n", if i == 1 { 3 } else { 40 }));
        }
        text
    }

    fn saved(dirs: &Dirs, name: &str, game: &str) -> PathBuf {
        let path = dirs.games().join(format!("{name}.toml"));
        store::write_atomically(&path, game).unwrap();
        path
    }

    #[test]
    fn games_are_listed_with_players_round_leader_and_whether_finished() {
        let root = tempfile::tempdir().unwrap();
        let d = dirs(root.path());
        saved(&d, "friday", &game(&["ann", "ben", "cy"], 50));
        saved(&d, "monday", &game(&["ann", "ben"], 150));
        fs::write(d.games().join("broken.toml"), "players = [").unwrap();
        let list = list(&d);
        assert_eq!(list.len(), 3);
        let friday = list.iter().find(|s| s.name == "friday").unwrap();
        let summary = friday.summary.as_ref().unwrap();
        assert!(summary.finished);
        assert_eq!(summary.round, 1);
        assert_eq!(summary.leaders, vec!["ben".to_string()]);
        let monday = list.iter().find(|s| s.name == "monday").unwrap();
        let summary = monday.summary.as_ref().unwrap();
        assert!(!summary.finished);
        assert_eq!(summary.round, 2);
        assert_eq!(summary.score, 37);
        let broken = list.iter().find(|s| s.name == "broken").unwrap();
        assert!(broken.summary.is_none() && broken.damaged.is_some());
    }

    #[test]
    fn a_game_is_picked_by_number_whole_name_or_a_part_only_it_holds() {
        let root = tempfile::tempdir().unwrap();
        let d = dirs(root.path());
        saved(&d, "2025-11-20-ann-ben", &game(&["ann", "ben"], 150));
        saved(&d, "2025-11-21-ann-cy", &game(&["ann", "cy"], 150));
        let list = list(&d);
        assert_eq!(pick(&list, "1").unwrap().number, 1);
        assert_eq!(pick(&list, "ann-cy").unwrap().name, "2025-11-21-ann-cy");
        assert_eq!(
            pick(&list, "2025-11-20-ann-ben.toml").unwrap().name,
            "2025-11-20-ann-ben"
        );
        let err = pick(&list, "ann").unwrap_err().to_string();
        assert!(err.contains("2 saved games are called that"), "{err}");
        assert!(
            pick(&list, "3")
                .unwrap_err()
                .to_string()
                .contains("numbered 1 to 2")
        );
        assert!(pick(&list, "0").is_err());
        assert!(
            pick(&list, "zed")
                .unwrap_err()
                .to_string()
                .contains("\"zed\"")
        );
    }

    #[test]
    fn a_finished_or_unfinished_game_is_archived_or_removed_but_never_one_held_open() {
        let root = tempfile::tempdir().unwrap();
        let d = dirs(root.path());
        let done = saved(&d, "done", &game(&["ann", "ben", "cy"], 50));
        let going = saved(&d, "going", &game(&["ann", "ben"], 150));
        let list = list(&d);
        let going_entry = pick(&list, "going").unwrap();
        {
            // Open in a session: its lock keeps it.
            let _open = crate::store::GameFile::hold(&going).unwrap();
            assert!(tidy(&d, going_entry, Tidy::Remove).is_err());
            assert!(going.exists());
        }
        // A game started by mistake, not finished, is removed like any other.
        assert_eq!(tidy(&d, going_entry, Tidy::Remove).unwrap(), None);
        assert!(!going.exists());
        let to = tidy(&d, pick(&list, "done").unwrap(), Tidy::Archive)
            .unwrap()
            .unwrap();
        assert!(!done.exists() && to.exists());
        assert_eq!(to, archive_dir(&d).join("done.toml"));
        // Out of the list, still a game file for the statistics.
        assert_eq!(super::list(&d).len(), 0);
        assert_eq!(all_game_files(&d).len(), 1);
    }

    /// Everything the family's tools read of a scored game, in words.
    fn as_read(game: &dyn Scored) -> String {
        let look = crate::render::look::Look::plain(100);
        let csv = crate::family::export(game, crate::export::Format::Csv).unwrap();
        format!(
            "{:?}\n{}\n{}\n{:?}\n{csv}",
            game.summary(),
            crate::render::board::scoreboard(&game.board(), look),
            serde_json::to_string(&game.tally_json()).unwrap(),
            game.series(),
        )
    }

    /// Whether a record is scored a round at a time (not read whole).
    fn read_by_round(text: &str) -> bool {
        use crate::games::canadian::{self, Variant};
        match crate::games::of_record(text).unwrap().name() {
            "canadian" => canadian::scored_by_round(text, Variant::Canadian).is_some(),
            "carolina" => canadian::scored_by_round(text, Variant::Carolina).is_some(),
            _ => crate::games::manipulation::scored_by_round(text).is_some(),
        }
    }

    /// Every shipped example, as a record written by hand and as the referee saves the game
    /// its script plays (with its log), is listed, tallied, exported and charted from its
    /// rounds alone exactly as the game its log replays says: Carousel, Canadian and Carolina.
    #[test]
    fn a_listing_read_from_the_rounds_agrees_with_a_full_replay_for_every_shipped_example() {
        let root = tempfile::tempdir().unwrap();
        let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
        let mut files: Vec<PathBuf> = fs::read_dir(&examples)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        let mut kinds = std::collections::BTreeSet::new();
        for example in &files {
            let path = match example.extension().and_then(|e| e.to_str()) {
                Some("toml") => example.clone(),
                Some("carousel") => {
                    let path = root.path().join(format!("{}.toml", stem(example)));
                    let script = fs::read_to_string(example).unwrap();
                    let look = crate::render::look::Look::plain(80);
                    let (mut c, _) = crate::console::Console::captured(&script, look, true);
                    let args = crate::repl::PlayArgs {
                        game: Some(path.clone()),
                        rules: None,
                        echo: false,
                        share: None,
                    };
                    crate::repl::run_with(&args, Some(dirs(root.path())), &mut c);
                    path
                }
                _ => continue,
            };
            let text = fs::read_to_string(&path).unwrap();
            let listed = read_scored(&path).unwrap();
            let replayed = read_game(&path, &text).unwrap().scored();
            assert_eq!(
                as_read(listed.as_ref()),
                as_read(replayed.as_ref()),
                "{}",
                example.display()
            );
            assert!(read_by_round(&text), "{}", example.display());
            let saved = list(&dirs(root.path()));
            assert!(saved.iter().all(|s| s.damaged.is_none()), "{saved:?}");
            kinds.insert(listed.kind().name());
        }
        assert_eq!(kinds.len(), 3, "{kinds:?}");
    }

    /// A record (written by hand, so with no checksum) whose rounds its log does not give:
    /// the list shows what its rounds say; going on with it is refused, the file as it was.
    #[test]
    fn a_record_whose_log_disagrees_with_its_rounds_is_listed_from_its_rounds_and_refused_at_resume()
     {
        let root = tempfile::tempdir().unwrap();
        let d = dirs(root.path());
        let mut text = game(&["ann", "ben"], 150);
        text.push_str("[play]\nlog = [\"round knock ann ann=0 ben=50\"]\n");
        let path = saved(&d, "edited", &text);
        let listed = list(&d);
        let summary = listed[0].summary.as_ref().unwrap();
        assert_eq!((summary.round, summary.score), (2, 37));
        assert_eq!(summary.leaders, ["ben"]);
        assert!(matches!(
            read_game(&path, &text),
            Err(Error::Damaged { .. })
        ));
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
    }

    #[test]
    fn dates_are_utc_minutes() {
        let t = UNIX_EPOCH + std::time::Duration::from_secs(20_412 * 86_400 + 3_600 * 21 + 65);
        assert_eq!(date_time(t), "2025-11-20 21:01");
    }
}
