// searchlab replay, in words: each event, the selected node's g, h and f, and why the
// search stopped, as a student would say them; a local search's frames too. Moves come in words from the server
// (`3rd digit +1`, `Up`); a --trace file's moves are shown as the trace writes them.
'use strict';

/// A move in words.
function moveWords(action) {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object') return Object.entries(action).map(([k, v]) => `${k} ${v}`).join(', ');
  return String(action);
}

/// A node as `label (#id)`.
function nodeName(replay, node) {
  const n = replay.nodes.get(node);
  return n ? `${n.label} (#${node})` : `#${node}`;
}

/// g, h and f of a node, as far as the recording's priority tells them.
function costs(rec, n) {
  if (!n) return '';
  const g = n.cost;
  // Recursive best-first search: f is at least the parent's, or backed up from the children.
  if (rec.discipline === 'recursive') return `g = ${g}, f = ${n.priority}, f-limit ${n.limit === undefined ? '∞' : n.limit}`;
  switch (rec.priority) {
    case 'f = g + h': return `g = ${g}, h = ${n.priority - g}, f = ${n.priority}`;
    case 'h': return `h = ${n.priority} (g = ${g}, not used)`;
    case 'g': return `g = ${g}`;
    default: return `depth ${n.depth}, g = ${g} (no heuristic)`;
  }
}

const REASON_WORDS = {
  'already-expanded': 'already expanded, so thrown away when selected',
  'in-frontier': 'already in the frontier, so not added again',
  explored: 'already expanded, so not added again',
  stale: 'a cheaper path replaced it, so this entry is thrown away',
  forbidden: 'forbidden by the puzzle, never generated',
  dropped: 'taken out of the frontier: past the beam\'s width, or a cheaper path replaced it',
  'on-path': 'already on its own path from the start (a cycle), so not added',
};

/// The value an iteration's bound limits: f for IDA*, g for iterative lengthening.
function boundedValue(rec) {
  return rec.priority === 'f = g + h' ? 'f' : rec.priority;
}

/// What event `e` did, in a sentence.
function describe(replay, e) {
  if (!e) return 'Ready: press Play, or Step to take one expansion.';
  const rec = replay.rec;
  const prio = rec.priority === 'depth' ? '' : ` (${rec.priority === 'f = g + h' ? 'f' : rec.priority} = ${e.priority})`;
  switch (e.type) {
    case 'start': return `Start: the root ${nodeName(replay, 0)} enters the frontier.`;
    case 'goal-start': return `The search from the goal begins: its root ${nodeName(replay, e.node)} enters the goal's frontier.`;
    case 'joined': return `The paths to ${nodeName(replay, e.forward)} from the start and to ${nodeName(replay, e.backward)} from the goal meet: the best solution so far.`;
    case 'f-limit': return `Its f-limit is ${e.limit === undefined ? '∞' : e.limit}: the best alternative's f above; its subtree is searched while f stays within it.`;
    case 'backed-up': return `Back up from ${nodeName(replay, e.node)}: its best child's f, ${e.f === undefined ? '∞' : e.f}, is over its f-limit; it becomes ${replay.nodes.get(e.node) ? replay.nodes.get(e.node).label : 'the node'}'s f and the subtree is forgotten.`;
    case 'iteration': return e.bound !== undefined ? `New iteration: only nodes with ${boundedValue(rec)} ≤ ${e.bound} are entered.` : `New iteration with depth limit ${e.depth_limit}: start again from the root.`;
    case 'selected': return `Selected ${nodeName(replay, e.node)} from the frontier: ${costs(rec, replay.nodes.get(e.node))}.`;
    case 'goal-test': return e.is_goal ? `Goal test of ${nodeName(replay, e.node)}: it is the goal.` : `Goal test of ${nodeName(replay, e.node)}: not the goal.`;
    case 'generated': return `Generated ${nodeName(replay, e.node)} from #${e.parent} by the move ${moveWords(e.action)}${prio}.`;
    case 'improved': return `A cheaper path to ${nodeName(replay, e.node)}: g ${e.old_cost} → ${e.new_cost}, by ${moveWords(e.action)} from #${e.parent}.`;
    case 'discarded': return `Discarded ${label(e.state)}: ${e.reason === 'over-bound' ? `${boundedValue(rec)} is over the bound, so pruned` : REASON_WORDS[e.reason] || e.reason}.`;
    case 'expanded': {
      const k = e.children.length;
      if (rec.path_frontier) return `Back from ${nodeName(replay, e.node)}: ${k === 0 ? 'no child' : k === 1 ? 'one child' : `${k} children`} entered within the bound, all done.`;
      return `Expanded ${nodeName(replay, e.node)}: ${k === 0 ? 'no child' : k === 1 ? 'one child' : `${k} children`} into the frontier.`;
    }
    case 'finished': return 'The search has ended (why: below).';
    default: return e.type;
  }
}

