//! A folder opened once as a handle, and every file below it reached from that
//! handle one plain name at a time, never through a symlink. Checking a path
//! and then using it by path can be raced (a folder swapped for a link between
//! the two); a handle keeps pointing at the folder that was opened, and a link
//! met on the way is refused by the kernel (`O_NOFOLLOW`), not followed.

use rustix::fs::{AtFlags, Mode, OFlags};
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Arc;

/// An open folder. Clones share the one handle.
#[derive(Debug, Clone)]
pub struct Dir {
    fd: Arc<OwnedFd>,
}

/// What [`Dir::entries`] found: a name and whether it is a folder, a regular
/// file or something else (a symlink, a FIFO, a device).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Folder,
    File,
    Other,
}

const DIR_FLAGS: OFlags = OFlags::DIRECTORY
    .union(OFlags::NOFOLLOW)
    .union(OFlags::CLOEXEC)
    .union(OFlags::RDONLY);

impl Dir {
    /// Opens the folder at `path` (an absolute, already resolved path; its last
    /// part must not be a symlink).
    pub fn open(path: &Path) -> io::Result<Dir> {
        let fd = rustix::fs::open(path, DIR_FLAGS, Mode::empty())?;
        Ok(Dir { fd: Arc::new(fd) })
    }

    /// The folder `name` inside this one, made first when `create` is set.
    pub fn sub(&self, name: &OsStr, create: bool) -> io::Result<Dir> {
        plain(name)?;
        if create {
            match rustix::fs::mkdirat(self.fd.as_fd(), name, Mode::from_raw_mode(0o777)) {
                Ok(()) | Err(rustix::io::Errno::EXIST) => {}
                Err(e) => return Err(e.into()),
            }
        }
        let fd = rustix::fs::openat(self.fd.as_fd(), name, DIR_FLAGS, Mode::empty())?;
        Ok(Dir { fd: Arc::new(fd) })
    }

    /// The folder holding the `/`-separated relative `path`, and its last name;
    /// folders on the way are made when `create` is set.
    pub fn parent_of<'p>(&self, path: &'p str, create: bool) -> io::Result<(Dir, &'p str)> {
        let mut parts: Vec<&str> = path.split('/').collect();
        let last = parts.pop().unwrap_or_default();
        plain(OsStr::new(last))?;
        let mut dir = self.clone();
        for part in parts {
            dir = dir.sub(OsStr::new(part), create)?;
        }
        Ok((dir, last))
    }

    /// Opens the regular file `name` here for reading.
    pub fn read_file(&self, name: &OsStr) -> io::Result<File> {
        plain(name)?;
        let fd = rustix::fs::openat(
            self.fd.as_fd(),
            name,
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NONBLOCK,
            Mode::empty(),
        )?;
        let file = File::from(fd);
        if !file.metadata()?.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a regular file",
            ));
        }
        Ok(file)
    }

    /// Creates the new file `name` here (never an existing one, never through a
    /// link), with `mode` before the umask.
    pub fn create_new(&self, name: &OsStr, mode: u32) -> io::Result<File> {
        plain(name)?;
        let fd = rustix::fs::openat(
            self.fd.as_fd(),
            name,
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::from_raw_mode(mode),
        )?;
        Ok(File::from(fd))
    }

    /// Opens `name` here for writing, creating it when missing (never through a link).
    pub fn open_or_create(&self, name: &OsStr) -> io::Result<File> {
        plain(name)?;
        let fd = rustix::fs::openat(
            self.fd.as_fd(),
            name,
            OFlags::WRONLY | OFlags::CREATE | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::from_raw_mode(0o666),
        )?;
        Ok(File::from(fd))
    }

    /// Renames `from` to `to`, both in this folder: a link named `to` is
    /// replaced, never followed.
    pub fn rename(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        plain(from)?;
        plain(to)?;
        Ok(rustix::fs::renameat(
            self.fd.as_fd(),
            from,
            self.fd.as_fd(),
            to,
        )?)
    }

    /// Removes the file (or link) `name` in this folder.
    pub fn remove_file(&self, name: &OsStr) -> io::Result<()> {
        plain(name)?;
        Ok(rustix::fs::unlinkat(
            self.fd.as_fd(),
            name,
            AtFlags::empty(),
        )?)
    }

    /// The names in this folder with their kind (links are `Other`).
    pub fn entries(&self) -> io::Result<Vec<(OsString, Kind)>> {
        let dir = rustix::fs::Dir::read_from(self.fd.as_fd())?;
        let mut found = Vec::new();
        for entry in dir {
            let entry = entry?;
            let name = OsStr::from_bytes(entry.file_name().to_bytes());
            if name == "." || name == ".." {
                continue;
            }
            let kind = match rustix::fs::statat(self.fd.as_fd(), name, AtFlags::SYMLINK_NOFOLLOW) {
                Ok(stat) => match rustix::fs::FileType::from_raw_mode(stat.st_mode) {
                    rustix::fs::FileType::Directory => Kind::Folder,
                    rustix::fs::FileType::RegularFile => Kind::File,
                    _ => Kind::Other,
                },
                Err(_) => Kind::Other,
            };
            found.push((name.to_os_string(), kind));
        }
        Ok(found)
    }

    /// The device and inode of the folder itself.
    pub fn id(&self) -> io::Result<(u64, u64)> {
        let stat = rustix::fs::fstat(self.fd.as_fd())?;
        #[allow(clippy::useless_conversion, clippy::unnecessary_cast)]
        Ok((stat.st_dev as u64, stat.st_ino as u64))
    }
}

