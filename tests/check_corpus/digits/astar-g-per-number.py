"""3-digit puzzle: A* keeps g in a dict keyed by the number, overwritten by every new path.
Usage: python3 astar-g-per-number.py LETTER FILE"""
import heapq
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402

best_first = correct.best_first


def astar(start, goal, forbidden):
    s, g, counter = correct.Search(goal, forbidden), {start: 0}, 0
    fringe, seen = [(correct.h(start, goal), 0, correct.Node(start, None, None))], set()
    while fringe:
        _, _, node = heapq.heappop(fringe)
        verdict = s.visit(node, seen)
        if verdict in ("goal", "limit"):
            return (node.path() if verdict == "goal" else None), s.expanded
        if verdict == "expand":
            for child in correct.children(node, forbidden):
                counter += 1
                g[child.number] = g[node.number] + 1
                heapq.heappush(fringe, (g[child.number] + correct.h(child.number, goal), -counter, child))
    return None, s.expanded


if __name__ == "__main__":
    correct.best_first = lambda start, goal, forbidden, a: astar(start, goal, forbidden) if a else best_first(
        start, goal, forbidden, a
    )
    correct.main()
