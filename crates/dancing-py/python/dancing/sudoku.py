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

from ._dancing import (
    Position,
    Step,
    count,
    generate,
    hint,
    marginals,
    rate,
    solutions,
    solve,
    steps,
)

__all__ = [
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
