import sys
from collections import deque
LIMIT = 1000

def main():
    letter, name = sys.argv[1], sys.argv[2]
    lines = [l.strip() for l in open(name).read().splitlines() if l.strip()]
    start, goal = lines[0].zfill(3), lines[1].zfill(3)
    forbidden = set(x.strip().zfill(3) for x in lines[2].split(',') if x.strip()) if len(lines) > 2 else set()
    fringe = deque([(start, None, None)])
    seen = set(); expanded = []
    while fringe:
        node = fringe.popleft(); num, changed, _ = node
        if (num, changed) in seen:
            continue
        seen.add((num, changed)); expanded.append(num)
        if num == goal:
            path = []
            while node:
                path.append(node[0]); node = node[2]
            print(','.join(reversed(path))); print(','.join(expanded)); return
        if len(expanded) >= LIMIT:
            break
        for d in range(3):
            if d == changed:
                continue
            for delta in (-1, 1):
                v = int(num[d]) + delta
                if 0 <= v <= 9:
                    child = num[:d] + str(v) + num[d + 1:]
                    if child not in forbidden:
                        fringe.append((child, d, node))
    print('No solution found.'); print(','.join(expanded))

main()
