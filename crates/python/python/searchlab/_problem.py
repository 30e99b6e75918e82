"""Your own problem, searched by the Rust engine: :class:`Problem`, :func:`search`, :func:`search_fn`.

Write a problem as in aima-python (``actions``, ``result``, ``is_goal``, optionally ``cost``,
``h`` and ``key``) or as one ``successors(state)`` method yielding ``(action, state, cost)``
triples, and run any of the engine's strategies on it under a grader's rules::

    class Count(searchlab.Problem):
        def actions(self, n): return ["+1", "*2"]
        def result(self, n, a): return n + 1 if a == "+1" else n * 2
        def is_goal(self, n): return n == 10

    searchlab.search(Count(1), "bfs").actions   # ['+1', '*2', '+1', '*2']
"""

from __future__ import annotations

import html
import os
from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Tuple, Union

from . import _native

#: The strategies :func:`search` runs, and the rule sets it follows.
STRATEGIES, RULES = _native.search_names()


class Problem:
    """A search problem: subclass it and define ``actions``/``result`` (or ``successors``) and
    ``is_goal``; ``cost`` (default 1), ``h`` (default 0) and ``key`` (default: the state, which
    must then be hashable) are optional. ``Problem(initial)`` keeps the start state;
    ``Problem(initial, goal)`` also the goal state, which with ``predecessors`` lets the
    bidirectional searches run."""

    def __init__(self, initial: Any, goal: Any = None) -> None:
        self.initial = initial
        self.goal = goal

    def actions(self, state: Any) -> Iterable[Any]:
        """The actions that apply in ``state``, in the order the search must try them."""
        raise NotImplementedError("define actions() and result(), or successors()")

    def result(self, state: Any, action: Any) -> Any:
        """The state that ``action`` leads to from ``state``."""
        raise NotImplementedError("define actions() and result(), or successors()")

    def is_goal(self, state: Any) -> bool:
        """Whether ``state`` is a goal."""
        raise NotImplementedError("define is_goal()")

    def cost(self, state: Any, action: Any, next_state: Any) -> int:
        """The cost of the step (a non-negative whole number; 1 by default)."""
        return 1

    def h(self, state: Any) -> float:
        """An estimate of the cost to a goal (0 by default); fractions are rounded down."""
        return 0

    def key(self, state: Any) -> Hashable:
        """What makes two states the same for duplicate detection (the state by default)."""
        key: Hashable = state
        return key


def _own(problem: Any, name: str) -> Optional[Callable[..., Any]]:
    """The bound method ``name`` if the problem defines it itself (not left at the default)."""
    method: Optional[Callable[..., Any]] = getattr(problem, name, None)
    if method is None or not callable(method):
        return None
    default = getattr(Problem, name, None)
    if default is not None and getattr(type(problem), name, None) is default:
        return None
    return method


class SearchResult:
    """What a search answered: ``outcome`` (``"found"``, ``"exhausted"``, ``"limit"``, or
    ``"stuck"`` for hill-climbing), the solution's ``actions`` and ``states`` (start first),
    its ``cost``, and the engine's counts: ``expanded`` (nodes whose children were generated),
    ``selected`` (nodes taken from the frontier, the goal included), ``generated``,
    ``max_frontier``, ``max_depth``; ``seconds`` is the engine's time."""

    def __init__(self, answer: Dict[str, Any]) -> None:
        self.strategy: str = answer["strategy"]
        self.rules: str = answer["rules"]
        self.outcome: str = answer["outcome"]
        self.states: List[Any] = answer["states"]
        self.actions: List[Any] = answer["actions"]
        self.cost: Optional[int] = answer["cost"]
        self.expanded: int = answer["expanded"]
        self.selected: int = answer["selected"]
        self.generated: int = answer["generated"]
        self.max_frontier: int = answer["max_frontier"]
        self.max_depth: int = answer["max_depth"]
        self.seconds: float = answer["seconds"]

    @property
    def solved(self) -> bool:
        """Whether a goal was reached."""
        return self.outcome == "found"

    def __repr__(self) -> str:
        if self.solved:
            found = f"{len(self.actions)} actions, cost {self.cost}"
        else:
            found = self.outcome
        return f"<SearchResult {self.strategy}: {found}; {self.expanded} expanded, {self.generated} generated>"

    def _repr_html_(self) -> str:
        rows = [
            ("outcome", self.outcome),
            ("actions", ", ".join(map(str, self.actions)) if self.actions else "(none)"),
            ("cost", "" if self.cost is None else str(self.cost)),
            ("expanded", str(self.expanded)),
            ("generated", str(self.generated)),
            ("max frontier", str(self.max_frontier)),
            ("max depth", str(self.max_depth)),
        ]
        body = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
        title = html.escape(f"{self.strategy} ({self.rules} rules)")
        return f'<table class="searchlab-result"><caption>{title}</caption>{body}</table>'


