//! Where games are kept: the game record saved atomically after every step, and the
//! places of the user's files (games, line history, house rules) by the XDG conventions.
//!
//! What a save promises:
//! - **atomic**: a temporary file beside the record, made new under a name no one can guess,
//!   is written, synced to disk, then renamed over it, and the directory is synced, so a
//!   killed session leaves the old record or the new one, never half of one. A temporary
//!   file a kill left behind is removed when the game is next opened.
//! - **whole**: the referee's record ends with a mark holding a checksum of everything before
//!   it (`# carousel-end crc32:...`), written last. A record that begins as the referee writes
//!   it but lacks its mark, or whose mark does not match, was cut short or changed: it is
//!   reported as damaged, with its line (or, for a change, what the change breaks), and never
//!   overwritten. A record written by hand has no mark and is read as it is.
//! - **locked**: a session that holds a game locks it ([`GameFile`]); a second session is told
//!   which process holds it and is refused. A record changed on disk behind the session's
//!   back is not overwritten. The lock file is never a link followed nor another file
//!   written: anything else found in its place is refused, and left as it is.
//! - **in place**: a symbolic link is followed and the record written beside its target; the
//!   record keeps its permissions.
//! - **never over a game**: a file another command writes (an export, a chart) goes through
//!   [`may_write`]: a game's record and a file a session holds are never written over, and
//!   any other file that exists only when the user says so.

use crate::error::{Damage, Error};
use crate::error::{Holder, LockFound, Overwrite};
use crate::seal;
use std::fs;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

fn file_error(path: &Path, err: impl std::fmt::Display) -> Error {
    Error::File {
        path: path.to_path_buf(),
        problem: err.to_string(),
    }
}

/// Reads a record the referee saved, checked whole ([`seal::check`]): the text, or
/// [`Error::Damaged`] naming the file and the line.
pub fn read_whole(path: &Path) -> Result<String, Error> {
    let text = read_text(path)?;
    seal::check(&text).map_err(|unsealed| Error::Damaged {
        path: path.to_path_buf(),
        problem: Damage::Unsealed(unsealed),
    })?;
    Ok(text)
}

/// The most a game record or a rules file may hold. No real game comes near it (a game of
/// 400 rounds with its log is under 1 MB); past it a file is refused at once rather than
/// read for minutes.
pub const MOST_BYTES: u64 = 10 * 1024 * 1024;

/// Opens a game record or a rules file to read: a regular file (not a pipe or a device,
/// which could block or never end) of at most [`MOST_BYTES`]. The file is read through
/// [`Read::take`] of one byte more, so one that grew since is seen to be too large.
pub fn open_bounded(path: &Path) -> Result<(std::io::Take<fs::File>, u64), Error> {
    let meta = fs::metadata(path).map_err(|e| file_error(path, e))?;
    if !meta.is_file() {
        return Err(Error::NotAFile {
            path: path.to_path_buf(),
        });
    }
    if meta.len() > MOST_BYTES {
        return Err(too_large(path));
    }
    let file = fs::File::open(path).map_err(|e| file_error(path, e))?;
    Ok((file.take(MOST_BYTES + 1), meta.len()))
}

fn too_large(path: &Path) -> Error {
    Error::TooLarge {
        path: path.to_path_buf(),
        most: MOST_BYTES,
    }
}

/// Reads a game record or a rules file whole ([`open_bounded`]).
fn read_bounded(path: &Path) -> Result<Vec<u8>, Error> {
    let (mut file, len) = open_bounded(path)?;
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.read_to_end(&mut bytes)
        .map_err(|e| file_error(path, e))?;
    if bytes.len() as u64 > MOST_BYTES {
        return Err(too_large(path));
    }
    Ok(bytes)
}

/// Reads a file as text; bytes that are not UTF-8 are reported with their line and column.
pub fn read_text(path: &Path) -> Result<String, Error> {
    let bytes = read_bounded(path)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
        let column = at
            - bytes[..at]
                .iter()
                .rposition(|b| *b == b'\n')
                .map_or(0, |p| p + 1)
            + 1;
        Error::Damaged {
            path: path.to_path_buf(),
            problem: Damage::NotText {
                line,
                column,
                byte: bytes[at],
            },
        }
    })
}

