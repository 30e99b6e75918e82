import sys, time, heapq, resource
from collections import deque
GOAL_ON_GENERATION = False

def main():
    method, board = sys.argv[1], tuple(int(x) for x in sys.argv[2].split(','))
    n = len(board); w = int(round(n ** 0.5)); goal = tuple(range(n))
    start = time.time()
    def succ(s):
        b = s.index(0); r, c = divmod(b, w); out = []
        for name, dr, dc in (('Up', -1, 0), ('Down', 1, 0), ('Left', 0, -1), ('Right', 0, 1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < w and 0 <= nc < w:
                t = list(s); nb = nr * w + nc; t[b], t[nb] = t[nb], t[b]
                out.append((name, tuple(t)))
        return out
    def h(s):
        return sum(abs(i // w - t // w) + abs(i % w - t % w) for i, t in enumerate(s) if t)
    parent = {board: None}; depth = {board: 0}
    expanded = 0; maxd = 0; counter = 0
    if method == 'ast':
        frontier = [(h(board), 0, board)]
        pop = lambda: heapq.heappop(frontier)[2]
    else:
        frontier = deque([board])
        pop = frontier.popleft if method == 'bfs' else frontier.pop
    found = board if board == goal else None
    while found is None and frontier:
        s = pop()
        if s == goal:
            found = s; break
        expanded += 1
        children = succ(s)
        if method == 'dfs':
            children.reverse()
        for name, t in children:
            if t in parent:
                continue
            parent[t] = (s, name); depth[t] = depth[s] + 1
            maxd = max(maxd, depth[t])
            if GOAL_ON_GENERATION and t == goal:
                found = t; break
            if method == 'ast':
                counter += 1
                heapq.heappush(frontier, (depth[t] + h(t), counter, t))
            else:
                frontier.append(t)
    path = []
    s = found
    while parent[s] is not None:
        s, name = parent[s]; path.append(name)
    path.reverse()
    ram = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    with open('output.txt', 'w') as f:
        f.write('path_to_goal: %s\ncost_of_path: %d\nnodes_expanded: %d\nsearch_depth: %d\nmax_search_depth: %d\nrunning_time: %.8f\nmax_ram_usage: %.8f\n'
                % (str(path), len(path), expanded, len(path), maxd, time.time() - start, ram))

main()