def _methods(problem: Any) -> Dict[str, Any]:
    """The problem's start state and own methods, as the engine takes them."""
    if not hasattr(problem, "initial"):
        raise TypeError("the problem has no initial state: construct it as Problem(initial)")
    is_goal = _own(problem, "is_goal") or _own(problem, "goal_test")
    if is_goal is None:
        raise TypeError("the problem needs an is_goal(state) method")
    successors = _own(problem, "successors")
    actions, result = _own(problem, "actions"), _own(problem, "result")
    if successors is None and (actions is None or result is None):
        raise TypeError("the problem needs actions(state) and result(state, action), or successors(state)")
    return {
        "initial": problem.initial,
        "is_goal": is_goal,
        "successors": successors,
        "actions": None if successors else actions,
        "result": None if successors else result,
        "key": _own(problem, "key"),
        "h": _own(problem, "h"),
        "cost": None if successors else _own(problem, "cost"),
        "draw": _own(problem, "draw"),
        "goal": getattr(problem, "goal", None),
        "predecessors": _own(problem, "predecessors"),
    }


def search(
    problem: Any,
    strategy: str = "astar",
    *,
    rules: str = "textbook",
    max_expanded: Optional[int] = None,
    max_seconds: Optional[float] = None,
    trace: Optional[Union[str, "os.PathLike[str]"]] = None,
    weight: Optional[float] = None,
    width: Optional[int] = None,
) -> SearchResult:
    """Runs ``strategy`` (one of :data:`STRATEGIES`) on ``problem`` under ``rules`` (one of
    :data:`RULES`: ``"textbook"`` graph search (iterative deepening and IDA*: a cycle check on
    the node's own path), ``"columbia-driver"`` the N-puzzle driver's,
    ``"comp3308"`` the 3-digit puzzle grader's), stopping after ``max_expanded`` selected nodes
    or ``max_seconds``; ``weight=`` is weighted A*'s w (``"weighted-astar"``, 1 by default),
    ``width=`` beam search's width (``"beam"``, 10 by default). ``trace="run.jsonl"`` writes every step to that file in the format of
    ``searchlab --trace`` (``docs/trace.md``). An exception raised by the problem's methods
    propagates; Ctrl-C stops the search with ``KeyboardInterrupt``."""
    methods = _methods(problem)
    initial, is_goal = methods.pop("initial"), methods.pop("is_goal")
    answer = _native.search_problem(
        initial,
        is_goal,
        strategy,
        rules,
        max_expanded=max_expanded,
        max_seconds=max_seconds,
        trace=None if trace is None else os.fspath(trace),
        weight=weight,
        width=width,
        **methods,
    )
    return SearchResult(answer)


def replay_problem(
    problem: Any, strategy: str, compare: Optional[str] = None, rules: str = "textbook", max_expanded: int = 20_000
) -> str:
    """The replay page of ``strategy`` (and ``compare``, side by side) on ``problem``; each state
    is drawn by the problem's ``draw(state)`` (SVG or text), else the state's ``_repr_svg_``,
    else ``str(state)``."""
    methods = _methods(problem)
    initial, is_goal = methods.pop("initial"), methods.pop("is_goal")
    return _native.replay_problem(
        type(problem).__name__,
        initial,
        is_goal,
        [strategy] + ([compare] if compare else []),
        rules,
        max_expanded,
        **methods,
    )


def search_fn(
    start: Any,
    successors: Callable[[Any], Iterable[Tuple[Any, Any, int]]],
    is_goal: Callable[[Any], bool],
    h: Optional[Callable[[Any], float]] = None,
    strategy: str = "astar",
    **options: Any,
) -> SearchResult:
    """:func:`search` for a problem given as functions: ``successors(state)`` yields
    ``(action, state, cost)`` triples (and for the bidirectional searches, ``goal=`` the goal
    state and ``predecessors=`` a function yielding ``(action, previous_state, cost)``)."""
    rules = options.pop("rules", "textbook")
    max_expanded = options.pop("max_expanded", None)
    max_seconds = options.pop("max_seconds", None)
    weight = options.pop("weight", None)
    width = options.pop("width", None)
    goal = options.pop("goal", None)
    predecessors = options.pop("predecessors", None)
    if options:
        raise TypeError(f"unknown options: {', '.join(sorted(options))}")
    answer = _native.search_problem(
        start,
        is_goal,
        strategy,
        rules,
        successors=successors,
        h=h,
        max_expanded=max_expanded,
        max_seconds=max_seconds,
        weight=weight,
        width=width,
        goal=goal,
        predecessors=predecessors,
    )
    return SearchResult(answer)
