"""3-digit puzzle with three mistakes: A* keeps g per number and a sorted fringe that loses a child
worse than all, and "not the same digit twice" is checked against the parent's move.
Usage: python3 FILE LETTER INPUT"""
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402
from importlib import util  # noqa: E402

spec = util.spec_from_file_location("wrong_parent", f"{sys.path[0]}/same-digit-from-wrong-parent.py")
wrong_parent = util.module_from_spec(spec)
spec.loader.exec_module(wrong_parent)


def astar(start, goal, forbidden):
    s, g, seen = correct.Search(goal, forbidden), {start: 0}, set()
    fringe = [(correct.h(start, goal), correct.Node(start, None, None))]
    while fringe:
        node = fringe.pop(0)[1]
        verdict = s.visit(node, seen)
        if verdict in ("goal", "limit"):
            return (node.path() if verdict == "goal" else None), s.expanded
        for child in wrong_parent.children(node, forbidden) if verdict == "expand" else []:
            g[child.number] = g[node.number] + 1
            f = g[child.number] + correct.h(child.number, goal)
            at = next((i for i, (q, _) in enumerate(fringe) if f <= q), None if fringe else 0)
            if at is not None:
                fringe.insert(at, (f, child))
    return None, s.expanded


if __name__ == "__main__":
    if sys.argv[1].upper() != "A":
        correct.children = wrong_parent.children
        correct.main()
    else:
        start, goal, forbidden = correct.read_input(sys.argv[2])
        found, expanded = astar(start, goal, forbidden)
        print(",".join(found) if found else "No solution found.")
        print(",".join(expanded))
