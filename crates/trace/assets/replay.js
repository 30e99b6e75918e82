// searchlab replay, the model: the events of a recording (compact, decoded by the table of
// crates/trace/src/schema.rs that the page carries, or a list read from a --trace file) and a
// replay that applies them one by one. The page never searches by itself: every number it shows is rebuilt
// from the engine's own events.
'use strict';

/// The compact events' table (crates/trace/src/schema.rs), which the page carries as JSON in
/// the element `#event-schema`: per code, the event's type and its fields, each with how it
/// is written; and the discard reasons. Read once, when the first recording is decoded.
let eventSchema = null;

/// How many integers a field written as `encoding` takes, given its first one.
function fieldWidth(encoding, first) {
  return encoding === 'run' ? 2 : encoding === 'list' ? 1 + first : 1;
}

/// A field's value from its integers `s[at…]` (`undefined`: the event has no such key).
const FIELD_VALUE = {
  int: (v) => v,
  state: (v, s, at, trace) => trace.states[v],
  move: (v, s, at, trace) => trace.moves[v],
  reason: (v) => eventSchema.reasons[v],
  optional: (v) => (v >= 0 ? v : undefined),
  bool: (v) => v === 1,
  run: (v, s, at) => Array.from({ length: v }, (_, k) => s[at + 1] + k),
  list: (v, s, at) => Array.from(s.slice(at + 1, at + 1 + v)),
};

/// The table, read from the page the first time, each step with where its reason is (a
/// `discarded` step) and its length when it has no list.
function schema() {
  if (eventSchema) return eventSchema;
  eventSchema = JSON.parse(document.getElementById('event-schema').textContent);
  for (const step of eventSchema.steps) {
    let at = 1;
    step.reasonAt = -1;
    step.fixed = step.fields.every((f) => f.encoding !== 'list');
    for (const f of step.fields) {
      if (f.encoding === 'reason') step.reasonAt = at;
      at += fieldWidth(f.encoding, 0);
    }
    step.length = at;
  }
  return eventSchema;
}

/// The integers of the step at `at`, its code included.
function stepLength(step, s, at) {
  if (step.fixed) return step.length;
  let end = at + 1;
  for (const f of step.fields) end += fieldWidth(f.encoding, s[end]);
  return end - at;
}

/// The events of one recording, read one at a time, and where each step by expansion ends.
class EventSource {
  /// From a recording's compact trace; `pathMode`: a step ends when a node is entered and
  /// goal-tested (IDA*), not when it is expanded.
  static compact(trace, pathMode) {
    const src = new EventSource();
    const steps = trace.steps;
    const table = schema().steps;
    src.trace = trace;
    src.offsets = new Int32Array(trace.count);
    let at = 0;
    for (let i = 0; i < trace.count; i++) {
      src.offsets[i] = at;
      at += stepLength(table[steps[at]], steps, at);
    }
    src.length = trace.count;
    src.finishedEvent = trace.finished;
    src.pathMode = pathMode;
    src.marks = src.findMarks((i) => {
      const step = table[steps[src.offsets[i]]];
      return step.reasonAt > 0 ? eventSchema.reasons[steps[src.offsets[i] + step.reasonAt]] : step.type;
    });
    return src;
  }

  /// From a list of trace events (a --trace file's lines).
  static list(events, pathMode) {
    const src = new EventSource();
    src.pathMode = pathMode;
    src.events = events;
    src.length = events.length;
    src.marks = src.findMarks((i) => (events[i].type === 'discarded' ? events[i].reason : events[i].type));
    return src;
  }

  /// Positions (events applied) where a step by expansion ends: after the start, after each
  /// expansion, after a node discarded when selected, and at the end. `kind(i)`: event i's
  /// type, or a discarded event's reason.
  findMarks(kind) {
    const marks = [0];
    for (let i = 0; i < this.length; i++) {
      const k = kind(i);
      const end = this.pathMode ? k === 'goal-test' : k === 'expanded' || k === 'already-expanded' || k === 'stale';
      if (end || k === 'start' || k === 'finished') marks.push(i + 1);
    }
    if (marks[marks.length - 1] !== this.length) marks.push(this.length);
    return marks;
  }

  /// Event `i` as the trace format writes it, decoded by the table (a compact `selected`
  /// may leave out the state, depth and cost it was generated with: the replay fills them in).
  get(i) {
    if (this.events) return this.events[i];
    const s = this.trace.steps;
    let at = this.offsets[i];
    const step = eventSchema.steps[s[at]];
    // `finished` (its kind and statistics) is carried apart.
    if (step.type === 'finished') return this.finishedEvent;
    const e = { type: step.type };
    at += 1;
    for (const f of step.fields) {
      const value = FIELD_VALUE[f.encoding](s[at], s, at, this.trace);
      if (value !== undefined) e[f.name] = value;
      at += fieldWidth(f.encoding, s[at]);
    }
    return e;
  }
}

