"""dancing.Problem from Python: counts against known answers and the brute force,
solutions and their data, engines and threads, the memo, and every error path."""

import itertools
import pickle
import pathlib
import random

import pytest

import dancing

DATA = pathlib.Path(__file__).parent / "data"


def brute_force(items, options, secondary=()):
    """Every set of options (as sorted indices) covering each item exactly once and
    each secondary item at most once."""
    found = []
    for size in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), size):
            covered = [name for k in chosen for name in options[k]]
            if sorted(covered) == sorted(set(covered)) and set(items) <= set(covered):
                if set(covered) <= set(items) | set(secondary):
                    found.append(list(chosen))
    return sorted(found)


def test_the_small_problem_of_the_readme():
    p = dancing.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
    assert p.count() == 2
    assert p.first() == [0, 1]
    assert sorted(p.solutions()) == [[0, 1], [2, 3]]
    assert (p.item_count, p.option_count) == (3, 4)
    assert p.option(3) == "b c"
    assert repr(p) == "Problem(3 items, 4 options)"


def test_pentominoes_count_9356():
    p = dancing.Problem.from_dlx((DATA / "pent6x10.dlx").read_text())
    assert p.count() == 9356
    assert p.count(threads=2) == 9356
    assert p.count(limit=10) == 10


def random_problem(rng):
    """A problem small enough for the brute force: 1 to 5 items, up to 2 secondary
    ones, up to 9 options of 1 to 3 names, each with a primary item."""
    items = [f"i{k}" for k in range(rng.randint(1, 5))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 2))]
    names = items + secondary
    options = []
    for _ in range(rng.randint(0, 9)):
        option = rng.sample(names, rng.randint(1, min(3, len(names))))
        if any(name in items for name in option):
            options.append(option)
    return items, options, secondary


def test_random_problems_match_the_brute_force():
    rng = random.Random(7)
    for _ in range(200):
        items, options, secondary = random_problem(rng)
        p = dancing.Problem(items, options, secondary)
        expected = brute_force(items, options, secondary)
        assert sorted(p.solutions()) == expected
        assert p.count() == len(expected)
        assert p.count(memo=True) == len(expected)
        for engine in ("links", "dense"):
            assert p.count(engine=engine) == len(expected)


def test_cells_is_in_builds_with_its_feature_only():
    p = dancing.Problem(["a", "b"], [["a", "b"], ["a"], ["b"]])
    try:
        count = p.count(engine="cells")
    except ValueError as error:
        assert str(error) == (
            "this build has no cells engine: it comes with the `cells` feature of the dancing crate"
        )
    else:
        assert count == 2


def test_options_hand_back_their_data():
    cells = ["a1", "a2", "b1", "b2"]
    options = [["a1", "a2"], ["b1", "b2"], ["a1", "b1"], ["a2", "b2"]]
    p = dancing.Problem(cells, options, data=["top", "bottom", "left", {"right": 1}])
    assert sorted(map(str, p.solutions())) == ["['left', {'right': 1}]", "['top', 'bottom']"]


def test_colors_costs_and_multiplicities_as_in_the_dlx_format():
    colored = dancing.Problem(["a", "b"], [["a", "x:red"], ["b", "x:red"], ["b", "x:blue"]], ["x"])
    assert colored.count() == 1
    bounded = dancing.Problem(["2:3|n", "0:1|a", "0:1|b", "0:1|c"], [["n", "a"], ["n", "b"], ["n", "c"]])
    assert bounded.count() == 4
    assert bounded.count(engine="multi") == 4
    assert bounded.count(memo=True) == 4
    costed = dancing.Problem(["a"], [["a", "|5"], ["a", "|2"]])
    assert costed.count() == 2
    assert "a" in costed.to_dlx()


def test_the_memo_counts_past_64_bits():
    board = ["r%dc%d" % (r, c) for r in range(14) for c in range(14)]
    dominoes = []
    for r in range(14):
        for c in range(14):
            if c + 1 < 14:
                dominoes.append(["r%dc%d" % (r, c), "r%dc%d" % (r, c + 1)])
            if r + 1 < 14:
                dominoes.append(["r%dc%d" % (r, c), "r%dc%d" % (r + 1, c)])
    p = dancing.Problem(board, dominoes)
    assert p.count(memo=True) == 112202208776036178000000
    assert p.count(memo=True, limit=5) == 5
    # The default count probes the memo and keeps it: a plain search would visit
    # 10^23 tilings.
    assert p.count() == 112202208776036178000000
    assert p.count(timeout=60) == 112202208776036178000000


