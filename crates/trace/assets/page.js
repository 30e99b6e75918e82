// searchlab replay, what every page shares: the registered puzzles, `$`, and showing
// recordings in panes. The served page (app.js) fetches them; an exported page
// (standalone.js) carries them.
'use strict';

// The registered puzzles, their fields and strategies, as GET /api/puzzles lists them:
// nothing about a puzzle or a frontier is typed here.
const PUZZLES = new Map();
const $ = (selector, root = document) => root.querySelector(selector);

/// Shows recordings (each with its `source` of events) in panes, at the start.
function show(recordings) {
  pause();
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
