"""Ctrl-C during a long search: KeyboardInterrupt within a fraction of a second, and the
interpreter goes on."""

import _thread
import pathlib
import signal
import threading
import time

import pytest

import dancing

DATA = pathlib.Path(__file__).parent / "data"


def interrupted_within(seconds, work):
    """Runs `work` with a Ctrl-C (SIGINT) after 0.2 s; the time it took to stop."""
    # A process started in the background by a non-interactive shell ignores SIGINT,
    # and then `interrupt_main` does nothing: Python's own handler is put back first.
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, handler)
    elapsed = time.monotonic() - started
    assert elapsed < seconds, elapsed
    return elapsed


# Each search also has a timeout far past the Ctrl-C, so that a Ctrl-C that went
# astray fails the test (SearchStopped, not KeyboardInterrupt) instead of hanging it:
# once, run from a background shell (SIGINT ignored), the empty 16x16 below ran on
# for twenty minutes.
LATE = 60


def test_ctrl_c_stops_a_long_count():
    p = dancing.Problem.from_dlx((DATA / "pent6x10.dlx").read_text())
    interrupted_within(1.0, lambda: p.count(timeout=LATE))
    interrupted_within(1.0, lambda: p.count(threads=2, timeout=LATE))
    interrupted_within(1.0, lambda: list(p.solutions(timeout=LATE)))
    # The problem is still usable.
    assert p.count(limit=3) == 3


def test_ctrl_c_stops_a_sudoku_search():
    empty_16 = "." * 256
    interrupted_within(
        1.5, lambda: dancing.sudoku.count(empty_16, limit=10**12, timeout=LATE)
    )