/// The file a path names, following symbolic links (up to 40, as the system does), so a
/// save replaces the target rather than the link.
pub(crate) fn resolve(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => match fs::read_link(&path) {
                Ok(target) => {
                    path = match path.parent() {
                        Some(dir) => dir.join(target),
                        None => target,
                    }
                }
                Err(_) => break,
            },
            _ => break,
        }
    }
    path
}

fn dir_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn temp_prefix(path: &Path) -> String {
    let name = path
        .file_name()
        .map_or_else(|| "game".into(), |n| n.to_string_lossy().into_owned());
    format!(".{name}.")
}

/// How many random letters and digits name a temporary save, after `.NAME.`.
const TEMP_RANDOM: usize = 10;

/// Writes `text` to `path` atomically: a temporary file beside it, made new under a name no
/// one can guess (`.NAME.` and random letters and digits, `.tmp`), synced, then renamed
/// over it; the directory is synced. A symbolic link is followed; the file keeps its
/// permissions, and a new one gets those new files get (0666 less the umask).
pub fn write_atomically(path: &Path, text: &str) -> Result<(), Error> {
    write_atomically_with(path, |out| out.write_all(text.as_bytes()))
}

/// [`write_atomically`] of what `write` writes, as it writes it (through a buffer): a long
/// export goes to its file without ever being held whole.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
    let path = resolve(path);
    let dir = dir_of(&path);
    fs::create_dir_all(&dir).map_err(|e| file_error(&dir, e))?;
    let permissions = fs::metadata(&path).ok().map(|m| m.permissions());
    let written = (|| {
        let prefix = temp_prefix(&path);
        let mut builder = tempfile::Builder::new();
        builder
            .prefix(&prefix)
            .suffix(".tmp")
            .rand_bytes(TEMP_RANDOM);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // Made with the mode a file created anew has (the umask applies), not 0600.
            builder.permissions(fs::Permissions::from_mode(0o666));
        }
        let mut temp = builder.tempfile_in(&dir)?;
        if let Some(permissions) = permissions {
            temp.as_file().set_permissions(permissions)?;
        }
        {
            let mut out = std::io::BufWriter::new(&mut temp);
            write(&mut out)?;
            out.flush()?;
        }
        temp.as_file().sync_all()?;
        // A failed rename drops the temporary file, which removes it.
        temp.persist(&path).map_err(|e| e.error)?;
        Ok::<(), std::io::Error>(())
    })();
    if let Err(err) = written {
        return Err(file_error(&path, err));
    }
    // The rename itself is made durable by syncing the directory (where the system allows).
    if let Ok(dir) = fs::File::open(&dir) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Whether a command may write a file at `path` (an export, a chart): yes when nothing is
/// there, or when `replace` is said and what is there is a file that is no game. A file a
/// session holds ([`GameFile`]) and a game's record (of any game of the family, even one
/// written by hand or cut short) are never written over, `replace` or not. The one check
/// every writer of such a file makes, before [`write_atomically`]: see [`write_file`].
pub fn may_write(path: &Path, replace: bool) -> Result<(), Error> {
    let shown = || path.to_path_buf();
    let target = resolve(path);
    if let Some(holder) = held_by(&target) {
        return Err(Overwrite::Held {
            path: shown(),
            holder,
        }
        .into());
    }
    let meta = match fs::metadata(&target) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(file_error(path, e)),
    };
    if !meta.is_file() {
        return Err(Overwrite::NotAFile { path: shown() }.into());
    }
    if holds_game(&target).map_err(|e| file_error(path, e))? {
        return Err(Overwrite::Game { path: shown() }.into());
    }
    if !replace {
        return Err(Overwrite::Exists { path: shown() }.into());
    }
    Ok(())
}

/// Writes a file a command makes (an export, a chart) at `path`, atomically, when
/// [`may_write`] allows it (`replace`: the user said a file that is no game may be
/// replaced); otherwise nothing is written.
pub fn write_file(path: &Path, text: &str, replace: bool) -> Result<(), Error> {
    write_file_with(path, replace, |out| out.write_all(text.as_bytes()))
}

/// [`write_file`] of what `write` writes, as it writes it ([`write_atomically_with`]).
pub fn write_file_with(
    path: &Path,
    replace: bool,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
    may_write(path, replace)?;
    write_atomically_with(path, write)
}

