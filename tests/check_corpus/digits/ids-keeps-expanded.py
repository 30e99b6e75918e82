"""3-digit puzzle: IDS keeps one expanded set for all its iterations (only the start is listed again).
Usage: python3 ids-keeps-expanded.py LETTER FILE"""
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402


def ids(start, goal, forbidden):
    s, seen, limit = correct.Search(goal, forbidden), set(), 0
    while True:
        root = correct.Node(start, None, None)
        seen.discard(root.key())
        stack = [root]
        while stack:
            node = stack.pop()
            verdict = s.visit(node, seen)
            if verdict in ("goal", "limit"):
                return (node.path() if verdict == "goal" else None), s.expanded
            if verdict == "expand" and node.depth < limit:
                stack.extend(reversed(correct.children(node, forbidden)))
        limit += 1


if __name__ == "__main__":
    correct.ids = ids
    correct.main()
