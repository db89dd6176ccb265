"""Ctrl-C during a long search: KeyboardInterrupt, and the interpreter goes on. Each
search would run for minutes, and has a timeout far past the Ctrl-C: it stopped
because of the Ctrl-C, or the test fails (with `SearchStopped`) instead of hanging."""

import _thread
import signal
import threading

import pytest

import dancing
from test_problem import queens_problem


def interrupted(work):
    """Runs `work` with a Ctrl-C (SIGINT) after 0.2 s: it must stop with
    `KeyboardInterrupt`."""
    # A process started in the background by a non-interactive shell ignores SIGINT,
    # and then `interrupt_main` does nothing: Python's own handler is put back first.
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, handler)


# Each search also has a timeout far past the Ctrl-C, so that a Ctrl-C that went
# astray fails the test (SearchStopped, not KeyboardInterrupt) instead of hanging it:
# once, run from a background shell (SIGINT ignored), the empty 16x16 below ran on
# for twenty minutes.
LATE = 60


def test_ctrl_c_stops_a_long_count():
    # 666,090,624 solutions: minutes of search, on one thread or two.
    p = queens_problem(18)
    interrupted(lambda: p.count(timeout=LATE))
    interrupted(lambda: p.count(threads=2, timeout=LATE))
    interrupted(lambda: sum(1 for _ in p.solutions(timeout=LATE)))
    # The problem is still usable.
    assert p.count(limit=3) == 3


def test_ctrl_c_stops_a_sudoku_search():
    empty_16 = "." * 256
    interrupted(
        lambda: dancing.sudoku.count(empty_16, limit=10**12, timeout=LATE)
    )
