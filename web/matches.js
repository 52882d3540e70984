// Match history: filters (tournament, bot, faction, outcome, state, date),
// paged; each row links to its replay and its downloads.
'use strict';
(() => {
  const { api, el, badge, nav, params, showError, tournaments, FACTIONS } = Woodland;
  nav('matches.html');
  const form = document.getElementById('filters');
  const content = document.getElementById('content');
  const info = document.getElementById('pageinfo');
  let page = Number(params().get('page') || 0);
  for (const f of Object.keys(FACTIONS)) {
    document.getElementById('faction').append(el('option', { value: f }, FACTIONS[f].name));
  }
  const p = params();
  for (const k of ['bot', 'faction', 'outcome', 'state', 'from', 'to', 'size']) {
    if (p.get(k)) document.getElementById(k).value = p.get(k);
  }

  function query() {
    const q = new URLSearchParams();
    q.set('tournament', document.getElementById('tournament').value);
    for (const k of ['bot', 'faction', 'outcome', 'state', 'size']) {
      const v = document.getElementById(k).value.trim();
      if (v) q.set(k, v);
    }
    const from = document.getElementById('from').value, to = document.getElementById('to').value;
    if (from) q.set('from', String(Date.parse(from + 'T00:00:00')));
    if (to) q.set('to', String(Date.parse(to + 'T23:59:59')));
    q.set('page', String(page));
    return q;
  }

  async function load() {
    const q = query();
    try {
      const r = await api('/api/matches?' + q);
      const head = ['Table', 'State', 'Finished', 'Seats (bot, faction, VP)', 'Winners', 'Replay', 'Download'];
      const body = el('tbody');
      for (const m of r.matches) {
        const seats = el('td', {});
        m.bots.forEach((b, i) => {
          seats.append(el('span', { class: 'seat-cell' }, badge(m.factions[i]), ` ${b}${m.victory_points.length ? ' ' + m.victory_points[i] + ' VP' : ''}`),
            i + 1 < m.bots.length ? el('br') : null);
        });
        const done = m.state === 'done';
        const finished = Number(m.finished_unix_ms) ? new Date(Number(m.finished_unix_ms)).toLocaleString() : '-';
        body.append(el('tr', { 'data-match': m.match_id },
          el('td', { class: 'num' }, String(m.table)), el('td', {}, m.state), el('td', {}, finished), seats,
          el('td', {}, (m.winners || []).join(', ') || '-'),
          el('td', {}, done ? el('a', { href: `replay.html?match=${m.match_id}` }, 'Watch replay') : '-'),
          el('td', {}, done ? el('span', {},
            el('a', { href: `/api/replay?match=${m.match_id}&download=1`, download: `match-${m.match_id}.json` }, 'JSON'), ' · ',
            el('a', { href: `/api/rootlog?match=${m.match_id}&download=1`, download: `match-${m.match_id}.rootlog` }, 'Rootlog')) : '-')));
      }
      content.replaceChildren(el('div', { class: 'panel scroll' }, el('table', { id: 'matches' },
        el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col' }, h)))), body)));
      const pages = Math.max(1, Math.ceil(r.total / r.size));
      info.value = `page ${r.page + 1} of ${pages} (${r.total} matches)`;
      document.getElementById('prev').disabled = page <= 0;
      document.getElementById('next').disabled = page + 1 >= pages;
      history.replaceState(null, '', '?' + q);
      document.body.dataset.loaded = '1';
    } catch (e) { showError(content, e); }
  }

  form.addEventListener('submit', (e) => { e.preventDefault(); page = 0; load(); });
  document.getElementById('prev').addEventListener('click', () => { page = Math.max(0, page - 1); load(); });
  document.getElementById('next').addEventListener('click', () => { page += 1; load(); });
  tournaments(document.getElementById('tournament'), p.get('tournament')).then(load).catch((e) => showError(content, e));
})();
