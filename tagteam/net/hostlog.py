"""The host's log: a call that never blocks, whatever happens to the terminal it is written to.

A serve-only host used to ``print`` each line from the server's event loop; with the terminal paused
(Ctrl-S) or stdout a pipe nobody reads, the write blocked and the whole game froze. Here the server
only puts a line in a bounded queue; a thread of its own writes them out with ``os.write`` on a copy
of the file descriptor (no Python buffer lock another thread could wait on). When the queue is full
the line is dropped and counted, and the count is written once the output moves again.
"""

from __future__ import annotations

import contextlib
import os
import queue
import threading
from collections import deque

from tagteam.words.net import host_line

QUEUE = 1_000  # lines waiting to be written
TAIL = 20  # the last lines, kept for a summary when nothing is written (the host's player app owns the screen)


class HostLog:
    """``log(line)`` from any thread, written after ``start()``; with ``fd`` None only ``tail`` keeps lines."""

    def __init__(self, fd: int | None, capacity: int = QUEUE) -> None:
        self.fd = None if fd is None else os.dup(fd)
        self.tail: deque[str] = deque(maxlen=TAIL)
        self.lines: queue.Queue[str | None] = queue.Queue(capacity)
        self.dropped = 0
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        """Begin writing (lines logged before wait in the queue, so they follow what was printed first)."""
        if self.fd is not None and self.thread is None:
            self.thread = threading.Thread(target=self._write_all, name="tagteam-hostlog", daemon=True)
            self.thread.start()

    def __call__(self, line: str) -> None:
        self.tail.append(line)
        if self.fd is None:
            return
        try:
            self.lines.put_nowait(line)
        except queue.Full:
            with self.lock:
                self.dropped += 1

    def _write_all(self) -> None:
        while (line := self.lines.get()) is not None:
            with self.lock:
                dropped, self.dropped = self.dropped, 0
            if dropped:
                self._write(host_line("dropped", count=dropped))
            self._write(line)

    def _write(self, line: str) -> None:
        data = (line + "\n").encode("utf-8", "replace")
        assert self.fd is not None
        with contextlib.suppress(OSError):  # a closed terminal: the game goes on without its log
            while data:
                data = data[os.write(self.fd, data) :]

    def close(self, timeout: float = 1.0) -> None:
        """Write what is queued, for at most ``timeout`` seconds (a paused terminal keeps the rest)."""
        if self.thread is None:
            return
        with contextlib.suppress(queue.Full):
            self.lines.put_nowait(None)
        self.thread.join(timeout)
