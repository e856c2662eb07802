"""Replacing a file so that a reader sees its old content or all of the new one.

The callers open the temporary file themselves (beside the target, so the
rename stays on one file system) and word their own errors; what they share
is filling it, flushing it to disk, renaming it over the target, and removing
it again on any failure.
"""

from __future__ import annotations

import os
from typing import Callable


def replace_from_temp(fd: int, tmp: str, target: str | os.PathLike, data: bytes, *, mode: int | None = None,
                      before_replace: Callable[[], None] | None = None) -> None:
    """Write ``data`` to the open temporary file ``fd`` (named ``tmp``), flush it to disk,
    give it ``mode``, call ``before_replace`` (which may raise to stop), and rename it
    over ``target``.  On any failure the temporary file is removed and the error raised
    again; ``target`` stays as it was."""
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        if before_replace is not None:
            before_replace()
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
