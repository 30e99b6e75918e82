#!/usr/bin/env python3
"""A plain Python 3 N-puzzle driver, the baseline `searchlab npuzzle` is compared with.

Usage: python3 scripts/npuzzle_baseline.py <bfs|dfs|ast> <board> [--decrease-key] [--stdout]

Same reading as searchlab (tests/data/npuzzle/README.md): graph search, goal test when a
node leaves the frontier, successors in UDLR order (moves of the blank), successors already
in the frontier or explored skipped, nodes_expanded = removed nodes that are not the goal,
max_search_depth = deepest node ever put in the frontier. A* orders by (f, insertion
counter) with f = g + Manhattan distance (blank excluded); --decrease-key replaces a
frontier entry by a cheaper path, keeping its counter. Writes output.txt (or prints with
--stdout). Standard library only; written for this comparison, a straightforward
implementation with the usual data structures (deque, list, heapq, dict).
"""

import heapq
import math
import resource
import sys
import time
from collections import deque

MOVES = ("Up", "Down", "Left", "Right")


def neighbours(width):
    """For each cell, the (move index, target cell) pairs in UDLR order."""
    table = []
    for cell in range(width * width):
        row, col = divmod(cell, width)
        moves = []
        if row > 0:
            moves.append((0, cell - width))
        if row < width - 1:
            moves.append((1, cell + width))
        if col > 0:
            moves.append((2, cell - 1))
        if col < width - 1:
            moves.append((3, cell + 1))
        table.append(moves)
    return table


def successors(state, table):
    blank = state.index(0)
    for move, target in table[blank]:
        cells = list(state)
        cells[blank], cells[target] = cells[target], cells[blank]
        yield move, tuple(cells)


def manhattan(state, width, goal_pos):
    total = 0
    for cell, tile in enumerate(state):
        if tile:
            goal = goal_pos[tile]
            total += abs(cell // width - goal // width) + abs(cell % width - goal % width)
    return total


def path_to(node_state, parent):
    moves = []
    state = node_state
    while parent[state] is not None:
        previous, move = parent[state]
        moves.append(MOVES[move])
        state = previous
    moves.reverse()
    return moves


def bfs_or_dfs(start, goal, table, use_stack):
    frontier = [start] if use_stack else deque([start])
    parent = {start: None}  # seen = frontier or explored
    depth = {start: 0}
    expanded = 0
    max_depth = 0
    pop = frontier.pop if use_stack else frontier.popleft
    while frontier:
        state = pop()
        if state == goal:
            return path_to(state, parent), expanded, depth[state], max_depth
        expanded += 1
        children = list(successors(state, table))
        if use_stack:
            children.reverse()
        d = depth[state] + 1
        for move, child in children:
            if child not in parent:
                parent[child] = (state, move)
                depth[child] = d
                frontier.append(child)
                if d > max_depth:
                    max_depth = d
    return None


def astar(start, goal, table, width, decrease_key):
    goal_pos = {tile: cell for cell, tile in enumerate(goal)}
    counter = 0
    heap = [(manhattan(start, width, goal_pos), counter, start)]
    parent = {start: None}
    g = {start: 0}
    stamp = {start: 0}
    closed = set()
    expanded = 0
    max_depth = 0
    while heap:
        f, _, state = heapq.heappop(heap)
        if state in closed:
            continue  # an entry made stale by a decrease-key
        if f != g[state] + manhattan(state, width, goal_pos):
            continue  # stale priority of a node re-pushed with a lower f
        closed.add(state)
        if state == goal:
            return path_to(state, parent), expanded, g[state], max_depth
        expanded += 1
        d = g[state] + 1
        for move, child in successors(state, table):
            if child not in g:
                counter += 1
                g[child] = d
                stamp[child] = counter
                parent[child] = (state, move)
                heapq.heappush(heap, (d + manhattan(child, width, goal_pos), counter, child))
                if d > max_depth:
                    max_depth = d
            elif decrease_key and child not in closed and d < g[child]:
                g[child] = d
                parent[child] = (state, move)
                heapq.heappush(heap, (d + manhattan(child, width, goal_pos), stamp[child], child))
    return None


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    flags = {a for a in argv[1:] if a.startswith("--")}
    if len(args) != 2 or args[0].lower() not in ("bfs", "dfs", "ast"):
        print("usage: npuzzle_baseline.py <bfs|dfs|ast> <board> [--decrease-key] [--stdout]", file=sys.stderr)
        return 2
    method = args[0].lower()
    start = tuple(int(t) for t in args[1].split(","))
    width = math.isqrt(len(start))
    if width < 2 or width * width != len(start) or sorted(start) != list(range(len(start))):
        print("invalid board", file=sys.stderr)
        return 2
    goal = tuple(range(len(start)))
    table = neighbours(width)
    began = time.perf_counter()
    if method == "ast":
        result = astar(start, goal, table, width, "--decrease-key" in flags)
    else:
        result = bfs_or_dfs(start, goal, table, method == "dfs")
    running_time = time.perf_counter() - began
    if result is None:
        print("no solution", file=sys.stderr)
        return 1
    path, expanded, depth, max_depth = result
    ram = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    text = (
        f"path_to_goal: {path}\n"
        f"cost_of_path: {len(path)}\n"
        f"nodes_expanded: {expanded}\n"
        f"search_depth: {depth}\n"
        f"max_search_depth: {max_depth}\n"
        f"running_time: {running_time:.8f}\n"
        f"max_ram_usage: {ram:.8f}\n"
    )
    if "--stdout" in flags:
        sys.stdout.write(text)
    else:
        with open("output.txt", "w") as out:
            out.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
