// The standings page: overall and per-faction ratings, win rates, mean VP,
// balance, and each bot's rating after each of its matches.
'use strict';
(() => {
  const { api, el, svg, badge, faction, nav, params, showError, tournaments } = Woodland;
  nav('index.html');
  const select = document.getElementById('tournament');
  const content = document.getElementById('content');
  const f2 = (x) => Number(x).toFixed(2);
  const pct = (w, g) => (g ? (100 * w / g).toFixed(1) + '%' : '-');

  function botTable(s) {
    const head = ['#', 'Bot', 'Ordinal', 'mu', 'sigma', 'Games', 'Wins', 'Win rate', 'Mean VP', 'Forfeits'];
    const t = el('table', { id: 'standings' },
      el('caption', { class: 'sr-only' }, 'Overall ratings, best first'),
      el('thead', {}, el('tr', {}, ...head.map((h, i) => el('th', { scope: 'col', class: i > 1 ? 'num' : null }, h)))));
    const body = el('tbody');
    (s.bots || []).forEach((b, i) => {
      body.append(el('tr', { 'data-bot': b.bot },
        el('td', { class: 'num' }, String(i + 1)),
        el('td', {}, b.bot + (b.suspended ? ' (suspended)' : '')),
        el('td', { class: 'num', 'data-field': 'ordinal' }, f2(b.ordinal)),
        el('td', { class: 'num', 'data-field': 'mu' }, f2(b.mu)),
        el('td', { class: 'num', 'data-field': 'sigma' }, f2(b.sigma)),
        el('td', { class: 'num', 'data-field': 'games' }, String(b.games)),
        el('td', { class: 'num', 'data-field': 'wins' }, String(b.wins)),
        el('td', { class: 'num' }, pct(b.wins, b.games)),
        el('td', { class: 'num', 'data-field': 'mean_vp' }, f2(b.mean_vp)),
        el('td', { class: 'num' }, String(b.forfeits))));
    });
    t.append(body);
    return el('div', { class: 'scroll' }, t);
  }

  function factionTable(s, hist) {
    const factions = (s.factions || []).map((f) => f.faction);
    const head = el('tr', {}, el('th', { scope: 'col' }, 'Bot'),
      ...factions.map((f) => el('th', { scope: 'col' }, badge(f))));
    const body = el('tbody');
    const all = el('tr', {}, el('th', { scope: 'row' }, 'All bots'));
    for (const f of s.factions || []) {
      all.append(el('td', {}, `${f2(f.ordinal)} · ${f.wins}/${f.games} won (${pct(f.wins, f.games)}) · ${f2(f.mean_vp)} VP`));
    }
    body.append(all);
    for (const b of s.bots || []) {
      const tr = el('tr', {}, el('th', { scope: 'row' }, b.bot));
      const h = (hist || []).find((x) => x.bot === b.bot);
      for (const f of b.factions || []) {
        const r = h && (h.factions || []).find((x) => x.faction === f.faction);
        const ms = r ? ` · \u03BC ${f2(r.mu)} \u03C3 ${f2(r.sigma)}` : '';
        tr.append(el('td', {}, f.games ? `${f2(f.ordinal)}${ms} · ${f.wins}/${f.games} (${pct(f.wins, f.games)}) · ${f2(f.mean_vp)} VP` : '-'));
      }
      body.append(tr);
    }
    return el('div', { class: 'scroll' }, el('table', { id: 'factions' },
      el('caption', { class: 'sr-only' }, 'Per-faction ordinal, wins and mean VP'), el('thead', {}, head), body));
  }

  // Line chart of ordinal by table index; each line also has a distinct
  // dash pattern and an end label (not colour alone).
  function chart(history) {
    const W = 800, H = 320, P = 40;
    const pts = history.flatMap((h) => h.points);
    if (!pts.length) return el('p', { class: 'muted' }, 'No finished matches yet.');
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const x0 = Math.min(...xs), x1 = Math.max(...xs, x0 + 1);
    const y0 = Math.min(...ys, 0), y1 = Math.max(...ys, 1);
    const X = (x) => P + (W - 2 * P) * (x - x0) / (x1 - x0);
    const Y = (y) => H - P - (H - 2 * P) * (y - y0) / (y1 - y0);
    const colors = ['#1b6ca8', '#c8452f', '#3f9a3f', '#7b3fa0', '#d9a520', '#444', '#3fb3b0', '#a12a2a'];
    const dashes = ['', '6 3', '2 3', '8 3 2 3', '1 2', '10 4', '4 4', '3 6'];
    const g = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Rating (ordinal) of each bot after each of its matches' });
    g.append(svg('line', { x1: P, y1: Y(0), x2: W - P, y2: Y(0), stroke: '#999', 'stroke-dasharray': '2 2' }));
    g.append(svg('text', { x: 4, y: Y(y1) + 4, 'font-size': 11, text: f2(y1) }));
    g.append(svg('text', { x: 4, y: Y(y0), 'font-size': 11, text: f2(y0) }));
    g.append(svg('text', { x: W / 2, y: H - 8, 'font-size': 11, 'text-anchor': 'middle', text: 'table' }));
    const legend = el('div', { class: 'legend' });
    history.forEach((h, i) => {
      if (!h.points.length) return;
      const c = colors[i % colors.length], d = dashes[i % dashes.length];
      g.append(svg('polyline', { points: h.points.map((p) => `${X(p[0])},${Y(p[1])}`).join(' '), fill: 'none', stroke: c, 'stroke-width': 2, 'stroke-dasharray': d, 'data-bot': h.bot }));
      const last = h.points[h.points.length - 1];
      g.append(svg('text', { x: X(last[0]) + 3, y: Y(last[1]), 'font-size': 11, text: h.bot }));
      const sw = el('span', { class: 'swatch' });
      sw.style.borderTopColor = c;
      sw.style.borderTopStyle = d ? 'dashed' : 'solid';
      legend.append(el('span', {}, sw, h.bot));
    });
    return el('div', { class: 'chart' }, g, legend);
  }

  async function load() {
    try {
      const data = await api('/api/standings?tournament=' + encodeURIComponent(select.value));
      const s = data.standings;
      content.replaceChildren(
        el('section', { class: 'panel' }, el('h2', {}, 'Overall'), botTable(s)),
        el('section', { class: 'panel' }, el('h2', {}, 'By faction'), factionTable(s, data.history),
          el('p', { class: 'muted' }, 'Each cell: ordinal (mu - 3 sigma) · mu, sigma · wins/games (win rate) · mean VP.'),
          el('p', {}, `Balance: faction imbalance ${s.faction_imbalance}, seat imbalance ${s.seat_imbalance} (the largest difference in how often two bots got a faction or a seat).`)),
        el('section', { class: 'panel' }, el('h2', {}, 'Rating over time'), chart(data.history || [])));
      document.body.dataset.loaded = '1';
    } catch (e) { showError(content, e); }
  }

  select.addEventListener('change', () => {
    history.replaceState(null, '', '?tournament=' + select.value);
    load();
  });
  tournaments(select, params().get('tournament')).then(load).catch((e) => showError(content, e));
})();