/// Whether the file at `path` holds a game record: it carries the referee's header or end
/// mark (so one cut short or changed counts), or it reads as a record (a TOML table with
/// its `players`), as one written by hand does.
fn holds_game(path: &Path) -> std::io::Result<bool> {
    /// A record is far shorter; a longer file is looked at its two ends only.
    const READ: u64 = 1 << 20;
    let mut file = fs::File::open(path)?;
    let mut bytes = Vec::new();
    (&mut file).take(READ).read_to_end(&mut bytes)?;
    let whole = (bytes.len() as u64) < READ;
    if !whole {
        // The end mark is the last line.
        let mut tail = Vec::new();
        file.seek(SeekFrom::End(-4096))?;
        file.read_to_end(&mut tail)?;
        bytes.extend_from_slice(b"\n");
        bytes.extend_from_slice(&tail);
    }
    let text = String::from_utf8_lossy(&bytes);
    if seal::is_the_referees(&text) {
        return Ok(true);
    }
    Ok(whole
        && toml::from_str::<toml::Table>(&text)
            .is_ok_and(|table| table.get("players").is_some_and(toml::Value::is_array)))
}

/// The lock of the game whose record is `target` (symbolic links followed): `.NAME.lock`
/// beside it.
fn lock_path_of(target: &Path) -> PathBuf {
    dir_of(target).join(format!("{}lock", temp_prefix(target)))
}

/// Which session holds the game whose record is `target`, if one does: its lock is taken.
fn held_by(target: &Path) -> Option<Holder> {
    let lock = open_lock(&lock_path_of(target), false).ok()?;
    if !lock.metadata().is_ok_and(|m| m.is_file()) {
        return None;
    }
    match fs4::FileExt::try_lock(&lock) {
        Err(fs4::TryLockError::WouldBlock) => Some(holder(&lock)),
        // Taken here, it is let go as the file is closed.
        _ => None,
    }
}

