"""Problem.split: parts that partition the search (against the brute force), pickle,
name the command line's lines, and run in other processes, by concurrent.futures and
by Dask on a LocalCluster of two worker processes, with timeouts and Ctrl-C passed on."""

import functools
import pathlib
import pickle
import random
import subprocess
from concurrent.futures import ProcessPoolExecutor

import pytest
from test_interrupt import LATE, interrupted
from test_problem import _dancing_binary, brute_costs, brute_force, queens_problem, random_problem

import dancing

DATA = pathlib.Path(__file__).parent / "data"


def pentominoes():
    return dancing.Problem.from_dlx((DATA / "pent6x10.dlx").read_text())


def every_way_to_split(problem):
    """The problem's splits: by jobs and by depth, and a part split again."""
    splits = [problem.split(jobs) for jobs in (1, 2, 7)]
    splits += [problem.split(depth=depth) for depth in (0, 1, 2, 5)]
    parts = problem.split(depth=1)
    splits.append([q for p in parts for q in p.split(3)])
    return splits


def test_parts_partition_random_problems():
    rng = random.Random(13)
    for _ in range(150):
        items, options, secondary = random_problem(rng)
        p = dancing.Problem(items, options, secondary)
        expected = brute_force(items, options, secondary)
        for parts in every_way_to_split(p):
            listed = [s for part in parts for s in part.solutions()]
            # Disjoint, and together every solution, in the whole search's order.
            assert sorted(listed) == expected
            assert listed == list(p.solutions())
            assert sum(part.count() for part in parts) == len(expected)
            for part in parts:
                assert all(set(part.given) <= set(s) for s in part.solutions())


def test_the_cheapest_is_the_cheapest_of_the_parts():
    rng = random.Random(17)
    for _ in range(100):
        items = [f"i{k}" for k in range(rng.randint(1, 5))]
        options = [rng.sample(items, rng.randint(1, len(items))) for _ in range(rng.randint(1, 8))]
        costs = [rng.choice([0, 1, 5, 2**63]) for _ in options]
        p = dancing.Problem(items, [o + [f"|{c}"] for o, c in zip(options, costs)])
        expected = brute_costs(items, options, costs)
        for parts in every_way_to_split(p):
            cheapest = [c for part in parts if (c := part.min_cost()) is not None]
            assert min((cost for cost, _ in cheapest), default=None) == (
                expected[0] if expected else None
            )
            for cost, solution in cheapest:
                assert sum(costs[k] for k in solution) == cost
            best = sorted(cost for part in parts for cost, _ in part.best(3))
            assert best[:3] == expected[:3]


def test_parts_of_a_problem_with_multiplicities():
    # a and b covered once or twice, c once: the null moves `~K` (an item left with
    # the covers it has) are in the lines.
    p = dancing.Problem(
        ["1:2|a", "1:2|b", "c"],
        [["a", "b"], ["a"], ["b"], ["a", "c"], ["b", "c"], ["a", "b", "c"], ["c"]],
    )
    whole = sorted(p.solutions())
    assert p.count() == len(whole) > 3
    for parts in (p.split(4), p.split(depth=2), p.split(depth=3)):
        assert sorted(s for part in parts for s in part.solutions()) == whole
        assert sum(part.count() for part in parts) == len(whole)
    assert any("~" in part.line for part in p.split(depth=3))


