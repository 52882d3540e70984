// The viewer's layout, shared by the replay and the live page: the map,
// the score track, the seats' boards and the event log.
'use strict';

const Viewer = (() => {
  const { el } = Woodland;

  function skeleton(target) {
    target.replaceChildren(
      el('div', { class: 'viewer' },
        el('div', {},
          el('div', { id: 'board', class: 'panel' }),
          el('div', { id: 'score', class: 'panel score' })),
        el('div', {},
          el('div', { class: 'panel' }, el('h2', {}, 'Next'), el('p', { id: 'next-decision', class: 'muted' }, '-')),
          el('div', { class: 'panel' }, el('h2', {}, 'Event log'), el('pre', { id: 'log', tabindex: '0', 'aria-label': 'Event log' })))),
      el('div', { id: 'seats', class: 'panel' }));
  }

  // frame: {observation, hands?, events, next?}; index: {map, bots}.
  function render(frame, index) {
    const obs = frame.observation;
    document.getElementById('board').replaceChildren(Board.drawMap(index.map, obs));
    document.getElementById('score').replaceChildren(Board.drawScore(obs));
    document.getElementById('seats').replaceChildren(el('h2', {}, 'Factions'), Board.drawSeats(obs, index.bots || [], frame.hands));
    const log = document.getElementById('log');
    log.replaceChildren(...(frame.events || []).map((e) => el('div', { class: e.kind === 'turn' ? 'turn' : null, 'data-event': e.i }, e.text)));
    log.scrollTop = log.scrollHeight;
    const nd = document.getElementById('next-decision');
    if (frame.next) {
      const f = obs.seats[frame.next.seat] ? Woodland.faction(obs.seats[frame.next.seat].faction).name : `seat ${frame.next.seat}`;
      nd.textContent = `${f} decides${frame.next.label ? ': ' + frame.next.label : ''}`;
    } else {
      nd.textContent = frame.terminal ? 'The game is over.' : '-';
    }
  }

  return { skeleton, render };
})();
