"""Exact cover by dancing links, and sudoku.

>>> import dancing
>>> p = dancing.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
>>> p.count()
2
>>> p.first()
[0, 1]
>>> sorted(p.solutions())
[[0, 1], [2, 3]]
"""

from . import sudoku
from ._dancing import Problem, SearchStopped, Solutions

__all__ = ["Problem", "SearchStopped", "Solutions", "sudoku"]
