"""3-digit puzzle: children already expanded are skipped, but a selected node is never checked,
so a node that is twice in the fringe is expanded twice. Usage: python3 duplicate-reexpanded.py LETTER FILE"""
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402

EXPANDED = set()
generate = correct.children


class Reexpanding(correct.Search):
    def visit(self, node, seen):
        EXPANDED.add(node.key())
        self.expanded.append(node.number)
        if node.number == self.goal:
            return "goal"
        return "limit" if len(self.expanded) >= correct.LIMIT else "expand"


def children(node, forbidden):
    return [c for c in generate(node, forbidden) if c.key() not in EXPANDED]


if __name__ == "__main__":
    if sys.argv[1].upper() in "BDGA":
        correct.Search, correct.children = Reexpanding, children
    correct.main()
