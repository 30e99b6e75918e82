// searchlab replay, what every page shares: the registered puzzles, `$`, and showing
// recordings in panes. The served page (app.js) fetches them; an exported page
// (standalone.js) carries them.
'use strict';

// The registered puzzles, their fields and strategies, as GET /api/puzzles lists them:
// nothing about a puzzle or a frontier is typed here.
const PUZZLES = new Map();
const $ = (selector, root = document) => root.querySelector(selector);

/// The keys' help of a local search, in its own words: it moves, it never expands a node.
function localKeys(recordings) {
  const names = recordings.map((r) => (PUZZLES.get(r.puzzle) || {}).value).filter(Boolean);
  const value = names.length ? names[0] : 'value';
  return 'Keys: <kbd>Space</kbd> play/pause · <kbd>→</kbd>/<kbd>←</kbd> one move · <kbd>Home</kbd>/<kbd>End</kbd> start/end · '
    + '<kbd>[</kbd>/<kbd>]</kbd> slower/faster. One step = one move to a neighbouring state (downhill, sideways, or uphill '
    + `when annealing's temperature accepts it) or a restart from a new random state; the search brings the ${value} down to 0.`;
}

/// Shows recordings (each with its `source` of events) in panes, at the start.
function show(recordings) {
  pause();
  // The keys' help speaks of moves for a local search, of expansions for a path search.
  const keys = $('.keys');
  if (keys) {
    if (keys.dataset.path === undefined) keys.dataset.path = keys.innerHTML;
    keys.innerHTML = recordings.every((r) => r.kind === 'local') ? localKeys(recordings) : keys.dataset.path;
  }
  // A local search's recording (`kind: 'local'`) has its own pane (local.js).
  player.panes = recordings.map((r) => (r.kind === 'local' ? new LocalPane(r) : new Pane(r)));
  const panes = $('#panes');
  panes.textContent = '';
  for (const p of player.panes) panes.appendChild(p.el);
  $('#player').hidden = false;
  $('#timeline').max = total();
  speedLabel();
  seek(0);
}
