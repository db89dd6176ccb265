"""dancing.Zdd: every query against the brute force on random problems, ranks past
2**64, weighted draws by a chi-square test, saving, loading and pickling, the limits,
and the typed stubs under mypy --strict."""

import collections
import itertools
import pathlib
import pickle
import random
import subprocess
import sys

import pytest

import dancing

from test_problem import brute_force


def dominoes(width, height):
    """Domino tilings of a board: items the cells, options the dominoes."""
    cells = [f"r{r}c{c}" for r in range(height) for c in range(width)]
    options = []
    for r in range(height):
        for c in range(width):
            if c + 1 < width:
                options.append([f"r{r}c{c}", f"r{r}c{c + 1}"])
            if r + 1 < height:
                options.append([f"r{r}c{c}", f"r{r + 1}c{c}"])
    return dancing.Problem(cells, options)


def random_problem(rng):
    """A small problem with secondary items and costs, and its solutions by brute
    force."""
    items = [f"i{k}" for k in range(rng.randint(1, 5))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 2))]
    names = items + secondary
    options, costs = [], []
    for _ in range(rng.randint(0, 9)):
        option = rng.sample(names, rng.randint(1, min(3, len(names))))
        if any(name in items for name in option):
            options.append(option)
            costs.append(rng.randint(0, 9))
    p = dancing.Problem(items, [o + [f"|{c}"] for o, c in zip(options, costs)], secondary)
    return p, brute_force(items, options, secondary), costs


def test_every_query_matches_the_brute_force():
    rng = random.Random(59)
    for _ in range(200):
        p, expected, costs = random_problem(rng)
        zdd = p.zdd(memo_order=rng.choice(["auto", "frontier", "declared", "mrv"]))
        n = p.option_count
        assert len(zdd) == zdd.count == len(expected)
        assert bool(zdd) == bool(expected)
        # Ranks: iteration, indexing both ways, slices and index() agree.
        listed = list(zdd)
        assert sorted(listed) == expected
        assert [zdd[k] for k in range(len(listed))] == listed
        assert [zdd[-k - 1] for k in range(len(listed))] == listed[::-1]
        assert zdd[1::2] == listed[1::2]
        for k, solution in enumerate(listed):
            assert zdd.index(solution) == k
            assert zdd.index(solution[::-1]) == k
        # Marginals and the backbone.
        marginals = zdd.marginals()
        assert marginals == [sum(k in s for s in expected) for k in range(n)]
        in_all = [k for k in range(n) if expected and marginals[k] == len(expected)]
        in_none = [k for k in range(n) if marginals[k] == 0]
        assert zdd.backbone() == dancing.Backbone(in_all, in_none)
        # Conditioning: given and forbidden options, against the solutions.
        if n:
            a, b = rng.randrange(n), rng.randrange(n)
            kept = [s for s in expected if a in s and b not in s]
            restricted = zdd.restrict(given=[a], forbid=[b])
            assert sorted(restricted) == kept
            assert restricted.count == len(kept)
        # The cheapest, each at its cost.
        costed = sorted((sum(costs[k] for k in s), s) for s in expected)
        best = zdd.best(3)
        assert [c for c, _ in best] == [c for c, _ in costed[:3]]
        for cost, solution in best:
            assert sorted(solution) in expected
            assert sum(costs[k] for k in solution) == cost
        assert zdd.min_cost() == (best[0] if best else None)
        assert p.min_cost() is None or p.min_cost()[0] == best[0][0]


def test_draws_by_weight_pass_a_chi_square_test():
    # Dominoes on 4×3: 11 tilings; each option weighs 1 to 5.
    p = dominoes(4, 3)
    zdd = p.zdd()
    rng = random.Random(3)
    weights = [rng.randint(1, 5) for _ in range(p.option_count)]
    expected = {}
    for solution in zdd:
        w = 1
        for k in solution:
            w *= weights[k]
        expected[tuple(sorted(solution))] = w
    total = sum(expected.values())
    draws = 20_000
    seen = collections.Counter(tuple(sorted(s)) for s in zdd.sample(draws, seed=5, weights=weights))
    chi_square = sum(
        (seen[s] - draws * w / total) ** 2 / (draws * w / total) for s, w in expected.items()
    )
    # 10 degrees of freedom: 29.6 at p = 0.001.
    assert chi_square < 29.6, (chi_square, seen)
    assert zdd.sample(5, seed=9, weights=weights) == zdd.sample(5, seed=9, weights=weights)
    # A weight of 0 forbids an option; a dict weighs some options, the others 1.
    banned = listed = list(zdd)[0][0]
    assert all(banned not in s for s in zdd.sample(200, seed=1, weights={listed: 0}))
    uniform = zdd.sample(50, seed=2)
    assert uniform == zdd.sample(50, seed=2, weights={})


def test_counts_ranks_and_marginals_past_64_bits():
    zdd = dominoes(14, 14).zdd()
    count = 112202208776036178000000
    assert zdd.count == count and count > 2**64
    with pytest.raises(OverflowError, match="use .count"):
        len(zdd)
    # Ranks of any size, both ways, and slices of them.
    for k in (0, 2**64 + 12345, count - 1, -1, -(2**70)):
        solution = zdd[k]
        assert zdd.index(solution) == k % count
    assert zdd[2**70 : 2**70 + 3] == [zdd[2**70 + j] for j in range(3)]
    with pytest.raises(IndexError, match="no solution of rank"):
        zdd[count]
    marginals = zdd.marginals()
    # Over the options on the corner cell, the marginals add up to the count.
    p = zdd.problem
    corner = [k for k in range(p.option_count) if "r0c0" in p.option(k).split()]
    assert sum(marginals[k] for k in corner) == count
    assert max(marginals) > 2**64


