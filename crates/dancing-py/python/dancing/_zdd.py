"""`Backbone`: the options in every solution and those in none (`Zdd.backbone()`)."""

from typing import NamedTuple


class Backbone(NamedTuple):
    """The options (their indices, ascending) that every solution holds, and those
    that no solution holds, as `Zdd.backbone()` finds them.

    >>> from dancing import Problem
    >>> p = Problem(["A", "B", "C", "D"], ["A B", "A", "B", "C D", "C"])
    >>> p.zdd().backbone()
    Backbone(in_all=[3], in_none=[4])
    """

    in_all: list[int]
    """The options in every solution."""
    in_none: list[int]
    """The options in no solution."""
