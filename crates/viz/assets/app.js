// searchlab replay: asks the server for a recorded search (the trace format of
// docs/trace.md) and replays it event by event. The page never searches by itself: every
// number it shows is rebuilt from the engine's own events.
'use strict';

// The registered puzzles, their fields and strategies, as GET /api/puzzles lists them
// (filled by init): nothing about a puzzle or a frontier is typed here.
const PUZZLES = new Map();
const $ = (selector, root = document) => root.querySelector(selector);

// ---------------------------------------------------------------- the frontier models

/// A binary heap of entries ordered by (priority, stamp).
class Heap {
  constructor(firstAdded) { this.items = []; this.firstAdded = firstAdded; }
  key(e) { return [e.priority, this.firstAdded ? e.node : -e.node]; }
  less(a, b) {
    const [ka, kb] = [this.key(a), this.key(b)];
    return ka[0] < kb[0] || (ka[0] === kb[0] && ka[1] < kb[1]);
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

// ---------------------------------------------------------------- one replay

/// A state in a few characters: a board row by row (`125/34_/678`), a number as it is.
function label(state) {
  if (!Array.isArray(state)) return state && state.number !== undefined ? state.number : JSON.stringify(state);
  const w = Math.round(Math.sqrt(state.length));
  const rows = [];
  for (let r = 0; r < w; r++) rows.push(state.slice(r * w, r * w + w).map((t) => (t === 0 ? '_' : t)).join(''));
  return rows.join('/');
}

/// Lays out the nodes generated so far: leaves left to right in generation order,
/// parents centred over their children, one row per depth.
function layout(nodes) {
  const children = new Map();
  let maxDepth = 0;
  for (const n of nodes.values()) {
    maxDepth = Math.max(maxDepth, n.depth);
    if (n.parent === null) continue;
    if (!children.has(n.parent)) children.set(n.parent, []);
    children.get(n.parent).push(n.node);
  }
  const x = new Map();
  let leaves = 0;
  const stack = nodes.has(0) ? [[0, false]] : [];
  while (stack.length) {
    const [node, done] = stack.pop();
    const kids = children.get(node) || [];
    if (kids.length === 0) { x.set(node, leaves++); continue; }
    if (done) { x.set(node, (x.get(kids[0]) + x.get(kids[kids.length - 1])) / 2); continue; }
    stack.push([node, true]);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], false]);
  }
  return { x, leaves: Math.max(leaves, 1), maxDepth };
}

class Replay {
  constructor(recording) {
    this.rec = recording;
    this.events = recording.events;
    this.reset();
  }

  reset() {
    this.pos = 0;
    this.iteration = -1;
    this.c = { selected: 0, expanded: 0, generated: 0, discarded: 0, forbidden: 0, frontierMax: 0, depth: 0, maxDepth: 0 };
    this.expandedList = [];
    this.finished = null;
    this.goalNode = null;
    this.lastEvent = null;
    this.newIteration();
  }

  newIteration() {
    this.iteration += 1;
    this.frontier = new Frontier(this.rec.discipline, this.rec.ties);
    this.nodes = new Map(); // id -> {parent, depth, label, status, priority}
    this.pending = [];
    this.current = null;
    this.candidates = [];
  }

  frontierSize() { return this.rec.discipline === 'current' ? (this.nodes.size ? 1 : 0) : this.frontier.size; }

