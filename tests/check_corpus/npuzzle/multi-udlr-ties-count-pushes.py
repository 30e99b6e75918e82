"""N-puzzle driver (ColumbiaX), student-style, with two mistakes: A* ties broken by the move (UDLR) and nodes_expanded counting the nodes pushed. Usage: python3 multi-udlr-ties-count-pushes.py bfs|dfs|ast BOARD"""
import heapq
import math
import resource
import sys
import time
from collections import deque

ORDER = {"Up": 0, "Down": 1, "Left": 2, "Right": 3}
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
        self.parent = {}
        self.expanded = 0
        self.max_depth = 0

    def path(self, state):
        moves = []
        while self.parent[state] is not None:
            state, move = self.parent[state]
            moves.append(move)
        return moves[::-1]


def search(method, start, n):
    goal = tuple(range(n * n))
    res = Result()
    res.parent[start] = None
    depth = {start: 0}
    counter = 0
    if method == "bfs":
        frontier = deque([start])
        pop = frontier.popleft
    elif method == "dfs":
        frontier = [start]
        pop = frontier.pop
    else:
        frontier = [(manhattan(start, n), 0, 0, start)]

        def pop():
            return heapq.heappop(frontier)[-1]
    while frontier:
        state = pop()
        if state == goal:
            return res, res.path(state), depth[state]
        kids = successors(state, n)
        if method == "dfs":
            kids = kids[::-1]
        for move, child in kids:
            if child in res.parent:
                continue
            res.parent[child] = (state, move)
            depth[child] = depth[state] + 1
            res.max_depth = max(res.max_depth, depth[child])
            if method == "ast":
                counter += 1
                heapq.heappush(frontier, (depth[child] + manhattan(child, n), ORDER[move], counter, child))
            else:
                frontier.append(child)
            res.expanded += 1
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