def test_parts_pickle_and_are_the_command_lines():
    p = pentominoes()
    parts = p.split(8)
    assert len(parts) >= 8
    again = pickle.loads(pickle.dumps(parts))
    assert [q.line for q in again] == [q.line for q in parts]
    assert again[5].count() == parts[5].count()
    assert repr(parts[0]) == f"Subproblem({parts[0].line!r})"
    assert dancing.Subproblem(p, parts[3].line).count() == parts[3].count()
    binary = _dancing_binary()
    if binary is None:
        pytest.skip("no built `dancing` binary: set DANCING_BIN")
    for args, split in (
        (["--split-jobs", "8"], parts),
        (["--split", "2"], p.split(depth=2)),
    ):
        printed = subprocess.run(
            [binary, "xc", "-q", *args, str(DATA / "pent6x10.dlx")],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        assert printed == [q.line for q in split]


def test_bad_splits_and_lines_raise_value_error():
    p = queens_problem(6)
    for call, message in (
        (lambda: p.split(), "give one of them"),
        (lambda: p.split(2, depth=1), "give one of them"),
        (lambda: p.split(0), "jobs=0"),
        (lambda: p.split(depth=-1), "depth=-1"),
        (lambda: dancing.Subproblem(p, "0"), "not an option number"),
        (lambda: dancing.Subproblem(p, "1 1"), "names no subproblem"),
        (lambda: dancing.Subproblem(p, "~1"), "not an option number"),
        (lambda: dancing.Subproblem(p, "", engine="memo"), "memo"),
        (lambda: p.split(2)[0].count(engine="fast"), "unknown engine"),
    ):
        with pytest.raises(ValueError, match=message):
            call()
    whole = dancing.Subproblem(p, "")
    assert whole.given == [] and whole.count() == p.count() == 4


def totals_by_pool(problems, workers=2):
    with ProcessPoolExecutor(workers) as pool:
        return [sum(pool.map(dancing.Subproblem.count, p.split(16))) for p in problems]


def test_a_process_pool_sums_to_the_direct_count():
    assert totals_by_pool([pentominoes(), queens_problem(12)]) == [9356, 14200]


def test_timeouts_come_back_from_the_workers():
    part = queens_problem(18).split(2)[0]
    with ProcessPoolExecutor(1) as pool:
        future = pool.submit(functools.partial(part.count, timeout=0.2))
        with pytest.raises(dancing.SearchStopped) as stopped:
            future.result()
    assert stopped.value.reason == "timeout"


def test_ctrl_c_stops_a_part():
    part = queens_problem(18).split(2)[0]
    interrupted(lambda: part.count(timeout=LATE))
    interrupted(lambda: list(part.solutions(timeout=LATE)))


def test_a_dask_local_cluster_sums_to_the_direct_count():
    from dask.distributed import Client, LocalCluster

    problems = [pentominoes(), queens_problem(12)]
    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        totals = []
        for p in problems:
            futures = client.map(dancing.Subproblem.count, p.split(16))
            totals.append(sum(client.gather(futures)))
    assert totals == [9356, 14200]


def test_a_split_stopped_by_its_timeout_still_covers_the_search():
    # Splitting queens 12 to its leaves takes far longer than a millisecond: the parts
    # not split by then are kept whole, and the counts still add up.
    p = queens_problem(12)
    parts = p.split(depth=12, timeout=0.001)
    assert 1 <= len(parts) < 14200
    assert sum(part.count() for part in parts) == 14200


def test_parts_keep_the_caller_s_numbering_and_data():
    # Rows of zeros are left out of the problem but keep their numbers; data stands in
    # for the indices: the parts answer in the caller's terms, as the whole does.
    rows = [[1, 1, 0], [0, 0, 0], [0, 0, 1], [1, 0, 0], [0, 1, 1], [0, 0, 0], [0, 1, 0]]
    p = dancing.Problem.from_matrix(rows)
    parts = p.split(depth=2)
    assert sorted(s for part in parts for s in part.solutions()) == sorted(p.solutions())
    assert {k for part in parts for k in part.given} <= {0, 2, 3, 4, 6}
    named = dancing.Problem(["a", "b"], [["a"], ["b"], ["a", "b"]], data=["A", "B", "AB"])
    listed = [s for part in named.split(2) for s in part.solutions()]
    assert sorted(listed) == [["A", "B"], ["AB"]]
    assert pickle.loads(pickle.dumps(named.split(2)[0])).first() in (["A", "B"], ["AB"])
