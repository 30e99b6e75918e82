"""3-digit puzzle: IDS without the discard rule inside an iteration. Usage: python3 ids-no-prune.py LETTER FILE"""
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402


def ids(start, goal, forbidden):
    s, limit = correct.Search(goal, forbidden), 0
    while True:
        stack = [correct.Node(start, None, None)]
        while stack:
            node = stack.pop()
            verdict = s.visit(node, set())  # a fresh set: nothing is ever a duplicate
            if verdict in ("goal", "limit"):
                return (node.path() if verdict == "goal" else None), s.expanded
            if node.depth < limit:
                stack.extend(reversed(correct.children(node, forbidden)))
        limit += 1


if __name__ == "__main__":
    correct.ids = ids
    correct.main()
