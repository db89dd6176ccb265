"""Exact cover by dancing links, and sudoku (`dancing.sudoku`)."""

from collections.abc import Iterator, Sequence
from typing import Any, Optional

from . import sudoku as sudoku

class SearchStopped(RuntimeError):
    """A search stopped by its timeout before it had an answer."""

class Solutions(Iterator[list[Any]]):
    """The solutions of a search in progress, as `Problem.solutions` returns them."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> list[Any]: ...

class Problem:
    """An exact-cover problem: choose options so that every primary item is covered
    exactly once (or as often as its bounds say) and every secondary item at most once
    (or by options that agree on its color).

    Searches run with the GIL released; Ctrl-C stops them with `KeyboardInterrupt`, a
    `timeout` (seconds) with `SearchStopped`. Bad input raises `ValueError`.
    """

    def __init__(
        self,
        items: Sequence[str],
        options: Sequence[Sequence[str]],
        secondary: Sequence[str] = (),
        data: Optional[Sequence[Any]] = None,
    ) -> None:
        """Items by name (`"2:3|name"`: covered 2 to 3 times), options as lists of item
        names (`"name:color"` colors a secondary item, `"|5"` gives the option a cost),
        and `data`, one object per option, which solutions list instead of indices."""
    @staticmethod
    def from_dlx(text: str) -> "Problem":
        """Reads Knuth's DLX text format, as `dancing xc` does."""
    @property
    def item_count(self) -> int:
        """The number of items, primary and secondary."""
    @property
    def option_count(self) -> int:
        """The number of options."""
    def option(self, index: int) -> str:
        """Option `index` as a line of DLX text."""
    def to_dlx(self) -> str:
        """The problem in Knuth's DLX text format."""
    def count(
        self,
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        threads: int = 1,
        engine: str = "auto",
        memo: bool = False,
    ) -> int:
        """The number of solutions (at most `limit`), by `engine` (`auto`, `links`,
        `dense`, `multi`; `cells` in builds with that feature) on `threads` threads
        (0: every core); `memo=True`
        counts without visiting them (a ZDD: exact however large, fast where the
        subproblems repeat, as on boards)."""
    def first(self, *, timeout: Optional[float] = None, engine: str = "auto") -> Optional[list[Any]]:
        """The first solution: option indices in input order, or their data."""
    def solutions(
        self,
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        engine: str = "auto",
    ) -> Solutions:
        """The solutions, lazily, each a list of option indices (or their data)."""
