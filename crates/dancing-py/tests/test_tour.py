"""docs/examples/tour.ipynb, run from top to bottom by nbclient on an ipykernel, as a
reader runs it: no cell may fail, and the pictures and the table Jupyter shows are
there. The notebook is kept without outputs (they are the library's to draw)."""

import pathlib

import nbformat
from nbclient import NotebookClient

TOUR = pathlib.Path(__file__).resolve().parents[3] / "docs/examples/tour.ipynb"


def test_the_tour_runs_from_top_to_bottom(tmp_path):
    notebook = nbformat.read(TOUR, as_version=4)
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(not cell.outputs and cell.execution_count is None for cell in code)
    # Run where it cannot leave files in the repository.
    NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    shown = [output.get("data", {}) for cell in code for output in cell.outputs]
    assert not [o for cell in code for o in cell.outputs if o.output_type == "error"]
    pictures = [data["image/svg+xml"] for data in shown if "image/svg+xml" in data]
    # Two positions, two steps, the hint, the queens, a packing, Scott's sheet, the
    # tilings' sheet.
    assert len(pictures) == 9
    assert all(picture.lstrip().startswith("<svg") for picture in pictures)
    tables = [data["text/html"] for data in shown if "text/html" in data]
    assert len(tables) == 1 and tables[0].startswith("<table><caption>Problem: 72 items")
    last = code[-1].outputs[-1]["data"]["text/plain"]
    assert last.endswith(", 9356)")
