"""searchlab: state-space search from Python, in Rust.

- :mod:`searchlab.npuzzle`: the ColumbiaX notebook's ``bfs``/``dfs``/``ast`` returning
  ``(nodes_expanded, path)``, and ``run``, the course driver with its seven statistics;
- :mod:`searchlab.digits`: the 3-digit puzzle (COMP3308), ``solve(letter, start, goal, forbidden)``;
- :class:`Problem` and :func:`search`: your own problem (``actions``/``result``/``is_goal``)
  searched by the Rust engine with any strategy, under a grader's rules;
- :func:`solve`: optimal sliding-tile solutions (IDA* with pattern databases);
- :func:`replay`: a recorded search replayed inside the notebook (no server), of any puzzle in
  :data:`PUZZLES` (the registered ones: the 3-digit puzzle, the 8-puzzle, Romania, the n-queens);
- :func:`check`: a student's program checked as ``searchlab check`` checks it, and
  :func:`list_variants`, the named rules it recognises;
- :func:`experiment`: the textbook's experiments on the 8-puzzle (the complete table of
  distances, the heuristics table with its plot of b*).

Searches release the GIL and stop with ``KeyboardInterrupt`` on Ctrl-C.
"""

from . import digits, npuzzle
from ._board import ArrayLike, BoardLike, HasPuzzleState
from ._check import CheckResult, Variant, check, list_variants
from ._experiment import Experiment, experiment
from ._native import SearchLimitError, UnsolvableError, __version__
from ._optimal import Solution, default_pdb_dir, solve
from ._problem import RULES, STRATEGIES, Problem, SearchResult, search, search_fn
from .replay import PUZZLES, Replay, replay

__all__ = [
    "Problem",
    "search",
    "search_fn",
    "SearchResult",
    "STRATEGIES",
    "RULES",
    "digits",
    "npuzzle",
    "solve",
    "Solution",
    "replay",
    "Replay",
    "PUZZLES",
    "check",
    "CheckResult",
    "list_variants",
    "Variant",
    "experiment",
    "Experiment",
    "default_pdb_dir",
    "UnsolvableError",
    "SearchLimitError",
    "BoardLike",
    "ArrayLike",
    "HasPuzzleState",
    "__version__",
]
