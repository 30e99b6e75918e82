// searchlab replay, one pane: an algorithm's rule, counters, the selected node with g, h and
// f, the frontier in order, the expanded list, the tree, and at the end the result with the
// engine's statistics under the same names as the counters.
'use strict';

/// The two counts of "expanded", named: which one the puzzle's own output calls expanded.
function countNames(rec) {
  const selected = { key: 'selected', name: 'taken from the frontier', why: 'every node removed from the frontier and goal-tested, goal included' };
  const expanded = { key: 'expanded', name: 'expanded by the engine', why: 'nodes whose children were generated; the goal and nodes at a depth limit are not' };
  if (rec.path_frontier) {
    return [{ ...expanded, name: 'nodes expanded', why: `${expanded.why} (searchlab solve's count)` }, { ...selected, name: 'nodes entered', why: 'every node the search entered and goal-tested' }];
  }
  // The puzzle's own name for its count (the registration's EXPANDED_LABEL).
  const registered = PUZZLES.get(rec.puzzle);
  const label = registered && registered.expanded_label;
  if (rec.expanded_counts === 'selected') {
    return [{ ...selected, name: label || 'expanded (taken from the frontier)', why: `${selected.why}: the puzzle's own count` }, expanded];
  }
  return [{ ...expanded, name: label || 'expanded', why: `${expanded.why}: the puzzle's own count` }, selected];
}

function renderStateView(el, state, changed) {
  el.textContent = '';
  if (!state) return;
  if (typeof state === 'string') { el.textContent = state; return; }
  // A state the problem draws itself (a Python problem's draw(state) or _repr_svg_).
  if (typeof state.svg === 'string') { el.innerHTML = state.svg; return; }
  if (!Array.isArray(state)) {
    [...String(state.number)].forEach((d, i) => {
      const s = document.createElement('span');
      s.textContent = d;
      if (changed === i) s.className = 'changed';
      el.appendChild(s);
    });
    return;
  }
  const grid = document.createElement('div');
  grid.className = 'board';
  grid.style.gridTemplateColumns = `repeat(${Math.round(Math.sqrt(state.length))}, 22px)`;
  for (const t of state) {
    const s = document.createElement('span');
    s.textContent = t === 0 ? '' : t;
    if (t === 0) s.className = 'blank';
    grid.appendChild(s);
  }
  el.appendChild(grid);
}

/// A puzzle's picture of its whole state space (a road map): the current state's name, then
/// every place coloured by what the search did with it (the strongest of its nodes' statuses)
/// and the solution's links drawn thick; under a place's name its h where the strategy uses
/// one (Romania: the straight-line distance to Bucharest), as the search computed it. The
/// picture sits in a frame that scrolls sideways where the pane is narrower than the least
/// width at which its text is 12 px (SCENE_MIN_SCALE of its own width).
const SCENE_MIN_SCALE = 12 / 13;
function renderScene(el, scene, r, current) {
  const rank = { discarded: 1, pending: 2, expanded: 3, frontier: 4, goal: 5, current: 6, path: 7 };
  const status = new Map();
  const h = new Map();
  for (const n of r.nodes.values()) {
    if ((rank[n.status] || 0) > (rank[status.get(n.label)] || 0)) status.set(n.label, n.status);
    if (n.h !== undefined && !h.has(n.label)) h.set(n.label, n.h);
  }
  const path = r.solutionPath().map((id) => r.nodes.get(id).label);
  for (const l of path) status.set(l, 'path');
  const onPath = new Set(path.slice(1).flatMap((l, i) => [`${path[i]}|${l}`, `${l}|${path[i]}`]));
  const at = new Map(scene.places.map((p) => [p.label, p]));
  const ns = 'http://www.w3.org/2000/svg';
  const make = (tag, attrs, parent) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    parent.appendChild(e);
    return e;
  };
  el.textContent = '';
  const caption = document.createElement('div');
  caption.className = 'scene-current';
  caption.textContent = current ? current.label : '';
  el.appendChild(caption);
  const frame = document.createElement('div');
  frame.className = 'scene-frame';
  el.appendChild(frame);
  // Room for the line of h under the lowest names.
  const height = scene.height + (r.rec.priority === 'f = g + h' || r.rec.priority === 'h' ? 20 : 0);
  const svg = make('svg', { viewBox: `0 0 ${scene.width} ${height}`, class: 'scene', role: 'img', 'aria-label': 'the map, each place coloured by its status' }, frame);
  svg.style.minWidth = `${Math.ceil(scene.width * SCENE_MIN_SCALE)}px`;
  svg.style.maxWidth = `${scene.width}px`;
  scene.links.forEach(([a, b], i) => {
    const [p, q] = [at.get(a), at.get(b)];
    if (!p || !q) return;
    make('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: 'link', 'data-path': onPath.has(`${a}|${b}`) }, svg);
    // The link's own word (a road's length), at its middle.
    const word = (scene.link_labels || [])[i];
    if (word) make('text', { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 - 4, 'text-anchor': 'middle', class: 'link-label' }, svg).textContent = word;
  });
  for (const p of scene.places) {
    const s = status.get(p.label);
    const dot = make('circle', { cx: p.x, cy: p.y, r: 8, class: 'place', 'data-status': s || 'unseen', fill: s ? COLORS[s] : '#fff' }, svg);
    make('title', {}, dot).textContent = `${p.label}: ${s || 'not reached'}`;
    make('text', { x: p.x, y: p.y + 22, 'text-anchor': 'middle' }, svg).textContent = p.label;
    if (h.has(p.label)) make('text', { x: p.x, y: p.y + 37, 'text-anchor': 'middle', class: 'place-h' }, svg).textContent = `h=${h.get(p.label)}`;
  }
}