/// The session that holds `lock`: the process its lock file names. A session writes its
/// number just after taking the lock, so an empty file is read again for a moment before
/// the holder is said without it.
fn holder(lock: &fs::File) -> Holder {
    for _ in 0..50 {
        let mut text = String::new();
        let _ = (&*lock).seek(SeekFrom::Start(0));
        let _ = lock.take(100).read_to_string(&mut text);
        let process = text
            .trim()
            .strip_prefix("process ")
            .and_then(|n| n.parse().ok());
        if process.is_some() {
            return Holder { process };
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    Holder { process: None }
}

/// Opens a lock file, to take its lock (`create`: read and written, made when missing) or
/// to look at it. A symbolic link is not followed, and a pipe does not hold the opening up.
fn open_lock(lock_path: &Path, create: bool) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options
        .read(true)
        .write(create)
        .create(create)
        .truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options.open(lock_path)
}

/// A saved game's text read by `read` (a game's reader: the record, its log replayed).
/// Anything that is not a game the referee can go on with is [`Error::Damaged`], naming the
/// file and the trouble; the file is not touched.
pub fn read_game<T>(
    path: &Path,
    text: &str,
    read: impl Fn(&str) -> Result<T, Error>,
) -> Result<T, Error> {
    let damaged = |problem: Damage| Error::Damaged {
        path: path.to_path_buf(),
        problem,
    };
    let unreadable = |e: Error| damaged(Damage::Unreadable(Box::new(e)));
    match seal::check(text) {
        Ok(()) => read(text).map_err(unreadable),
        // Changed, not cut: when the change breaks the game, that says more (which round,
        // which key, the fix to type) than the checksum does. Either way it is refused.
        Err(unsealed) if unsealed.is_change() => match read(text) {
            Err(e) => Err(unreadable(e)),
            Ok(_) => Err(damaged(Damage::Unsealed(unsealed))),
        },
        Err(unsealed) => Err(damaged(Damage::Unsealed(unsealed))),
    }
}

/// A game file held by this session: locked against other sessions while the value lives,
/// and saved only over what this session last read or wrote there.
///
/// The lock is an advisory lock on `.NAME.lock` beside the record (the record itself is
/// replaced by every save, so it cannot carry the lock); the lock file names the process
/// that holds it. The system releases the lock when the process ends, however it ends. The
/// lock file is opened without following a symbolic link, and written only when it is one
/// regular file of one name ([`Error::NotALock`] otherwise).
#[derive(Debug)]
pub struct GameFile {
    /// The path as the player gave it, to show.
    shown: PathBuf,
    /// The file written: the path with symbolic links followed.
    target: PathBuf,
    /// `None` when the directory cannot be written: the game can be read and played, and
    /// its saves fail (each said) until `save FILE` writes it elsewhere.
    lock: Option<fs::File>,
    lock_path: PathBuf,
    /// A checksum of what the record held when this session last read or wrote it; `None`
    /// while it does not exist.
    known: Option<u32>,
}

impl GameFile {
    /// Locks the game at `path` without reading it, to move or remove it: refused while
    /// another session holds it.
    pub fn hold(path: &Path) -> Result<GameFile, Error> {
        let target = resolve(path);
        let dir = dir_of(&target);
        let prefix = temp_prefix(&target);
        let lock_path = lock_path_of(&target);
        let lock = lock(path, &lock_path)?;
        remove_stale_temps(&dir, &prefix);
        Ok(GameFile {
            shown: path.to_path_buf(),
            target,
            lock,
            lock_path,
            known: None,
        })
    }

    /// Locks the game at `path` and reads its text when it exists (`None` when it does not
    /// yet), for the caller to read as its game. Another session's lock is an error and
    /// nothing is changed. Temporary files left by a killed session are removed.
    pub fn open_text(path: &Path) -> Result<(GameFile, Option<String>), Error> {
        let target = resolve(path);
        let dir = dir_of(&target);
        fs::create_dir_all(&dir).map_err(|e| file_error(&dir, e))?;
        let prefix = temp_prefix(&target);
        let lock_path = lock_path_of(&target);
        let lock = lock(path, &lock_path)?;
        remove_stale_temps(&dir, &prefix);
        // Made before the record is read, so a damaged one still lets go of the lock file.
        let mut file = GameFile {
            shown: path.to_path_buf(),
            target,
            lock,
            lock_path,
            known: None,
        };
        let text = if file.target.exists() {
            let text = read_text(&file.target)?;
            file.known = Some(crc32fast::hash(text.as_bytes()));
            Some(text)
        } else {
            None
        };
        Ok((file, text))
    }

    /// The path as the player gave it.
    pub fn path(&self) -> &Path {
        &self.shown
    }

    /// Whether the record is on disk: not yet, for a file kept for a new game.
    pub fn exists(&self) -> bool {
        self.target.exists()
    }

    /// Whether `path` names this game's file (by another spelling or a link too).
    pub fn is(&self, path: &Path) -> bool {
        let target = resolve(path);
        match (fs::canonicalize(&target), fs::canonicalize(&self.target)) {
            (Ok(a), Ok(b)) => a == b,
            _ => target == self.target,
        }
    }

    /// Whether the game could not be locked, its directory not writable (so no save can
    /// succeed there either).
    pub fn unlocked(&self) -> bool {
        self.lock.is_none()
    }

    /// How many names (hard links) the record has; a save makes a new file, so the other
    /// names keep the record as it was.
    pub fn links(&self) -> u64 {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            fs::metadata(&self.target).map_or(1, |m| m.nlink())
        }
        #[cfg(not(unix))]
        {
            1
        }
    }

    /// Saves a game's whole text ([`sealed`]), unless the record on disk is no longer what
    /// this session last read or wrote (changed by hand or by another program): then
    /// nothing is written.
    pub fn save_text(&mut self, text: &str) -> Result<(), Error> {
        let on_disk = match fs::read(&self.target) {
            Ok(bytes) => Some(crc32fast::hash(&bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(file_error(&self.shown, e)),
        };
        if on_disk.is_some() && on_disk != self.known {
            return Err(Error::File {
                path: self.shown.clone(),
                problem: "the file was changed on disk since this session last read or saved it, so it was not overwritten"
                    .to_string(),
            });
        }
        write_atomically(&self.target, text).map_err(|e| match e {
            Error::File { problem, .. } => file_error(&self.shown, problem),
            e => e,
        })?;
        self.known = Some(crc32fast::hash(text.as_bytes()));
        Ok(())
    }
}

impl Drop for GameFile {
    /// Removes the lock file while still holding its lock (a session that opened it
    /// meanwhile sees it is gone, see `lock` below); a killed session leaves it, unlocked.
    fn drop(&mut self) {
        if let Some(lock) = &self.lock {
            let _ = fs::remove_file(&self.lock_path);
            let _ = fs4::FileExt::unlock(lock);
        }
    }
}

/// Takes the lock of the game at `path` (shown in messages) in `lock_path`, or says which
/// process holds it. The lock is taken on the file the path names after the lock is
/// held: a lock file removed by the session that left in between is opened again.
fn lock(path: &Path, lock_path: &Path) -> Result<Option<fs::File>, Error> {
    for _ in 0..10 {
        let lock = match open_lock(lock_path, true) {
            Ok(lock) => lock,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
                ) =>
            {
                return Ok(None);
            }
            Err(e) => {
                return Err(match fs::symlink_metadata(lock_path) {
                    Ok(meta) if meta.file_type().is_symlink() => {
                        not_a_lock(lock_path, LockFound::Link)
                    }
                    _ => file_error(lock_path, e),
                });
            }
        };
        // Only a file this program made is a lock: one regular file of one name.
        let meta = lock.metadata().map_err(|e| file_error(lock_path, e))?;
        if !meta.is_file() {
            return Err(not_a_lock(lock_path, LockFound::NotAFile));
        }
        if names(&meta) > 1 {
            return Err(not_a_lock(lock_path, LockFound::OtherNames));
        }
        match fs4::FileExt::try_lock(&lock) {
            Ok(()) => {}
            Err(fs4::TryLockError::WouldBlock) => {
                return Err(Error::HeldElsewhere {
                    path: path.to_path_buf(),
                    holder: holder(&lock),
                    game: path.exists(),
                });
            }
            Err(fs4::TryLockError::Error(e)) => return Err(file_error(lock_path, e)),
        }
        if same_file(&lock, lock_path) {
            let _ = lock.set_len(0);
            let _ = (&lock).write_all(format!("process {}\n", std::process::id()).as_bytes());
            return Ok(Some(lock));
        }
    }
    Err(file_error(lock_path, "the lock file keeps changing"))
}

fn not_a_lock(lock_path: &Path, found: LockFound) -> Error {
    Error::NotALock {
        path: lock_path.to_path_buf(),
        found,
    }
}

/// How many names (hard links) a file has.
fn names(meta: &fs::Metadata) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink()
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        1
    }
}

