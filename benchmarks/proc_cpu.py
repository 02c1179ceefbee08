"""CPU seconds per process group during a benchmark run, read from /proc (Linux only).

Where the time of a load test went: the app workers, the proxy, Neo4j, Postgres (its server
forks one process per connection, counted with their parent), the load client itself, and the
whole machine (other users' work included). Nothing is sampled or attached: each figure is the
difference of the kernel's own counters before and after the run.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def stat_fields(pid: int) -> list[str] | None:
    """Fields of /proc/<pid>/stat after the command name (which may hold spaces)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return raw.rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of one process so far (0 if it is gone)."""
    fields = stat_fields(pid)
    if fields is None:
        return 0.0
    # After the name: state(0) ppid(1) ... utime(11) stime(12), cf. proc(5).
    return (int(fields[11]) + int(fields[12])) / TICK


def descendants(root: int) -> set[int]:
    """`root` and every live process below it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := stat_fields(int(entry.name))):
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = {root}, [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def group_seconds(pids: Iterable[int], with_children: bool = False) -> float:
    """CPU seconds of these processes (and their descendants when asked)."""
    todo = set(pids)
    if with_children:
        todo = set().union(*(descendants(p) for p in todo)) if todo else set()
    return sum(cpu_seconds(p) for p in todo)


def machine_busy_seconds() -> float:
    """CPU seconds all cores spent busy since boot (everything but idle and iowait)."""
    first = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    values = [int(v) for v in first]
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return (sum(values[:8]) - idle) / TICK


class CpuMeter:
    """Snapshots of named process groups; `since()` gives the CPU seconds of each since then."""

    def __init__(self, groups: dict[str, tuple[list[int], bool]]) -> None:
        self.groups = groups
        """name -> (pids, count descendants too)."""
        self.start = self.read()

    def read(self) -> dict[str, float]:
        out = {name: group_seconds(pids, kids) for name, (pids, kids) in self.groups.items()}
        out["machine"] = machine_busy_seconds()
        return out

    def since(self) -> dict[str, float]:
        now = self.read()
        return {name: now[name] - self.start[name] for name in now}
