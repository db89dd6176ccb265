"""Sudoku: solve, count, rate on Sudoku Explainer's scale, hint, generate."""

from typing import Any, Literal, Optional, TypedDict, Union

from . import Count

Variant = Literal["classic", "x", "hyper", "jigsaw", "killer"]
Difficulty = Literal["easy", "medium", "hard", "expert", "extreme"]
Symmetry = Literal["none", "rotational", "diagonal", "mirror"]

class Position:
    """A position: the values placed and each empty cell's candidates, as a pencilmark
    grid shows them; `str()` is that grid, which every function here reads back."""

    def __init__(self, text: str, *, box: Optional[str] = None) -> None:
        """Reads a puzzle (its candidates those its values allow) or a pencilmark
        grid; `box` (`"2x3"`) the boxes of a grid whose side has no square ones."""
    @property
    def grid(self) -> str:
        """The values placed, on one line (`.` for an empty cell)."""
    @property
    def side(self) -> int:
        """The side of the grid (9 for 9×9)."""
    @property
    def solved(self) -> bool:
        """Whether every cell holds a value."""
    def value(self, row: int, column: int) -> int:
        """The value at a cell (0-based), 0 when empty."""
    def candidates(self, row: int, column: int) -> list[int]:
        """The candidates of an empty cell (0-based), ascending; `[]` for a value."""
    def svg(self) -> str:
        """The position as an SVG picture: values and candidates."""

    def _repr_svg_(self) -> str: ...
    def pencilmarks(self) -> str:
        """The pencilmark grid (a cell left with one candidate written `(5)`)."""

Puzzle = Union[str, Position]
"""A puzzle in any layout the command line reads, or a `Position`."""

class Step:
    """One step as a person finds it, with the position after it."""

    text: str
    technique: str
    score: float
    placement: Optional[tuple[int, int, int]]
    eliminations: list[tuple[int, int, int]]
    position: Position
    def svg(self) -> str:
        """The step as an SVG picture, on the position it is taken in: its pattern
        shaded, removals red, the placement green, a chain's links as arrows."""

    def _repr_svg_(self) -> str: ...

class Rating(TypedDict):
    """`rate`'s answer."""

    score: float
    technique: Optional[str]
    needs_search: bool
    text: str
    pearl: Optional[float]
    """SE's EP: the hardest step up to the first that fills a cell."""
    diamond: Optional[float]
    """SE's ED: the first step's score."""
    explainer: str
    """ER/EP/ED in the forum's notation, `?` where the techniques stall first."""

class Marginals(TypedDict):
    """`marginals`' answer: the number of solutions, each cell's digits with how many
    solutions put them there (row by row), and the cells fixed in every solution."""

    count: Count
    cells: list[list[dict[int, int]]]
    fixed: list[tuple[int, int, int]]

class Hint(dict[str, Any]):
    """`hint`'s answer: a dict with `status` (`"step"`, `"solved"` or `"stalled"`),
    `text`, `technique`, `score`, `placement`, `eliminations` and, with `apply=True`,
    `position`; Jupyter shows it as a picture."""

    def svg(self) -> str:
        """The step as an SVG picture, on the position it is taken in."""

    def _repr_svg_(self) -> str: ...

def solve(
    puzzle: str,
    *,
    variant: Optional[Variant] = None,
    timeout: Optional[float] = None,
    box: Optional[str] = None,
) -> Optional[str]:
    """The solution as one line, or `None` when the puzzle has none. `variant` names the
    rules when the text does not mark them; `box` (`"2x3"`) the boxes of a grid whose
    side has no square ones (6×6: `"2x3"` or `"3x2"`), unless its rows draw them with
    `|`: the shape is never guessed. One puzzle per call (`ValueError` else)."""

def count(
    puzzle: str,
    *,
    limit: int = 2,
    variant: Optional[Variant] = None,
    timeout: Optional[float] = None,
    box: Optional[str] = None,
) -> Count:
    """The number of solutions, counted up to `limit` (2 tells a proper puzzle);
    `complete` is false when more than `limit` exist."""

def solutions(
    puzzle: str, *, limit: int = 10, timeout: Optional[float] = None, box: Optional[str] = None
) -> list[str]:
    """The solutions of a classic puzzle, each one line, at most `limit` of them."""

def marginals(
    puzzle: Puzzle,
    *,
    variant: Optional[Variant] = None,
    timeout: Optional[float] = None,
    box: Optional[str] = None,
    max_memory: int = 4 << 30,
) -> Marginals:
    """How many solutions put each digit in each cell, exactly, from the diagram of
    all of them; `fixed` lists the cells (0-based, with their value) every solution
    fills alike. Any shape, variant or pencilmark grid."""

def rate(
    puzzle: Puzzle,
    *,
    timeout: Optional[float] = None,
    box: Optional[str] = None,
    nested: bool = True,
) -> Rating:
    """The rating: `score`, `technique` (the hardest used, or `None`), `needs_search`
    and `text` (`"7.1 forcing chain"`); `nested=False` leaves out the nested forcing
    chains (9.5 and up)."""

def hint(
    puzzle: Puzzle, *, box: Optional[str] = None, apply: bool = False, nested: bool = True
) -> Hint:
    """The next step (`status` `"step"`), or `"solved"`, or `"stalled"` when no
    technique applies: `text`, `technique`, `score`, `placement` (`(row, column,
    value)`, 0-based cells, or `None`) and `eliminations` (a list of those); with
    `apply=True`, `position`, the position after the step, which `hint` takes back."""

def steps(
    puzzle: Puzzle,
    *,
    box: Optional[str] = None,
    timeout: Optional[float] = None,
    nested: bool = True,
) -> list[Step]:
    """Every step to the end (solved, or stalled), each with the position after it."""

def generate(
    count: int = 1,
    *,
    seed: Optional[int] = None,
    order: Optional[int] = None,
    symmetry: Optional[Symmetry] = None,
    difficulty: Optional[Difficulty] = None,
    variant: Optional[Variant] = None,
    timeout: Optional[float] = None,
    box: Optional[str] = None,
    score: Optional[tuple[float, float]] = None,
) -> list[str]:
    """`count` puzzles with one solution each, the same for the same `seed`, of order
    `order` (3 by default: 9×9) or of the boxes `box` (`"2x3"`), not both; `score`
    `(6.0, 7.5)` keeps those rated in that range."""
