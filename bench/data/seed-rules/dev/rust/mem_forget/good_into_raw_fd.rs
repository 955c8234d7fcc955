use std::fs::File;
use std::io;
use std::os::unix::io::{FromRawFd, IntoRawFd, RawFd};

/// Transfers ownership of the descriptor to the caller instead of forgetting the File.
pub fn open_for_child(path: &str) -> io::Result<RawFd> {
    let f = File::open(path)?;
    Ok(f.into_raw_fd())
}

/// Takes ownership back so the descriptor is closed on drop.
///
/// # Safety
/// `fd` must be an open descriptor obtained from `open_for_child` and not owned elsewhere.
pub unsafe fn reclaim(fd: RawFd) -> File {
    // SAFETY: guaranteed by the caller contract above.
    unsafe { File::from_raw_fd(fd) }
}
