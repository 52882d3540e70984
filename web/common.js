// Shared by every page: the API client (with the optional bearer token),
// navigation, and the faction and suit tables. Colour is never the only
// cue: every faction has a letter (Rootlog's), every suit a symbol.
'use strict';

const Woodland = (() => {
  const SUITS = {
    SUIT_FOX: { name: 'Fox', symbol: '\u{1F98A}', letter: 'F', glyph: '\u25B2', color: '#c8452f' },
    SUIT_RABBIT: { name: 'Rabbit', symbol: '\u{1F407}', letter: 'R', glyph: '\u25A0', color: '#d9a520' },
    SUIT_MOUSE: { name: 'Mouse', symbol: '\u{1F401}', letter: 'M', glyph: '\u25CF', color: '#c27a3a' },
    SUIT_BIRD: { name: 'Bird', symbol: '\u{1F426}', letter: 'B', glyph: '\u2605', color: '#4f86c6' },
    SUIT_UNSPECIFIED: { name: '?', symbol: '?', letter: '?', glyph: '?', color: '#999' },
  };
  // name, Rootlog letter, colour.
  const FACTIONS = {
    FACTION_MARQUISE: { name: 'Marquise de Cat', letter: 'C', color: '#d9722b' },
    FACTION_EYRIE: { name: 'Eyrie Dynasties', letter: 'E', color: '#2e6db4' },
    FACTION_ALLIANCE: { name: 'Woodland Alliance', letter: 'A', color: '#3f9a3f' },
    FACTION_VAGABOND: { name: 'Vagabond', letter: 'V', color: '#6b6b6b' },
    FACTION_VAGABOND_SECOND: { name: 'Second Vagabond', letter: 'G', color: '#3b3b3b' },
    FACTION_CULT: { name: 'Lizard Cult', letter: 'L', color: '#e6d53a' },
    FACTION_RIVERFOLK: { name: 'Riverfolk Company', letter: 'O', color: '#3fb3b0' },
    FACTION_DUCHY: { name: 'Underground Duchy', letter: 'D', color: '#b89a6a' },
    FACTION_CORVID: { name: 'Corvid Conspiracy', letter: 'P', color: '#5b3b8c' },
    FACTION_HUNDREDS: { name: 'Lord of the Hundreds', letter: 'H', color: '#a12a2a' },
    FACTION_KEEPERS: { name: 'Keepers in Iron', letter: 'K', color: '#7a8a99' },
  };
  const faction = (f) => FACTIONS[f] || { name: String(f), letter: '?', color: '#888' };
  const suit = (s) => SUITS[s] || SUITS.SUIT_UNSPECIFIED;

  function token() { return localStorage.getItem('woodland-token') || ''; }

  async function api(path) {
    const headers = {};
    if (token()) headers.Authorization = 'Bearer ' + token();
    const r = await fetch(path, { headers });
    const body = await r.json().catch(() => ({ error: r.statusText }));
    if (!r.ok) throw new Error(body.error || r.statusText);
    return body;
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  function svg(tag, attrs, ...children) {
    const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null) continue;
      if (k === 'text') e.textContent = v; else e.setAttribute(k, v);
    }
    for (const c of children) if (c) e.append(c);
    return e;
  }

  function badge(f) {
    const info = faction(f);
    const b = el('span', { class: 'badge', title: info.name, text: info.letter });
    b.style.background = info.color;
    return el('span', {}, b, ' ', info.name);
  }

  function nav(current) {
    const pages = [['index.html', 'Standings'], ['matches.html', 'Matches'], ['live.html', 'Live']];
    const header = el('header', {},
      el('a', { class: 'brand', href: 'index.html' }, 'Woodland Arena'));
    for (const [href, label] of pages) {
      header.append(el('a', { href, 'aria-current': href === current ? 'page' : null }, label));
    }
    const input = el('input', { type: 'password', id: 'token', placeholder: 'API token', 'aria-label': 'API token', autocomplete: 'off' });
    input.value = token();
    input.addEventListener('change', () => {
      localStorage.setItem('woodland-token', input.value.trim());
      location.reload();
    });
    header.append(el('span', { class: 'token' }, el('label', { for: 'token' }, 'Token'), input));
    document.body.prepend(header);
  }

  // Download links: with a token, the file is fetched with the
  // Authorization header (a plain link cannot send it) and saved from a blob.
  document.addEventListener('click', async (e) => {
    const a = e.target.closest && e.target.closest('a[download]');
    if (!a || !token() || a.href.startsWith('blob:')) return;
    e.preventDefault();
    const r = await fetch(a.href, { headers: { Authorization: 'Bearer ' + token() } });
    if (!r.ok) { alert(`Download failed: ${r.status}`); return; }
    const url = URL.createObjectURL(await r.blob());
    const tmp = el('a', { href: url, download: a.getAttribute('download') });
    document.body.append(tmp);
    tmp.click();
    tmp.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });

  function params() { return new URLSearchParams(location.search); }

  function showError(target, e) {
    target.replaceChildren(el('p', { class: 'error', role: 'alert', text: String(e.message || e) }));
  }

  async function tournaments(select, chosen) {
    const list = (await api('/api/tournaments')).tournaments || [];
    select.replaceChildren();
    for (const t of list) {
      select.append(el('option', { value: t.tournament_id },
        `#${t.tournament_id} ${t.ladder ? 'ladder' : 'tournament'} ${t.state.replace('TOURNAMENT_STATE_', '').toLowerCase()} (${t.matches_done}/${t.matches_total})${t.waiting ? ' ' + t.waiting : ''}`));
    }
    if (chosen && list.some((t) => String(t.tournament_id) === String(chosen))) select.value = chosen;
    else if (list.length) select.value = list[list.length - 1].tournament_id;
    return list;
  }

  return { SUITS, FACTIONS, faction, suit, api, el, svg, badge, nav, params, showError, tournaments, token };
})();