/// Whether the open `file` is still the one `path` names (a link at `path` is not).
fn same_file(file: &fs::File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::symlink_metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

/// Removes `PREFIX*.tmp` files in `dir`, `*` letters and digits: temporary saves of a
/// session that was killed before it could rename them, named with random letters and
/// digits (by a session before, with its process number). The caller holds the game's lock,
/// so none is in use; another game's (`.NAME.x.toml.*.tmp`) has a dot, and is left.
fn remove_stale_temps(dir: &Path, prefix: &str) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if let Some(middle) = name
            .strip_prefix(prefix)
            .and_then(|r| r.strip_suffix(".tmp"))
            && !middle.is_empty()
            && middle.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            let _ = fs::remove_file(entry.path());
        }
    }
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

    /// The list of games played in files outside the games directory (`carousel play FILE`),
    /// one path a line, so `games`, `resume` and `stats` find them too.
    fn elsewhere_list(&self) -> PathBuf {
        self.data.join("games-elsewhere.txt")
    }

    /// The games played elsewhere that are still there, and those whose file has gone.
    pub fn elsewhere(&self) -> (Vec<PathBuf>, Vec<PathBuf>) {
        let text = fs::read_to_string(self.elsewhere_list()).unwrap_or_default();
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(PathBuf::from)
            .partition(|p| p.is_file())
    }

    /// Remembers a game played in `path`, when it is outside the games directory. Best
    /// effort: a list that cannot be written loses no game, only its place in `games`.
    pub fn remember(&self, path: &Path) {
        let Ok(path) = path.canonicalize() else {
            return;
        };
        let games = self.games().canonicalize().unwrap_or_else(|_| self.games());
        if path.starts_with(&games) {
            return;
        }
        let (mut present, gone) = self.elsewhere();
        if present.contains(&path) {
            return;
        }
        present.push(path);
        self.write_elsewhere(&present, &gone);
    }

    /// Drops the games played elsewhere whose file has gone; gives their paths, to be said.
    pub fn forget_gone(&self) -> Vec<PathBuf> {
        let (present, gone) = self.elsewhere();
        if !gone.is_empty() {
            self.write_elsewhere(&present, &[]);
        }
        gone
    }

    fn write_elsewhere(&self, present: &[PathBuf], gone: &[PathBuf]) {
        let text: String = present
            .iter()
            .chain(gone)
            .filter_map(|p| p.to_str())
            .filter(|p| !p.contains('\n'))
            .map(|p| format!("{p}\n"))
            .collect();
        let _ = write_atomically(&self.elsewhere_list(), &text);
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
        let mut stem = format!(
            "{}-{}",
            today(),
            players.join("-").to_lowercase().replace(' ', "_")
        );
        // A file name holds 255 bytes on most systems: five long names of 4-byte letters
        // would not fit, so the names are cut (at a letter) to leave room for `-NN.toml`.
        if stem.len() > STEM_LONGEST {
            let cut = (0..=STEM_LONGEST)
                .rev()
                .find(|i| stem.is_char_boundary(*i))
                .unwrap_or(0);
            stem.truncate(cut);
        }
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
        self.saved_games_changed()
            .into_iter()
            .map(|(_, p)| p)
            .collect()
    }

    /// The saved games with when each was last changed, the most recent first.
    pub fn saved_games_changed(&self) -> Vec<(SystemTime, PathBuf)> {
        let mut paths: Vec<PathBuf> = fs::read_dir(self.games())
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                    .collect()
            })
            .unwrap_or_default();
        paths.extend(self.elsewhere().0);
        let mut games: Vec<(SystemTime, PathBuf)> = paths
            .into_iter()
            .map(|p| {
                let changed = fs::metadata(&p)
                    .and_then(|m| m.modified())
                    .unwrap_or(UNIX_EPOCH);
                (changed, p)
            })
            .collect();
        games.sort_by(|a, b| b.cmp(a));
        games
    }
}

