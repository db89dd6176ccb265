"""Exact cover by dancing links, and sudoku.

>>> import dancing
>>> p = dancing.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
>>> p.count()
2
>>> p.first()
[0, 1]
>>> sorted(p.solutions())
[[0, 1], [2, 3]]
>>> p.count(limit=1)
Count(1, complete=False)
>>> dancing.Problem.from_matrix([[1, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 1]]).count()
2
>>> zdd = p.zdd()
>>> len(zdd), zdd.marginals(), zdd[1], zdd.index([0, 1])
(2, [1, 1, 1, 1], [2, 3], 0)
"""

from . import sudoku
from ._count import Count
from ._picture import Picture
from ._dancing import Problem, SearchStopped, Solutions, Subproblem, Zdd
from ._zdd import Backbone

__all__ = [
    "Backbone",
    "Count",
    "Picture",
    "Problem",
    "SearchStopped",
    "Solutions",
    "Subproblem",
    "Zdd",
    "sudoku",
]