def test_save_load_and_pickle(tmp_path):
    p = dominoes(6, 5)
    zdd = p.zdd()
    path = tmp_path / "board.zdd"
    zdd.save(path)
    again = dancing.Zdd.load(path, p)
    assert list(again) == list(zdd) and again.count == zdd.count == 1183
    # The text is the command line's --zdd text.
    assert path.read_text().splitlines()[-1].startswith(f"{zdd.node_count + 2:x}: (~0?0:")
    copy = pickle.loads(pickle.dumps(zdd))
    assert list(copy) == list(zdd) and copy.problem.option_count == p.option_count
    restricted = zdd.restrict(given=[0])
    assert list(pickle.loads(pickle.dumps(restricted))) == list(restricted)
    # Another problem's diagram, a text that is not one, a file that is not there.
    with pytest.raises(ValueError, match="not of this problem|numbered 1 to"):
        dancing.Zdd.load(path, dominoes(5, 6))
    bad = tmp_path / "bad.zdd"
    bad.write_text("2: (~1?0:1)\nnot a node\n")
    with pytest.raises(ValueError, match=r"bad.zdd: line 2, column 1: bad node"):
        dancing.Zdd.load(bad, p)
    with pytest.raises(OSError, match="missing.zdd"):
        dancing.Zdd.load(tmp_path / "missing.zdd", p)


def test_data_problems_index_by_data():
    p = dancing.Problem.polyomino("5x4", pieces="tetrominoes", uses="any")
    zdd = p.zdd()
    solution = zdd[7]
    assert all(isinstance(line, str) for line in solution)
    assert zdd.index(solution) == 7
    with pytest.raises(ValueError, match="the data of no option"):
        zdd.index(["no such placement"])


def test_the_passes_answer_to_their_limits():
    zdd = dominoes(14, 14).zdd()
    for run in (
        lambda: zdd.marginals(timeout=1e-9),
        lambda: zdd.backbone(timeout=1e-9),
        lambda: zdd.restrict(given=[0], timeout=1e-9),
        lambda: zdd.best(2, timeout=1e-9),
        lambda: zdd.sample(2, weights={0: 2}, timeout=1e-9),
    ):
        with pytest.raises(dancing.SearchStopped) as stopped:
            run()
        assert stopped.value.reason == "timeout"
    with pytest.raises(MemoryError):
        dominoes(14, 14).zdd(max_memory=10_000)
    with pytest.raises(MemoryError):
        zdd[0 : 2**40]
    with pytest.raises(ValueError, match="k=0"):
        zdd.sample(0)


def test_the_stubs_type_check_under_mypy_strict(tmp_path):
    example = tmp_path / "example.py"
    example.write_text(
        "import dancing\n"
        "p = dancing.Problem(['a', 'b'], [['a'], ['b'], ['a', 'b']])\n"
        "zdd: dancing.Zdd = p.zdd(max_memory=1 << 30, timeout=10.0)\n"
        "n: int = len(zdd) + zdd.count + zdd.node_count\n"
        "m: list[int] = zdd.marginals()\n"
        "b: dancing.Backbone = zdd.backbone()\n"
        "all_: list[int] = b.in_all + b.in_none\n"
        "r: dancing.Zdd = zdd.restrict(given=[0], forbid=[1])\n"
        "c = zdd.min_cost()\n"
        "cost: int = c[0] if c is not None else 0\n"
        "best: list[tuple[int, list[object]]] = zdd.best(2)\n"
        "first: list[object] = zdd[0]\n"
        "page: list[list[object]] = zdd[0:2]\n"
        "k: int = zdd.index(first)\n"
        "drawn: list[list[object]] = zdd.sample(3, seed=1, weights=[1, 2, 3])\n"
        "for solution in zdd:\n"
        "    first = solution\n"
        "from dancing import sudoku\n"
        "h: sudoku.Hint = sudoku.hint('1...')\n"
        "pictures: str = h.svg() + sudoku.steps('1...')[0].svg() + sudoku.Position('1...').svg()\n"
        "text: str = h['text']\n"
        "zdd.save('x.zdd')\n"
        "again: dancing.Zdd = dancing.Zdd.load('x.zdd', p, max_memory=1 << 20)\n"
        "parts: list[dancing.Subproblem] = p.split(4) + p.split(depth=1, timeout=5.0)\n"
        "part = dancing.Subproblem(p, parts[0].line, engine='links')\n"
        "n = part.count(limit=3) + len(part.given) + len(part.split(2))\n"
        "cheap = part.min_cost()\n"
        "line: str = part.line\n"
        "board = dancing.Problem.polyomino('5x4', pieces='2', uses='any')\n"
        "q = dancing.Problem.queens(4)\n"
        "shown: str = q.text(q.first() or []) + dancing.Problem.dominoes(2, 2).picture([0, 1]).svg()\n"
        "counted = dancing.Problem.langford(3).count() + dancing.Problem.latin(3).count()\n"
        "pic: dancing.Picture = board.picture(board.first() or [])\n"
        "svg: str = pic.svg() + board.sheet(board.sample(2), columns=2).svg()\n"
    )
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(example)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
