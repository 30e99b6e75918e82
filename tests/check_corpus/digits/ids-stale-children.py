"""3-digit puzzle: IDS gives no children to a node already met in an earlier iteration.
Usage: python3 ids-stale-children.py LETTER FILE"""
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402


def ids(start, goal, forbidden):
    s, earlier, limit = correct.Search(goal, forbidden), set(), 0
    while True:
        stack, seen, now = [correct.Node(start, None, None)], set(), set()
        while stack:
            node = stack.pop()
            verdict = s.visit(node, seen)
            if verdict in ("goal", "limit"):
                return (node.path() if verdict == "goal" else None), s.expanded
            if verdict == "expand":
                now.add(node.key())
                used_up = node.parent is not None and node.key() in earlier
                if node.depth < limit and not used_up:
                    stack.extend(reversed(correct.children(node, forbidden)))
        earlier |= now
        limit += 1


if __name__ == "__main__":
    correct.ids = ids
    correct.main()
