// searchlab replay, the search tree: every node while the tree is small, one bar per depth
// (counts by status) past TREE_NODE_LIMIT nodes; zoom with the wheel or +/-, pan by
// dragging, a node's label on hover; and the tree as text for screen readers.
'use strict';

/// Past this many nodes the tree view draws one bar per depth instead of every node.
const TREE_NODE_LIMIT = 1500;
const COLORS = { frontier: '#0072b2', pending: '#56b4e9', expanded: '#7a8190', current: '#d55e00', goal: '#009e73', discarded: '#b00020', path: '#009e73' };

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
  // Every root: the start (node 0), and the goal's for bidirectional search.
  const stack = [...nodes.values()].filter((n) => n.parent === null).reverse().map((n) => [n.node, false]);
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

/// Node counts per depth and status.
function levels(replay) {
  const rows = [];
  for (const n of replay.nodes.values()) {
    const row = rows[n.depth] || (rows[n.depth] = { expanded: 0, frontier: 0, other: 0 });
    if (n.status === 'expanded' || n.status === 'current' || n.status === 'goal') row.expanded += 1;
    else if (n.status === 'frontier') row.frontier += 1;
    else row.other += 1;
  }
  for (let d = 0; d < rows.length; d++) rows[d] = rows[d] || { expanded: 0, frontier: 0, other: 0 };
  return rows;
}

/// The depth rows of `replay` at its position, computed once per position.
function levelsNow(replay) {
  const memo = replay.levelsMemo;
  if (memo && memo.pos === replay.pos && memo.iteration === replay.iteration) return memo.rows;
  const rows = levels(replay);
  replay.levelsMemo = { pos: replay.pos, iteration: replay.iteration, rows };
  return rows;
}

/// The scale side-by-side panes share for their depth bars: the widest row and the most
/// depths over every pane drawn as bars, so that equal counts are equally long.
function levelScale(replay) {
  const barred = typeof player === 'undefined' ? [] : player.panes.map((p) => p.replay).filter((r) => r.nodes.size > TREE_NODE_LIMIT);
  let most = 1;
  let depths = 1;
  for (const r of barred.includes(replay) ? barred : [replay]) {
    const rows = levelsNow(r);
    depths = Math.max(depths, rows.length);
    for (const row of rows) most = Math.max(most, row.expanded + row.frontier + row.other);
  }
  return { most, depths };
}

/// Zoom and pan of one canvas, set up once.
function viewOf(canvas, redraw) {
  if (canvas.view) return canvas.view;
  const view = { scale: 1, ox: 0, oy: 0, points: [] };
  canvas.view = view;
  canvas.tabIndex = 0;
  const zoom = (k, cx, cy) => {
    const s = Math.min(40, Math.max(1, view.scale * k));
    view.ox = cx - ((cx - view.ox) * s) / view.scale;
    view.oy = cy - ((cy - view.oy) * s) / view.scale;
    view.scale = s;
    if (s === 1) { view.ox = 0; view.oy = 0; }
    redraw();
  };
  canvas.addEventListener('wheel', (e) => { e.preventDefault(); zoom(e.deltaY < 0 ? 1.25 : 0.8, e.offsetX, e.offsetY); }, { passive: false });
  canvas.addEventListener('keydown', (e) => {
    if (e.key === '+' || e.key === '=') zoom(1.25, canvas.clientWidth / 2, canvas.clientHeight / 2);
    else if (e.key === '-') zoom(0.8, canvas.clientWidth / 2, canvas.clientHeight / 2);
    else if (e.key === '0') zoom(1 / view.scale, 0, 0);
    else return;
    e.stopPropagation();
  });
  let drag = null;
  canvas.addEventListener('pointerdown', (e) => { drag = [e.offsetX - view.ox, e.offsetY - view.oy]; });
  window.addEventListener('pointerup', () => { drag = null; });
  canvas.addEventListener('pointermove', (e) => {
    if (drag && view.scale > 1) { view.ox = e.offsetX - drag[0]; view.oy = e.offsetY - drag[1]; redraw(); return; }
    let best = null;
    for (const p of view.points) {
      const d = Math.hypot(p.x - e.offsetX, p.y - e.offsetY);
      if (d < 10 && (!best || d < best.d)) best = { d, text: p.text };
    }
    canvas.title = best ? best.text : 'wheel or +/-: zoom, drag: pan, 0: reset';
  });
  canvas.addEventListener('dblclick', () => zoom(1 / view.scale, 0, 0));
  return view;
}

