"""examples/your_problem.ipynb runs from top to bottom (nbclient, the installed package)."""

from __future__ import annotations

import nbclient
import nbformat

from conftest import ROOT


def test_the_your_problem_notebook_runs() -> None:
    notebook = nbformat.read(ROOT / "examples" / "your_problem.ipynb", as_version=4)
    # Its asserts are the checks: the jugs in six moves, Romania's 418 and 450 km, the 8-puzzle
    # equal to searchlab.npuzzle's answers; an error in any cell fails here.
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    html = [o["data"]["text/html"] for o in outputs if o.output_type == "execute_result" and "text/html" in o["data"]]
    # The jugs' result table and two replay pages (iframes) are shown.
    assert sum("<iframe" in h for h in html) == 2
    assert any("searchlab-result" in h for h in html)


def test_the_heuristics_table_notebook_runs_and_draws_its_plots() -> None:
    notebook = nbformat.read(ROOT / "examples" / "heuristics_table.ipynb", as_version=4)
    # Its asserts are the checks: 181,440 boards by distance, h2 <= h1 <= BFS, b* solving its equation.
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    svgs = [o["data"]["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) == 2 and "effective branching factor" in svgs[1]
    assert any("text/markdown" in o.get("data", {}) for o in outputs)
