"""Pictures in Python: the objects that hold a position, a step or a hint give their
SVG (`svg()`), which Jupyter shows (`_repr_svg_`); a board's solutions draw as
`Picture`s, as the command line draws them; a problem shows as a table."""

import pickle
import subprocess

import pytest
from test_problem import _dancing_binary

import dancing
from dancing import sudoku

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_a_hint_reads_as_a_dict_and_draws_itself():
    hint = sudoku.hint(PUZZLE)
    assert isinstance(hint, dict)
    assert hint["text"] == "hidden single: 8 in box 2 must go to r1c6"
    svg = hint.svg()
    assert svg.startswith("<svg") and svg == hint._repr_svg_()
    # The placement's digit, bold, in its colour.
    assert 'fill="#1a9641"' in svg and ">8</text>" in svg
    # It pickles as the plain dict it reads as.
    again = pickle.loads(pickle.dumps(hint))
    assert type(again) is dict and again == dict(hint)


def test_steps_and_positions_draw_themselves():
    steps = sudoku.steps(PUZZLE)
    for step in steps[:5]:
        assert step.svg().startswith("<svg") and step._repr_svg_() == step.svg()
    # A step is drawn on the position before it: the first one's on the puzzle.
    assert steps[0].svg() == sudoku.hint(PUZZLE).svg()
    position = sudoku.Position(PUZZLE)
    assert position._repr_svg_().count("<text") > 30 + 100  # givens and candidates


def test_packings_draw_as_the_command_line_draws_them(tmp_path):
    scott = dancing.Problem.polyomino("scott")
    first = scott.first()
    picture = scott.picture(first)
    assert isinstance(picture, dancing.Picture) and picture._repr_svg_() == picture.svg()
    # The solution's data (its placements), in any order: one picture.
    assert first[0].startswith(("F ", "I ", "L ", "N ", "P ", "T ", "U ", "V ", "W ", "X ", "Y ", "Z "))
    assert scott.picture(list(reversed(first))) == picture
    assert pickle.loads(pickle.dumps(picture)) == picture
    binary = _dancing_binary()
    if binary is None:
        pytest.skip("no built `dancing` binary: set DANCING_BIN")
    drawn = tmp_path / "scott.svg"
    subprocess.run(
        [binary, "problem", "polyomino", "scott", "--limit", "1", "--svg", str(drawn), "-q"],
        check=True,
        capture_output=True,
    )
    assert drawn.read_text() == picture.svg()


def test_any_board_of_named_cells_draws_and_sheets_lay_them_out():
    cells = [f"r{r}c{c}" for r in range(2) for c in range(4)]
    dominoes = [[f"r{r}c{c}", f"r{r}c{c + 1}"] for r in range(2) for c in range(3)]
    dominoes += [[f"r0c{c}", f"r1c{c}"] for c in range(4)]
    tilings = dancing.Problem(cells, dominoes)
    every = list(tilings.solutions())
    assert len(every) == 5
    one = tilings.picture(every[0])
    assert one.svg().count("<rect") == 1 + 8  # the background and the squares
    sheet = tilings.sheet(every)
    assert sheet.svg().count("<svg") == 1 + 5
    assert repr(tilings.sheet(every[:2], columns=1)).startswith("Picture(")
    with pytest.raises(ValueError, match="columns=0"):
        tilings.sheet(every, columns=0)
    with pytest.raises(ValueError, match="no picture"):
        dancing.Problem(["a", "b"], [["a"], ["b"]]).picture([0, 1])
    with pytest.raises(ValueError, match="option 99"):
        tilings.picture([99])


def test_a_problem_shows_as_a_table():
    p = dancing.Problem(["a<b", "c"], [["a<b"], ["c"]] * 10, secondary=["s&t"])
    html = p._repr_html_()
    assert html.startswith("<table><caption>Problem: 3 items (2 primary, 1 secondary), 20 options")
    assert "<code>a&lt;b</code>" in html and "a<b" not in html
    assert html.count("<tr>") == 1 + 12 + 1 and "… and 8 more" in html


def first_drawn_by_the_command_line(args, tmp_path):
    """`dancing problem ARGS --svg FILE`'s picture and its first solution's text."""
    binary = _dancing_binary()
    if binary is None:
        pytest.skip("no built `dancing` binary: set DANCING_BIN")
    drawn = tmp_path / "first.svg"
    printed = subprocess.run(
        [binary, "problem", *args, "--svg", str(drawn), "-q"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return drawn.read_text(), printed.split("first solution:\n", 1)[1]


def test_the_classic_problems_draw_as_the_command_line_draws_them(tmp_path):
    for problem, args in (
        (dancing.Problem.queens(8), ["queens", "8"]),
        (dancing.Problem.dominoes(5, 4), ["domino", "5x4"]),
        (dancing.Problem.polyomino("6x5", pieces="5", turns="all", uses="any"), None),
    ):
        first = problem.first()
        picture = pickle.loads(pickle.dumps(problem)).picture(first)
        assert picture == problem.picture(first)
        if args is None:
            continue
        svg, text = first_drawn_by_the_command_line(args, tmp_path)
        assert picture.svg() == svg
        assert problem.text(first) == text
    # Langford pairs and Latin squares have text, and no picture.
    langford = dancing.Problem.langford(4)
    assert langford.text(langford.first()) in ("4 1 3 1 2 4 3 2\n", "2 3 4 2 1 3 1 4\n")
    assert langford.count() == 2
    latin = dancing.Problem.latin(4)
    square = [row.split() for row in latin.text(latin.first()).splitlines()]
    assert all(sorted(row) == ["1", "2", "3", "4"] for row in square)
    assert all(sorted(column) == ["1", "2", "3", "4"] for column in zip(*square))
    for problem in (langford, latin):
        with pytest.raises(ValueError, match="no picture"):
            problem.picture(problem.first())
    assert dancing.Problem(["a"], [["a"]]).text([0]) == ""
    with pytest.raises(ValueError, match="n=0"):
        dancing.Problem.queens(0)
    with pytest.raises(ValueError, match="height=2000"):
        dancing.Problem.dominoes(1000, 2000)


def test_the_classic_problems_count_as_known():
    assert [dancing.Problem.queens(n).count() for n in range(1, 9)] == [1, 0, 0, 2, 10, 4, 40, 92]
    assert dancing.Problem.dominoes(8, 8).count() == 12988816
    assert dancing.Problem.langford(7).count() == 2 * 26
    assert dancing.Problem.latin(4).count() == 576
