"""What the game server gives back of its memory: the C allocator's free pages after a
burst of work in a thread (as the computers' threads and a restart's replays leave)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tui.net import memory


def _resident_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(memory._trim is None, reason="glibc's allocator only")
def test_the_memory_a_burst_freed_goes_back_to_the_system():
    kept: list[bytearray] = []

    def burst() -> None:  # 160 MB in blocks the allocator keeps in a thread's arena
        blocks = [bytearray(100_000) for _ in range(1600)]
        kept.extend(blocks[::50])  # a few stay: the arena cannot shrink from its top alone
    worker = threading.Thread(target=burst)
    worker.start()
    worker.join()
    before = _resident_mib()
    assert memory.give_back()
    after = _resident_mib()
    assert before - after > 100, (before, after)
    assert len(kept) == 32
