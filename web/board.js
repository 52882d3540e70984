// Draws a board (map, pieces, score track, faction boards, hands) from an
// Observation the server sent; the browser applies no rules.
//
// The map layout is computed from the map data: opposite corners pinned to
// the four corners, the other clearings placed by a deterministic spring
// layout over paths and rivers. Every piece is drawn from its faction's
// entry in FACTION_DRAW (a new faction adds one entry: labels and shapes of
// its pieces, extra pawns and its board summary). Test hooks: each clearing
// is <g data-clearing=ID>, each piece group carries data-kind, data-piece,
// data-owner / data-faction and data-count.
'use strict';

const Board = (() => {
  const { svg, el, faction, suit } = Woodland;

  // Faction drawing rules. piece: {label, shape: 'square' (building) |
  // 'circle' (token)}; pawns(obs): [{clearing|forest, label, title}];
  // board(view): rows [term, description] for the faction's board panel.
  const cards = (list) => (list || []).map((c) => c.name).join(', ') || '-';
  const counts = (list) => (list || []).map((x) => `${x.item || x.piece || faction(x.faction).letter} ${x.count}`).join(', ') || '-';
  const FACTION_DRAW = {
    FACTION_MARQUISE: {
      key: 'marquise',
      pieces: { sawmill: { label: 'S', shape: 'square' }, workshop: { label: 'W', shape: 'square' }, recruiter: { label: 'R', shape: 'square' }, keep: { label: 'K', shape: 'circle' }, wood: { label: 'w', shape: 'circle' } },
      board: (v) => [['Keep', v.keep_clearing || 'off the map'], ['Built', `${v.sawmills} sawmills, ${v.workshops} workshops, ${v.recruiters} recruiters`]],
    },
    FACTION_EYRIE: {
      key: 'eyrie',
      pieces: { roost: { label: 'R', shape: 'square' } },
      board: (v) => [['Leader', v.leader || '-'], ...(v.decree || []).map((col, i) => [['Recruit', 'Move', 'Battle', 'Build'][i] || `Column ${i + 1}`, `${cards(col.cards)}${col.viziers ? ` + ${col.viziers} vizier(s)` : ''}`])],
    },
    FACTION_ALLIANCE: {
      key: 'alliance',
      pieces: { 'fox base': { label: 'Bf', shape: 'square' }, 'rabbit base': { label: 'Br', shape: 'square' }, 'mouse base': { label: 'Bm', shape: 'square' }, sympathy: { label: 's', shape: 'circle' } },
      board: null,
    },
    FACTION_VAGABOND: { key: 'vagabond', pieces: {}, board: (v) => vagabondBoard(v) },
    FACTION_VAGABOND_SECOND: { key: 'vagabond', pieces: {}, board: (v) => vagabondBoard(v) },
    FACTION_CULT: {
      key: 'cult',
      pieces: { 'fox garden': { label: 'Gf', shape: 'square' }, 'rabbit garden': { label: 'Gr', shape: 'square' }, 'mouse garden': { label: 'Gm', shape: 'square' } },
      board: null,
    },
    FACTION_RIVERFOLK: {
      key: 'riverfolk',
      pieces: { 'fox trade post': { label: 'Tf', shape: 'circle' }, 'rabbit trade post': { label: 'Tr', shape: 'circle' }, 'mouse trade post': { label: 'Tm', shape: 'circle' } },
      board: (v) => [['Prices', `hand card ${v.price_hand_card}, riverboats ${v.price_riverboats}, mercenaries ${v.price_mercenaries}`], ['Payments', counts(v.payments)], ['Funds', counts(v.funds)], ['Committed', counts(v.committed)]],
    },
    FACTION_DUCHY: {
      key: 'duchy',
      pieces: { tunnel: { label: 'T', shape: 'circle' }, citadel: { label: 'Ci', shape: 'square' }, market: { label: 'Mk', shape: 'square' } },
      board: (v) => [['Burrow', `${v.burrow_warriors} warriors`], ['Swayed', (v.ministers || []).filter((m) => m.swayed).map((m) => m.name).join(', ') || '-'], ['Revealed', cards(v.revealed)]],
    },
    FACTION_CORVID: {
      key: 'corvid',
      pieces: { 'bomb plot': { label: 'Pb', shape: 'circle' }, 'snare plot': { label: 'Ps', shape: 'circle' }, 'extortion plot': { label: 'Pe', shape: 'circle' }, 'raid plot': { label: 'Pr', shape: 'circle' }, 'face-down plot': { label: 'P?', shape: 'circle' } },
      board: (v) => [['Plots in supply', v.plots_in_supply], ['Plotted this turn', v.plotted_this_turn]],
    },
    FACTION_HUNDREDS: {
      key: 'hundreds',
      pieces: { stronghold: { label: 'St', shape: 'square' }, mob: { label: 'Mb', shape: 'circle' } },
      pawns: (v) => (v.warlord_clearing ? [{ clearing: v.warlord_clearing, label: 'WL', title: 'the Warlord' }] : []),
      board: (v) => [['Mood', v.mood || '-'], ['Command / prowess', `${v.command} / ${v.prowess}`], ['Hoard', `${counts(v.command_track)}; ${counts(v.prowess_track)}`]],
    },
    FACTION_KEEPERS: {
      key: 'keepers',
      pieces: { 'figure waystation': { label: 'Wf', shape: 'square' }, 'tablet waystation': { label: 'Wt', shape: 'square' }, 'jewelry waystation': { label: 'Wj', shape: 'square' }, 'figure relic': { label: 'rf', shape: 'circle' }, 'tablet relic': { label: 'rt', shape: 'circle' }, 'jewelry relic': { label: 'rj', shape: 'circle' } },
      pawns: (v) => (v.relics || []).filter((p) => p.forest).map((p) => ({ forest: p.forest, label: `r${p.relics.length}`, title: `${p.relics.length} relic(s): ${p.relics.map((r) => r.type + (r.face_up ? ' ' + r.value : '')).join(', ')}` })),
      board: (v) => [['Retinue', (v.retinue || []).map((c) => `${c.column}: ${cards(c.cards)}`).join('; ') || '-'], ['Recovered', (v.recovered || []).map((r) => `${r.type} ${r.values.join('+')}`).join('; ') || '-']],
    },
  };
  // The Vagabond's board: character, items (exhausted/damaged marked with
  // words, not colour), relationships, quests.
  function vagabondBoard(v) {
    const items = (v.items || []).map((i) => i.item + (i.exhausted ? ' (exhausted)' : '') + (i.damaged ? ' (damaged)' : '')).join(', ') || '-';
    const rel = (v.relationships || []).map((r) => `${faction(r.faction).letter}: ${r.level}`).join(', ') || '-';
    const where = v.clearing ? `clearing ${v.clearing}` : v.forest ? `forest F${v.forest}` : 'off the map';
    return [['Character', v.character || '-'], ['Pawn', where], ['Items', items], ['Relationships', rel],
      ['Quests', (v.quests || []).map((q) => q.name || q.quest || JSON.stringify(q)).join(', ') || '-']];
  }
  const NEUTRAL = { ruin: { label: 'ruin', shape: 'square' } };

  function pieceRule(owner, name) {
    if (name in NEUTRAL) return NEUTRAL[name];
    const d = FACTION_DRAW[owner];
    return (d && d.pieces[name]) || { label: name.split(' ').map((w) => w[0]).join(''), shape: 'circle' };
  }

  // ---- Layout ---------------------------------------------------------
  const layouts = new Map();
  function layout(map) {
    if (layouts.has(map.key)) return layouts.get(map.key);
    const ids = map.clearings.map((c) => c.id);
    const pos = {}, fixed = new Set();
    const oc = map.opposite_corners || [];
    const corners = [[0, 0], [1, 1], [1, 0], [0, 1]];
    oc.slice(0, 2).forEach((pair, i) => {
      pair.forEach((id, j) => { pos[id] = corners[2 * i + j].slice(); fixed.add(id); });
    });
    const adj = {};
    for (const id of ids) adj[id] = [];
    for (const [a, b] of [...map.paths, ...map.rivers]) { adj[a].push(b); adj[b].push(a); }
    // Start each free clearing at the mean of the corners, weighted by
    // closeness in the graph.
    const dist = (src) => {
      const d = { [src]: 0 }, q = [src];
      while (q.length) { const x = q.shift(); for (const y of adj[x]) if (!(y in d)) { d[y] = d[x] + 1; q.push(y); } }
      return d;
    };
    const cd = [...fixed].map((c) => [c, dist(c)]);
    ids.forEach((id, k) => {
      if (fixed.has(id)) return;
      let x = 0, y = 0, w = 0;
      for (const [c, d] of cd) { const wt = 1 / Math.pow((d[id] ?? 6) + 0.5, 3); x += pos[c][0] * wt; y += pos[c][1] * wt; w += wt; }
      pos[id] = w ? [x / w + 0.01 * Math.sin(k * 7), y / w + 0.01 * Math.cos(k * 5)] : [0.5 + 0.3 * Math.cos(k), 0.5 + 0.3 * Math.sin(k)];
    });
    const edges = [...map.paths, ...map.rivers];
    for (let it = 0; it < 400; ++it) {
      const f = {};
      for (const id of ids) f[id] = [0, 0];
      for (let i = 0; i < ids.length; ++i) {
        for (let j = i + 1; j < ids.length; ++j) {
          const a = pos[ids[i]], b = pos[ids[j]];
          let dx = a[0] - b[0], dy = a[1] - b[1];
          const d2 = Math.max(dx * dx + dy * dy, 1e-4), d = Math.sqrt(d2);
          const rep = 0.004 / d2;
          f[ids[i]][0] += rep * dx / d; f[ids[i]][1] += rep * dy / d;
          f[ids[j]][0] -= rep * dx / d; f[ids[j]][1] -= rep * dy / d;
        }
      }
      for (const [a, b] of edges) {
        const pa = pos[a], pb = pos[b];
        const dx = pb[0] - pa[0], dy = pb[1] - pa[1], d = Math.max(Math.hypot(dx, dy), 1e-3);
        const s = 0.05 * (d - 0.33);
        f[a][0] += s * dx / d; f[a][1] += s * dy / d;
        f[b][0] -= s * dx / d; f[b][1] -= s * dy / d;
      }
      const step = 1 - it / 450;
      for (const id of ids) {
        if (fixed.has(id)) continue;
        pos[id][0] = Math.min(1, Math.max(0, pos[id][0] + step * Math.max(-0.05, Math.min(0.05, f[id][0]))));
        pos[id][1] = Math.min(1, Math.max(0, pos[id][1] + step * Math.max(-0.05, Math.min(0.05, f[id][1]))));
      }
    }
    const W = 1000, H = 820, M = 80;
    const xy = {};
    for (const id of ids) xy[id] = [M + pos[id][0] * (W - 2 * M), M + pos[id][1] * (H - 2 * M)];
    const forests = (map.forests || []).map((cs) => {
      const pts = cs.map((c) => xy[c]);
      const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length, cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
      const poly = pts.map((p) => [cx + (p[0] - cx) * 0.55, cy + (p[1] - cy) * 0.55])
        .sort((p, q) => Math.atan2(p[1] - cy, p[0] - cx) - Math.atan2(q[1] - cy, q[0] - cx));
      return { center: [cx, cy], poly };
    });
    const out = { xy, forests, W, H };
    layouts.set(map.key, out);
    return out;
  }

  // ---- Drawing ---------------------------------------------------------
  function drawMap(map, obs) {
    const L = layout(map);
    const root = svg('svg', { viewBox: `0 0 ${L.W} ${L.H}`, role: 'img', 'aria-label': `${map.title} map` });
    root.append(svg('title', { text: `${map.title} map` }));
    L.forests.forEach((f, i) => {
      root.append(svg('polygon', { points: f.poly.map((p) => p.join(',')).join(' '), fill: '#9cbf86', 'fill-opacity': 0.55, stroke: '#6f9460', 'data-forest': i + 1 }));
      root.append(svg('text', { x: f.center[0], y: f.center[1] + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#2d4a24', text: `\u2663F${i + 1}` }));
    });
    const closed = new Set((obs && obs.clearings || []).flatMap((c) => (c.closed_paths || []).map((d) => [c.id, d].sort((a, b) => a - b).join('-'))));
    for (const [a, b] of map.paths) {
      const key = [a, b].sort((x, y) => x - y).join('-');
      root.append(svg('line', { x1: L.xy[a][0], y1: L.xy[a][1], x2: L.xy[b][0], y2: L.xy[b][1], stroke: '#8a7552', 'stroke-width': 10, 'stroke-dasharray': closed.has(key) ? '4 8' : null, 'stroke-linecap': 'round', 'data-path': key }));
    }
    for (const [a, b] of map.rivers) {
      root.append(svg('line', { x1: L.xy[a][0], y1: L.xy[a][1], x2: L.xy[b][0], y2: L.xy[b][1], stroke: '#4f9fd6', 'stroke-width': 6, 'stroke-dasharray': '14 6', 'data-river': `${a}-${b}` }));
    }
    const views = {};
    for (const c of (obs && obs.clearings) || []) views[c.id] = c;
    for (const c of map.clearings) root.append(drawClearing(c, views[c.id], L.xy[c.id], map));
    if (obs) drawPawns(root, obs, L);
    return root;
  }

  function drawClearing(def, view, [x, y], map) {
    const s = suit((view && view.suit) || def.suit);
    const g = svg('g', { 'data-clearing': def.id, 'data-suit': (view && view.suit) || def.suit });
    const R = 62;
    g.append(svg('circle', { cx: x, cy: y, r: R, fill: '#fbf6ea', stroke: s.color, 'stroke-width': 7 }));
    g.append(svg('text', { x: x - R + 8, y: y - R + 22, 'font-size': 18, 'font-weight': 700, fill: '#222', text: String(def.id) }));
    g.append(svg('text', { x: x + R - 10, y: y - R + 22, 'font-size': 16, 'text-anchor': 'end', fill: s.color, text: `${s.glyph}${s.letter}` },
      svg('title', { text: `${s.name} clearing ${def.id}` })));
    if (view && (view.ferry || view.pass)) {
      g.append(svg('text', { x, y: y - R - 6, 'text-anchor': 'middle', 'font-size': 13, text: view.ferry ? 'Ferry' : 'Pass' }));
    }
    // Building slots along the bottom, filled by buildings (Law 2.2.3).
    const pieces = (view && view.pieces) || [];
    const buildings = [], tokens = [];
    for (const p of pieces) (pieceRule(p.owner, p.piece).shape === 'square' ? buildings : tokens).push(p);
    const slots = Math.max(def.slots, buildings.reduce((n, p) => n + p.count, 0));
    const size = 26, gap = 4, bx = x - (slots * (size + gap) - gap) / 2, by = y + 14;
    for (let i = 0; i < slots; ++i) {
      g.append(svg('rect', { x: bx + i * (size + gap), y: by, width: size, height: size, fill: '#fff', stroke: '#777', 'stroke-dasharray': '3 2', 'data-slot': i + 1 }));
    }
    let slot = 0;
    for (const p of buildings) {
      const rule = pieceRule(p.owner, p.piece), info = p.owner === 'FACTION_UNSPECIFIED' ? { color: '#8d8d8d', name: 'ruin' } : faction(p.owner);
      const pg = svg('g', { 'data-kind': 'piece', 'data-piece': p.piece, 'data-owner': p.owner, 'data-count': p.count });
      for (let k = 0; k < p.count; ++k, ++slot) {
        const rx = bx + slot * (size + gap);
        pg.append(svg('rect', { x: rx, y: by, width: size, height: size, fill: info.color, stroke: '#222' }));
        pg.append(svg('text', { x: rx + size / 2, y: by + size / 2 + 5, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700, fill: '#fff', stroke: '#000', 'stroke-width': 0.4, text: rule.label }));
      }
      pg.append(svg('title', { text: `${p.count} ${p.piece} (${info.name})` }));
      g.append(pg);
    }
    // Warriors: one badge per faction with its letter and count.
    const warriors = (view && view.warriors) || [];
    warriors.forEach((w, i) => {
      const info = faction(w.faction);
      const wx = x - 54 + (i % 3) * 37, wy = y - 30 + Math.floor(i / 3) * 22;
      const wg = svg('g', { 'data-kind': 'warriors', 'data-faction': w.faction, 'data-count': w.count });
      wg.append(svg('rect', { x: wx, y: wy, width: 35, height: 20, rx: 6, fill: info.color, stroke: '#222' }));
      wg.append(svg('text', { x: wx + 17.5, y: wy + 15, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700, fill: '#fff', stroke: '#000', 'stroke-width': 0.4, text: `${info.letter}${w.count}` }));
      wg.append(svg('title', { text: `${w.count} ${info.name} warrior(s)` }));
      g.append(wg);
    });
    // Tokens: small discs around the lower rim.
    tokens.forEach((p, i) => {
      const info = faction(p.owner), rule = pieceRule(p.owner, p.piece);
      const a = Math.PI * (0.15 + 0.14 * i), tx = x - Math.cos(a) * (R - 4), ty = y + Math.sin(a) * (R - 4) - 4;
      const tg = svg('g', { 'data-kind': 'piece', 'data-piece': p.piece, 'data-owner': p.owner, 'data-count': p.count });
      tg.append(svg('circle', { cx: tx, cy: ty, r: 13, fill: info.color, stroke: '#222' }));
      tg.append(svg('text', { x: tx, y: ty + 4, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff', stroke: '#000', 'stroke-width': 0.3, text: p.count > 1 ? `${rule.label}${p.count}` : rule.label }));
      tg.append(svg('title', { text: `${p.count} ${p.piece} (${info.name})` }));
      g.append(tg);
    });
    return g;
  }

  function drawPawns(root, obs, L) {
    const pawns = [];
    for (const v of obs.vagabonds || (obs.vagabond && obs.vagabond.character ? [obs.vagabond] : [])) {
      const f = v.faction && v.faction !== 'FACTION_UNSPECIFIED' ? v.faction : 'FACTION_VAGABOND';
      if (v.clearing || v.forest) pawns.push({ faction: f, clearing: v.clearing, forest: v.forest, label: faction(f).letter, title: `${faction(f).name} (${v.character})` });
    }
    for (const [f, d] of Object.entries(FACTION_DRAW)) {
      if (d.pawns && obs[d.key]) for (const p of d.pawns(obs[d.key])) pawns.push({ faction: f, ...p });
    }
    pawns.forEach((p, i) => {
      const at = p.clearing ? L.xy[p.clearing] : p.forest ? L.forests[p.forest - 1] && L.forests[p.forest - 1].center : null;
      if (!at) return;
      const px = at[0] + (p.clearing ? 40 : 0) + (i % 2) * 8, py = at[1] + (p.clearing ? -48 : -22);
      const info = faction(p.faction);
      const g = svg('g', { 'data-kind': 'pawn', 'data-faction': p.faction, 'data-clearing-of': p.clearing || '', 'data-forest-of': p.forest || '' });
      g.append(svg('path', { d: `M${px} ${py - 16} l11 28 h-22 z`, fill: info.color, stroke: '#111', 'stroke-width': 2 }));
      g.append(svg('text', { x: px, y: py + 9, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff', text: p.label }));
      g.append(svg('title', { text: p.title }));
      root.append(g);
    });
  }

  // Score track 0-30 with a lettered marker per faction.
  function drawScore(obs) {
    const W = 930, H = 70, cell = 30;
    const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Score track' });
    for (let i = 0; i <= 30; ++i) {
      root.append(svg('rect', { x: i * cell, y: 18, width: cell - 2, height: 22, fill: i % 5 ? '#f3ecdc' : '#e2d5b8', stroke: '#bbb' }));
      root.append(svg('text', { x: i * cell + cell / 2 - 1, y: 34, 'text-anchor': 'middle', 'font-size': 11, fill: '#555', text: String(i) }));
    }
    const at = {};
    for (const s of obs.seats || []) {
      const vp = Math.max(0, Math.min(30, s.victory_points));
      const k = (at[vp] = (at[vp] || 0) + 1) - 1;
      const info = faction(s.faction);
      const g = svg('g', { 'data-score-faction': s.faction, 'data-vp': s.victory_points });
      g.append(svg('circle', { cx: vp * cell + cell / 2 - 1, cy: 52 + k * 0 , r: 10, fill: info.color, stroke: '#111', transform: `translate(${k * 6},${k * 4 - (k ? 44 : 0)})` }));
      g.append(svg('text', { x: vp * cell + cell / 2 - 1, y: 56, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff', transform: `translate(${k * 6},${k * 4 - (k ? 44 : 0)})`, text: info.letter }));
      g.append(svg('title', { text: `${info.name}: ${s.victory_points} VP` }));
      root.append(g);
    }
    return root;
  }

  function dl(rows) {
    const d = el('dl');
    for (const [k, v] of rows) d.append(el('dt', {}, k), el('dd', {}, String(v)));
    return d;
  }

  // A generic summary of a faction view object (for boards without rules).
  function generic(v) {
    const rows = [];
    for (const [k, x] of Object.entries(v || {})) {
      if (Array.isArray(x)) {
        if (!x.length) continue;
        rows.push([k.replace(/_/g, ' '), x.map((e) => (e && typeof e === 'object' ? (e.name || e.item || e.piece || JSON.stringify(e)) : e)).join(', ')]);
      } else if (x && typeof x === 'object') {
        rows.push([k.replace(/_/g, ' '), x.name || JSON.stringify(x)]);
      } else if (x !== 0 && x !== '' && x !== false && x !== 'FACTION_UNSPECIFIED' && x !== 'SUIT_UNSPECIFIED') {
        rows.push([k.replace(/_/g, ' '), x]);
      }
    }
    return rows;
  }

  // One panel per seat: bot, VP, hand size, items, dominance, crafted
  // cards, the faction's board and (when the view may see it) the hand.
  function drawSeats(obs, bots, hands) {
    const box = el('div', { class: 'seats' });
    (obs.seats || []).forEach((s, i) => {
      const info = faction(s.faction);
      const d = FACTION_DRAW[s.faction];
      let v = d && obs[d.key];
      if (d && d.key === 'vagabond') v = (obs.vagabonds || []).find((x) => x.faction === s.faction) || obs.vagabond;
      const rows = [['Bot', bots[i] || '-'], ['VP', s.victory_points], ['Hand', `${s.hand_size} cards`]];
      if ((s.items || []).length) rows.push(['Items', counts(s.items)]);
      if (s.dominance && s.dominance.name) rows.push(['Dominance', s.dominance.name]);
      if ((s.play_area || []).length) rows.push(['Crafted', cards(s.play_area)]);
      if (v) rows.push(...((d.board && d.board(v)) || generic(v)));
      let hand = null;
      if (i === obs.seat && (obs.hand || []).length !== undefined && obs.seat >= 0) hand = obs.hand || [];
      if (hands && hands[i]) hand = hands[i];
      if (hand) rows.push(['Cards in hand', hand.map((c) => `${c.name} (${suit(c.suit).letter})`).join(', ') || '-']);
      const panel = el('section', { class: 'seat' + (obs.current_seat === i ? ' current' : ''), 'data-seat': i, 'data-faction': s.faction, 'aria-label': `Seat ${i}: ${info.name}` },
        el('h3', {}, Woodland.badge(s.faction), obs.current_seat === i ? ' \u2190 to play' : ''), dl(rows));
      panel.style.borderLeftColor = info.color;
      if (hand) panel.dataset.hand = JSON.stringify(hand.map((c) => c.id));
      box.append(panel);
    });
    return box;
  }

  // Pieces per clearing as drawn (for tests): {clearing: {key: count}}.
  function drawnPieces(root) {
    const out = {};
    root.querySelectorAll('g[data-clearing]').forEach((g) => {
      const m = {};
      g.querySelectorAll('[data-kind=warriors]').forEach((w) => { m[`warriors:${w.dataset.faction}`] = Number(w.dataset.count); });
      g.querySelectorAll('[data-kind=piece]').forEach((p) => { m[`${p.dataset.piece}:${p.dataset.owner}`] = Number(p.dataset.count); });
      out[g.dataset.clearing] = m;
    });
    return out;
  }

  return { FACTION_DRAW, drawMap, drawScore, drawSeats, drawnPieces, layout };
})();