def test_memo_false_and_true_and_the_probe_agree():
    # The 4x6 board's 281 domino tilings, however counted.
    board = ["r%dc%d" % (r, c) for r in range(4) for c in range(6)]
    dominoes = [
        ["r%dc%d" % (r, c), "r%dc%d" % (r + dr, c + dc)]
        for r in range(4)
        for c in range(6)
        for dr, dc in ((0, 1), (1, 0))
        if r + dr < 4 and c + dc < 6
    ]
    p = dancing.Problem(board, dominoes)
    assert p.count() == p.count(memo=False) == p.count(memo=True) == 281
    assert p.count(limit=100) == p.count(memo=False, limit=100) == 100
    assert not p.count(limit=100).complete
    with pytest.raises(ValueError, match="memo=False with engine='memo'"):
        p.count(memo=False, engine="memo")
    # The pentominoes hardly repeat: the probe keeps the plain search, which agrees.
    pent = dancing.Problem.from_dlx((DATA / "pent6x10.dlx").read_text())
    assert pent.count(limit=10) == pent.count(memo=False, limit=10) == 10


def test_a_timeout_raises_search_stopped():
    p = dancing.Problem.from_dlx((DATA / "pent6x10.dlx").read_text())
    with pytest.raises(dancing.SearchStopped, match="timeout"):
        p.count(timeout=0.05)
    with pytest.raises(dancing.SearchStopped):
        list(p.solutions(timeout=0.05))


def test_an_abandoned_iterator_stops_its_search():
    p = dancing.Problem.from_dlx((DATA / "pent6x10.dlx").read_text())
    solutions = p.solutions()
    first = next(solutions)
    assert len(first) == 12
    del solutions
    assert len(list(p.solutions(limit=3))) == 3


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda: dancing.Problem(["a", "a"], [["a"]]), "duplicate item name `a`"),
        (lambda: dancing.Problem(["a"], [["b"]]), 'option 0 names "b", which is neither'),
        (lambda: dancing.Problem(["a b"], [["a"]]), "is not a name"),
        (lambda: dancing.Problem(["a"], [["a\nb"]]), "neither an item"),
        (lambda: dancing.Problem(["a"], [[]]), "option 0 has no items"),
        (lambda: dancing.Problem(["|"], [["a"]]), "is not a name"),
        (lambda: dancing.Problem(["a"], [["a"]], data=[1, 2]), "one per option"),
        (lambda: dancing.Problem.from_dlx("a\nb\n"), "unknown item `b`"),
        (lambda: dancing.Problem.from_dlx(""), "item"),
        (lambda: dancing.Problem(["a"], [["a"]]).count(engine="quantum"), "unknown engine"),
        (lambda: dancing.Problem(["a"], [["a"]]).count(timeout=-1), "timeout must be"),
        (lambda: dancing.Problem(["a"], [["a"]]).count(timeout=float("nan")), "timeout must be"),
        (lambda: dancing.Problem(["a"], [["a"]]).option(5), "does not exist"),
        (lambda: dancing.Problem(["2:1|a"], [["a"]]), "lower bound 2 above its upper bound 1"),
        (lambda: dancing.Problem(["2|a"], [["a"]]).count(engine="links"), "multiplicities"),
    ],
)
def test_bad_input_raises_value_error(build, message):
    with pytest.raises(ValueError, match=message):
        build()


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        dancing.Problem("abc", 5)
    with pytest.raises(TypeError):
        dancing.Problem(["a"], 5)
    with pytest.raises(TypeError):
        dancing.Problem(["a"], [["a"]]).count(limit="many")


