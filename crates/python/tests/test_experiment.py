"""searchlab.experiment: the textbook's experiments on the 8-puzzle, as `searchlab report` runs them."""

from __future__ import annotations

import pytest

import searchlab


def test_distances_are_the_published_counts() -> None:
    table = searchlab.experiment("distances")
    # OEIS A089473: 8-puzzle boards at each distance from a goal with the blank in a corner.
    a089473 = [1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878,
               16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2]
    assert [row["states"] for row in table.rows] == a089473
    assert [row["d"] for row in table.rows] == list(range(32))
    assert table.svg.lstrip().startswith("<svg") and "A089473" in table.markdown


def test_the_heuristics_table_has_every_column_and_solves_b_star() -> None:
    table = searchlab.experiment("branching", depths=(2, 6), per_depth=5, seed=3)
    assert list(table.rows[0]) == ["d", "strategy", "instances", "mean_generated", "mean_expanded", "b_star"]
    by = {(row["d"], row["strategy"]): row for row in table.rows}
    for d in range(2, 7):
        h1, h2 = by[d, "astar-misplaced"], by[d, "astar-manhattan"]
        # Fewer where fewer exist: 4 boards lie 2 moves from the goal, 8 lie 3 moves away.
        assert h1["instances"] == h2["instances"] == min(5, [1, 2, 4, 8, 16, 20, 39][d])
        # h2 >= h1 on every board, so A* with h2 generates no more nodes.
        assert h2["mean_generated"] <= h1["mean_generated"]
        for row in (h1, h2, by[d, "bfs"]):
            b, n = row["b_star"], row["mean_generated"]
            assert isinstance(b, float) and sum((b - 5e-5) ** i for i in range(d + 1)) <= n + 1
            assert n + 1 <= sum((b + 5e-5) ** i for i in range(d + 1))
    assert "| d | BFS | IDS | A*(h1) | A*(h2) |" in table.markdown
    assert table._repr_svg_() == table.svg and "effective branching factor" in table.svg


def test_bad_experiments_are_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="unknown experiment `korf`: use distances or branching"):
        searchlab.experiment("korf")
    with pytest.raises(ValueError, match="first <= last"):
        searchlab.experiment("branching", depths=(8, 2))
    with pytest.raises(ValueError, match="farthest"):
        searchlab.experiment("branching", depths=(2, 40), per_depth=1)
