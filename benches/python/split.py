"""Counts the 9,356 packings of the twelve pentominoes in a 6×10 box (the DLX file the
tests use) in one process, or split (`Problem.split`) over worker processes, by the
recipes of docs/python.md. Timed as a whole process, start-up of the workers included:

    python benches/python/split.py one          # Problem.count(), here
    python benches/python/split.py pool [W]     # ProcessPoolExecutor, W workers (2)
    python benches/python/split.py dask [W]     # Dask LocalCluster, W worker processes
"""

import pathlib
import sys
from concurrent.futures import ProcessPoolExecutor

import dancing

FILE = pathlib.Path(__file__).parents[2] / "crates/dancing-py/tests/data/pent6x10.dlx"
JOBS = 8


def count(problem, which, workers):
    if which == "one":
        return problem.count()
    parts = problem.split(JOBS)
    if which == "pool":
        with ProcessPoolExecutor(workers) as pool:
            return sum(pool.map(dancing.Subproblem.count, parts))
    from dask.distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True)
    with cluster, Client(cluster) as client:
        return sum(client.gather(client.map(dancing.Subproblem.count, parts)))


def main(which, workers):
    problem = dancing.Problem.from_dlx(FILE.read_text())
    total = count(problem, which, workers)
    assert total == 9356, total
    print(total)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2)
