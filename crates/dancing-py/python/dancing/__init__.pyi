"""Exact cover by dancing links, and sudoku (`dancing.sudoku`)."""

from collections.abc import Iterable, Iterator, Sequence
from os import PathLike
from typing import Any, Literal, Mapping, NamedTuple, Optional, Union, overload

from . import sudoku as sudoku

Engine = Literal["auto", "links", "dense", "cells", "multi", "memo"]
"""The engines, as `dancing xc --engine` names them (`cells` only in builds with it)."""

MemoOrder = Literal["auto", "frontier", "declared", "mrv"]
"""The memo's orders, as `dancing xc --memo-order` names them."""

class Count(int):
    """A number of solutions: an `int`, with `complete` false when more solutions exist
    than the search counted (it stopped at its `limit`: the count is then the limit, and
    `str()` writes it `N+`). Exactly `limit` solutions make a complete count."""

    @property
    def complete(self) -> bool: ...
    def __new__(cls, value: int, complete: bool = True) -> "Count": ...

class Picture:
    """An SVG picture (`Problem.picture`, `Problem.sheet`): `svg()` gives the text, and
    Jupyter shows it."""

    def __init__(self, svg: str) -> None: ...
    def svg(self) -> str:
        """The SVG text."""
    def _repr_svg_(self) -> str: ...

class SearchStopped(RuntimeError):
    """A search stopped by its timeout or node budget before it had an answer."""

    reason: str
    """Why: `"timeout"` or `"node limit"`."""
    count: int
    """The solutions found before the stop."""

