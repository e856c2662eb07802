"""Where oraclelint keeps what it downloads and works out: one folder for the CR, the
Oracle index, the results cache and the kept rule data (a module of its own, light to
import: a run answered from the cache reads it first)."""

from __future__ import annotations

import os
from pathlib import Path

#: the variable that names the folder instead of the platform's user cache directory
CACHE_ENV = "ORACLELINT_CACHE_DIR"


def cache_dir() -> Path:
    """The directory oraclelint caches downloads in (not created here)."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("oraclelint"))
