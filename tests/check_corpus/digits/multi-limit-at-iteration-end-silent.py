"""3-digit puzzle (COMP3308), student-style, with two known mistakes: IDS compares its expansion count (kept across all iterations) with the 1000 limit only in its outer loop, when an iteration has run to its end, and then stops before the next one (a goal found inside an iteration is still reported at once); and when the limit stops a search (B, D, I, G, A), main prints nothing at all. Usage: python3 multi-limit-at-iteration-end-silent.py LETTER FILE"""
import heapq
import sys
from collections import deque

LIMIT = 1000


def read_input(path):
    with open(path, encoding="utf-8-sig") as f:
        lines = [line.strip() for line in f.read().splitlines()]
    lines = [line for line in lines if line]
    start, goal = lines[0].zfill(3), lines[1].zfill(3)
    forbidden = set()
    if len(lines) > 2:
        forbidden = {t.strip().zfill(3) for t in lines[2].split(",") if t.strip()}
    return start, goal, forbidden


class Node:
    def __init__(self, number, changed, parent):
        self.number = number
        self.changed = changed
        self.parent = parent
        self.depth = 0 if parent is None else parent.depth + 1

    def key(self):
        return (self.number, self.changed)

    def path(self):
        node, out = self, []
        while node is not None:
            out.append(node.number)
            node = node.parent
        return out[::-1]


def children(node, forbidden):
    out = []
    for i in range(3):
        if i == node.changed:
            continue
        digit = int(node.number[i])
        for delta in (-1, 1):
            d = digit + delta
            if 0 <= d <= 9:
                number = node.number[:i] + str(d) + node.number[i + 1:]
                if number not in forbidden:
                    out.append(Node(number, i, node))
    return out


def h(number, goal):
    return sum(abs(int(a) - int(b)) for a, b in zip(number, goal))


class Search:
    def __init__(self, goal, forbidden):
        self.goal, self.forbidden = goal, forbidden
        self.expanded = []

    def visit(self, node, seen, check_limit=True):
        """Returns 'discard', 'goal', 'limit' or 'expand'."""
        if node.key() in seen:
            return "discard"
        seen.add(node.key())
        self.expanded.append(node.number)
        if node.number == self.goal:
            return "goal"
        if check_limit and len(self.expanded) >= LIMIT:
            return "limit"
        return "expand"


def uninformed(start, goal, forbidden, depth_first):
    s = Search(goal, forbidden)
    fringe, seen = deque([Node(start, None, None)]), set()
    while fringe:
        node = fringe.pop() if depth_first else fringe.popleft()
        verdict = s.visit(node, seen)
        if verdict == "goal":
            return node.path(), s.expanded
        if verdict == "limit":
            return "limit", s.expanded
        if verdict == "expand":
            kids = children(node, forbidden)
            fringe.extend(reversed(kids) if depth_first else kids)
    return None, s.expanded


def ids(start, goal, forbidden):
    s = Search(goal, forbidden)
    limit = 0
    while True:
        stack, seen = [Node(start, None, None)], set()
        while stack:
            node = stack.pop()
            verdict = s.visit(node, seen, check_limit=False)
            if verdict == "goal":
                return node.path(), s.expanded
            if verdict == "expand" and node.depth < limit:
                stack.extend(reversed(children(node, forbidden)))
        # the iteration is over: only now see whether the expansions reached the limit
        if len(s.expanded) >= LIMIT:
            return "limit", s.expanded
        limit += 1


def best_first(start, goal, forbidden, astar):
    s = Search(goal, forbidden)
    counter = 0
    root = Node(start, None, None)
    fringe, seen = [(h(start, goal), 0, root)], set()
    while fringe:
        _, _, node = heapq.heappop(fringe)
        verdict = s.visit(node, seen)
        if verdict == "goal":
            return node.path(), s.expanded
        if verdict == "limit":
            return "limit", s.expanded
        if verdict == "expand":
            for child in children(node, forbidden):
                counter += 1
                priority = h(child.number, goal) + (child.depth if astar else 0)
                heapq.heappush(fringe, (priority, -counter, child))
    return None, s.expanded


def hill(start, goal, forbidden):
    node, expanded = Node(start, None, None), []
    while True:
        expanded.append(node.number)
        if node.number == goal:
            return node.path(), expanded
        kids = children(node, forbidden)
        if not kids:
            return None, expanded
        best = kids[0]
        for child in kids[1:]:
            if h(child.number, goal) <= h(best.number, goal):
                best = child
        if h(best.number, goal) >= h(node.number, goal):
            return None, expanded
        node = best


def main():
    letter, path = sys.argv[1].upper(), sys.argv[2]
    start, goal, forbidden = read_input(path)
    if letter == "B":
        result = uninformed(start, goal, forbidden, False)
    elif letter == "D":
        result = uninformed(start, goal, forbidden, True)
    elif letter == "I":
        result = ids(start, goal, forbidden)
    elif letter == "G":
        result = best_first(start, goal, forbidden, False)
    elif letter == "A":
        result = best_first(start, goal, forbidden, True)
    else:
        result = hill(start, goal, forbidden)
    found, expanded = result
    if found == "limit":
        return
    print(",".join(found) if found else "No solution found.")
    print(",".join(expanded))


if __name__ == "__main__":
    main()
