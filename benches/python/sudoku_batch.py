"""Solves a batch of 9×9 puzzles from Python, with `dancing.sudoku` or with the
`py-sudoku` package (2.0), checking each solution: the first N puzzles of
`benches/data/17_clue.txt` (N = 100 by default). Timed as a whole process:

    python benches/python/sudoku_batch.py dancing [N]
    python benches/python/sudoku_batch.py py-sudoku [N]
"""

import pathlib
import sys

FILE = pathlib.Path(__file__).parents[1] / "data/17_clue.txt"


def puzzles(n):
    lines = [line.strip() for line in FILE.read_text().splitlines()]
    return [line for line in lines if line and not line.startswith("#")][:n]


def main(which, n):
    solved = 0
    for line in puzzles(n):
        if which == "dancing":
            from dancing import sudoku

            solution = sudoku.solve(line)
        else:
            from sudoku import Sudoku

            board = [[int(c) if c not in ".0" else 0 for c in line[9 * r : 9 * r + 9]] for r in range(9)]
            grid = Sudoku(3, 3, board=board).solve().board
            solution = "".join(str(v) for row in grid for v in row)
        assert all(p in ".0" or p == s for p, s in zip(line, solution)), line
        solved += 1
    print(solved)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 100)
