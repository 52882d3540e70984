// The replay viewer: frames come from the server (the engine replays the
// match); stepping by decision, event or turn, play/pause, views.
'use strict';
(() => {
  const { api, el, nav, params, showError, faction } = Woodland;
  nav('');
  const match = params().get('match');
  const content = document.getElementById('content');
  const $ = (id) => document.getElementById(id);
  let index = null, at = Number(params().get('at') || 0), view = params().get('view') || 'public';
  let timer = null, seq = 0;

  async function show(target) {
    at = Math.max(0, Math.min(index.decisions, target));
    const mine = ++seq;
    try {
      const frame = await api(`/api/replay/frame?match=${match}&at=${at}&view=${encodeURIComponent(view)}`);
      if (mine !== seq) return;
      Viewer.render(frame, index);
      $('position').value = `decision ${frame.at} / ${index.decisions}, turn ${frame.turn}`;
      $('at').value = frame.at;
      $('turn').value = frame.turn;
      document.body.dataset.at = String(frame.at);
      document.body.dataset.view = view;
      history.replaceState(null, '', `?match=${match}&at=${frame.at}&view=${encodeURIComponent(view)}`);
    } catch (e) { showError(content, e); stop(); }
  }

  const after = (list, x) => list.find((v) => v > x);
  const before = (list, x) => [...list].reverse().find((v) => v < x);
  const step = {
    first: () => show(0),
    last: () => show(index.decisions),
    prev: () => show(at - 1),
    next: () => show(at + 1),
    'prev-event': () => show(before(index.event_steps, at) ?? 0),
    'next-event': () => show(after(index.event_steps, at) ?? index.decisions),
    'prev-turn': () => show(before(index.turn_starts, at) ?? 0),
    'next-turn': () => show(after(index.turn_starts, at) ?? index.decisions),
  };

  function stop() {
    clearInterval(timer); timer = null;
    $('play').textContent = '\u25B6 Play'; $('play').setAttribute('aria-label', 'Play');
  }
  function play() {
    if (timer) return stop();
    $('play').textContent = '\u23F8 Pause'; $('play').setAttribute('aria-label', 'Pause');
    timer = setInterval(() => {
      if (at >= index.decisions) return stop();
      step['next-event']();
    }, 1000 / Number($('speed').value));
  }
  function speed(d) {
    const s = $('speed');
    s.selectedIndex = Math.max(0, Math.min(s.options.length - 1, s.selectedIndex + d));
    if (timer) { stop(); play(); }
  }

  async function start() {
    if (!match) throw new Error('no match given (replay.html?match=ID)');
    index = await api(`/api/replay/index?match=${match}`);
    $('title').textContent = `Replay of match ${index.match_id} (${index.map.title})`;
    $('dl-json').href = `/api/replay?match=${match}&download=1`;
    $('dl-json').setAttribute('download', `match-${match}.json`);
    $('dl-rootlog').href = `/api/rootlog?match=${match}&download=1`;
    $('dl-rootlog').setAttribute('download', `match-${match}.rootlog`);
    const v = $('view');
    v.append(el('option', { value: 'public' }, 'Spectator (public)'), el('option', { value: 'full' }, 'Operator (everything)'));
    index.seats.forEach((f, i) => v.append(el('option', { value: String(i) }, `Seat ${i}: ${faction(f).name} (${index.bots[i] || ''})`)));
    v.value = view;
    v.addEventListener('change', () => { view = v.value; show(at); });
    for (const [id, fn] of Object.entries(step)) $(id).addEventListener('click', () => { stop(); fn(); });
    $('play').addEventListener('click', play);
    $('speed').addEventListener('change', () => { if (timer) { stop(); play(); } });
    $('turn').addEventListener('change', () => {
      const t = Number($('turn').value);
      const k = index.turn_numbers.findIndex((n) => n >= t);
      show(k < 0 ? index.decisions : index.turn_starts[k]);
    });
    $('at').addEventListener('change', () => show(Number($('at').value)));
    document.addEventListener('keydown', (e) => {
      if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
      const keys = {
        ArrowLeft: e.shiftKey ? 'prev-event' : 'prev', ArrowRight: e.shiftKey ? 'next-event' : 'next',
        PageUp: 'prev-turn', PageDown: 'next-turn', Home: 'first', End: 'last',
      };
      if (keys[e.key]) { e.preventDefault(); stop(); step[keys[e.key]](); } else if (e.key === ' ') { e.preventDefault(); play(); } else if (e.key === '+') speed(1); else if (e.key === '-') speed(-1);
    });
    Viewer.skeleton(content);
    await show(at);
  }
  start().catch((e) => showError(content, e));
})();
