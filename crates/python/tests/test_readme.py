"""The README's Python examples run as written and pass mypy --strict against the installed stubs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT


def readme_python() -> str:
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), flags=re.S)
    assert blocks, "the README has Python examples"
    return "\n".join(blocks)


def test_the_readme_examples_run(tmp_path: Path) -> None:
    script = tmp_path / "readme_examples.py"
    script.write_text(readme_python())
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "nodes_expanded: 1585" in out.stdout


def test_mypy_strict_passes_on_the_readme_examples(tmp_path: Path) -> None:
    script = tmp_path / "readme_examples.py"
    script.write_text(readme_python())
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Success" in out.stdout


def test_mypy_catches_a_misuse(tmp_path: Path) -> None:
    # The stubs are real: a wrong use of the API is an error.
    script = tmp_path / "misuse.py"
    script.write_text('from searchlab import npuzzle\nn: str = npuzzle.run("bfs", [0, 1, 2, 3]).nodes_expanded\n')
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert out.returncode == 1 and "Incompatible types in assignment" in out.stdout, out.stdout


def test_mypy_strict_passes_on_the_installed_package(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "searchlab"],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert out.returncode == 0, out.stdout + out.stderr
