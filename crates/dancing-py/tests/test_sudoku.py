"""dancing.sudoku from Python: solve, count, rate, hint and generate, checked against
the rules, variants, and every error path."""

import pathlib
import pickle

import pytest

import dancing
from dancing import sudoku

# A 17-clue puzzle: the first of the collection of 49,158 (Gordon Royle's, updated by
# Mladen Dobrichev and the enjoysudoku forum).
SEVENTEEN = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def is_solution(grid, puzzle):
    """Every row, column and box of a 9×9 grid holds 1-9, and the givens are kept."""
    assert len(grid) == 81
    rows = [grid[9 * r : 9 * r + 9] for r in range(9)]
    columns = [grid[c::9] for c in range(9)]
    boxes = [
        "".join(grid[9 * (3 * (b // 3) + r) + 3 * (b % 3) + c] for r in range(3) for c in range(3))
        for b in range(9)
    ]
    units_ok = all(sorted(unit) == list("123456789") for unit in rows + columns + boxes)
    givens_ok = all(p in ".0" or p == g for p, g in zip(puzzle, grid))
    return units_ok and givens_ok


def test_a_17_clue_puzzle_is_solved_counted_rated_and_hinted():
    solution = sudoku.solve(SEVENTEEN)
    assert is_solution(solution, SEVENTEEN)
    assert sudoku.count(SEVENTEEN, limit=2) == 1
    rating = sudoku.rate(SEVENTEEN)
    assert 1.0 <= rating["score"] <= 11.0 and rating["text"].startswith(str(rating["score"]))
    hint = sudoku.hint(SEVENTEEN)
    assert hint["technique"] and hint["text"].startswith(hint["technique"])
    r, c, v = hint["placement"] or hint["eliminations"][0]
    if hint["placement"]:
        assert solution[9 * r + c] == str(v)
    else:
        assert solution[9 * r + c] != str(v)


def test_inkala_needs_nested_chains_and_an_empty_grid_has_many_solutions():
    # Sudoku Explainer rates it 10.7/10.7/9.7: nested forcing chains, after dynamic
    # forcing chains "plus" (the first a 9.7).
    rating = sudoku.rate(INKALA)
    assert not rating["needs_search"]
    assert rating["technique"] == "nested forcing chains"
    assert (rating["score"], rating["explainer"]) == (10.7, "10.7/10.7/9.7")
    # Without them it stalls after the chains "plus": no cell is filled, so no EP.
    rating = sudoku.rate(INKALA, nested=False)
    assert rating["needs_search"] and rating["score"] > 9.0
    assert rating["technique"] == "dynamic forcing chains (+)"
    assert (rating["diamond"], rating["pearl"], rating["explainer"]) == (9.7, None, "?/?/9.7")
    assert sudoku.count("." * 81, limit=5) == 5
    assert not sudoku.count("." * 81, limit=5).complete
    solved = sudoku.hint(sudoku.solve(SEVENTEEN))
    assert solved["status"] == "solved" and solved["placement"] is None


def test_generated_puzzles_are_proper_and_repeat_with_their_seed():
    puzzles = sudoku.generate(2, seed=1)
    assert len(puzzles) == 2 and puzzles == sudoku.generate(2, seed=1)
    for puzzle in puzzles:
        assert sudoku.count(puzzle) == 1
    assert sudoku.generate(1, seed=2) != sudoku.generate(1, seed=1)
    big = sudoku.generate(1, seed=3, order=2, symmetry="rotational")
    assert len(big[0]) == 16 and sudoku.count(big[0]) == 1
    hard = sudoku.generate(1, seed=4, difficulty="easy")
    assert sudoku.rate(hard[0])["score"] > 0


def test_variants_by_mark_or_by_name():
    x = sudoku.generate(1, seed=5, variant="x")[0]
    solution = sudoku.solve(x, variant="x")
    assert is_solution(solution, x)
    # The x rule: both diagonals hold 1-9.
    assert sorted(solution[10 * k] for k in range(9)) == list("123456789")
    assert sorted(solution[8 * k + 8] for k in range(9)) == list("123456789")
    assert sudoku.count(x, variant="x") == 1


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: sudoku.solve("12"), "wrong length"),
        (lambda: sudoku.solve(""), "no puzzle"),
        (lambda: sudoku.solve("11" + "." * 79), "1"),
        (lambda: sudoku.solve(SEVENTEEN, variant="octagonal"), "octagonal"),
        (lambda: sudoku.rate("x" * 81), "line 1"),
        (lambda: sudoku.generate(1, symmetry="sideways"), "sideways"),
        (lambda: sudoku.generate(1, difficulty="impossible"), "impossible"),
        (lambda: sudoku.generate(1, order=9), "9"),
        (lambda: sudoku.count(SEVENTEEN, timeout=0.0), "timeout must be"),
    ],
)
def test_bad_puzzles_and_settings_raise_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_pencilmarks_are_counted_and_solved_from_their_candidates():
    # One cell with no candidate: no solution, whatever the others allow.
    assert sudoku.count("." * 9 + "123456789" * 80, limit=5) == 0
    assert sudoku.solve("." * 9 + "123456789" * 80) is None
    # Inkala's puzzle in the Sukaku layout, one empty cell's true value taken away.
    solution = sudoku.solve(INKALA)
    cells = []
    for k, (given, value) in enumerate(zip(INKALA, solution)):
        if given != ".":
            cells.append("." * (int(given) - 1) + given + "." * (9 - int(given)))
        else:
            cells.append("".join(str(v) for v in range(1, 10)))
    assert sudoku.count("".join(cells)) == 1
    assert sudoku.solve("".join(cells)) == solution
    empty = INKALA.index(".")
    true = int(solution[empty])
    cells[empty] = "".join(str(v) if v != true else "." for v in range(1, 10))
    assert sudoku.count("".join(cells)) == 0
    assert sudoku.solve("".join(cells)) is None


def test_generated_jigsaws_keep_their_regions():
    lines = sudoku.generate(2, variant="jigsaw", seed=3)
    for line in lines:
        puzzle, regions = line.split()
        assert len(puzzle) == len(regions) == 81
        assert sorted(set(regions)) == list("123456789")
        assert sudoku.count(line, variant="jigsaw") == 1
    x = sudoku.generate(1, variant="x", seed=3)[0]
    assert x.endswith(" x") and sudoku.count(x) == 1


def test_hints_tell_a_step_from_solved_and_stalled():
    assert sudoku.hint(SEVENTEEN)["status"] == "step"
    # The first of the forum's hardest: no technique below the nested chains applies to
    # it as given.
    hardest = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
    stalled = sudoku.hint(hardest, nested=False)
    assert stalled["status"] == "stalled", stalled
    assert stalled["technique"] is None and stalled["eliminations"] == []
    assert sudoku.rate(hardest, nested=False)["needs_search"]
    assert sudoku.steps(hardest, nested=False) == []


def test_counts_say_whether_they_are_complete():
    assert sudoku.count(SEVENTEEN).complete
    two = sudoku.count("." * 81, limit=2)
    assert (two, two.complete) == (2, False)
    with pytest.raises(ValueError, match="limit=0"):
        sudoku.count(SEVENTEEN, limit=0)


def test_one_puzzle_per_call():
    with pytest.raises(ValueError, match="more than one puzzle"):
        sudoku.solve(SEVENTEEN + "\n" + SEVENTEEN)


def test_six_by_six_with_two_by_three_boxes():
    puzzles = sudoku.generate(3, seed=4, box="2x3")
    assert puzzles == sudoku.generate(3, seed=4, box="2x3")
    for puzzle in puzzles:
        assert len(puzzle) == 36
        # The shape is never guessed: 6×6 has 2x3 and 3x2 boxes, and the error says so.
        with pytest.raises(ValueError, match='box="2x3" or box="3x2"'):
            sudoku.count(puzzle)
        assert sudoku.count(puzzle, box="2x3") == 1
        solution = sudoku.solve(puzzle, box="2x3")
        assert all(p in (".", s) for p, s in zip(puzzle, solution))
        rows = [solution[6 * r : 6 * r + 6] for r in range(6)]
        boxes = [
            "".join(rows[r][c] for r in range(br, br + 2) for c in range(bc, bc + 3))
            for br in (0, 2, 4)
            for bc in (0, 3)
        ]
        columns = ["".join(row[c] for row in rows) for c in range(6)]
        for unit in rows + columns + boxes:
            assert sorted(unit) == list("123456")
    # 3x2 boxes are another puzzle: the same text read with tall boxes.
    empty = "." * 36
    assert sudoku.count(empty, limit=10, box="3x2") == 10
    with pytest.raises(ValueError, match="box shape"):
        sudoku.solve(empty, box="big")
    eight = sudoku.generate(1, seed=1, box="2x4")[0]
    assert len(eight) == 64 and sudoku.count(eight, box="2x4") == 1


def test_h1_a_box_shape_is_read_never_guessed():
    # The hostile run: a 3x2 puzzle counted as 2x3 gave 3 solutions where it has 16, and
    # a unique 3x2 puzzle counted 0.
    tall = sudoku.generate(1, seed=11, box="3x2")[0]
    assert sudoku.count(tall, box="3x2") == 1
    with pytest.raises(ValueError, match="box="):
        sudoku.count(tall)
    # Drawn with its boxes, a grid tells its shape itself.
    solution = sudoku.solve(tall, box="3x2")
    drawn = "\n".join(
        " | ".join(" ".join(tall[6 * r + c] for c in range(s, s + 2)) for s in (0, 2, 4))
        for r in range(6)
    )
    assert sudoku.solve(drawn) == solution
    with pytest.raises(ValueError, match="order and box"):
        sudoku.generate(1, order=3, box="2x3")
    assert sudoku.solutions(tall, box="3x2") == [solution]
    assert sudoku.rate(tall, box="3x2")["score"] >= 1.0
    assert sudoku.hint(tall, box="3x2")["status"] == "step"


def test_solutions_are_listed_and_sixteen_by_sixteen_numbers_read():
    listed = sudoku.solutions("." * 81, limit=3)
    assert len(listed) == 3 and len(set(listed)) == 3
    assert all(sudoku.count(grid) == 1 for grid in listed)
    assert sudoku.solutions(SEVENTEEN) == [sudoku.solve(SEVENTEEN)]
    # A 16×16 puzzle written as rows of decimal numbers, 0 for a blank.
    solution = sudoku.solve("." * 256)
    values = [int(c, 17) if c.isdigit() or c in "ABCDEFG" else 0 for c in solution]
    rows = [" ".join(str(v) for v in values[16 * r : 16 * r + 16]) for r in range(16)]
    rows[0] = " ".join(["0"] + rows[0].split()[1:])
    assert sudoku.solve("\n".join(rows)) == solution


def test_hints_walk_to_the_end():
    # hint(apply=True) gives the position after the step, which hint takes back: the
    # walk reaches the solution with no step twice, as steps() lists it.
    position = sudoku.Position(SEVENTEEN)
    seen = []
    while True:
        hint = sudoku.hint(position, apply=True)
        if hint["status"] != "step":
            break
        assert hint["text"] not in seen
        seen.append(hint["text"])
        position = hint["position"]
        # The pencilmark grid reads back as the same position.
        assert sudoku.Position(str(position)) == position
    assert hint["status"] == "solved" and position.solved
    assert position.grid == sudoku.solve(SEVENTEEN)
    steps = sudoku.steps(SEVENTEEN)
    assert [step.text for step in steps] == seen
    assert steps[-1].position == position
    first = steps[0]
    assert (first.technique, str(first)) == (sudoku.hint(SEVENTEEN)["technique"], seen[0])
    # A cell left with one candidate stays a candidate, apart from a value placed.
    lone = [
        (step.position, step.position.candidates(r, c)[0])
        for step in steps
        for r in range(9)
        for c in range(9)
        if step.position.value(r, c) == 0 and len(step.position.candidates(r, c)) == 1
    ]
    assert lone, "some step leaves a naked single"
    for position, value in lone:
        assert f"({value})" in str(position)
    assert pickle.loads(pickle.dumps(first.position)) == first.position


def test_marginals_tally_the_listed_solutions():
    # INKALA less four givens: several solutions, listed one by one as the oracle.
    puzzle = INKALA[:10] + "." + INKALA[11:30] + "." + INKALA[31:50] + "..." + INKALA[53:]
    listed = sudoku.solutions(puzzle, limit=100_000)
    m = sudoku.marginals(puzzle)
    assert m["count"] == len(listed) > 1 and m["count"].complete
    for r in range(9):
        for c in range(9):
            digits = {}
            for s in listed:
                d = int(s[9 * r + c])
                digits[d] = digits.get(d, 0) + 1
            assert m["cells"][r][c] == digits
    fixed = [(r, c, int(listed[0][9 * r + c])) for r in range(9) for c in range(9)
             if len(m["cells"][r][c]) == 1]
    assert m["fixed"] == fixed
    # Every shape: the empty 4×4 grid has 288 solutions, each digit 72 times a cell;
    # 6×6 with 2×3 boxes, 28,200,960, of which a 720th start with a given first row.
    empty = sudoku.marginals("." * 16)
    assert empty["count"] == 288 and empty["fixed"] == []
    assert all(cell == {1: 72, 2: 72, 3: 72, 4: 72} for row in empty["cells"] for cell in row)
    six = sudoku.marginals("123456" + "." * 30, box="2x3")
    assert six["count"] == 28200960 // 720 == sudoku.count("123456" + "." * 30, box="2x3", limit=10**6)
    assert sum(six["cells"][5][5].values()) == six["count"]


def test_marginals_keep_to_pencilmarks_and_limits():
    # r1c3 of "12.." may hold 3 or 4; with 4 struck from its pencilmarks, 3 in all.
    grid = "12.............."
    plain = sudoku.marginals(grid)
    assert plain["cells"][0][2] == {3: 12, 4: 12}
    marks = sudoku.Position(grid).pencilmarks().replace("34", "3", 1)
    struck = sudoku.marginals(marks)
    assert struck["count"] == 12 and struck["cells"][0][2] == {3: 12}
    assert (0, 2, 3) in struck["fixed"]
    with pytest.raises(dancing.SearchStopped):
        sudoku.marginals("." * 256, timeout=0.01)
    with pytest.raises(MemoryError):
        sudoku.marginals("." * 81, max_memory=1000)