def test_options_of_secondary_items_only_keep_the_numbering():
    # Such an option no search can choose: it is left out of the problem, but the others
    # keep their numbers, their data, and the count of options as given.
    p = dancing.Problem(["a", "b"], [["x"], ["a"], ["b"]], secondary=["x"], data=["X", "A", "B"])
    assert p.first() == ["A", "B"]
    assert repr(p) == "Problem(3 items, 3 options)"
    assert (p.option_count, p.option(0), p.option(1), p.option(2)) == (3, "x", "a", "b")
    bare = dancing.Problem(["a", "b"], [["x"], ["a"], ["x", "y"], ["b"]], secondary=["x", "y"])
    assert bare.first() == [1, 3]
    assert sorted(bare.solutions()) == [[1, 3]]
    # Against the brute force, with such options anywhere among the others.
    rng = random.Random(11)
    for _ in range(200):
        items = [f"i{k}" for k in range(rng.randint(1, 4))]
        secondary = [f"s{k}" for k in range(rng.randint(1, 3))]
        options = [
            rng.sample(items + secondary, rng.randint(1, min(3, len(items) + len(secondary))))
            if rng.random() < 0.7
            else rng.sample(secondary, rng.randint(1, len(secondary)))
            for _ in range(rng.randint(1, 8))
        ]
        choosable = [k for k, o in enumerate(options) if set(o) & set(items)]
        expected = sorted(
            sorted(choosable[k] for k in s)
            for s in brute_force(items, [options[k] for k in choosable], secondary)
        )
        p = dancing.Problem(items, options, secondary, data=list(range(len(options))))
        assert sorted(sorted(s) for s in p.solutions()) == expected
        assert p.option_count == len(options)


def test_one_iterator_shared_by_threads():
    import threading

    p = dancing.Problem.from_dlx((DATA / "pent6x10.dlx").read_text())
    solutions = p.solutions(limit=300)
    got, errors = [], []

    def take():
        try:
            for s in solutions:
                got.append(tuple(s))
        except Exception as error:  # noqa: BLE001 - any error fails the test below
            errors.append(error)

    threads = [threading.Thread(target=take) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(got) == len(set(got)) == 300


def test_the_command_lines_refusals():
    p = dancing.Problem(["a"], [["a"]])
    with pytest.raises(ValueError, match="give 1 to 256"):
        p.count(threads=257)
    with pytest.raises(ValueError, match="limit=0"):
        p.count(limit=0)
    with pytest.raises(ValueError, match="one thread"):
        p.count(memo=True, threads=2)
    assert p.count(threads=256) == 1


def test_counts_say_whether_they_are_complete():
    p = dancing.Problem.from_dlx((DATA / "pent6x10.dlx").read_text())
    partial = p.count(limit=10)
    assert (partial, partial.complete) == (10, False)
    assert isinstance(partial, int) and repr(partial) == "Count(10, complete=False)"
    small = dancing.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
    # Exactly the limit is complete: nothing was left.
    assert small.count(limit=2).complete and small.count().complete
    assert not small.count(limit=1).complete
    assert not small.count(limit=1, memo=True).complete
    assert pickle.loads(pickle.dumps(partial)).complete is False


def test_a_stopped_search_tells_its_count_and_reason():
    p = dancing.Problem.from_dlx((DATA / "pent6x10.dlx").read_text())
    with pytest.raises(dancing.SearchStopped) as stopped:
        p.count(timeout=0.001)
    assert stopped.value.reason == "timeout"
    assert 0 <= stopped.value.count < 9356


def brute_costs(items, options, costs):
    """Every exact cover's total cost, by brute force."""
    found = []
    for size in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), size):
            covered = [name for k in chosen for name in options[k]]
            if sorted(covered) == sorted(items):
                found.append(sum(costs[k] for k in chosen))
    return sorted(found)


def test_min_cost_and_best_match_the_brute_force():
    rng = random.Random(11)
    for _ in range(100):
        items = [f"i{k}" for k in range(rng.randint(1, 5))]
        options, costs = [], []
        for _ in range(rng.randint(1, 8)):
            options.append(rng.sample(items, rng.randint(1, len(items))))
            costs.append(rng.choice([0, 1, 5, 2**63]))
        p = dancing.Problem(items, [o + [f"|{c}"] for o, c in zip(options, costs)])
        expected = brute_costs(items, options, costs)
        best = p.best(3, threads=rng.choice([1, 2]))
        assert [cost for cost, _ in best] == expected[:3]
        for cost, solution in best:
            assert sum(costs[k] for k in solution) == cost
        cheapest = p.min_cost()
        assert (cheapest[0] if cheapest else None) == (expected[0] if expected else None)


