"""N-puzzle driver (ColumbiaX), student-style, with a known mistake: a successor is skipped only if explored, so the frontier holds duplicates, and a popped board is never checked: a board pushed twice is expanded (and counted) twice. The path follows each entry's own parent. Usage: python3 explored-only-reexpanded.py bfs|dfs|ast BOARD"""
import heapq
import math
import resource
import sys
import time
from collections import deque

MOVES = (("Up", -1, 0), ("Down", 1, 0), ("Left", 0, -1), ("Right", 0, 1))


def successors(state, n):
    z = state.index(0)
    r, c = divmod(z, n)
    out = []
    for name, dr, dc in MOVES:
        rr, cc = r + dr, c + dc
        if 0 <= rr < n and 0 <= cc < n:
            s = list(state)
            t = rr * n + cc
            s[z], s[t] = s[t], s[z]
            out.append((name, tuple(s)))
    return out


def manhattan(state, n):
    total = 0
    for i, tile in enumerate(state):
        if tile != 0:
            total += abs(i // n - tile // n) + abs(i % n - tile % n)
    return total


class Result:
    def __init__(self):
        self.expanded = 0
        self.max_depth = 0


def path_of(entry):
    moves = []
    while entry[2] is not None:
        entry, move = entry[2]
        moves.append(move)
    return moves[::-1]


def search(method, start, n):
    goal = tuple(range(n * n))
    res = Result()
    explored = set()
    counter = 0
    entry = (start, 0, None)
    if method == "bfs":
        frontier = deque([entry])
        pop = frontier.popleft
    elif method == "dfs":
        frontier = [entry]
        pop = frontier.pop
    else:
        frontier = [(manhattan(start, n), 0, entry)]

        def pop():
            return heapq.heappop(frontier)[2]
    while frontier:
        entry = pop()
        state, d = entry[0], entry[1]
        explored.add(state)
        if state == goal:
            return res, path_of(entry), d
        res.expanded += 1
        kids = successors(state, n)
        if method == "dfs":
            kids = kids[::-1]
        for move, child in kids:
            if child in explored:
                continue
            res.max_depth = max(res.max_depth, d + 1)
            e = (child, d + 1, (entry, move))
            if method == "ast":
                counter += 1
                heapq.heappush(frontier, (d + 1 + manhattan(child, n), counter, e))
            else:
                frontier.append(e)
    return res, None, None


def main():
    method = sys.argv[1].lower()
    start = tuple(int(t) for t in sys.argv[2].split(","))
    n = int(math.isqrt(len(start)))
    began = time.time()
    res, path, depth = search(method, start, n)
    elapsed = time.time() - began
    ram = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    with open("output.txt", "w") as f:
        f.write("path_to_goal: %s\n" % str(path))
        f.write("cost_of_path: %d\n" % len(path))
        f.write("nodes_expanded: %d\n" % res.expanded)
        f.write("search_depth: %d\n" % depth)
        f.write("max_search_depth: %d\n" % res.max_depth)
        f.write("running_time: %.8f\n" % elapsed)
        f.write("max_ram_usage: %.8f\n" % ram)


if __name__ == "__main__":
    main()
