"""Counts the 9,356 packings of the twelve pentominoes in a 6×10 box from Python, with
`dancing` or with the `exact-cover` package (1.5, a C dancing-links solver behind numpy),
on the same matrix read from the DLX file the tests use. Timed as a whole process:

    python benches/python/pentominoes.py dancing
    python benches/python/pentominoes.py exact-cover
"""

import pathlib
import sys

FILE = pathlib.Path(__file__).parents[2] / "crates/dancing-py/tests/data/pent6x10.dlx"


def main(which):
    text = FILE.read_text()
    if which == "dancing":
        import dancing

        count = dancing.Problem.from_dlx(text).count()
    else:
        import exact_cover
        import numpy as np

        lines = [line for line in text.splitlines() if line and not line.startswith("|")]
        items = lines[0].split()
        column = {name: k for k, name in enumerate(items)}
        matrix = np.zeros((len(lines) - 1, len(items)), dtype=bool)
        for row, line in enumerate(lines[1:]):
            for name in line.split():
                matrix[row, column[name]] = True
        count = exact_cover.get_solution_count(matrix)
    assert count == 9356, count
    print(count)


if __name__ == "__main__":
    main(sys.argv[1])
