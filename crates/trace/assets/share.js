// searchlab replay, sharing and comparing: the URL holds the puzzle, the instance, the
// algorithms and the position (reload restores them; "Copy link"); a --trace JSON Lines
// file replays without the server searching; your own program's output, pasted, is
// compared with the reference (POST /api/compare) and the replay jumps to the first
// divergence.
'use strict';

/// The link to this page as it is now: puzzle, instance fields, algorithms, position.
function linkFor() {
  const q = new URLSearchParams();
  q.set('puzzle', puzzle());
  for (const f of PUZZLES.get(puzzle()).fields) q.set(f.name, fieldInput(puzzle(), f.name).value);
  q.set('algo', $('#algo-0').value);
  if ($('#compare').checked) q.set('compare', $('#algo-1').value);
  for (const [name, value] of Object.entries(compareFields())) q.set(`compare_${name}`, value);
  if (byEvent()) q.set('step', 'event');
  if (player.pos > 0) q.set('at', player.pos >= total() ? 'end' : String(player.pos));
  return `${location.origin}${location.pathname}?${q}`;
}

let urlTimer = null;

/// Writes the link into the address bar: at once, or at most every 300 ms while playing.
function updateUrl(now) {
  if (player.fromFile) return;
  clearTimeout(urlTimer);
  const write = () => history.replaceState(null, '', linkFor());
  if (now) write(); else urlTimer = setTimeout(write, 300);
}

function onSeek() { if (player.panes.length) updateUrl(!player.playing); }

function status(text) { $('#share-status').textContent = text; }

async function copyLink() {
  const link = linkFor();
  const box = $('#link');
  box.value = link;
  box.hidden = false;
  try {
    await navigator.clipboard.writeText(link);
    status('Link copied.');
  } catch (_) {
    box.select();
    status('Copy the selected link (Ctrl+C).');
  }
}

/// A state's shape in words: a board is a list, a city a text, a 3-digit node an object.
function stateShape(state) {
  if (Array.isArray(state)) return 'lists of numbers';
  if (typeof state === 'string') return 'texts';
  if (state && typeof state === 'object') return `objects with ${Object.keys(state).sort().join(' and ')}`;
  return typeof state;
}

/// Refuses a trace whose start state has another shape than its puzzle's (a run line that
/// names the wrong puzzle).
function checkTracePuzzle(name, events, p) {
  const start = events.find((e) => e.type === 'start');
  if (!start || p.example_state === null || p.example_state === undefined) return;
  const shape = stateShape(start.state);
  if (shape === stateShape(p.example_state)) return;
  throw new Error(`${name} is not a trace of the ${p.title}: its states are ${shape}, the ${p.title}'s are ${stateShape(p.example_state)}.`);
}

/// A trace's run line (its first line, `{"type":"run",…}`): the puzzle, the strategy and the
/// instance (a local search's: its seed) it is a trace of; null when it has none.
function runLine(text) {
  const first = text.split('\n', 20).find((l) => l.trim());
  try {
    const line = JSON.parse(first);
    return line && line.type === 'run' && typeof line.puzzle === 'string' ? line : null;
  } catch (_) {
    return null;
  }
}

/// Sets the form to the puzzle, strategy and instance a trace's run line names; returns the
/// sentence that says so ('' when the form was already set so). Refuses, in one line, a trace
/// of a puzzle or a strategy the page does not have.
function chooseRunOf(name, line) {
  const p = PUZZLES.get(line.puzzle);
  const titles = [...PUZZLES.values()].map((q) => `the ${q.title}`).join(', ');
  if (!p) {
    const what = line.puzzle === 'problem' ? 'a Python problem of your own' : `the puzzle ${line.puzzle}`;
    throw new Error(`${name} is a trace of ${line.strategy} on ${what}, which this page cannot replay: it replays ${titles}.`);
  }
  const s = p.strategies.find((x) => x.name === line.strategy);
  if (!s) throw new Error(`${name} is a trace of ${line.strategy}, which the ${p.title} does not have: it has ${p.strategies.map((x) => x.name).join(', ')}.`);
  const instance = line.instance || {};
  const same = puzzle() === p.name && $('#algo-0').value === s.name
    && p.fields.every((f) => !(f.name in instance) || fieldInput(p.name, f.name).value === instance[f.name]);
  if (same) return '';
  $(`input[name="puzzle"][value="${p.name}"]`).checked = true;
  fillAlgorithms();
  for (const f of p.fields) if (f.name in instance) fieldInput(p.name, f.name).value = instance[f.name];
  if (line.seed !== undefined && fieldInput(p.name, 'seed')) fieldInput(p.name, 'seed').value = String(line.seed);
  $('#algo-0').value = s.name;
  $('#compare').checked = false;
  return `The form is set to the file's run: ${s.title} on the ${p.title}.`;
}

