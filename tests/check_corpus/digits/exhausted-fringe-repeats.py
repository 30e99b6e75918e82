#!/usr/bin/env python3
# COMP3308 Assignment 1 - ThreeDigits
# Student-style, with a known mistake: when the fringe runs empty, the last node stays
# selected and is listed again until the 1000 limit (B, D, G, A).
# Run: python3 exhausted-fringe-repeats.py <B|D|I|G|A|H> <input file>
import heapq
import sys

LIMIT = 1000


class Node:
    def __init__(self, digits, parent=None, changed=None):
        self.digits = digits
        self.parent = parent
        self.changed = changed  # which digit (0, 1, 2) the move into this node changed
        self.depth = 0 if parent is None else parent.depth + 1
        self.key = digits + str(changed)

    def successors(self, forbidden):
        kids = []
        for i in range(3):
            if i == self.changed:  # can't change the same digit twice in a row
                continue
            d = int(self.digits[i])
            if d > 0:
                kids.append(self.digits[:i] + str(d - 1) + self.digits[i + 1:])
            if d < 9:
                kids.append(self.digits[:i] + str(d + 1) + self.digits[i + 1:])
        return [Node(k, self, diff_at(self.digits, k)) for k in kids if k not in forbidden]

    def trace(self):
        out = []
        node = self
        while node:
            out.insert(0, node.digits)
            node = node.parent
        return out


def diff_at(a, b):
    for i in range(3):
        if a[i] != b[i]:
            return i


def h(a, b):
    return abs(int(a[0]) - int(b[0])) + abs(int(a[1]) - int(b[1])) + abs(int(a[2]) - int(b[2]))


class Fringe:
    """Queue for BFS, stack for DFS, a heap on f for Greedy and A* (the last added first on ties)."""

    def __init__(self, kind, goal):
        self.kind, self.goal, self.items, self.count = kind, goal, [], 0

    def empty(self):
        return not self.items

    def add_all(self, nodes):
        if self.kind == "D":
            nodes = nodes[::-1]
        for node in nodes:
            if self.kind in "BD":
                self.items.append(node)
            else:
                self.count += 1
                f = h(node.digits, self.goal) + (node.depth if self.kind == "A" else 0)
                heapq.heappush(self.items, (f, -self.count, node))

    def pop(self):
        if self.kind == "B":
            return self.items.pop(0)
        if self.kind == "D":
            return self.items.pop()
        return heapq.heappop(self.items)[2]


def search(kind, start, goal, forbidden):
    fringe = Fringe(kind, goal)
    fringe.add_all([Node(start)])
    expanded, done = [], set()
    current = None
    while len(expanded) < LIMIT:
        # the next node that was not expanded yet
        while not fringe.empty():
            candidate = fringe.pop()
            if candidate.key not in done:
                current = candidate
                break
        done.add(current.key)
        expanded.append(current.digits)
        if current.digits == goal:
            return current, expanded
        fringe.add_all(current.successors(forbidden))
    return None, expanded


def ids(start, goal, forbidden):
    expanded = []
    max_depth = 0
    while True:
        stack, done = [Node(start)], set()
        while stack:
            current = stack.pop()
            if current.key in done:
                continue
            done.add(current.key)
            expanded.append(current.digits)
            if current.digits == goal:
                return current, expanded
            if len(expanded) >= LIMIT:
                return None, expanded
            if current.depth < max_depth:
                stack.extend(current.successors(forbidden)[::-1])
        max_depth += 1


def hill(start, goal, forbidden):
    current, expanded = Node(start), []
    while True:
        expanded.append(current.digits)
        if current.digits == goal:
            return current, expanded
        best = None
        for kid in current.successors(forbidden):
            if best is None or h(kid.digits, goal) <= h(best.digits, goal):
                best = kid
        if best is None or h(best.digits, goal) >= h(current.digits, goal):
            return None, expanded
        current = best


def main():
    kind = sys.argv[1].strip().upper()
    with open(sys.argv[2]) as f:
        lines = [line.strip().lstrip("\ufeff") for line in f.readlines()]
    lines = [line for line in lines if line != ""]
    start = lines[0].zfill(3)
    goal = lines[1].zfill(3)
    forbidden = set()
    if len(lines) > 2:
        for x in lines[2].split(","):
            if x.strip() != "":
                forbidden.add(x.strip().zfill(3))

    if kind == "I":
        found, expanded = ids(start, goal, forbidden)
    elif kind == "H":
        found, expanded = hill(start, goal, forbidden)
    else:
        found, expanded = search(kind, start, goal, forbidden)

    if found is None:
        print("No solution found.")
    else:
        print(",".join(found.trace()))
    print(",".join(expanded))


main()
