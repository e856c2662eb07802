"""A download's progress on a terminal: bytes received of the total, speed and time left.

One line on standard error, redrawn in place at most ten times a second, and
only when standard error is a terminal (a log or a pipe gets nothing).  With
no length known there is no bar, only the bytes and the speed.
"""

from __future__ import annotations

import sys
import time
from typing import Callable, TextIO

WIDTH = 24


def size(n: float) -> str:
    """Bytes as a person reads them: 812 bytes, 4.2 MB."""
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{int(n)} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"  # pragma: no cover


def duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


class DownloadProgress:
    """``update(received, total)`` as bytes arrive; the line ends when the context closes."""

    def __init__(self, label: str, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        isatty = getattr(self.stream, "isatty", None)
        try:
            self.active = bool(isatty and isatty())
        except (ValueError, OSError):
            self.active = False
        self.clock = clock
        self.started = clock()
        self.last_drawn = -1.0
        self.drawn = False
        self.received = 0
        self.total: int | None = None

    def __enter__(self) -> "DownloadProgress":
        return self

    def line(self) -> str:
        elapsed = max(self.clock() - self.started, 1e-6)
        speed = self.received / elapsed
        if self.total:
            done = min(self.received / self.total, 1.0)
            filled = int(done * WIDTH)
            bar = "#" * filled + "-" * (WIDTH - filled)
            left = (self.total - self.received) / speed if speed > 0 else 0.0
            eta = "done" if done >= 1.0 else f"{duration(left)} left"
            return (f"{self.label}  [{bar}] {done:4.0%}  {size(self.received)} of {size(self.total)}"
                    f"  {size(speed)}/s  {eta}")
        return f"{self.label}  {size(self.received)}  {size(speed)}/s"

    def update(self, received: int, total: int | None = None) -> None:
        self.received, self.total = received, total or self.total
        if not self.active:
            return
        now = self.clock()
        finished = self.total is not None and received >= self.total
        if not finished and now - self.last_drawn < 0.1:
            return
        self.last_drawn = now
        self.stream.write("\r\x1b[2K" + self.line())
        self.stream.flush()
        self.drawn = True

    def step(self, n: int) -> None:
        self.update(self.received + n, self.total)

    def __exit__(self, *exc) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