function renderChips(ol, entries, total, extra) {
  ol.textContent = '';
  for (const e of entries) {
    const li = document.createElement('li');
    li.textContent = extra ? extra(e) : e.label;
    li.title = `node #${e.node}`;
    if (e.goal) li.className = 'goal';
    ol.appendChild(li);
  }
  if (total > entries.length) {
    const li = document.createElement('li');
    li.className = 'more';
    li.textContent = `… ${total - entries.length} more`;
    ol.appendChild(li);
  }
}

/// Side by side, the panes' counters on one scale: under each value a bar as long as the
/// value over the largest of the panes' values; and a note when the counts of expanded nodes
/// differ more than tenfold (the depth bars share their scale too: tree.js).
function shareScale() {
  const panes = player.panes;
  const note = $('#scale-note');
  if (!note) return;
  for (const el of document.querySelectorAll('#panes [data-counter]')) {
    const values = panes.map((p) => Number($(`[data-counter="${el.dataset.counter}"]`, p.el).dataset.count) || 0);
    const most = Math.max(...values);
    const share = panes.length > 1 && most > 0 ? (Number(el.dataset.count) || 0) / most : 0;
    el.parentElement.style.setProperty('--share', share.toFixed(4));
  }
  const counts = panes.map((p) => p.replay.c[countNames(p.replay.rec)[0].key]);
  const [low, high] = [Math.min(...counts), Math.max(...counts)];
  note.hidden = panes.length < 2 || low === 0 || high / low <= 10;
  if (note.hidden) return;
  const parts = panes.map((p, i) => `${p.replay.rec.label || p.replay.rec.algorithm} ${counts[i].toLocaleString('en')}`);
  // A local search counts moves (local.js), and draws no tree.
  const local = panes[0] instanceof LocalPane;
  note.textContent = `One scale for both panes (counters${local ? '' : ' and depth bars'}): ${local ? 'moves' : 'expanded'} so far ${parts.join(', ')}, ${Math.round(high / low).toLocaleString('en')} times as many on one side; the smaller side's bars are short on purpose.`;
}