/// Longest stem of a new game's file name, in bytes.
const STEM_LONGEST: usize = 200;

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
    use crate::error::{RecordKey, RecordPlace, RecordProblem};

    /// A game's record as a referee saves it.
    fn game() -> String {
        seal::sealed(
            "Carousel",
            "players = [\"alice\", \"bob\", \"carol\"]\n\n[play]\nfirst-dealer = \"alice\"\nlog = [\"bob: draw\"]\n",
        )
    }

    fn save(path: &Path, text: &str) -> Result<(), Error> {
        write_atomically(path, text)
    }

    /// A reader that takes any TOML table with players as a game.
    fn load(path: &Path) -> Result<String, Error> {
        let text = read_text(path)?;
        read_game(path, &text, |text| {
            let table: toml::Table = toml::from_str(text).map_err(|e| {
                RecordProblem::Toml {
                    message: e.message().to_string(),
                }
                .at(RecordPlace::Whole)
            })?;
            match table.get("players") {
                Some(_) => Ok(text.to_string()),
                None => Err(RecordProblem::Players {
                    error: Box::new(Error::PlayerCount(0)),
                }
                .at(RecordPlace::Key(RecordKey::Players))),
            }
        })
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
        let bad = "games = [\"alice\", \"bob\"]\n";
        fs::write(&path, bad).unwrap();
        let err = load(&path).unwrap_err();
        assert!(matches!(err, Error::Damaged { .. }));
        let message = err.to_string();
        assert!(
            message.contains("is damaged and was left as it is"),
            "{message}"
        );
        assert!(
            message.contains("players: Carousel is played by 2 to 5 players, not 0"),
            "{message}"
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), bad);
        fs::write(&path, "players = [\"alice\", \"bob\"\n").unwrap();
        assert!(matches!(load(&path), Err(Error::Damaged { .. })));
        let missing = load(&dir.path().join("none.toml")).unwrap_err();
        assert!(matches!(missing, Error::File { .. }));
        // A saved game cut short says so, and where; one changed so that it still reads
        // says it was changed.
        let saved = game();
        let cut = &saved[..saved.find("\n[play]").unwrap()];
        fs::write(&path, cut).unwrap();
        assert_eq!(
            load(&path).unwrap_err().to_string(),
            format!(
                "{} is damaged and was left as it is: the record ends at line 7 without its end mark (# carousel-end crc32:...): it was cut short",
                path.display()
            )
        );
        fs::write(&path, saved.replace("bob: draw", "bob: drew")).unwrap();
        let changed = load(&path).unwrap_err();
        assert!(
            matches!(
                &changed,
                Error::Damaged {
                    problem: Damage::Unsealed(seal::Unsealed::Changed { .. }),
                    ..
                }
            ),
            "{changed}"
        );
        fs::write(&path, b"players = [\"al\xffice\"]\n").unwrap();
        assert_eq!(
            load(&path).unwrap_err(),
            Error::Damaged {
                path: path.clone(),
                problem: Damage::NotText {
                    line: 1,
                    column: 15,
                    byte: 0xff
                }
            }
        );
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
    }

    #[test]
    fn names_of_long_four_byte_letters_still_make_a_file_name() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = Dirs {
            data: dir.path().to_path_buf(),
            state: dir.path().to_path_buf(),
            config: dir.path().to_path_buf(),
        };
        let name = "𝒜".repeat(24);
        let players = vec![name.clone(), format!("{name}b"), format!("{name}c")];
        let path = dirs.new_game_file(&players);
        assert!(path.file_name().unwrap().len() <= 255);
        save(&path, &game()).unwrap();
        assert!(
            dirs.new_game_file(&players)
                .to_string_lossy()
                .ends_with("-2.toml")
        );
    }

    #[test]
    fn may_write_never_over_a_game_or_a_held_file_and_over_another_only_when_said() {
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        let refused = |name: &str, replace: bool| match may_write(&at(name), replace) {
            Err(Error::Overwrite(why)) => Some(why),
            Err(other) => panic!("{other}"),
            Ok(()) => None,
        };
        assert_eq!(refused("new.csv", false), None);
        fs::write(at("notes.csv"), "a,b\n").unwrap();
        assert!(matches!(
            refused("notes.csv", false),
            Some(Overwrite::Exists { .. })
        ));
        assert_eq!(refused("notes.csv", true), None);
        // A record the referee saved, one cut short, one written by hand: games, all.
        save(&at("g.toml"), &game()).unwrap();
        let saved = fs::read_to_string(at("g.toml")).unwrap();
        fs::write(at("cut.toml"), &saved[..saved.len() / 3]).unwrap();
        fs::write(at("hand.toml"), "players = [\"ann\", \"ben\"]\n").unwrap();
        for name in ["g.toml", "cut.toml", "hand.toml"] {
            assert!(
                matches!(refused(name, true), Some(Overwrite::Game { .. })),
                "{name}"
            );
        }
        // A link to a game is the game.
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(at("g.toml"), at("link.csv")).unwrap();
            assert!(matches!(
                refused("link.csv", true),
                Some(Overwrite::Game { .. })
            ));
        }
        // A file a session holds, game or not yet, is the session's.
        let held = GameFile::hold(&at("notes.csv")).unwrap();
        assert!(matches!(
            refused("notes.csv", true),
            Some(Overwrite::Held { .. })
        ));
        drop(held);
        assert_eq!(refused("notes.csv", true), None);
        assert!(matches!(
            refused(".", true),
            Some(Overwrite::NotAFile { .. })
        ));
        // write_file writes only what may_write allows.
        assert!(write_file(&at("g.toml"), "x", true).is_err());
        assert_eq!(fs::read_to_string(at("g.toml")).unwrap(), saved);
        write_file(&at("notes.csv"), "c,d\n", true).unwrap();
        assert_eq!(fs::read_to_string(at("notes.csv")).unwrap(), "c,d\n");
    }

    /// The temporary file of a save is made new, under a name no one can guess: a file or a
    /// link planted under the name a save once used (`.NAME.PID.tmp`) is never written.
    #[cfg(unix)]
    #[test]
    fn a_save_never_writes_through_a_planted_temporary_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.toml");
        let precious = dir.path().join("precious.txt");
        fs::write(&precious, "keep me\n").unwrap();
        let planted = dir
            .path()
            .join(format!(".g.toml.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&precious, &planted).unwrap();
        save(&path, &game()).unwrap();
        assert_eq!(fs::read_to_string(&precious).unwrap(), "keep me\n");
        assert!(
            fs::symlink_metadata(&planted)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(
            !fs::symlink_metadata(&path)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(load(&path).unwrap(), game());
        // Only the record, the planted link and the file it names are there.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 3);
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_412), (2025, 11, 20));
    }
}