/// A recording built around a --trace file's events (its run line left out), with the frontier
/// of the strategy the file names (chosen in the form by chooseRunOf).
function recordingFromTrace(name, text) {
  const events = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    try { events.push(JSON.parse(line)); } catch (_) { throw new Error(`${name}, line ${i + 1}: not JSON`); }
  });
  if (events.length && events[0].type === 'run') events.shift();
  if (!events.length || !events[0].type) throw new Error(`${name}: no trace events (a --trace file has one JSON object per line)`);
  const p = PUZZLES.get(puzzle());
  checkTracePuzzle(name, events, p);
  const s = p.strategies.find((x) => x.name === $('#algo-0').value);
  const finished = events.find((e) => e.type === 'finished');
  return {
    file_events: events.length, file_finished: finished || null,
    puzzle: p.name, algorithm: s.title, strategy: s.name, rule: s.rule, discipline: s.discipline, priority: s.priority,
    ties: s.ties, frontier_text: s.frontier_text, expanded_counts: p.expanded_counts, answer: null, cli: '', moves: [],
    note: `Loaded from ${name} (${events.length} events), replayed with the rules of ${s.title}${finished ? '' : '; the trace has no finished line'}.`,
    path_frontier: p.name === 'npuzzle-ida', source: EventSource.list(events, p.name === 'npuzzle-ida'),
  };
}

/// The most lines of a local-search trace sent for its replay (the replay's own cap).
const LOCAL_TRACE_LINES = 5000;

/// A local-search trace's first run replayed by the server, which draws its states
/// (POST /api/local/trace): the lines before the second `run` line, at most LOCAL_TRACE_LINES.
async function localRecordingFromTrace(name, text) {
  const lines = text.split('\n');
  const runs = lines.filter((l) => /"type"\s*:\s*"run"/.test(l)).length;
  const second = lines.findIndex((l, i) => i > 0 && /"type"\s*:\s*"run"/.test(l));
  const kept = lines.slice(0, Math.min(second < 0 ? lines.length : second, LOCAL_TRACE_LINES + 1));
  const rec = await post('/api/local/trace', { ...request($('#algo-0').value), trace: kept.join('\n') });
  rec.note = `Loaded from ${name}: ${runs > 1 ? `run 1 of the ${runs} it holds` : 'its run'}, drawn again by the ${PUZZLES.get(puzzle()).title}.`;
  return rec;
}

/// Replays a --trace file as what its run line says it is: the form is set to that puzzle,
/// strategy and instance (and the page says so); a file without a run line is refused.
async function loadTrace(file) {
  showError('');
  try {
    const text = await file.text();
    const line = runLine(text);
    if (!line) {
      throw new Error(`${file.name} does not say what it is a trace of (its first line is not a run line): `
        + 'write it again with --trace, which names the puzzle and the strategy.');
    }
    const switched = chooseRunOf(file.name, line);
    const local = PUZZLES.get(puzzle()).kind === 'local';
    const recording = local ? await localRecordingFromTrace(file.name, text) : recordingFromTrace(file.name, text);
    if (switched) recording.note = `${recording.note} ${switched}`;
    player.fromFile = true;
    show([recording]);
    document.body.dataset.state = 'ready';
  } catch (err) {
    showError(err.message);
  }
}

/// Steps pane 0 until entry `index` of its expanded list (0-based) has just been added.
function seekToExpanded(index) {
  const r = player.panes[0].replay;
  r.seek(0);
  const marks = r.events.marks;
  let i = 0;
  while (i < marks.length - 1 && r.expandedList.length <= index) r.seek(marks[++i]);
  seek(r.pos);
}

