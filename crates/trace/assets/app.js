// searchlab replay, the page: the form built from the registered puzzles (GET
// /api/puzzles), recordings fetched from POST /api/run, the URL read on load.
'use strict';

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
      o.title = s.rule;
      select.appendChild(o);
    }
    const values = strategies.map((s) => s.name);
    select.value = values.includes(old) ? old : values[Math.min(fallback, values.length - 1)];
  }
  for (const name of PUZZLES.keys()) $(`#fields-${name}`).hidden = name !== puzzle();
  fillCompareFields();
}

/// The right pane's own value of each field that is a choice of the run (the N-puzzle's
/// heuristic): empty, the left pane's.
function fillCompareFields() {
  const span = $('#compare-fields');
  span.textContent = '';
  for (const f of PUZZLES.get(puzzle()).fields.filter((f) => f.per_run)) {
    const l = document.createElement('label');
    l.textContent = `with its own ${f.name} `;
    const input = document.createElement('input');
    input.id = `compare-${f.name}`;
    input.placeholder = 'as on the left';
    input.size = 16;
    l.appendChild(input);
    span.appendChild(l);
  }
}

/// The right pane's fields that differ from the left's, by name (none without a second pane).
function compareFields() {
  const changed = {};
  if (!$('#compare').checked) return changed;
  for (const f of PUZZLES.get(puzzle()).fields.filter((f) => f.per_run)) {
    const value = $(`#compare-${f.name}`).value.trim();
    if (value) changed[f.name] = value;
  }
  return changed;
}

/// Names each run by its strategy and its values of the changed fields (`A*, heuristic
/// misplaced`), as the exported page does (Recording::label_with).
function labelRuns(recordings, bodies, names) {
  if (!names.length) return;
  recordings.forEach((r, i) => {
    r.label = `${r.algorithm}, ${names.map((n) => `${n} ${bodies[i][n] || 'as by default'}`).join(', ')}`;
  });
}

/// The input of the field `name` of the puzzle `puzzleName`.
function fieldInput(puzzleName, name) { return $(`#fields-${puzzleName} input[name="${name}"]`); }

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
      // Two puzzles may share a field's name (the local-search puzzles' seed): the id is the
      // name where it is unique, and every lookup is scoped to the puzzle (fieldInput).
      input.name = f.name;
      input.id = document.getElementById(f.name) ? `${p.name}-${f.name}` : f.name;
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
  for (const f of PUZZLES.get(puzzle()).fields) body[f.name] = fieldInput(puzzle(), f.name).value;
  return body;
}

async function run(event) {
  if (event) event.preventDefault();
  pause();
  showError('');
  const changed = compareFields();
  const bodies = [request($('#algo-0').value)];
  if ($('#compare').checked) bodies.push({ ...request($('#algo-1').value), ...changed });
  $('#run').disabled = true;
  document.body.dataset.state = 'running';
  const started = performance.now();
  try {
    // Every puzzle's runs are recorded alike; a local-search puzzle's from the same seed.
    const recordings = await Promise.all(bodies.map((body) => post('/api/run', body)));
    for (const r of recordings) if (r.kind !== 'local') r.source = EventSource.compact(r.trace, r.path_frontier);
    labelRuns(recordings, bodies, Object.keys(changed).sort());
    player.fromFile = false;
    show(recordings);
    document.body.dataset.loadMs = Math.round(performance.now() - started);
    document.body.dataset.state = 'ready';
    updateUrl(true);
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
    // A local-search puzzle answers a new seed only: its other fields stay.
    for (const f of PUZZLES.get(r.puzzle).fields) if (r[f.name] !== undefined) fieldInput(r.puzzle, f.name).value = r[f.name];
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
  initPlayer();
  initShare();
  window.addEventListener('resize', () => player.panes.forEach((p) => p.render()));

  // ?puzzle=digits&start=320&goal=110&forbidden=&algo=B&compare=A&at=40 fills the form and
  // runs; `at` is an event position, `at=end` the end; `compare_heuristic=misplaced` gives the
  // right pane its own value of a field that is a choice of the run.
  const q = new URLSearchParams(location.search);
  if (PUZZLES.has(q.get('puzzle'))) $(`input[value="${q.get('puzzle')}"]`).checked = true;
  fillAlgorithms();
  for (const f of PUZZLES.get(puzzle()).fields) if (q.has(f.name)) fieldInput(puzzle(), f.name).value = q.get(f.name);
  if (q.has('algo')) $('#algo-0').value = q.get('algo');
  if (q.has('compare')) { $('#compare').checked = true; $('#algo-1').value = q.get('compare'); }
  for (const f of PUZZLES.get(puzzle()).fields.filter((f) => f.per_run)) {
    if (q.has(`compare_${f.name}`)) $(`#compare-${f.name}`).value = q.get(`compare_${f.name}`);
  }
  if (q.get('step') === 'event') $('#by-event').checked = true;
  document.body.dataset.state = 'idle';
  if (q.has('algo')) {
    run().then(() => {
      if (!q.has('at')) return;
      const started = performance.now();
      seek(q.get('at') === 'end' ? total() : Number(q.get('at')));
      document.body.dataset.seekMs = Math.round(performance.now() - started);
    });
  }
}

init();
