"""Shared paths for the searchlab Python tests."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Callable, List

# crates/python/tests -> the repository root.
ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data"


def assert_releases_the_gil(job: Callable[[], object]) -> None:
    """Runs ``job`` on a thread while this thread ticks every millisecond: holding the GIL, the
    job would freeze the ticks for its whole length."""
    span: List[float] = []

    def timed() -> None:
        started = time.monotonic()
        job()
        span.extend([started, time.monotonic()])

    worker = threading.Thread(target=timed)
    ticks: List[float] = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.monotonic())
        time.sleep(0.001)
    worker.join()
    start, end = span
    inside = [t for t in ticks if start < t < end]
    gaps = [b - a for a, b in zip(inside, inside[1:])]
    assert end - start > 0.05, "the job was too short to tell"
    assert len(inside) >= 10
    assert max(gaps) < (end - start) / 2