def test_samples_are_solutions_and_repeat_with_their_seed():
    board = [f"r{r}c{c}" for r in range(4) for c in range(4)]
    dominoes = [[f"r{r}c{c}", f"r{r}c{c + 1}"] for r in range(4) for c in range(3)]
    dominoes += [[f"r{r}c{c}", f"r{r + 1}c{c}"] for r in range(3) for c in range(4)]
    p = dancing.Problem(board, dominoes)
    drawn = p.sample(50, seed=4)
    assert len(drawn) == 50 and drawn == p.sample(50, seed=4)
    every = {tuple(s) for s in p.solutions()}
    assert len(every) == 36
    assert all(tuple(s) in every for s in drawn)
    assert len({tuple(s) for s in drawn}) > 10
    assert dancing.Problem(["a"], [["a", "b"]], secondary=["b"]).sample(3) == [[0]] * 3


def test_samples_where_the_memo_does_not_pay_are_drawn_by_listing():
    # Queens rarely repeat a state: the draws come from listing the solutions (the
    # engine's tests check them uniform), and are as repeatable and as bounded.
    queens = queens_problem(11)
    every = {tuple(s) for s in queens.solutions()}
    assert len(every) == 2680
    drawn = queens.sample(100, seed=3)
    assert drawn == queens.sample(100, seed=3) != queens.sample(100, seed=4)
    assert all(tuple(solution) in every for solution in drawn)
    assert len({tuple(s) for s in drawn}) > 90
    with pytest.raises(dancing.SearchStopped):
        queens_problem(16).sample(2, timeout=0.05)
    with pytest.raises(MemoryError, match="max_memory"):
        queens.sample(10**8, max_memory=100 << 20)


def queens_problem(n):
    """N queens: rows and columns primary, diagonals secondary."""
    options = [
        [f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n}"] for r in range(n) for c in range(n)
    ]
    items = [f"r{k}" for k in range(n)] + [f"c{k}" for k in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n)] + [f"b{k}" for k in range(2 * n + 1)]
    return dancing.Problem(items, options, secondary=diagonals)


def test_matrices_from_lists_and_numpy():
    rows = [[1, 1, 0], [0, 0, 0], [0, 0, 1], [1, 0, 0], [0, 1, 1]]
    p = dancing.Problem.from_matrix(rows)
    assert sorted(p.solutions()) == [[0, 2], [3, 4]]
    assert p.option_count == 5
    named = dancing.Problem.from_matrix(rows, names=["x", "y", "z"], secondary=1)
    assert named.option(4) == "y z"
    # Row 2 covers only the secondary column: no search can choose it.
    assert sorted(named.solutions()) == [[0], [3, 4]]
    with pytest.raises(ValueError, match="row 1 has 2 entries"):
        dancing.Problem.from_matrix([[1, 0, 1], [1, 0]])
    numpy = pytest.importorskip("numpy")
    array = numpy.array(rows, dtype=numpy.int8)
    assert sorted(dancing.Problem.from_matrix(array).solutions()) == [[0, 2], [3, 4]]
    assert dancing.Problem.from_matrix(array.astype(bool)).count() == 2


def test_items_worked_out_and_named_by_any_object():
    p = dancing.Problem(None, ["a b", "c", "a", "b c"])
    assert (p.item_count, p.count()) == (3, 2)
    q = dancing.Problem([1, 2, 3], [[1, 2], [3], (1,), {2, 3}])
    assert q.count() == 2
    with pytest.raises(ValueError, match='option 1 names "zz"'):
        dancing.Problem(["a"], [["a"], ["a", "zz"]])
    with pytest.raises(ValueError, match="option 0 is a int"):
        dancing.Problem(["a"], [5])


