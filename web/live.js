// Live spectating: the public board and public events of a match running
// in this arena (never a hand, never the seed), polled every second.
'use strict';
(() => {
  const { api, el, nav, params, showError, badge } = Woodland;
  nav('live.html');
  const $ = (id) => document.getElementById(id);
  const content = $('content');
  let match = params().get('match');
  let events = [], received = 0, skeleton = false;

  async function list() {
    try {
      const matches = await api('/api/live');
      const rows = matches.map((m) => el('tr', { 'data-live-match': m.match },
        el('td', {}, el('a', { href: `live.html?match=${m.match}` }, `match ${m.match}`)),
        el('td', {}, `tournament ${m.tournament}`),
        el('td', {}, ...m.bots.map((b, i) => el('span', {}, m.factions[i] ? badge(m.factions[i]) : '', ` ${b}  `))),
        el('td', {}, m.done ? 'finished' : 'running'), el('td', { class: 'num' }, `${m.events} events`)));
      $('list').replaceChildren(rows.length ? el('div', { class: 'scroll' }, el('table', { id: 'live-list' }, el('tbody', {}, ...rows))) : el('p', { class: 'muted' }, 'No match is running here right now.'));
      if (!match && matches.length) match = String(matches[0].match);
    } catch (e) { showError($('list'), e); }
  }

  async function poll() {
    if (!match) return;
    try {
      const s = await api(`/api/live/match?match=${match}&after=${events.length}`);
      events.push(...s.events);
      received += s.events.length;
      if (!s.map || !s.observation) { $('status').value = 'waiting for the first decision'; return; }
      if (!skeleton) { Viewer.skeleton(content); skeleton = true; }
      $('title').textContent = `Live: match ${match}${s.done ? ' (finished)' : ''}`;
      Viewer.render({ observation: s.observation, events: events.slice(-400), terminal: s.done }, { map: s.map, bots: s.bots });
      $('status').value = `${events.length} events received${s.done ? '; the match is over' : ''}`;
      document.body.dataset.events = String(events.length);
      document.body.dataset.match = String(match);
    } catch (e) { $('status').value = String(e.message || e); }
  }

  async function tick() {
    await list();
    if ($('follow').checked) await poll();
  }
  tick();
  setInterval(tick, 1000);
})();
