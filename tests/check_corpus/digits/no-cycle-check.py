"""COMP3308 assignment 1: the three-digit puzzle (student-style, with a known mistake: BFS, DFS,
Greedy and A* keep no closed list (constraint 3 is taken to prevent cycles); IDS keeps one).

usage: python3 no-cycle-check.py ALGORITHM INPUTFILE   (ALGORITHM is B, D, I, G, A or H)
"""
import heapq
import sys

MAX_EXPANDED = 1000


def read_puzzle(filename):
    with open(filename, encoding="utf-8-sig") as fh:
        rows = [row.strip() for row in fh if row.strip()]
    start, goal = rows[0].zfill(3), rows[1].zfill(3)
    forbidden = []
    if len(rows) >= 3:
        forbidden = [item.strip().zfill(3) for item in rows[2].split(",") if item.strip()]
    return start, goal, forbidden


def moves(state, forbidden):
    """A state is (digits, index of the digit the last move changed, or -1 for the start).
    Returns the states one move away, in the order the spec asks for."""
    digits, last = state
    result = []
    for pos in range(3):
        if pos == last:
            continue
        for step in (-1, 1):
            value = int(digits[pos]) + step
            if value < 0 or value > 9:
                continue
            new = digits[:pos] + str(value) + digits[pos + 1:]
            if new in forbidden:
                continue
            result.append((new, pos))
    return result


def manhattan(a, b):
    return sum(abs(int(x) - int(y)) for x, y in zip(a, b))


class Result(Exception):
    """Thrown out of the recursion of IDS with the path (None: limit reached)."""

    def __init__(self, path):
        super().__init__()
        self.path = path


def graph_search(algorithm, start, goal, forbidden):
    expanded = []  # no closed list: constraint 3 already stops a move straight back
    tick = 0
    if algorithm in "BD":
        fringe = [((start, -1), [start])]
    else:
        fringe = [(manhattan(start, goal), 0, (start, -1), [start])]
    while fringe:
        if algorithm == "B":
            state, path = fringe.pop(0)
        elif algorithm == "D":
            state, path = fringe.pop()
        else:
            _, _, state, path = heapq.heappop(fringe)
        expanded.append(state[0])
        if state[0] == goal:
            return path, expanded
        if len(expanded) == MAX_EXPANDED:
            return None, expanded
        children = moves(state, forbidden)
        if algorithm == "D":
            children.reverse()
        for child in children:
            if algorithm in "BD":
                fringe.append((child, path + [child[0]]))
            else:
                tick += 1
                cost = manhattan(child[0], goal)
                if algorithm == "A":
                    cost += len(path)
                # ties: the node added last comes out first
                heapq.heappush(fringe, (cost, -tick, child, path + [child[0]]))
    return None, expanded


def iterative_deepening(start, goal, forbidden):
    expanded = []

    def dls(state, path, depth, closed):
        if state in closed:
            return
        closed.add(state)
        expanded.append(state[0])
        if state[0] == goal:
            raise Result(path)
        if len(expanded) == MAX_EXPANDED:
            raise Result(None)
        if depth > 0:
            for child in moves(state, forbidden):
                dls(child, path + [child[0]], depth - 1, closed)

    limit = 0
    try:
        while True:
            dls((start, -1), [start], limit, set())
            limit += 1
    except Result as done:
        return done.path, expanded


def hill_climbing(start, goal, forbidden):
    state, path, expanded = (start, -1), [start], []
    while True:
        expanded.append(state[0])
        if state[0] == goal:
            return path, expanded
        best = None
        for child in moves(state, forbidden):
            if best is None or manhattan(child[0], goal) <= manhattan(best[0], goal):
                best = child
        if best is None or manhattan(best[0], goal) >= manhattan(state[0], goal):
            return None, expanded
        state = best
        path = path + [best[0]]


def main():
    algorithm, filename = sys.argv[1].upper(), sys.argv[2]
    start, goal, forbidden = read_puzzle(filename)
    if algorithm == "I":
        path, expanded = iterative_deepening(start, goal, forbidden)
    elif algorithm == "H":
        path, expanded = hill_climbing(start, goal, forbidden)
    else:
        path, expanded = graph_search(algorithm, start, goal, forbidden)
    print(",".join(path) if path else "No solution found.")
    print(",".join(expanded))


if __name__ == "__main__":
    main()
