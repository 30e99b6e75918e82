// searchlab replay, an exported page: the recordings and the puzzles are in the page
// itself (a JSON script element), so it replays with no server, e.g. in a notebook.
'use strict';

(function start() {
  const data = JSON.parse(document.getElementById('recordings').textContent);
  for (const p of data.puzzles) PUZZLES.set(p.name, p);
  for (const r of data.recordings) if (r.kind !== 'local') r.source = EventSource.compact(r.trace, r.path_frontier);
  initPlayer();
  show(data.recordings);
  window.addEventListener('resize', () => player.panes.forEach((p) => p.render()));
  // `page.html#end` opens at the end of the search (as the server's `?at=end`).
  if (location.hash === '#end') seek(total());
  document.body.dataset.state = 'ready';
}());