function prepare(canvas) {
  const dpr = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 600;
  const height = canvas.clientHeight || 340;
  if (canvas.width !== Math.round(width * dpr)) canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return { ctx, width, height };
}

/// Draws the tree (or its levels) of `replay` on `canvas`.
function drawTree(canvas, replay) {
  const view = viewOf(canvas, () => drawTree(canvas, replay));
  const { ctx, width, height } = prepare(canvas);
  view.points = [];
  // The nodes' labels drawn, in the canvas's pixels (what a reader, or the browser test, can
  // check); none when the tree is drawn as its levels.
  view.labels = replay.nodes.size > TREE_NODE_LIMIT ? null : [];
  if (replay.nodes.size === 0) return;
  ctx.save();
  ctx.translate(view.ox, view.oy);
  ctx.scale(view.scale, view.scale);
  if (replay.nodes.size > TREE_NODE_LIMIT) drawLevels(ctx, replay, width, height, view);
  else drawNodes(ctx, replay, width, height, view);
  ctx.restore();
}

function drawLevels(ctx, replay, width, height, view) {
  const rows = levelsNow(replay);
  const { most, depths } = levelScale(replay);
  const margin = 8;
  const rowH = Math.max(3, (height - 2 * margin) / depths);
  const barW = width - 2 * margin - 60;
  ctx.font = '10px ui-monospace, monospace';
  rows.forEach((r, d) => {
    const y = margin + d * rowH;
    let x = margin + 60;
    for (const [key, color] of [['expanded', COLORS.expanded], ['frontier', COLORS.frontier], ['other', COLORS.pending]]) {
      const w = (r[key] / most) * barW;
      ctx.fillStyle = color;
      ctx.fillRect(x, y, w, Math.max(1, rowH - 1));
      x += w;
    }
    // Rows too thin for a label each (a phone, a deep search): every k-th depth is labelled.
    const every = Math.max(1, Math.ceil(11 / (rowH * view.scale)));
    if (d % every === 0) { ctx.fillStyle = '#1d2330'; ctx.fillText(`depth ${d}`, margin, y + Math.min(Math.max(rowH, 10), 10)); }
    const text = `depth ${d}: ${r.expanded} expanded, ${r.frontier} in the frontier, ${r.other} generated`;
    view.points.push({ x: (margin + 60 + barW / 2) * view.scale + view.ox, y: (y + rowH / 2) * view.scale + view.oy, text });
  });
}