class Pane {
  constructor(recording) {
    this.replay = new Replay(recording);
    this.el = $('#pane-template').content.firstElementChild.cloneNode(true);
    const rec = recording;
    const registered = PUZZLES.get(rec.puzzle);
    $('.title', this.el).textContent = `${rec.label || rec.algorithm} on ${registered ? `the ${registered.title}` : rec.puzzle}`;
    $('.rule', this.el).textContent = `Rule: ${rec.rule}`;
    const [own, other] = countNames(rec);
    $('.discipline', this.el).textContent = `${rec.frontier_text} Two counts: “${own.name}” = ${own.why}; “${other.name}” = ${other.why}.`;
    $('[data-label="expanded"]', this.el).textContent = own.name;
    $('[data-label="engine-expanded"]', this.el).textContent = other.name;
    $('.frontier-order', this.el).textContent = rec.path_frontier ? '(the current path, root first)' : rec.discipline === 'current' ? '(candidates: h)' : rec.discipline === 'recursive' ? '(the current path with f-limits, root first)' : rec.discipline === 'two-way' ? '(next out first; ← from the goal)' : rec.discipline === 'stack' ? '(top first)' : '(next out first)';
    if (rec.note) { const n = $('.note', this.el); n.hidden = false; n.textContent = rec.note; }
    $('details.tree-text', this.el).addEventListener('toggle', () => this.render());
  }

  get length() { return this.replay.events.length; }

  render() {
    const r = this.replay;
    const rec = r.rec;
    const c = r.c;
    const set = (name, v) => {
      const el = $(`[data-counter="${name}"]`, this.el);
      el.textContent = v;
      el.dataset.count = v;
    };
    const [own, other] = countNames(rec);
    set('expanded', c[own.key]);
    set('engine-expanded', c[other.key]);
    set('generated', c.generated);
    set('frontier', r.frontierSize());
    set('frontier-max', rec.discipline === 'current' && !rec.path_frontier ? (c.selected ? 1 : 0) : c.frontierMax);
    set('depth', c.depth);
    set('max-depth', c.maxDepth);
    const it = $('.iteration', this.el);
    it.hidden = !r.bound;
    if (r.bound) it.textContent = `Iteration ${c.iterations}: ${r.bound.name} ${r.bound.value}`;
    $('[data-now]', this.el).textContent = describe(r, r.lastEvent);
    const cur = r.current !== null ? r.nodes.get(r.current) : r.nodes.get(0);
    if (rec.scene) renderScene($('.state-view', this.el), rec.scene, r, cur);
    else renderStateView($('.state-view', this.el), cur && cur.state, cur && cur.state && cur.state.changed);
    $('[data-costs]', this.el).textContent = r.selected ? `Selected ${r.selected.label}: ${costs(rec, r.selected)}` : '';
    const stop = $('[data-stop]', this.el);
    stop.hidden = !r.finished;
    stop.textContent = stopWords(r);
    // Green only for a goal found; any other end (a limit, a dead end) is amber.
    stop.classList.toggle('failed', !!r.finished && r.finished.kind !== 'found');
    const pr = rec.priority.startsWith('f = ') ? 'f' : rec.priority;
    if (rec.path_frontier) {
      const path = r.currentPath();
      renderChips($('.frontier', this.el), path.slice(-40), path.length, (e) => `${e.label} f=${e.priority}`);
    } else if (rec.discipline === 'recursive') {
      // Recursive best-first search: the path with each node's f and f-limit.
      const path = r.stack.map((id) => r.nodes.get(id));
      const limit = (e) => (e.limit === undefined ? '∞' : e.limit);
      renderChips($('.frontier', this.el), path.slice(-40), path.length, (e) => `${e.label} f=${e.priority} limit ${limit(e)}`);
    } else if (rec.discipline === 'current') {
      renderChips($('.frontier', this.el), r.candidates.slice(0, 40), r.candidates.length, (e) => `${e.label} h=${e.priority}`);
    } else {
      const side = (e) => (e.backward ? '← ' : '');
      // A*'s entries as the book's Figure 3.24 writes them: g + h = f.
      const value = (e) => (rec.priority === 'f = g + h' ? `${e.cost} + ${e.priority - e.cost} = ${e.priority}` : `${pr}=${e.priority}`);
      const extra = rec.discipline === 'priority' || rec.discipline === 'two-way' ? (e) => `${side(e)}${e.label} ${value(e)}` : null;
      renderChips($('.frontier', this.el), r.frontier.firstN(40), r.frontier.size, extra);
    }
    const list = r.expandedList;
    const shown = list.slice(-80).map((e) => ({ ...e, goal: e.node === r.goalNode && list[list.length - 1] === e }));
    renderChips($('.expanded', this.el), shown, shown.length);
    $('.expanded-count', this.el).textContent = `(${list.length}${list.length > 80 ? ', the last 80 shown' : ''})`;
    drawTree($('canvas.tree', this.el), r);
    const details = $('details.tree-text', this.el);
    if (details.open) $('[data-tree-text]', this.el).textContent = treeText(r);
    this.renderResult();
  }