  apply(e) {
    const c = this.c;
    const puzzle = this.rec.puzzle;
    this.lastEvent = e;
    switch (e.type) {
      case 'iteration':
        if (this.nodes.size > 0) this.newIteration();
        break;
      case 'start': {
        const root = { node: 0, parent: null, depth: 0, label: label(e.state), state: e.state, status: 'frontier', priority: 0 };
        this.nodes.set(0, root);
        this.frontier.push(root);
        c.frontierMax = Math.max(c.frontierMax, this.frontierSize());
        break;
      }
      case 'selected': {
        if (this.rec.discipline !== 'current') {
          const popped = this.frontier.pop();
          if (!popped || popped.node !== e.node) this.mismatch = `selected node ${e.node}, the model expected ${popped && popped.node}`;
        }
        const n = this.nodes.get(e.node);
        if (this.current !== null && this.nodes.get(this.current).status === 'current') this.nodes.get(this.current).status = 'expanded';
        n.status = 'current';
        n.state = e.state;
        this.current = e.node;
        this.candidates = [];
        c.selected += 1;
        c.depth = e.depth;
        if (this.rec.expanded_counts === 'selected') this.expandedList.push({ node: e.node, label: n.label });
        break;
      }
      case 'goal-test':
        if (e.is_goal) { this.goalNode = e.node; this.nodes.get(e.node).status = 'goal'; }
        break;
      case 'generated': {
        const n = { node: e.node, parent: e.parent, depth: e.depth, label: label(e.state), state: e.state, status: 'pending', priority: e.priority };
        this.nodes.set(e.node, n);
        this.pending.push(n);
        if (this.rec.discipline === 'current') this.candidates.push(n);
        c.generated += 1;
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
        } else {
          // in-frontier, explored: generated, then skipped (the engine counts both).
          c.generated += 1;
          c.discarded += 1;
        }
        break;
      case 'expanded': {
        const n = this.nodes.get(e.node);
        if (n.status === 'current') n.status = 'expanded';
        c.expanded += 1;
        if (this.rec.expanded_counts === 'expanded') this.expandedList.push({ node: e.node, label: n.label });
        const children = e.children.map((id) => this.nodes.get(id));
        for (const child of children) child.status = 'frontier';
        if (this.rec.discipline !== 'current') this.frontier.pushChildren(children);
        this.pending = [];
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
    while (this.pos < t) this.apply(this.events[this.pos++]);
  }

  /// The nodes of the solution path (goal to root), once the search has finished.
  solutionPath() {
    if (!this.finished || this.finished.kind !== 'found' || this.goalNode === null) return new Set();
    const path = new Set();
    let n = this.goalNode;
    while (n !== null && n !== undefined && this.nodes.has(n)) {
      path.add(n);
      n = this.nodes.get(n).parent;
    }
    return path;
  }

  describe(e) {
    if (!e) return 'Ready: press Play or Step.';
    const name = (node) => { const n = this.nodes.get(node); return n ? `${n.label} (#${node})` : `#${node}`; };
    const p = this.rec.priority;
    switch (e.type) {
      case 'start': return `start at ${name(0)}`;
      case 'iteration': return e.bound !== undefined ? `new iteration: bound ${e.bound}` : `new iteration: depth limit ${e.depth_limit}`;
      case 'selected': return `selected ${name(e.node)} at depth ${e.depth}, g = ${e.cost}${p === 'depth' ? '' : `, ${p} = ${e.priority}`}`;
      case 'goal-test': return `goal test of ${name(e.node)}: ${e.is_goal ? 'GOAL' : 'not the goal'}`;
      case 'generated': return `generated ${name(e.node)} from #${e.parent} by ${JSON.stringify(e.action)}${p === 'depth' ? '' : `, ${p} = ${e.priority}`}`;
      case 'discarded': return `discarded ${label(e.state)}: ${e.reason.replace('-', ' ')}`;
      case 'expanded': return `expanded ${name(e.node)}: ${e.children.length} ${e.children.length === 1 ? 'child' : 'children'} into the frontier`;
      case 'finished': return `finished: ${e.kind}`;
      default: return e.type;
    }
  }
}

// ---------------------------------------------------------------- drawing

function renderStateView(el, state, changed) {
  el.textContent = '';
  if (!state) return;
  if (!Array.isArray(state)) {
    [...state.number].forEach((d, i) => {
      const s = document.createElement('span');
      s.textContent = d;
      if (changed === i) s.className = 'changed';
      el.appendChild(s);
    });
    return;
  }
  const grid = document.createElement('div');
  grid.className = 'board';
  for (const t of state) {
    const s = document.createElement('span');
    s.textContent = t === 0 ? '' : t;
    if (t === 0) s.className = 'blank';
    grid.appendChild(s);
  }
  el.appendChild(grid);
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

const COLORS = { frontier: '#0072b2', pending: '#56b4e9', expanded: '#7a8190', current: '#d55e00', goal: '#009e73', discarded: '#b00020', path: '#009e73' };

function drawTree(canvas, replay) {
  const dpr = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 600;
  const height = canvas.clientHeight || 340;
  if (canvas.width !== Math.round(width * dpr)) canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  if (replay.nodes.size === 0) return;
  const tree = layout(replay.nodes);
  const margin = 16;
  const rowH = Math.min(46, (height - 2 * margin) / Math.max(1, tree.maxDepth));
  const spacing = (width - 2 * margin) / Math.max(1, tree.leaves - 1);
  const px = (node) => margin + (tree.leaves === 1 ? (width - 2 * margin) / 2 : tree.x.get(node) * spacing);
  const py = (node) => margin + replay.nodes.get(node).depth * rowH;
  const path = replay.solutionPath();
  const many = replay.nodes.size > 400;
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#c3c8d2';
  ctx.beginPath();
  for (const n of replay.nodes.values()) {
    if (n.parent === null || !tree.x.has(n.node)) continue;
    ctx.moveTo(px(n.parent), py(n.parent));
    ctx.lineTo(px(n.node), py(n.node));
  }
  ctx.stroke();
  if (path.size > 1) {
    ctx.lineWidth = 3;
    ctx.strokeStyle = COLORS.path;
    ctx.beginPath();
    for (const id of path) {
      const n = replay.nodes.get(id);
      if (n.parent === null) continue;
      ctx.moveTo(px(n.parent), py(n.parent));
      ctx.lineTo(px(id), py(id));
    }
    ctx.stroke();
  }
  const r = many ? 2 : replay.nodes.size > 120 ? 3.5 : 5;
  for (const n of replay.nodes.values()) {
    if (!tree.x.has(n.node)) continue;
    ctx.fillStyle = path.has(n.node) ? COLORS.path : COLORS[n.status] || COLORS.expanded;
    ctx.beginPath();
    ctx.arc(px(n.node), py(n.node), n.status === 'current' ? r + 2 : r, 0, 2 * Math.PI);
    ctx.fill();
  }
  // Labels where they fit; otherwise only the current node's and the solution path's.
  ctx.fillStyle = '#1d2330';
  ctx.font = '11px ui-monospace, monospace';
  ctx.textAlign = 'center';
  const longest = Math.max(...[...replay.nodes.values()].slice(0, 50).map((n) => n.label.length));
  const fits = spacing >= 7 * longest + 4;
  for (const n of replay.nodes.values()) {
    if (!tree.x.has(n.node)) continue;
    if (fits || n.status === 'current' || (path.has(n.node) && path.size <= 12)) ctx.fillText(n.label, px(n.node), py(n.node) - r - 3);
  }
}

// ---------------------------------------------------------------- panes and player

class Pane {
  constructor(recording) {
    this.replay = new Replay(recording);
    this.el = $('#pane-template').content.firstElementChild.cloneNode(true);
    const rec = recording;
    const registered = PUZZLES.get(rec.puzzle);
    $('.title', this.el).textContent = `${rec.algorithm} on the ${registered ? registered.title : rec.puzzle}`;
    // The frontier's sentence comes with the recording, derived from the strategy's options.
    let d = rec.frontier_text;
    d += rec.expanded_counts === 'selected'
      ? ' "Expanded" counts every node taken from the frontier, goal included (the spec\'s list).'
      : ' "Expanded" counts nodes whose children were generated (the driver\'s nodes_expanded).';
    $('.discipline', this.el).textContent = d;
    $('.frontier-order', this.el).textContent = rec.discipline === 'current' ? '(candidates: h)' : rec.discipline === 'stack' ? '(top first)' : '(next out first)';
    if (rec.note) { const n = $('.note', this.el); n.hidden = false; n.textContent = rec.note; }
  }

  get length() { return this.replay.events.length; }

  render() {
    const r = this.replay;
    const rec = r.rec;
    const c = r.c;
    const set = (name, v) => { $(`[data-counter="${name}"]`, this.el).textContent = v; };
    set('expanded', rec.expanded_counts === 'selected' ? c.selected : c.expanded);
    set('generated', c.generated);
    set('frontier', r.frontierSize());
    set('frontier-max', rec.discipline === 'current' ? (c.selected ? 1 : 0) : c.frontierMax);
    set('depth', c.depth);
    set('max-depth', c.maxDepth);
    $('[data-now]', this.el).textContent = r.describe(r.lastEvent);
    const cur = r.current !== null ? r.nodes.get(r.current) : r.nodes.get(0);
    renderStateView($('.state-view', this.el), cur && cur.state, cur && cur.state && cur.state.changed);
    const pr = rec.priority === 'f = g + h' ? 'f' : rec.priority;
    if (rec.discipline === 'current') {
      renderChips($('.frontier', this.el), r.candidates.slice(0, 40), r.candidates.length, (e) => `${e.label} h=${e.priority}`);
    } else {
      const extra = rec.discipline === 'priority' ? (e) => `${e.label} ${pr}=${e.priority}` : null;
      renderChips($('.frontier', this.el), r.frontier.firstN(40), r.frontier.size, extra);
    }
    const list = r.expandedList;
    const shown = list.slice(-80).map((e) => ({ ...e, goal: e.node === r.goalNode && list[list.length - 1] === e }));
    renderChips($('.expanded', this.el), shown, shown.length);
    $('.expanded-count', this.el).textContent = `(${list.length}${list.length > 80 ? ', the last 80 shown' : ''})`;
    drawTree($('canvas.tree', this.el), r);
    this.renderResult();
  }

  renderResult() {
    const r = this.replay;
    const box = $('.result', this.el);
    box.hidden = !r.finished;
    if (!r.finished) return;
    const rec = r.rec;
    const first = rec.cli.split('\n')[0];
    $('[data-result="path"]', this.el).textContent = first.replace(/^path_to_goal: /, '') || '(none)';
    $('[data-result="moves"]', this.el).textContent = rec.moves.length ? rec.moves.join(', ') : '(none)';
    $('[data-result="cli"]', this.el).textContent = rec.cli || '(no answer: see the note below)';
    const s = r.finished.stats;
    const tbody = $('.final-stats tbody', this.el);
    tbody.textContent = '';
    for (const key of ['selected', 'expanded', 'generated', 'discarded', 'max_frontier', 'max_depth', 'elapsed']) {
      const tr = document.createElement('tr');
      const v = key === 'elapsed' ? `${(s[key] * 1000).toFixed(3)} ms` : s[key];
      tr.innerHTML = `<td>${key.replace('_', ' ')}</td><td data-stat="${key}"></td>`;
      tr.lastChild.textContent = v;
      tbody.appendChild(tr);
    }
    // The replayed counters must land on the engine's own statistics.
    const c = r.c;
    const expected = { selected: c.selected, expanded: c.expanded, generated: c.generated, discarded: c.discarded, max_depth: c.maxDepth };
    if (rec.discipline !== 'current') expected.max_frontier = c.frontierMax;
    const wrong = Object.entries(expected).filter(([k, v]) => s[k] !== v).map(([k, v]) => `${k}: replay ${v}, engine ${s[k]}`);
    if (r.mismatch) wrong.push(r.mismatch);
    const check = $('[data-result="check"]', this.el);
    check.className = wrong.length ? 'check bad' : 'check';
    check.textContent = wrong.length ? `Replay and engine disagree: ${wrong.join('; ')}` : 'The replayed counters match the engine\'s statistics.';
  }
}

const player = { panes: [], pos: 0, playing: false, last: 0, carry: 0 };

function total() { return Math.max(0, ...player.panes.map((p) => p.length)); }

function speed() {
  return Math.round(Math.pow(10, Number($('#speed').value) / 25));
}

function seek(t) {
  player.pos = Math.max(0, Math.min(t, total()));
  for (const p of player.panes) { p.replay.seek(player.pos); p.render(); }
  $('#timeline').value = player.pos;
  $('#position').textContent = `${player.pos} / ${total()}`;
  if (player.pos >= total()) pause();
}

function frame(now) {
  if (!player.playing) return;
  const dt = player.last ? (now - player.last) / 1000 : 0;
  player.last = now;
  player.carry += dt * speed();
  const k = Math.floor(player.carry);
  if (k > 0) { player.carry -= k; seek(player.pos + k); }
  if (player.playing) requestAnimationFrame(frame);
}

function play() {
  if (player.pos >= total()) seek(0);
  player.playing = true;
  player.last = 0;
  player.carry = 1; // show the first event at once
  $('#play').innerHTML = '&#x23F8; Pause';
  requestAnimationFrame(frame);
}

function pause() {
  player.playing = false;
  $('#play').innerHTML = '&#x25B6; Play';
}

// ---------------------------------------------------------------- the form

function puzzle() { return document.querySelector('input[name="puzzle"]:checked').value; }

function fillAlgorithms() {
  const strategies = PUZZLES.get(puzzle()).strategies;
  for (const [i, fallback] of [[0, 0], [1, 4]]) {
    const select = $(`#algo-${i}`);
    const old = select.value;
    select.textContent = '';
    for (const s of strategies) {
      const o = document.createElement('option');
      o.value = s.name;
      o.textContent = s.title;
      o.title = s.frontier_text;
      select.appendChild(o);
    }
    const values = strategies.map((s) => s.name);
    select.value = values.includes(old) ? old : values[Math.min(fallback, values.length - 1)];
  }
  for (const name of PUZZLES.keys()) $(`#fields-${name}`).hidden = name !== puzzle();
}

/// The puzzle choices and each puzzle's instance fields, from the registered puzzles.
function buildForm() {
  const choices = $('#puzzle-choices');
  const fieldsets = $('#puzzle-fields');
  let first = true;
  for (const p of PUZZLES.values()) {
    const radio = document.createElement('label');
    radio.innerHTML = `<input type="radio" name="puzzle" value="${p.name}"${first ? ' checked' : ''}> `;
    radio.appendChild(document.createTextNode(p.title));
    choices.appendChild(radio);
    const set = document.createElement('fieldset');
    set.id = `fields-${p.name}`;
    set.hidden = !first;
    set.innerHTML = '<legend>Instance</legend>';
    for (const f of p.fields) {
      const l = document.createElement('label');
      l.textContent = `${f.label} `;
      const input = document.createElement('input');
      input.id = f.name;
      input.value = f.example;
      input.size = Math.max(4, f.example.length + 4);
      l.appendChild(input);
      set.appendChild(l);
    }
    fieldsets.appendChild(set);
    first = false;
  }
}

function showError(message) {
  const el = $('#error');
  el.hidden = !message;
  el.textContent = message || '';
}

async function post(url, body) {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch (_) { /* not JSON */ }
  if (!response.ok) throw new Error((data && data.error) || `the server answered ${response.status}`);
  return data;
}

function request(algorithm) {
  const body = { puzzle: puzzle(), algorithm };
  for (const f of PUZZLES.get(puzzle()).fields) body[f.name] = $(`#${f.name}`).value;
  return body;
}

async function run(event) {
  if (event) event.preventDefault();
  pause();
  showError('');
  const algorithms = [$('#algo-0').value];
  if ($('#compare').checked) algorithms.push($('#algo-1').value);
  $('#run').disabled = true;
  document.body.dataset.state = 'running';
  try {
    const recordings = await Promise.all(algorithms.map((a) => post('/api/run', request(a))));
    player.panes = recordings.map((r) => new Pane(r));
    const panes = $('#panes');
    panes.textContent = '';
    for (const p of player.panes) panes.appendChild(p.el);
    $('#player').hidden = false;
    $('#timeline').max = total();
    seek(0);
    document.body.dataset.state = 'ready';
  } catch (err) {
    showError(err.message);
    document.body.dataset.state = 'error';
  } finally {
    $('#run').disabled = false;
  }
}

async function randomInstance() {
  showError('');
  try {
    const r = await post('/api/random', { puzzle: puzzle() });
    for (const f of PUZZLES.get(r.puzzle).fields) $(`#${f.name}`).value = r[f.name];
  } catch (err) {
    showError(err.message);
  }
}

async function init() {
  try {
    const response = await fetch('/api/puzzles');
    for (const p of await response.json()) PUZZLES.set(p.name, p);
  } catch (err) {
    showError(`cannot list the puzzles: ${err.message}`);
    return;
  }
  buildForm();
  document.querySelectorAll('input[name="puzzle"]').forEach((r) => r.addEventListener('change', fillAlgorithms));
  $('#setup').addEventListener('submit', run);
  $('#random').addEventListener('click', randomInstance);
  $('#play').addEventListener('click', () => (player.playing ? pause() : play()));
  $('#step').addEventListener('click', () => { pause(); seek(player.pos + 1); });
  $('#back').addEventListener('click', () => { pause(); seek(player.pos - 1); });
  $('#reset').addEventListener('click', () => { pause(); seek(0); });
  $('#end').addEventListener('click', () => { pause(); seek(total()); });
  $('#timeline').addEventListener('input', (e) => { pause(); seek(Number(e.target.value)); });
  const speedLabel = () => { $('#speed-label').textContent = `${speed()} events/s`; };
  $('#speed').addEventListener('input', speedLabel);
  speedLabel();
  document.addEventListener('keydown', (e) => {
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement.tagName) || $('#player').hidden) return;
    if (e.key === ' ') { e.preventDefault(); player.playing ? pause() : play(); }
    if (e.key === 'ArrowRight') { pause(); seek(player.pos + 1); }
    if (e.key === 'ArrowLeft') { pause(); seek(player.pos - 1); }
    if (e.key === 'Home') { pause(); seek(0); }
    if (e.key === 'End') { pause(); seek(total()); }
  });
  window.addEventListener('resize', () => player.panes.forEach((p) => p.render()));

  // ?puzzle=digits&start=320&goal=110&forbidden=&algo=B&compare=A&at=40 fills the form and runs.
  const q = new URLSearchParams(location.search);
  if (PUZZLES.has(q.get('puzzle'))) $(`input[value="${q.get('puzzle')}"]`).checked = true;
  fillAlgorithms();
  for (const p of PUZZLES.values()) for (const f of p.fields) if (q.has(f.name)) $(`#${f.name}`).value = q.get(f.name);
  if (q.has('algo')) $('#algo-0').value = q.get('algo');
  if (q.has('compare')) { $('#compare').checked = true; $('#algo-1').value = q.get('compare'); }
  document.body.dataset.state = 'idle';
  if (q.has('algo')) run().then(() => { if (q.has('at')) seek(q.get('at') === 'end' ? total() : Number(q.get('at'))); });
}

init();
