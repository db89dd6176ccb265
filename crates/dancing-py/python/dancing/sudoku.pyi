"""Sudoku: solve, count, rate on Sudoku Explainer's scale, hint, generate."""

from typing import Any, Optional

def solve(puzzle: str, *, variant: Optional[str] = None, timeout: Optional[float] = None) -> Optional[str]:
    """The solution as one line, or `None` when the puzzle has none. `variant` names the
    rules (`classic`, `x`, `hyper`, `jigsaw`, `killer`) when the text does not mark them."""

def count(
    puzzle: str,
    *,
    limit: int = 2,
    variant: Optional[str] = None,
    timeout: Optional[float] = None,
) -> int:
    """The number of solutions, counted up to `limit` (2 tells a proper puzzle)."""

def rate(puzzle: str, *, timeout: Optional[float] = None) -> dict[str, Any]:
    """The rating: `score` (float), `technique` (the hardest used, or `None`),
    `needs_search` (bool) and `text` (`"7.1 forcing chain"`)."""

def hint(puzzle: str) -> Optional[dict[str, Any]]:
    """The next step: `text`, `technique`, `score`, `placement` (`(row, column, value)`,
    0-based cells, or `None`) and `eliminations` (a list of those), or `None`."""

def generate(
    count: int = 1,
    *,
    seed: Optional[int] = None,
    order: int = 3,
    symmetry: Optional[str] = None,
    difficulty: Optional[str] = None,
    variant: Optional[str] = None,
    timeout: Optional[float] = None,
) -> list[str]:
    """`count` puzzles with one solution each, the same for the same `seed`."""