def test_problems_pickle_with_their_data_and_numbering():
    p = dancing.Problem(["a", "b"], [["x"], ["a"], ["b"]], secondary=["x"], data=["X", "A", "B"])
    q = pickle.loads(pickle.dumps(p))
    assert q.first() == p.first() == ["A", "B"]
    assert q.option_count == 3 and q.option(0) == "x"


def test_help_shows_the_parameters():
    import inspect

    assert str(inspect.signature(dancing.Problem)) == "(items, options, secondary=(), data=None)"
    for method in ("count", "sample", "best", "min_cost", "from_matrix"):
        doc = getattr(dancing.Problem, method).__doc__
        assert "Args:" in doc, method
    assert "limit" in inspect.signature(dancing.Problem.count).parameters


def test_the_exact_cover_samples_count_and_list_as_they_state():
    # The exact-cover-samples package: 27 problems as numpy 0/1 matrices (Knuth's,
    # brute-force ones with rows of zeros, Langford pairs, pentominoes, xcover's) and
    # their 58,326 solutions as row indices.
    samples = pytest.importorskip("exact_cover_samples")
    stated = 0
    for name, make in samples.problems.items():
        problem = make()
        expected = samples.canonical(problem["solutions"])
        p = dancing.Problem.from_matrix(problem["data"])
        assert p.count() == len(expected), name
        assert {tuple(s) for s in p.solutions()} == expected, name
        stated += len(problem["solutions"])
    assert stated == 58326


def test_polyomino_packing_as_knuth_counts():
    scott = dancing.Problem.polyomino("scott")
    assert scott.count() == 520
    placements = scott.first()
    assert len(placements) == 12
    cells = [cell for line in placements for cell in line.split()[1:]]
    assert len(cells) == len(set(cells)) == 60
    # Cells are named from 1, as the command line and the sudoku name them.
    assert not {"r4c4", "r4c5", "r5c4", "r5c5"} & set(cells)
    assert "r1c1" in cells
    assert dancing.Problem.polyomino("5x4", pieces="tetrominoes", uses="any").count() == (
        dancing.Problem.polyomino("4x5", pieces="4", uses="any").count()
    )
    ring = dancing.Problem.polyomino("...\n.#.\n...", pieces="AAA\n..A", uses="any")
    assert ring.count() == 4
    with pytest.raises(ValueError, match="line 1, column 2"):
        dancing.Problem.polyomino(".?")
    with pytest.raises(ValueError, match="turns"):
        dancing.Problem.polyomino("3x3", turns="some")


def test_a_given_partial_solution_is_forced_first():
    rng = random.Random(5)
    for _ in range(100):
        items = [f"i{k}" for k in range(rng.randint(1, 5))]
        options = [rng.sample(items, rng.randint(1, len(items))) for _ in range(rng.randint(1, 8))]
        p = dancing.Problem(items, options)
        every = brute_force(items, options)
        k = rng.randrange(len(options))
        holding = [s for s in every if k in s]
        assert p.count(given=[k]) == len(holding)
        assert sorted(p.solutions(given=[k])) == holding
        first = p.first(given=[k])
        assert (first in holding) if holding else (first is None)
    p = dancing.Problem(["a", "b", "c"], [["a", "b"], ["c"], ["a"], ["b", "c"]])
    with pytest.raises(ValueError, match="given="):
        p.count(given=[0, 3])  # they share b
    with pytest.raises(ValueError, match="option 9"):
        p.count(given=[9])
    with pytest.raises(ValueError, match="threads"):
        p.count(given=[0], threads=2)


