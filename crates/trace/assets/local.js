// searchlab replay, a local search: one run of hill-climbing, simulated annealing or local
// beam search recorded as frames (the start, each move, the stop; restarts start again), the
// state drawn by the puzzle itself (an SVG in the recording), the value over the moves, and
// the result with the command line that makes the same run. One step is one frame; each
// frame's sentence is in words.js.
'use strict';

/// What the player drives: a position (0 is the start frame) over the recording's frames.
class LocalReplay {
  constructor(rec) {
    this.rec = rec;
    this.pos = 0;
    // Every frame is a step; `marks` are the positions a step lands on.
    this.events = { length: Math.max(0, rec.frames.length - 1), marks: rec.frames.map((_, i) => i).slice(1) };
    this.c = { expanded: 0, selected: 0 };
  }

  seek(t) {
    this.pos = Math.max(0, Math.min(t, this.events.length));
    this.c.expanded = this.counts().moves;
    this.c.selected = this.c.expanded;
  }

  get finished() { return this.pos >= this.events.length; }

  /// The counters at the current position: moves, by kind, restarts, the value.
  counts() {
    const c = { moves: 0, downhill: 0, sideways: 0, uphill: 0, restarts: -1, value: 0, drawing: 0, words: '' };
    for (const f of this.rec.frames.slice(0, this.pos + 1)) {
      if (f.event === 'start') c.restarts += 1;
      if (f.event === 'move') { c.moves += 1; c[f.kind] += 1; }
      if (f.event !== 'end') Object.assign(c, { value: f.value, drawing: f.drawing, words: f.words });
    }
    c.restarts = Math.max(0, c.restarts);
    return c;
  }
}

/// The value after each frame as a line, the current position marked.
function renderValueChart(el, rec, pos) {
  const points = [];
  let value = 0;
  rec.frames.forEach((f, i) => { if (f.event !== 'end') value = f.value; points.push([i, value]); });
  const n = Math.max(1, points.length - 1);
  const top = Math.max(1, ...points.map((p) => p[1]));
  const [w, h] = [300, 80];
  const xy = ([i, v]) => `${((i / n) * w).toFixed(1)},${(h - (v / top) * (h - 4) - 2).toFixed(1)}`;
  const restarts = rec.frames.map((f, i) => [f, i]).filter(([f, i]) => f.event === 'start' && i > 0)
    .map(([, i]) => `<line x1="${((i / n) * w).toFixed(1)}" x2="${((i / n) * w).toFixed(1)}" y1="0" y2="${h}" class="restart-mark"/>`).join('');
  const at = points[Math.min(pos, points.length - 1)] || [0, 0];
  el.innerHTML = `<svg viewBox="0 0 ${w} ${h}" class="value-chart" role="img" aria-label="the ${valueName(rec)} after each step; fewer is better, 0 solves">${restarts}<polyline points="${points.map(xy).join(' ')}"/><circle r="3" cx="${xy(at).split(',')[0]}" cy="${xy(at).split(',')[1]}"/></svg><small>${valueName(rec)} (0 solves) over ${n.toLocaleString('en')} steps, peak ${top}</small>`;
}

class LocalPane {
  constructor(rec) {
    this.replay = new LocalReplay(rec);
    const registered = PUZZLES.get(rec.puzzle);
    const el = document.createElement('section');
    el.className = 'pane local-pane';
    el.dataset.strategy = rec.strategy;
    const counter = (key, label) => `<div><span class="label">${label}</span><span class="value" data-counter="${key}">0</span></div>`;
    el.innerHTML = `<h2 class="title"></h2><p class="rule"></p>
      <div class="counters">${counter('moves', 'moves')}${counter('value', `${valueName(rec)} now`)}${counter('downhill', 'downhill')}${counter('sideways', 'sideways')}${counter('uphill', 'uphill')}${counter('restarts', 'restarts')}</div>
      <div class="now" aria-live="polite"><div class="words"><p class="event-text" data-now></p><div class="chart"></div></div><div class="state-view local-board"></div></div>
      <p class="stop" data-stop hidden></p>
      <div class="box"><h3>Moves, in order, each with the ${valueName(rec)} it leaves <small class="moves-count"></small></h3><ol class="chips moves"></ol></div>
      <div class="result" hidden><h3></h3><p>Final state: <code data-result="state"></code></p><p class="note" data-result="capped" hidden></p><p data-result="cli-label"></p><pre class="cli" data-result="cli"></pre></div>`;
    $('.title', el).textContent = `${rec.algorithm} on ${registered ? `the ${registered.title}` : rec.puzzle}`;
    $('.rule', el).textContent = `Rule: ${rec.rule}. Seed ${rec.seed}: the same seed, the same run.`;
    this.el = el;
  }

  get length() { return this.replay.events.length; }

  render() {
    const r = this.replay;
    const rec = r.rec;
    const c = r.counts();
    for (const key of ['moves', 'value', 'downhill', 'sideways', 'uphill', 'restarts']) {
      const el = $(`[data-counter="${key}"]`, this.el);
      el.textContent = c[key];
      el.dataset.count = c[key];
    }
    const frame = rec.frames[r.pos];
    $('[data-now]', this.el).textContent = frameWords(frame, r.pos, rec);
    $('.state-view', this.el).innerHTML = rec.drawings[c.drawing] || '';
    renderValueChart($('.chart', this.el), rec, r.pos);
    const moves = rec.frames.slice(1, r.pos + 1).filter((f) => f.event !== 'end');
    const chips = moves.slice(-60).map((f) => ({ label: `${f.event === 'start' ? 'restart' : f.kind} → ${f.value}`, kind: f.event === 'start' ? 'restart' : f.kind }));
    const ol = $('.moves', this.el);
    ol.textContent = '';
    for (const chip of chips) {
      const li = document.createElement('li');
      li.textContent = chip.label;
      li.dataset.kind = chip.kind;
      ol.appendChild(li);
    }
    $('.moves-count', this.el).textContent = `(${moves.length}${moves.length > 60 ? ', the last 60 shown' : ''})`;
    const stop = $('[data-stop]', this.el);
    const ended = frame && frame.event === 'end' && r.finished;
    stop.hidden = !ended;
    stop.textContent = ended ? frameWords(frame, r.pos, rec) : '';
    stop.classList.toggle('failed', !!ended && frame.reason !== 'solved');
    const box = $('.result', this.el);
    box.hidden = !r.finished;
    if (r.finished) {
      const res = rec.result;
      box.classList.toggle('failed', !res.solved);
      const restarts = res.restarts ? ` and ${res.restarts} restarts` : '';
      $('h3', box).textContent = res.solved ? `Solved after ${res.steps} moves${restarts}` : `Not solved: ${res.value} ${valueName(rec)} after ${res.steps} moves${restarts}`;
      $('[data-result="state"]', box).textContent = res.words;
      // The replay's cap stopped the run: the command line's run goes on.
      const note = $('[data-result="capped"]', box);
      note.hidden = !rec.capped;
      note.textContent = rec.capped ? 'The replay stopped this run at its limit (5,000 steps or 8 MiB of drawings); the command line\'s run goes on.' : '';
      // A run loaded from a --trace file says so where a recorded one names its command line.
      $('[data-result="cli-label"]', box).textContent = rec.note || 'The same run on the command line:';
      $('[data-result="cli"]', box).textContent = rec.command;
      $('[data-result="cli"]', box).hidden = !rec.command;
    }
  }
}
