"""A limit on failed logins, per account and per client address.

Nothing slowed password guessing: 50 wrong logins in 0.3 s were all answered (issue 17,
finding 6). After `max_failures` failed attempts within `window` seconds, an account, and
separately a client address, is refused until the oldest of those failures leaves the window;
the answer is HTTP 429 with the wait in seconds (see `ui.request_guard`). A successful login
clears the account's and the address's count. Counts live in memory: a restart forgets them,
which only gives a guesser a fresh window after an outage.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable


class LoginLimiter:
    """Sliding-window counts of failed logins by key (`user:<name>`, `addr:<ip>`)."""

    def __init__(
        self, max_failures: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.max_failures = max_failures
        self.window = window
        self.clock = clock
        self.failures: dict[str, deque[float]] = {}
        self.lock = threading.Lock()

    @staticmethod
    def keys(user: str, address: str | None) -> list[str]:
        """The counters one attempt touches."""
        return [f"user:{user.strip().lower()}"] + ([f"addr:{address}"] if address else [])

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self.failures.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self.failures[key]
        return times

    def wait(self, keys: list[str]) -> float:
        """Seconds until an attempt on these keys is allowed again (0: allowed now)."""
        with self.lock:
            now = self.clock()
            waits = [
                times[0] + self.window - now
                for key in keys
                if len(times := self._recent(key, now)) >= self.max_failures
            ]
        return max(waits, default=0.0)

    def failed(self, keys: list[str]) -> None:
        """Count one failed attempt on each key."""
        with self.lock:
            now = self.clock()
            for key in keys:
                self._recent(key, now)
                self.failures.setdefault(key, deque()).append(now)

    def succeeded(self, keys: list[str]) -> None:
        """Forget the failures of these keys."""
        with self.lock:
            for key in keys:
                self.failures.pop(key, None)