def test_fifth_pass_findings():
    p = dancing.Problem(["a", "b"], [["a"], ["b"], ["a", "b"]])
    # H6: a limit of 0 is refused everywhere, not read as "all".
    with pytest.raises(ValueError, match="limit=0"):
        p.solutions(limit=0)
    # H7: rows written as strings of 0 and 1 are read digit by digit.
    assert dancing.Problem.from_matrix(["101", "010"]).count() == 1
    assert dancing.Problem.from_matrix(["1 0 1", "0 1 0", "1 1 1"]).count() == 2
    with pytest.raises(ValueError, match="neither 0 nor 1"):
        dancing.Problem.from_matrix(["102"])
    # H8: a number that names no set of pieces is refused, not drawn as a piece.
    with pytest.raises(ValueError, match="no set of 7-cell pieces"):
        dancing.Problem.polyomino("2x2", pieces="7")
    # H26: a board too large says so.
    with pytest.raises(ValueError, match="10000000000 cells"):
        dancing.Problem.polyomino("100000x100000")
    # H23: a count's completeness cannot be set.
    count = p.count(limit=1)
    with pytest.raises(AttributeError):
        count.complete = True
    # Errors in the caller's terms, not PyO3's.
    with pytest.raises(TypeError, match="items is a str"):
        dancing.Problem("abc", [["a"]])
    with pytest.raises(ValueError, match="threads=-1"):
        p.count(threads=-1)
    with pytest.raises(ValueError, match="k=-2"):
        p.sample(-2)
    with pytest.raises(ValueError, match="given: -1"):
        p.count(given=[-1])


def test_a_complete_count_has_one_meaning():
    # Exactly `limit` solutions: complete, as Rust's count_up_to and the command line
    # (which prints `2`, not `2+`) count them; past it, the limit and not complete.
    two = dancing.Problem(["a", "b"], [["a"], ["b"], ["a", "b"]])
    exact = two.count(limit=2)
    assert (exact, exact.complete, str(exact)) == (2, True, "2")
    more = two.count(limit=1)
    assert (more, more.complete, str(more)) == (1, False, "1+")
    for threads in (1, 2):
        assert two.count(limit=2, threads=threads).complete


def test_the_memo_is_bounded_and_ordered_as_the_command_line():
    board = dancing.Problem.polyomino("60x60", pieces="dominoes", uses="any")
    with pytest.raises(MemoryError):
        board.count(memo=True, max_memory=20 << 20)
    with pytest.raises(MemoryError):
        board.sample(1, max_memory=20 << 20)
    small = dancing.Problem.polyomino("4x4", pieces="dominoes", uses="any")
    for order in ("auto", "frontier", "declared", "mrv"):
        assert small.count(memo=True, memo_order=order) == 36
    with pytest.raises(ValueError, match="unknown memo order"):
        small.count(memo=True, memo_order="fast")
    assert len(small.sample(3, seed=1, memo_order="mrv")) == 3


def test_signatures_show_their_real_defaults():
    import inspect

    from dancing import sudoku

    functions = [
        getattr(dancing.Problem, name)
        for name in ("count", "first", "solutions", "sample", "min_cost", "best")
    ]
    functions += [dancing.Problem.from_matrix, dancing.Problem.polyomino, dancing.Problem]
    # (`Step` and `Hint` are answers, not made by hand.)
    functions += [getattr(sudoku, name) for name in sudoku.__all__ if name not in ("Step", "Hint")]
    for function in functions:
        signature = str(inspect.signature(function))
        assert "Ellipsis" not in signature and "..." not in signature, (function, signature)
    assert "Args:" in (dancing.Problem.__doc__ or "")
    assert "items:" in (dancing.Problem.__doc__ or "")


def _dancing_binary():
    """The `dancing` command line beside this package: `$DANCING_BIN`, else the
    workspace's build (`.ci/run` sets the variable)."""
    import os

    named = os.environ.get("DANCING_BIN")
    if named:
        return named
    root = pathlib.Path(__file__).resolve().parents[3]
    for profile in ("tests", "release", "debug"):
        built = root / "target" / profile / "dancing"
        if built.exists():
            return str(built)
    return None


def test_the_command_line_reads_the_same_dense_matrices():
    import subprocess

    samples = pytest.importorskip("exact_cover_samples")
    binary = _dancing_binary()
    if binary is None:
        pytest.skip("no built `dancing` binary: set DANCING_BIN")
    for name, make in samples.problems.items():
        problem = make()
        rows = problem["data"]
        text = "\n".join(" ".join(str(int(bool(x))) for x in row) for row in rows) + "\n"
        counted = subprocess.run(
            [binary, "xc", "--matrix", "--count", "-q"],
            input=text,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        # from_matrix counts the stated solutions (the test above): so must the CLI.
        assert int(counted) == len(samples.canonical(problem["solutions"])), name