/// A state in a few characters: a board row by row (`125/34_/678`), a number or a name
/// (`Arad`) as it is.
function label(state) {
  if (typeof state === 'string') return state;
  if (state && typeof state.label === 'string') return state.label;
  if (!Array.isArray(state)) return state && state.number !== undefined ? state.number : JSON.stringify(state);
  const w = Math.round(Math.sqrt(state.length));
  const rows = [];
  for (let r = 0; r < w; r++) rows.push(state.slice(r * w, r * w + w).map((t) => (t === 0 ? '_' : t)).join(w > 3 ? ' ' : ''));
  return rows.join('/');
}

class Replay {
  constructor(recording) {
    this.rec = recording;
    this.events = recording.source;
    this.reset();
  }

  /// A node's h as its priority at generation says it: f - g for A* and its kin, the priority
  /// itself for greedy search; undefined where the priority is not an estimate.
  estimate(priority, cost) {
    if (priority === undefined || priority === null) return undefined;
    if (this.rec.priority === 'f = g + h') return priority - cost;
    if (this.rec.priority === 'h') return priority;
    return undefined;
  }

  reset() {
    this.pos = 0;
    this.iteration = -1;
    this.bound = null;
    this.c = { iterations: 0, selected: 0, expanded: 0, generated: 0, discarded: 0, forbidden: 0, frontierMax: 0, depth: 0, maxDepth: 0 };
    this.expandedList = [];
    this.finished = null;
    this.goalNode = null;
    this.joined = null;
    this.lastEvent = null;
    this.selected = null;
    this.mismatch = null;
    this.newIteration();
  }

  newIteration() {
    this.iteration += 1;
    this.frontier = this.rec.discipline === 'two-way' ? new TwoWayFrontier(this.rec.ties) : new Frontier(this.rec.discipline, this.rec.ties);
    this.nodes = new Map(); // id -> {node, parent, depth, cost, label, state, status, priority, action}
    this.current = null;
    this.candidates = [];
    // Recursive best-first search: the nodes of the current path, root first.
    this.stack = [];
  }

  frontierSize() {
    if (this.rec.path_frontier) return this.selected ? this.selected.depth + 1 : this.nodes.size ? 1 : 0;
    if (this.rec.discipline === 'recursive') return this.stack.length;
    return this.rec.discipline === 'current' ? (this.nodes.size ? 1 : 0) : this.frontier.size;
  }

  /// Whether the events push and pop a frontier (not IDA*'s path, not hill-climbing's node).
  hasFrontier() { return !this.rec.path_frontier && this.rec.discipline !== 'current' && this.rec.discipline !== 'recursive'; }

  /// Takes the entry of `state` out of the frontier (beam search drops it; bidirectional
  /// search, from the side being expanded); whether it was there.
  dropFromFrontier(state) {
    const side = this.selected && this.selected.backward ? 1 : 0;
    const gone = this.hasFrontier() ? this.frontier.removeLabel(label(state), side) : undefined;
    if (gone) gone.status = 'discarded';
    return gone !== undefined;
  }

  /// The nodes from the root to the current node.
  currentPath() {
    const path = [];
    for (let n = this.selected; n; n = n.parent === null ? null : this.nodes.get(n.parent)) path.push(n);
    return path.reverse();
  }

