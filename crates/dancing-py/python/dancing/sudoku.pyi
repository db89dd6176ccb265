"""Sudoku: solve, count, rate on Sudoku Explainer's scale, hint, generate."""

from typing import Literal, Optional, TypedDict

from . import Count

Variant = Literal["classic", "x", "hyper", "jigsaw", "killer"]
Difficulty = Literal["easy", "medium", "hard", "expert", "extreme"]
Symmetry = Literal["none", "rotational", "diagonal", "mirror"]

class Rating(TypedDict):
    """`rate`'s answer."""

    score: float
    technique: Optional[str]
    needs_search: bool
    text: str

class Hint(TypedDict):
    """`hint`'s answer."""

    status: Literal["step", "solved", "stalled"]
    text: str
    technique: Optional[str]
    score: Optional[float]
    placement: Optional[tuple[int, int, int]]
    eliminations: list[tuple[int, int, int]]

def solve(
    puzzle: str,
    *,
    variant: Optional[Variant] = None,
    timeout: Optional[float] = None,
    box: Optional[str] = None,
) -> Optional[str]:
    """The solution as one line, or `None` when the puzzle has none. `variant` names the
    rules when the text does not mark them; `box` (`"2x3"`) the rectangular boxes of a
    grid such as 6×6 (read from the side when not given: 6 is 2x3, 8 is 2x4, 12 is
    3x4). One puzzle per call (`ValueError` else)."""

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

def solutions(puzzle: str, *, limit: int = 10, timeout: Optional[float] = None) -> list[str]:
    """The solutions of a classic puzzle, each one line, at most `limit` of them."""

def rate(puzzle: str, *, timeout: Optional[float] = None) -> Rating:
    """The rating: `score`, `technique` (the hardest used, or `None`), `needs_search`
    and `text` (`"7.1 forcing chain"`)."""

def hint(puzzle: str) -> Hint:
    """The next step (`status` `"step"`), or `"solved"`, or `"stalled"` when no
    technique applies: `text`, `technique`, `score`, `placement` (`(row, column,
    value)`, 0-based cells, or `None`) and `eliminations` (a list of those)."""

def generate(
    count: int = 1,
    *,
    seed: Optional[int] = None,
    order: int = 3,
    symmetry: Optional[Symmetry] = None,
    difficulty: Optional[Difficulty] = None,
    variant: Optional[Variant] = None,
    timeout: Optional[float] = None,
    box: Optional[str] = None,
    score: Optional[tuple[float, float]] = None,
) -> list[str]:
    """`count` puzzles with one solution each, the same for the same `seed`; `score`
    `(6.0, 7.5)` keeps those rated in that range; with `box`
    (`"2x3"`) minimal puzzles of rectangular boxes, as `dancing sudoku generate --box`
    writes them."""
