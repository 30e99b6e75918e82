"""3-digit puzzle: Greedy and A* stop (no solution) at the first already-expanded node selected.
Usage: python3 stop-at-first-duplicate.py LETTER FILE"""
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402


class StopSearch(correct.Search):
    def visit(self, node, seen):
        verdict = super().visit(node, seen)
        # Meant to skip the node; gives up instead.
        return "limit" if verdict == "discard" else verdict


if __name__ == "__main__":
    if sys.argv[1].upper() in "GA":
        correct.Search = StopSearch
    correct.main()