function drawNodes(ctx, replay, width, height, view) {
  const tree = layout(replay.nodes);
  const margin = 16;
  const rowH = Math.min(46, (height - 2 * margin) / Math.max(1, tree.maxDepth));
  const spacing = (width - 2 * margin) / Math.max(1, tree.leaves - 1);
  const px = (node) => margin + (tree.leaves === 1 ? (width - 2 * margin) / 2 : tree.x.get(node) * spacing);
  const py = (node) => margin + replay.nodes.get(node).depth * rowH;
  const path = new Set(replay.solutionPath());
  ctx.lineWidth = 1 / view.scale;
  ctx.strokeStyle = '#c3c8d2';
  ctx.beginPath();
  for (const n of replay.nodes.values()) {
    if (n.parent === null || !tree.x.has(n.node)) continue;
    ctx.moveTo(px(n.parent), py(n.parent));
    ctx.lineTo(px(n.node), py(n.node));
  }
  ctx.stroke();
  if (path.size > 1) {
    ctx.lineWidth = 3 / view.scale;
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
  const r = (replay.nodes.size > 400 ? 2 : replay.nodes.size > 120 ? 3.5 : 5) / Math.sqrt(view.scale);
  for (const n of replay.nodes.values()) {
    if (!tree.x.has(n.node)) continue;
    ctx.fillStyle = path.has(n.node) ? COLORS.path : COLORS[n.status] || COLORS.expanded;
    ctx.beginPath();
    ctx.arc(px(n.node), py(n.node), n.status === 'current' ? r + 2 : r, 0, 2 * Math.PI);
    ctx.fill();
    view.points.push({ x: px(n.node) * view.scale + view.ox, y: py(n.node) * view.scale + view.oy, text: `${n.label} (#${n.node}), depth ${n.depth}, ${n.status}` });
  }
  drawLabels(ctx, replay, { tree, px, py, path, r, width, view });
}

/// Every node's label where its row has room at this zoom, inside the drawing: the current
/// node's and the solution path's placed first, then the others from left to right; a label
/// that does not fit whole is shortened with an ellipsis (the whole of it on hover) or left out,
/// never cut by the canvas edge or drawn over another.
function drawLabels(ctx, replay, { tree, px, py, path, r, width, view }) {
  ctx.fillStyle = '#1d2330';
  ctx.font = `${12 / view.scale}px ui-monospace, monospace`;
  ctx.textAlign = 'center';
  const gap = 4 / view.scale;
  // The canvas's visible stretch in the drawing's units.
  const [left, right] = [(2 - view.ox) / view.scale, (width - 2 - view.ox) / view.scale];
  const nodes = [...replay.nodes.values()].filter((n) => tree.x.has(n.node));
  const first = (n) => (n.status === 'current' ? 0 : path.has(n.node) ? 1 : 2);
  nodes.sort((a, b) => first(a) - first(b) || px(a.node) - px(b.node));
  const taken = new Map(); // depth -> [from, to] stretches already labelled
  for (const n of nodes) {
    const row = taken.get(n.depth) || [];
    const x = px(n.node);
    const free = (from, to) => from >= left && to <= right && row.every(([a, b]) => to + gap <= a || from >= b + gap);
    let text = n.label;
    let w = ctx.measureText(text).width;
    // Slid inward from an edge so that it is never cut.
    let at = Math.min(Math.max(x, left + w / 2), right - w / 2);
    while (!free(at - w / 2, at + w / 2) && text.length > 4) {
      text = `${n.label.slice(0, text.length - 2)}…`;
      w = ctx.measureText(text).width;
      at = Math.min(Math.max(x, left + w / 2), right - w / 2);
    }
    if (!free(at - w / 2, at + w / 2)) continue;
    row.push([at - w / 2, at + w / 2]);
    taken.set(n.depth, row);
    const screen = (v) => v * view.scale + view.ox;
    view.labels.push({ node: n.node, text, whole: text === n.label, left: screen(at - w / 2), right: screen(at + w / 2), depth: n.depth });
    ctx.fillText(text, at, py(n.node) - r - 3 / view.scale);
  }
}

/// The tree as text: the nodes per depth, and the solution path.
function treeText(replay) {
  if (replay.nodes.size === 0) return 'No node yet.';
  const rows = levels(replay).map((r, d) => `depth ${d}: ${r.expanded} expanded, ${r.frontier} in the frontier${r.other ? `, ${r.other} other` : ''}`);
  const path = replay.solutionPath().reverse().map((id) => replay.nodes.get(id).label);
  return `${replay.nodes.size} nodes. ${rows.join('; ')}.${path.length ? ` Solution path: ${path.join(' → ')}.` : ''}`;
}