/// Refuses anything but one plain name: no separator, no `.` or `..`, not empty.
fn plain(name: &OsStr) -> io::Result<()> {
    let bytes = name.as_bytes();
    if bytes.is_empty()
        || bytes == b"."
        || bytes == b".."
        || bytes.contains(&b'/')
        || bytes.contains(&0)
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("`{}` is not a plain name", name.to_string_lossy()),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn links_on_the_way_are_refused_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir_all(root.join("a")).unwrap();
        std::fs::create_dir_all(dir.path().join("outside")).unwrap();
        std::fs::write(dir.path().join("outside/secret"), "s").unwrap();
        std::os::unix::fs::symlink(dir.path().join("outside"), root.join("link")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("outside/secret"), root.join("a/file")).unwrap();
        let handle = Dir::open(&root).unwrap();
        assert!(handle.parent_of("link/x", true).is_err());
        assert!(handle.parent_of("link/x", false).is_err());
        let (a, name) = handle.parent_of("a/file", false).unwrap();
        assert!(a.read_file(OsStr::new(name)).is_err());
        assert!(a.create_new(OsStr::new(name), 0o666).is_err());
        assert!(handle.parent_of("a/../link/x", false).is_err());
        assert!(handle.parent_of("", false).is_err());
        let mut names = handle.entries().unwrap();
        names.sort();
        assert_eq!(
            names,
            vec![("a".into(), Kind::Folder), ("link".into(), Kind::Other)]
        );
        assert!(!dir.path().join("outside/x").exists());
    }

    #[test]
    fn the_handle_keeps_the_folder_that_was_opened() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("out");
        std::fs::create_dir_all(&root).unwrap();
        let handle = Dir::open(&root).unwrap();
        std::fs::rename(&root, dir.path().join("moved")).unwrap();
        std::fs::create_dir_all(dir.path().join("elsewhere")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), &root).unwrap();
        let (d, name) = handle.parent_of("x/y.txt", true).unwrap();
        d.create_new(OsStr::new(name), 0o666).unwrap();
        assert!(dir.path().join("moved/x/y.txt").exists());
        assert_eq!(
            std::fs::read_dir(dir.path().join("elsewhere"))
                .unwrap()
                .count(),
            0
        );
    }
}
