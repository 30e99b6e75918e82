// searchlab replay, the frontier models: a queue, a stack or a priority queue with the
// recording's tie rule, rebuilt from the events so the page can show the frontier in order.
'use strict';

/// A binary heap of entries ordered by (priority, stamp).
class Heap {
  constructor(firstAdded) { this.items = []; this.firstAdded = firstAdded; }
  less(a, b) {
    if (a.priority !== b.priority) return a.priority < b.priority;
    return this.firstAdded ? a.node < b.node : a.node > b.node;
  }
  push(e) {
    const a = this.items;
    a.push(e);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }
  pop() {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l], a[m])) m = l;
        if (r < a.length && this.less(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
  get size() { return this.items.length; }
  /// The entry that leaves next, left in place.
  peek() {
    if (this.items.length === 0) return undefined;
    return this.items.reduce((m, e) => (this.less(e, m) ? e : m));
  }
  /// Takes out the first entry `pred` accepts (beam search's dropped nodes), then restores the order.
  remove(pred) {
    const i = this.items.findIndex(pred);
    if (i < 0) return undefined;
    const [gone] = this.items.splice(i, 1);
    const rest = this.items;
    this.items = [];
    for (const e of rest) this.push(e);
    return gone;
  }
  firstN(n) { return [...this.items].sort((x, y) => (this.less(x, y) ? -1 : 1)).slice(0, n); }
}

/// The frontier of one discipline, with entries {node, label, priority}.
class Frontier {
  constructor(discipline, ties) {
    this.discipline = discipline;
    this.items = [];
    this.head = 0;
    this.heap = new Heap(ties === 'first-added');
  }
  push(entry) {
    if (this.discipline === 'priority') this.heap.push(entry);
    else this.items.push(entry);
  }
  /// The children of one expansion, in generation order (a stack reverses them).
  pushChildren(entries) {
    if (this.discipline === 'stack') for (let i = entries.length - 1; i >= 0; i--) this.push(entries[i]);
    else for (const e of entries) this.push(e);
  }
  pop() {
    switch (this.discipline) {
      case 'queue': return this.head < this.items.length ? this.items[this.head++] : undefined;
      case 'stack': return this.items.pop();
      case 'priority': return this.heap.pop();
      default: return this.items.pop();
    }
  }
  /// Takes out the entry of a state whose text is `label` (priority frontiers: beam search).
  removeLabel(label) {
    return this.discipline === 'priority' ? this.heap.remove((e) => e.label === label) : undefined;
  }
  get size() {
    if (this.discipline === 'priority') return this.heap.size;
    if (this.discipline === 'queue') return this.items.length - this.head;
    return this.items.length;
  }
  /// The next `n` entries in the order they will leave.
  firstN(n) {
    switch (this.discipline) {
      case 'queue': return this.items.slice(this.head, this.head + n);
      case 'priority': return this.heap.firstN(n);
      default: return this.items.slice(-n).reverse();
    }
  }
}

/// Bidirectional search's frontier: a priority queue from the start and one from the goal
/// (entries marked `backward`); the lower of their first entries leaves first, the start's
/// on ties.
class TwoWayFrontier {
  constructor(ties) {
    this.sides = [new Heap(ties === 'first-added'), new Heap(ties === 'first-added')];
  }
  push(entry) { this.sides[entry.backward ? 1 : 0].push(entry); }
  pushChildren(entries) { for (const e of entries) this.push(e); }
  pop() { return this.sides[this.nextSide()].pop(); }
  /// The side whose first entry leaves next (0: from the start).
  nextSide() {
    const [f, b] = this.sides.map((h) => h.peek());
    return f === undefined || (b !== undefined && b.priority < f.priority) ? 1 : 0;
  }
  /// Takes out the entry of a state whose text is `label` from one side (a cheaper path replaced it).
  removeLabel(label, side) { return this.sides[side].remove((e) => e.label === label); }
  get size() { return this.sides[0].size + this.sides[1].size; }
  /// The next `n` entries in the order they will leave.
  firstN(n) {
    const [f, b] = this.sides.map((h) => h.firstN(n));
    const out = [];
    while (out.length < n && (f.length || b.length)) {
      const fromGoal = f.length === 0 || (b.length > 0 && b[0].priority < f[0].priority);
      out.push((fromGoal ? b : f).shift());
    }
    return out;
  }
}
