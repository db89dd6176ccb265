"""Pictures in Python: the objects that hold a position, a step or a hint give their
SVG (`svg()`), which Jupyter shows (`_repr_svg_`)."""

import pickle

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