/// Why the search stopped, once it has.
function stopWords(replay) {
  const f = replay.finished;
  if (!f) return '';
  const rec = replay.rec;
  const s = f.stats || {};
  const cur = replay.selected;
  switch (f.kind) {
    case 'found': {
      if (replay.joined) return `Stopped: no path still open can beat the joined one (its two ends' frontiers add up to at least its length).`;
      const goal = replay.nodes.get(replay.goalNode);
      return `Stopped: the goal ${goal ? goal.label : ''} was selected and passed the goal test, at depth ${goal ? goal.depth : '?'}.`;
    }
    case 'exhausted': return 'Stopped: the frontier is empty, every reachable state was tried: no solution.';
    case 'cutoff': return 'Stopped: the depth limit cut the search off without a goal.';
    case 'expansion-limit': return rec.note ? `Stopped by a limit: ${rec.note}` : `Stopped: the limit of ${s.selected} selected nodes was reached without the goal.`;
    case 'node-limit': return 'Stopped: the node budget ran out before the goal.';
    case 'cost-limit': return 'Stopped: a path cost would overflow.';
    case 'width-limit': return 'Stopped: the beam dropped every way on; a wider beam may find a path.';
    case 'interrupted': return 'Stopped: interrupted.';
    case 'local-optimum': {
      const best = replay.candidates.reduce((m, n) => (m === null || n.priority < m ? n.priority : m), null);
      const h = cur ? cur.priority : '?';
      return `Stopped: hill-climbing is stuck at ${cur ? cur.label : 'the current node'} with h = ${h}: ${best === null ? 'it has no child' : `no child has a lower h (the best has h = ${best})`}. No solution found.`;
    }
    default: return `Stopped: ${f.kind}.`;
  }
}

/// What a local puzzle's value counts, in its own words (the n-queens: attacking pairs).
function valueName(rec) {
  const registered = PUZZLES.get(rec.puzzle);
  return (registered && registered.value) || 'value';
}

/// A frame in words.
function frameWords(f, index, rec) {
  if (!f) return '';
  const value = `${f.value} ${valueName(rec)}`;
  if (f.event === 'start') {
    return index === 0 ? `Start from a random state: ${f.words}, ${value}.` : `Restart from a new random state: ${f.words}, ${value}.`;
  }
  if (f.event === 'move') {
    const t = f.temperature === null || f.temperature === undefined ? '' : ` at T = ${f.temperature.toFixed(3)}`;
    const way = { downhill: 'Downhill', sideways: 'Sideways (same value)', uphill: 'Uphill (a worse move, accepted)' }[f.kind];
    const best = rec.strategy === 'local-beam' ? ' The beam\'s best:' : '';
    return `${way}${t}.${best} ${f.words}, ${value}.`;
  }
  return f.reason === 'solved' ? `Solved: 0 ${valueName(rec)}.` : `Stop: ${f.words}.`;
}
