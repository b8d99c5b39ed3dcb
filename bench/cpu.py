"""CPU time of processes and of the whole machine, read from /proc (Linux)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name is in parentheses and may hold spaces: the fields follow its end.
    return text[text.rindex(")") + 2 :].split()


def process_cpu_s(pid: int) -> float:
    """User and system CPU seconds of one process so far (0 if it is gone)."""
    fields = _stat_fields(pid)
    if fields is None:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def children_of(pid: int) -> list[int]:
    """The processes whose parent is pid."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def tree_cpu_s(pid: int) -> float:
    """CPU seconds so far of a process and its living children (a server and its backends)."""
    return sum(process_cpu_s(p) for p in [pid, *children_of(pid)])


@dataclass(frozen=True)
class Machine:
    """The machine's CPU time so far, in clock ticks over all cores."""

    busy: int
    total: int

    @classmethod
    def now(cls) -> Machine:
        """Read /proc/stat."""
        with open("/proc/stat") as f:
            # user nice system idle iowait irq softirq steal (guest time is inside user).
            ticks = [int(x) for x in f.readline().split()[1:9]]
        idle = ticks[3] + ticks[4]  # idle and waiting for I/O
        return cls(sum(ticks) - idle, sum(ticks))

    def cores_busy_since(self, before: Machine) -> float:
        """How many cores were busy on average between before and now (0 to cpu_count)."""
        total = self.total - before.total
        return (self.busy - before.busy) / total * (os.cpu_count() or 1) if total else 0.0
