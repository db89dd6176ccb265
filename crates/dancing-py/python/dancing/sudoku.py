"""Sudoku of any shape (4×4 to 36×36, square boxes or rectangular ones such as 6×6 with
2×3) and its variants: solve, count, rate on Sudoku Explainer's scale, hint (step by
step to the end, with the position after each), generate. Puzzles are text as the `dancing` command line
reads it: one line (`.` or `0` for an empty cell), rows, framed grids, pencilmarks,
and variant marks (`x`, `hyper`, jigsaw regions, killer cages).

>>> from dancing import sudoku
>>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> sudoku.solve(puzzle)
'534678912672195348198342567859761423426853791713924856961537284287419635345286179'
>>> sudoku.count(puzzle)
1
>>> sudoku.rate(puzzle)["text"]
'1.2 hidden single'
>>> sudoku.hint(puzzle)["text"]
'hidden single: 8 in box 2 must go to r1c6'
>>> steps = sudoku.steps(puzzle)
>>> steps[-1].position.solved, steps[-1].position.grid == sudoku.solve(puzzle)
(True, True)
>>> len(sudoku.generate(2, seed=1))
2
>>> m = sudoku.marginals("12..............")
>>> m["count"], m["cells"][0][2], m["fixed"][:2]
(24, {3: 12, 4: 12}, [(0, 0, 1), (0, 1, 2)])
"""

from typing import Any, Optional, Union

from ._dancing import (
    Position,
    Step,
    _hint,
    count,
    generate,
    marginals,
    rate,
    solutions,
    solve,
    steps,
)


class Hint(dict):  # type: ignore[type-arg]
    """`hint`'s answer: a dict of its keys, which Jupyter shows as a picture of the
    step on the position it is taken in; `svg()` gives the picture's text. It pickles
    as a plain dict."""

    __slots__ = ("_picture",)

    def svg(self) -> str:
        """The step as an SVG picture (see `Step.svg`); for a solved or stalled
        puzzle, the position."""
        return str(self._picture)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __reduce__(self) -> Any:
        return (dict, (dict(self),))


def hint(
    puzzle: Union[str, Position],
    *,
    box: Optional[str] = None,
    apply: bool = False,
    nested: bool = True,
) -> Hint:
    """The next step a person would take, as a dict: `status` (`"step"`, or
    `"solved"`, or `"stalled"` when no technique applies and the rest needs search),
    `text` (the sentence), `technique` and `score` (`None` without a step),
    `placement` (`(row, column, value)`, 0-based cells) or `None`, `eliminations` (a
    list of `(row, column, value)`), and with `apply=True` `position`, the position
    after the step (a `Position`, which `hint` takes back for the next step). Jupyter
    shows it as a picture (`svg()`).

    Args:
        puzzle: the puzzle or pencilmark grid (a str in any layout), or a `Position`.
        box: the boxes of a grid whose side has no square ones (`"2x3"`).
        apply: also give the position after the step.
        nested: look for the nested forcing chains (9.5 and up, seconds) too.

    >>> h = hint("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    >>> h["text"], h.svg().startswith("<svg")
    ('hidden single: 8 in box 2 must go to r1c6', True)
    """
    items, picture = _hint(puzzle, box=box, apply=apply, nested=nested)
    answer = Hint(items)
    answer._picture = picture
    return answer


__all__ = [
    "Hint",
    "Position",
    "Step",
    "count",
    "generate",
    "hint",
    "marginals",
    "rate",
    "solutions",
    "solve",
    "steps",
]
