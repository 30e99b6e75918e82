"""Type stubs of the extension module ``searchlab._native`` (Rust, PyO3)."""

from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

__version__: str

class UnsolvableError(ValueError):
    """The board cannot reach the goal (parity)."""

class SearchLimitError(RuntimeError):
    """A node budget stopped the search before the goal."""

def npuzzle_notebook(method: str, tiles: List[int]) -> Optional[Tuple[int, List[str]]]: ...
def npuzzle_run(
    method: str, tiles: List[int], goal: Optional[List[int]] = None, edition: Optional[str] = None
) -> Dict[str, Any]: ...
def digits_solve(
    letter: str, start: int, goal: int, forbidden: List[int] = ..., dialect: Optional[str] = None
) -> Tuple[Optional[List[str]], List[str]]: ...
def optimal_solve(
    tiles: List[int],
    goal: Optional[List[int]] = None,
    heuristic: Optional[str] = None,
    pdb_dir: Optional[str] = None,
    max_nodes: Optional[int] = None,
) -> Dict[str, Any]: ...
def default_pdb_dir() -> Path: ...
def replay_page(
    puzzle: str, algorithms: List[str], fields: Dict[str, str], compare_fields: Optional[Dict[str, str]] = None
) -> str: ...
def run_experiment(
    name: str, first: int = 2, last: int = 24, per_depth: int = 100, seed: int = 1, ids_limit: int = 5000000
) -> Tuple[str, str, str]: ...
def replay_puzzles() -> List[Tuple[str, str, str, List[Tuple[str, str]], List[str]]]: ...
def check_program(
    puzzle: str,
    command: str,
    cases: str,
    methods: List[str],
    n: int,
    seed: int,
    width: int,
    timeout: float,
    jobs: int,
) -> Tuple[str, str]: ...
def check_variants() -> List[Dict[str, Any]]: ...
def search_problem(
    initial: Any,
    is_goal: Callable[[Any], Any],
    strategy: str,
    rules: str,
    successors: Optional[Callable[[Any], Any]] = None,
    actions: Optional[Callable[[Any], Any]] = None,
    result: Optional[Callable[[Any, Any], Any]] = None,
    key: Optional[Callable[[Any], Any]] = None,
    h: Optional[Callable[[Any], Any]] = None,
    cost: Optional[Callable[[Any, Any, Any], Any]] = None,
    max_expanded: Optional[int] = None,
    max_seconds: Optional[float] = None,
    trace: Optional[str] = None,
    draw: Optional[Callable[[Any], Any]] = None,
    weight: Optional[float] = None,
    width: Optional[int] = None,
    goal: Any = None,
    predecessors: Optional[Callable[[Any], Any]] = None,
) -> Dict[str, Any]: ...
def search_names() -> Tuple[List[str], List[str]]: ...
def replay_problem(
    name: str,
    initial: Any,
    is_goal: Callable[[Any], Any],
    algorithms: List[str],
    rules: str,
    limit: int,
    successors: Optional[Callable[[Any], Any]] = None,
    actions: Optional[Callable[[Any], Any]] = None,
    result: Optional[Callable[[Any, Any], Any]] = None,
    key: Optional[Callable[[Any], Any]] = None,
    h: Optional[Callable[[Any], Any]] = None,
    cost: Optional[Callable[[Any, Any, Any], Any]] = None,
    draw: Optional[Callable[[Any], Any]] = None,
    goal: Any = None,
    predecessors: Optional[Callable[[Any], Any]] = None,
) -> str: ...