async function compareOutput() {
  showError('');
  const out = $('#divergence');
  try {
    const body = { ...request($('#algo-0').value), output: $('#paste').value };
    const d = await post('/api/compare', body);
    out.hidden = false;
    const why = d.diagnosis.length ? ` The checker's diagnosis: the reference writes exactly your output when it ${d.diagnosis.join(', or when it ')}.` : '';
    // An answer the same as the reference's says its format faults in its message already.
    const format = d.faults.length && d.item !== 'none' ? ` Format: ${d.faults.join('; ')}.` : '';
    out.textContent = d.message + why + format;
    out.dataset.index = d.index === null ? '' : d.index;
    if (!player.panes.length || player.fromFile || player.panes[0].replay.rec.strategy !== body.algorithm) await run();
    if (d.item === 'expanded' && d.index !== null) seekToExpanded(d.index);
    else if (d.index !== null) seek(total());
  } catch (err) {
    showError(err.message);
  }
}

/// The name of a saved replay: the puzzle, the instance, then each pane's algorithm with its
/// values of the fields that are choices of the run (the right pane's changed ones), so that
/// two replays of different instances or runs never share a name:
/// `searchlab-digits-320-110-A-B.html`,
/// `searchlab-npuzzle-1-5-6-3-0-4-7-8-2-0-1-2-3-4-5-6-7-8-astar-misplaced-astar-manhattan.html`.
function downloadName(body, changed) {
  const slug = (value) => String(value ?? '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const fields = PUZZLES.has(body.puzzle) ? PUZZLES.get(body.puzzle).fields : [];
  const perRun = fields.filter((f) => f.per_run).map((f) => f.name);
  const instance = fields.filter((f) => !f.per_run).map((f) => body[f.name]);
  const parts = [body.puzzle, ...instance, body.algorithm, ...perRun.map((n) => body[n])];
  if (body.compare) parts.push(body.compare, ...perRun.map((n) => (n in changed ? changed[n] : body[n])));
  return `searchlab-${parts.map(slug).filter(Boolean).join('-')}.html`;
}

/// A finish as a text to compare: its kind and counts, its measured times left out.
function finishCounts(finished) {
  if (!finished) return '';
  const stats = Object.entries(finished.stats || {}).filter(([k]) => !/elapsed|seconds/.test(k)).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify({ kind: finished.kind, stats: Object.fromEntries(stats) });
}

/// Refuses to save a loaded trace's replay unless a fresh run of the form (set to the file's
/// run when it was loaded) is the same search: as many events and the same finish. The page
/// saved is then the file's replay, not another search under the file's name.
async function checkLoadedRun(body) {
  const loaded = player.panes[0].replay.rec;
  if (loaded.kind === 'local') throw new Error('A loaded local-search trace cannot be saved: run it from the form (the file\'s strategy and seed are set), then save.');
  const fresh = await post('/api/run', body);
  if (fresh.trace.count !== loaded.file_events || finishCounts(fresh.trace.finished) !== finishCounts(loaded.file_finished)) {
    throw new Error(`The loaded file is not the search a fresh run of ${loaded.algorithm} on this instance makes `
      + `(${loaded.file_events} events against ${fresh.trace.count}, or another finish): the page cannot save it as a replay.`);
  }
}

/// Saves the replay as one HTML file (POST /api/export) that needs no server: both algorithms
/// when two are side by side; a loaded trace's, when a fresh run is the same search.
async function download() {
  showError('');
  try {
    const body = request($('#algo-0').value);
    if (player.fromFile) await checkLoadedRun(body);
    if ($('#compare').checked) body.compare = $('#algo-1').value;
    const changed = compareFields();
    if (Object.keys(changed).length) body.compare_fields = changed;
    const response = await fetch('/api/export', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error((await response.json()).error);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await response.blob());
    link.download = downloadName(body, changed);
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    status(player.fromFile ? `Saved ${link.download}: the loaded file's search, run again (the same events).` : `Saved ${link.download}.`);
  } catch (err) {
    showError(err.message);
  }
}

function initShare() {
  $('#download').addEventListener('click', download);
  $('#copy-link').addEventListener('click', copyLink);
  // Emptied once read, so that the same file can be loaded again (after choosing its puzzle).
  $('#trace-file').addEventListener('change', (e) => {
    const file = e.target.files[0];
    e.target.value = '';
    if (file) loadTrace(file);
  });
  $('#compare-output').addEventListener('click', compareOutput);
}
