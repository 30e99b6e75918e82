// searchlab replay, the player: one step is one expansion (a node taken from the frontier
// and dealt with) or, as an option, one event; play at a speed in steps per second; the
// timeline; keyboard shortcuts (listed on the page).
'use strict';

const player = { panes: [], pos: 0, playing: false, last: 0, carry: 0 };

function total() { return Math.max(0, ...player.panes.map((p) => p.length)); }

function byEvent() { return $('#by-event').checked; }

/// Where one step forward (+1) or back (-1) from `pos` lands: the next or previous end of an
/// expansion in any pane, or one event.
function stepFrom(pos, dir) {
  if (byEvent()) return pos + dir;
  let best = dir > 0 ? total() : 0;
  for (const p of player.panes) {
    const marks = p.replay.events.marks;
    // Binary search for the first mark after (or the last before) pos.
    let lo = 0, hi = marks.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (marks[mid] <= pos) lo = mid + 1; else hi = mid; }
    if (dir > 0 && lo < marks.length) best = Math.min(best, marks[lo]);
    if (dir < 0) {
      let i = lo - 1;
      while (i >= 0 && marks[i] >= pos) i--;
      if (i >= 0) best = Math.max(best, marks[i]);
    }
  }
  return best;
}

/// Steps per second, from the slider (1 to 10,000, logarithmic).
function speed() {
  return Math.round(Math.pow(10, Number($('#speed').value) / 25));
}

function speedLabel() {
  // A local search's step is one move (local.js).
  const local = player.panes.length > 0 && player.panes[0] instanceof LocalPane;
  $('#speed-label').textContent = `${speed()} ${byEvent() ? 'events' : local ? 'moves' : 'expansions'}/s`;
}

function seek(t) {
  player.pos = Math.max(0, Math.min(t, total()));
  // All panes move first, then draw: side by side they share one scale.
  for (const p of player.panes) p.replay.seek(player.pos);
  for (const p of player.panes) p.render();
  shareScale();
  $('#timeline').value = player.pos;
  $('#position').textContent = `event ${player.pos} / ${total()}`;
  if (player.pos >= total()) pause();
  if (typeof onSeek === 'function') onSeek(player.pos);
}

function frame(now) {
  if (!player.playing) return;
  const dt = player.last ? (now - player.last) / 1000 : 0;
  player.last = now;
  player.carry += dt * speed();
  let k = Math.floor(player.carry);
  if (k > 0) {
    player.carry -= k;
    let pos = player.pos;
    while (k-- > 0 && pos < total()) pos = stepFrom(pos, 1);
    seek(pos);
  }
  if (player.playing) requestAnimationFrame(frame);
}

function play() {
  if (player.pos >= total()) seek(0);
  player.playing = true;
  player.last = 0;
  player.carry = 1; // show the first step at once
  $('#play').textContent = '⏸ Pause';
  $('#play').setAttribute('aria-pressed', 'true');
  requestAnimationFrame(frame);
}

function pause() {
  player.playing = false;
  $('#play').textContent = '▶ Play';
  $('#play').setAttribute('aria-pressed', 'false');
}

/// Steps forward or back, pausing first.
function step(dir) { pause(); seek(stepFrom(player.pos, dir)); }

/// The player's buttons and keys.
function initPlayer() {
  $('#play').addEventListener('click', () => (player.playing ? pause() : play()));
  $('#step').addEventListener('click', () => step(1));
  $('#back').addEventListener('click', () => step(-1));
  $('#reset').addEventListener('click', () => { pause(); seek(0); });
  $('#end').addEventListener('click', () => { pause(); seek(total()); });
  $('#timeline').addEventListener('input', (e) => { pause(); seek(Number(e.target.value)); });
  $('#speed').addEventListener('input', speedLabel);
  $('#by-event').addEventListener('change', speedLabel);
  speedLabel();
  document.addEventListener('keydown', (e) => {
    // Keys typed into a field, or Space/Enter on a button, belong to that control.
    const tag = document.activeElement ? document.activeElement.tagName : '';
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(tag)) return;
    if (['BUTTON', 'SUMMARY', 'A'].includes(tag) && (e.key === ' ' || e.key === 'Enter')) return;
    if ($('#player').hidden || e.ctrlKey || e.metaKey || e.altKey) return;
    const one = e.shiftKey ? (d) => { pause(); seek(player.pos + d); } : step;
    if (e.key === ' ' || e.key === 'k') { e.preventDefault(); player.playing ? pause() : play(); }
    else if (e.key === 'ArrowRight' || e.key === 'l') { e.preventDefault(); one(1); }
    else if (e.key === 'ArrowLeft' || e.key === 'j') { e.preventDefault(); one(-1); }
    else if (e.key === 'Home') { e.preventDefault(); pause(); seek(0); }
    else if (e.key === 'End') { e.preventDefault(); pause(); seek(total()); }
    else if (e.key === ']' || e.key === '[') {
      const s = $('#speed');
      s.value = Math.max(0, Math.min(100, Number(s.value) + (e.key === ']' ? 5 : -5)));
      speedLabel();
    }
  });
}
