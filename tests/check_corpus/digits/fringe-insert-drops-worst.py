"""3-digit puzzle: Greedy and A* keep a sorted list; a child worse than every node in it is lost.
Usage: python3 fringe-insert-drops-worst.py LETTER FILE"""
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402


def best_first(start, goal, forbidden, astar):
    s = correct.Search(goal, forbidden)
    fringe, seen = [(correct.h(start, goal), correct.Node(start, None, None))], set()
    while fringe:
        _, node = fringe.pop(0)
        verdict = s.visit(node, seen)
        if verdict in ("goal", "limit"):
            return (node.path() if verdict == "goal" else None), s.expanded
        if verdict == "expand":
            for child in correct.children(node, forbidden):
                p = correct.h(child.number, goal) + (child.depth if astar else 0)
                if not fringe:
                    fringe.append((p, child))
                    continue
                for i, (q, _) in enumerate(fringe):
                    if p <= q:
                        fringe.insert(i, (p, child))
                        break
    return None, s.expanded


if __name__ == "__main__":
    correct.best_first = best_first
    correct.main()