class Solutions(Iterator[list[Any]]):
    """The solutions of a search in progress, as `Problem.solutions` returns them."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> list[Any]: ...

class Backbone(NamedTuple):
    """The options (indices, ascending) in every solution, and those in none."""

    in_all: list[int]
    in_none: list[int]

class Zdd:
    """The diagram (a ZDD) of all the solutions of a problem, from `Problem.zdd()`:
    exact counts, marginals, the backbone, conditioning, the cheapest solutions, ranks
    both ways and draws, without a new search. `len()` is the count while it fits
    `sys.maxsize` (`OverflowError` past it); `count` is exact always. Iteration lists
    the solutions in rank order. It pickles with its problem."""

    @property
    def count(self) -> Count:
        """The number of solutions, exact however large."""
    @property
    def node_count(self) -> int:
        """The number of decision nodes."""
    @property
    def problem(self) -> "Problem":
        """The problem whose solutions the diagram holds."""
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __iter__(self) -> Iterator[list[Any]]: ...
    @overload
    def __getitem__(self, key: int) -> list[Any]: ...
    @overload
    def __getitem__(self, key: slice) -> list[list[Any]]: ...
    def marginals(self, *, timeout: Optional[float] = None) -> list[int]:
        """How many solutions use each option, indexed by option."""
    def backbone(self, *, timeout: Optional[float] = None) -> Backbone:
        """The options in every solution and those in none."""
    def restrict(
        self,
        *,
        given: Sequence[int] = (),
        forbid: Sequence[int] = (),
        timeout: Optional[float] = None,
    ) -> "Zdd":
        """The diagram of the solutions with every option of `given`, none of
        `forbid`."""
    def min_cost(self, *, timeout: Optional[float] = None) -> Optional[tuple[int, list[Any]]]:
        """A cheapest solution as `(cost, solution)`, or `None`."""
    def best(self, k: int, *, timeout: Optional[float] = None) -> list[tuple[int, list[Any]]]:
        """The `k` cheapest solutions, cheapest first, each `(cost, solution)`."""
    def index(self, solution: Iterable[Any]) -> int:
        """The rank of a solution (its options' indices, or their data)."""
    def sample(
        self,
        k: int,
        *,
        seed: Optional[int] = None,
        weights: Union[Sequence[int], Mapping[int, int], None] = None,
        timeout: Optional[float] = None,
    ) -> list[list[Any]]:
        """`k` solutions drawn uniformly, or by the product of their options'
        weights."""
    def save(self, path: Union[str, "PathLike[str]"]) -> None:
        """Writes the diagram in the `dancing xc --zdd` text."""
    @staticmethod
    def load(
        path: Union[str, "PathLike[str]"], problem: "Problem", *, max_memory: int = 4 << 30
    ) -> "Zdd":
        """Reads the diagram of `problem` that `save` wrote."""

class Subproblem:
    """One part of a split search (`Problem.split`): the solutions that extend its
    prefix, the options the search chooses first. It pickles with its problem; `line`
    is the prefix as `dancing xc --split` prints it for `problem.to_dlx()`."""

    def __init__(self, problem: "Problem", line: str, engine: Engine = "auto") -> None:
        """The subproblem of `problem` that `line` names (1-based option numbers, `~K`
        null moves), searched by `engine` (`auto`: picked once, here)."""
    @property
    def problem(self) -> "Problem":
        """The problem this is a part of."""
    @property
    def line(self) -> str:
        """The prefix, as `dancing xc --split` prints it and `--prefix` reads it."""
    @property
    def given(self) -> list[int]:
        """The options the prefix chooses (indices), in every solution of the part."""
    def split(
        self, jobs: Optional[int] = None, *, depth: Optional[int] = None, timeout: Optional[float] = None
    ) -> list["Subproblem"]:
        """This part cut further, as `Problem.split` cuts the whole."""
    def count(
        self,
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        threads: int = 1,
        engine: Engine = "auto",
    ) -> Count:
        """The number of solutions of this part (by a search)."""
    def first(self, *, timeout: Optional[float] = None, engine: Engine = "auto") -> Optional[list[Any]]:
        """The first solution of this part, or `None`."""
    def solutions(
        self,
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        engine: Engine = "auto",
    ) -> Solutions:
        """The solutions of this part, lazily, in the whole search's order."""
    def min_cost(
        self, *, timeout: Optional[float] = None, threads: int = 1
    ) -> Optional[tuple[int, list[Any]]]:
        """A cheapest solution of this part as `(cost, solution)`, or `None`."""
    def best(
        self, k: int, *, timeout: Optional[float] = None, threads: int = 1
    ) -> list[tuple[int, list[Any]]]:
        """The `k` cheapest solutions of this part, cheapest first."""

class Problem:
    """An exact-cover problem: choose options so that every primary item is covered
    exactly once (or as often as its bounds say) and every secondary item at most once
    (or by options that agree on its color).

    Searches run with the GIL released; Ctrl-C stops them with `KeyboardInterrupt`, a
    `timeout` (seconds) with `SearchStopped`. Bad input raises `ValueError`. Problems
    pickle (with their data), so they pass to other processes.
    """

    def __init__(
        self,
        items: Optional[Iterable[Any]],
        options: Iterable[Iterable[Any] | str],
        secondary: Iterable[Any] = (),
        data: Optional[Iterable[Any]] = None,
    ) -> None:
        """Items by name (`"2:3|name"`: covered 2 to 3 times; any hashable: its `str`),
        or `None` to take every item the options name, in order of appearance; options
        as lists of item names (or one string, split on spaces; `"name:color"` colors a
        secondary item, `"|5"` gives the option a cost), and `data`, one object per
        option, which solutions list instead of indices."""
    @staticmethod
    def from_dlx(text: str) -> "Problem":
        """Reads Knuth's DLX text format, as `dancing xc` does."""
    @staticmethod
    def from_matrix(
        rows: Iterable[Iterable[Any] | str],
        *,
        names: Optional[Sequence[str]] = None,
        secondary: int = 0,
    ) -> "Problem":
        """A 0/1 matrix (lists, strings of `0` and `1`, or a numpy array): rows are
        options, columns items, the last `secondary` columns secondary. Solutions are
        row indices; rows of zeros are left out and the others keep their numbers."""
    @staticmethod
    def polyomino(
        board: str,
        *,
        pieces: str = "pentominoes",
        turns: Literal["all", "rotations", "none"] = "all",
        uses: Literal["once", "at-most-once", "any"] = "once",
    ) -> "Problem":
        """A board (`"WxH"`, `"scott"`, or a picture: `.` a cell, `#` a hole) packed with
        polyominoes (a set by name or size, or a picture of the pieces); solutions list
        each placement's line, `"F r0c1 r0c2 …"`."""
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
        engine: Engine = "auto",
        memo: Optional[bool] = None,
        max_memory: int = 4 << 30,
        memo_order: MemoOrder = "auto",
        given: Optional[Sequence[int]] = None,
    ) -> Count:
        """The number of solutions (at most `limit`: `complete` is false when more
        exist), by `engine` on `threads` threads (0: every core); `memo=True` counts
        without visiting them (a ZDD: exact however large, fast where the subproblems
        repeat, as on boards), within `max_memory` bytes (`MemoryError` past them),
        `memo=False` never does, and `memo=None` (the default) lets a probe of the
        memo choose for the default engine on one thread;
        `given` options every solution must hold (a partial solution forced first, on
        the links engine)."""
    def first(
        self,
        *,
        timeout: Optional[float] = None,
        engine: Engine = "auto",
        given: Optional[Sequence[int]] = None,
    ) -> Optional[list[Any]]:
        """The first solution: option indices in input order, or their data."""
    def solutions(
        self,
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        engine: Engine = "auto",
        given: Optional[Sequence[int]] = None,
    ) -> Solutions:
        """The solutions, lazily, each a list of option indices (or their data)."""
    def sample(
        self,
        k: int,
        *,
        seed: Optional[int] = None,
        timeout: Optional[float] = None,
        max_memory: int = 4 << 30,
        memo_order: Optional[MemoOrder] = None,
    ) -> list[list[Any]]:
        """`k` solutions drawn uniformly (with repeats), the same for the same seed:
        from the memo where it pays, else by listing."""
    def zdd(
        self,
        *,
        max_memory: int = 4 << 30,
        timeout: Optional[float] = None,
        memo_order: MemoOrder = "auto",
    ) -> Zdd:
        """The diagram of all the solutions, built by the memoized search."""
    def min_cost(
        self, *, timeout: Optional[float] = None, threads: int = 1
    ) -> Optional[tuple[int, list[Any]]]:
        """A cheapest solution as `(cost, solution)`, or `None`."""
    def best(
        self, k: int, *, timeout: Optional[float] = None, threads: int = 1
    ) -> list[tuple[int, list[Any]]]:
        """The `k` cheapest solutions, cheapest first, each `(cost, solution)`."""
    @staticmethod
    def queens(n: int) -> "Problem":
        """N queens, as `dancing problem queens` builds it (option `n·r + c`: the queen
        on row `r`, column `c`)."""
    @staticmethod
    def langford(n: int) -> "Problem":
        """Langford pairs 1 1 … N N, as `dancing problem langford` builds them."""
    @staticmethod
    def latin(n: int) -> "Problem":
        """Latin squares of order N, as `dancing problem latin` builds them."""
    @staticmethod
    def dominoes(width: int, height: int) -> "Problem":
        """Domino tilings of a board, as `dancing problem domino` builds them."""
    def picture(self, solution: Iterable[Any]) -> Picture:
        """The picture of a solution (indices or data), as `dancing problem … --svg`
        draws it: queens, or a board (packings, dominoes, any cells named `r{r}c{c}`)."""
    def text(self, solution: Iterable[Any]) -> str:
        """A solution as text, as `dancing problem` prints it (empty for other problems)."""
    def sheet(self, solutions: Iterable[Iterable[Any]], columns: Optional[int] = None) -> Picture:
        """Several solutions' pictures side by side, `columns` to a row."""
    def _repr_html_(self) -> str: ...
    def split(
        self, jobs: Optional[int] = None, *, depth: Optional[int] = None, timeout: Optional[float] = None
    ) -> list[Subproblem]:
        """The search cut into at least `jobs` balanced subproblems (or all those
        `depth` levels down), which pickle: their counts add up to the count, their
        solutions are disjoint and together complete."""