  apply(e) {
    const c = this.c;
    this.lastEvent = e;
    // Beam search's drops right after an expansion restore its width: the engine counts the
    // frontier's size after them.
    if (e.type !== 'discarded') this.trimming = false;
    switch (e.type) {
      case 'iteration': {
        // IDA* enters the root again in each iteration without a new start.
        const root = this.rec.path_frontier ? this.nodes.get(0) : undefined;
        if (this.nodes.size > 0) this.newIteration();
        if (root) this.nodes.set(0, { ...root, status: 'frontier' });
        this.selected = null;
        this.c.iterations += 1;
        this.bound = e.bound !== undefined ? { name: 'bound on f', value: e.bound } : { name: 'depth limit', value: e.depth_limit };
        break;
      }
      case 'start': {
        const root = { node: 0, parent: null, depth: 0, cost: 0, label: label(e.state), state: e.state, status: 'frontier', priority: 0 };
        this.nodes.set(0, root);
        this.frontier.push(root);
        c.frontierMax = Math.max(c.frontierMax, this.frontierSize());
        break;
      }
      case 'goal-start': {
        // Bidirectional search: the backward tree's root, the goal.
        const root = { node: e.node, parent: null, depth: 0, cost: 0, label: label(e.state), state: e.state, status: 'frontier', priority: 0, backward: true };
        this.nodes.set(e.node, root);
        this.frontier.push(root);
        c.frontierMax = Math.max(c.frontierMax, this.frontierSize());
        break;
      }
      case 'f-limit':
        this.nodes.get(e.node).limit = e.limit;
        break;
      case 'backed-up': {
        // Recursive best-first search goes back up: the node keeps its best child's f, its
        // subtree is forgotten (those ids are given again), its parent is current again.
        const n = this.nodes.get(e.node);
        n.priority = e.f === undefined ? Infinity : e.f;
        n.status = 'frontier';
        const first = n.children && n.children.length ? Math.min(...n.children) : Infinity;
        for (const id of [...this.nodes.keys()]) if (id >= first) this.nodes.delete(id);
        this.stack.pop();
        const top = this.stack.length ? this.nodes.get(this.stack[this.stack.length - 1]) : null;
        this.current = top ? top.node : null;
        this.selected = top;
        if (top) top.status = 'current';
        break;
      }
      case 'joined':
        this.joined = { forward: e.forward, backward: e.backward };
        break;
      case 'selected': {
        if (this.hasFrontier()) {
          const popped = this.frontier.pop();
          if (!popped || popped.node !== e.node) this.mismatch = this.mismatch || `selected node ${e.node}, the model expected ${popped && popped.node}`;
        }
        const n = this.nodes.get(e.node);
        if (e.state !== undefined) { n.state = e.state; n.label = label(e.state); n.depth = e.depth; n.cost = e.cost; }
        if (this.current !== null && this.nodes.get(this.current).status === 'current') this.nodes.get(this.current).status = 'expanded';
        n.status = 'current';
        n.priority = e.priority;
        // The root has no generation event: its first selection gives its h.
        if (n.h === undefined) n.h = this.estimate(e.priority, n.cost);
        this.current = e.node;
        this.selected = n;
        this.candidates = [];
        c.selected += 1;
        c.depth = n.depth;
        if (this.rec.path_frontier) c.frontierMax = Math.max(c.frontierMax, n.depth + 1);
        if (this.rec.expanded_counts === 'selected') this.expandedList.push({ node: e.node, label: n.label });
        break;
      }
      case 'goal-test':
        if (e.is_goal) { this.goalNode = e.node; this.nodes.get(e.node).status = 'goal'; }
        break;
      case 'generated':
      case 'improved': {
        const cost = e.type === 'improved' ? e.new_cost : e.cost;
        const fields = { node: e.node, parent: e.parent, depth: e.depth, cost, label: label(e.state), state: e.state, priority: e.priority, action: e.action, h: this.estimate(e.priority, cost) };
        const old = e.type === 'improved' ? this.nodes.get(e.node) : undefined;
        const n = old ? Object.assign(old, fields) : { ...fields, status: 'pending' };
        const parent = this.nodes.get(e.parent);
        n.backward = Boolean(parent && parent.backward);
        this.nodes.set(e.node, n);
        if (this.rec.discipline === 'current') this.candidates.push(n);
        if (e.type === 'generated') c.generated += 1;
        c.maxDepth = Math.max(c.maxDepth, e.depth);
        break;
      }
      case 'discarded':
        if (e.reason === 'already-expanded' || e.reason === 'stale') {
          const popped = this.frontier.pop();
          if (popped) popped.status = 'discarded';
          c.discarded += 1;
        } else if (e.reason === 'forbidden') {
          c.forbidden += 1;
        } else if (e.reason === 'over-bound') {
          // Generated, then pruned over the bound (the engine counts both).
          c.generated += 1;
          c.discarded += 1;
        } else if (e.reason === 'dropped' && this.dropFromFrontier(e.state)) {
          // Beam search took a frontier entry out (its width, or a cheaper path).
          c.discarded += 1;
          if (this.trimming) c.frontierMax = Math.max(this.maxBeforeExpansion, this.frontierSize());
        } else {
          // in-frontier, explored: generated, then skipped (the engine counts both).
          c.generated += 1;
          c.discarded += 1;
        }
        break;
      case 'expanded': {
        const n = this.nodes.get(e.node);
        if (n.status === 'current' && this.rec.discipline !== 'recursive') n.status = 'expanded';
        if (this.rec.discipline === 'recursive') { n.children = e.children; this.stack.push(e.node); }
        c.expanded += 1;
        if (this.rec.expanded_counts === 'expanded') this.expandedList.push({ node: e.node, label: n.label });
        const children = e.children.map((id) => this.nodes.get(id));
        if (this.hasFrontier()) {
          for (const child of children) child.status = 'frontier';
          this.frontier.pushChildren(children);
        }
        this.maxBeforeExpansion = c.frontierMax;
        this.trimming = true;
        c.frontierMax = Math.max(c.frontierMax, this.frontierSize());
        break;
      }
      case 'finished':
        this.finished = e;
        break;
      default:
        break;
    }
  }

  seek(target) {
    const t = Math.max(0, Math.min(target, this.events.length));
    if (t < this.pos) this.reset();
    while (this.pos < t) this.apply(this.events.get(this.pos++));
  }

  /// The nodes of the solution path (goal to root), once the search has finished.
  solutionPath() {
    if (!this.finished || this.finished.kind !== 'found') return [];
    const path = [];
    if (this.joined) {
      // Bidirectional search: the backward chain from the goal, then the forward one.
      for (let n = this.nodes.get(this.joined.backward); n && n.parent !== null; n = this.nodes.get(n.parent)) path.unshift(n.parent);
    }
    if (this.goalNode === null && !this.joined) return [];
    let n = this.joined ? this.joined.forward : this.goalNode;
    while (n !== null && n !== undefined && this.nodes.has(n)) {
      path.push(n);
      n = this.nodes.get(n).parent;
    }
    return path;
  }
}
