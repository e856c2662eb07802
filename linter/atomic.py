"""Replacing a file so that a reader sees its old content or all of the new one.

The callers open the temporary file themselves (beside the target, so the
rename stays on one file system) and word their own errors; what they share
is filling it, flushing it to disk, renaming it over the target, and removing
it again on any failure.
"""

from __future__ import annotations

import os
from typing import Callable


def new_file_mode() -> int:
    """The permission bits a new file gets here: 0666 less the process's umask (what
    ``open`` gives; ``mkstemp`` alone gives 0600, which hides a shared cache from its
    other readers)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def keep_owner(tmp: str, uid: int, gid: int) -> None:
    """Give the temporary file the owner and group of the file it replaces, as far as the
    process may (root may give any owner; others keep their own and may give a group
    they belong to)."""
    try:
        os.chown(tmp, uid, gid)
        return
    except (PermissionError, AttributeError, NotImplementedError):
        pass
    except OSError:
        return
    try:
        os.chown(tmp, -1, gid)
    except (OSError, AttributeError, NotImplementedError):
        pass


def replace_from_temp(fd: int, tmp: str, target: str | os.PathLike, data: bytes, *, mode: int | None = None,
                      owner: tuple[int, int] | None = None,
                      before_replace: Callable[[], None] | None = None) -> None:
    """Write ``data`` to the open temporary file ``fd`` (named ``tmp``), flush it to disk,
    give it ``mode`` (by default that of a new file: 0666 less the umask) and ``owner``
    (uid, gid), call ``before_replace`` (which may raise to stop), and rename it over
    ``target``.  On any failure the temporary file is removed and the error raised again;
    ``target`` stays as it was."""
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if owner is not None:
            keep_owner(tmp, *owner)
        os.chmod(tmp, new_file_mode() if mode is None else mode)  # after chown, which may clear set-id bits
        if before_replace is not None:
            before_replace()
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
