"""3-digit puzzle: "not the same digit twice" checked against the parent's move, not the node's.
Usage: python3 same-digit-from-wrong-parent.py LETTER FILE"""
import sys

sys.dont_write_bytecode = True
import correct  # noqa: E402


def children(node, forbidden):
    last = node.parent.changed if node.parent is not None else None
    out = []
    for i in range(3):
        if i == last:
            continue
        for d in (int(node.number[i]) - 1, int(node.number[i]) + 1):
            number = node.number[:i] + str(d) + node.number[i + 1:]
            if 0 <= d <= 9 and number not in forbidden:
                out.append(correct.Node(number, i, node))
    return out


if __name__ == "__main__":
    correct.children = children
    correct.main()