  renderResult() {
    const r = this.replay;
    const box = $('.result', this.el);
    box.hidden = !r.finished;
    if (!r.finished) return;
    const rec = r.rec;
    const cut = r.finished.kind === 'expansion-limit' && rec.note && rec.note.startsWith('The replay stops');
    const head = !rec.cli && !rec.answer ? 'Result (from the trace file)' : cut ? 'Result of the replay: cut by its limit (the command line goes on)' : 'Result: the same as the command line';
    const found = r.finished.kind === 'found';
    box.classList.toggle('failed', !found);
    $('.result h3', this.el).textContent = found ? head : `No solution. ${head}`;
    const first = (rec.cli || '').split('\n')[0];
    const path = r.solutionPath().reverse().map((id) => r.nodes.get(id).label);
    $('[data-result="path"]', this.el).textContent = first.replace(/^(path_to_goal|path): /, '') || (path.length ? path.join(',') : '(none)');
    const moves = rec.moves && rec.moves.length ? rec.moves : r.solutionPath().reverse().slice(1).map((id) => moveWords(r.nodes.get(id).action));
    $('[data-result="moves"]', this.el).textContent = moves.length ? moves.join(', ') : '(none)';
    $('[data-result="cli"]', this.el).textContent = rec.cli || '(no answer: see the note)';
    const s = r.finished.stats || {};
    const [own, other] = countNames(rec);
    const names = { [own.key]: own.name, [other.key]: other.name, max_frontier: 'frontier max', max_depth: 'max depth', elapsed: 'time of this recording (traced: slower than the command line, whose own time it does not show)' };
    const tbody = $('.final-stats tbody', this.el);
    tbody.textContent = '';
    const keys = [own.key, other.key, 'generated', 'discarded', 'max_frontier', 'max_depth', 'nodes_expanded', 'nodes_generated', 'iterations', 'initial_h', 'elapsed'];
    for (const key of keys) {
      if (s[key] === undefined) continue;
      const tr = document.createElement('tr');
      const v = key === 'elapsed' ? `${(s[key] * 1000).toFixed(3)} ms` : s[key];
      tr.innerHTML = `<td></td><td data-stat="${key}"></td>`;
      tr.firstChild.textContent = names[key] || key;
      tr.lastChild.textContent = v;
      tbody.appendChild(tr);
    }
    // The replayed counters must land on the engine's own statistics.
    const c = r.c;
    const expected = { selected: c.selected, expanded: c.expanded, generated: c.generated, discarded: c.discarded, max_depth: c.maxDepth };
    if (r.hasFrontier()) expected.max_frontier = c.frontierMax;
    // IDA*'s statistics are searchlab solve's: nodes_expanded and nodes_generated.
    Object.assign(expected, { nodes_expanded: c.expanded, nodes_generated: c.generated, iterations: c.iterations });
    const wrong = Object.entries(expected).filter(([k, v]) => s[k] !== undefined && s[k] !== v).map(([k, v]) => `${names[k] || k}: replay ${v}, engine ${s[k]}`);
    if (r.mismatch) wrong.push(r.mismatch);
    const check = $('[data-result="check"]', this.el);
    check.className = wrong.length ? 'check bad' : 'check';
    check.textContent = wrong.length ? `Replay and engine disagree: ${wrong.join('; ')}` : 'The replayed counters match the engine\'s statistics.';
  }
}
