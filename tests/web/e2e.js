// End-to-end tests of the arena's web pages (issue 15) in headless Debian
// chromium driven by puppeteer-core. Started by ctest:
//
//   node e2e.js --woodland BIN --faulty BIN --out DIR
//
// Two real `woodland tournament --http-port 0` runs: A finishes (standings,
// matches, replays), B keeps a slow bot's match running (live page).
// Checks: the standings table equals the database; replays stepped to
// several decisions (by URL and by keyboard) draw exactly the pieces per
// clearing that `woodland replay --at N --seat K` reports; a seat's view
// carries no other seat's hand; the live page receives new events and no
// hidden information. Screenshots of every page (laptop and phone widths)
// go to DIR. Exits 77 (skipped) without chromium or puppeteer-core.
'use strict';

const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const assert = require('assert');

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const WOODLAND = arg('--woodland'), FAULTY = arg('--faulty');
const OUT = arg('--out') || '.';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

let puppeteer;
try { puppeteer = require('puppeteer-core'); } catch (e) {
  console.log('SKIP: puppeteer-core is not installed (cd tests/web && npm install)');
  process.exit(77);
}
if (!fs.existsSync(CHROMIUM)) {
  console.log(`SKIP: no chromium at ${CHROMIUM}`);
  process.exit(77);
}

const children = [];
function cleanup() { for (const c of children) { try { c.kill('SIGTERM'); } catch (e) { /* gone */ } } }
process.on('exit', cleanup);

// Starts a `woodland tournament --http-port 0` and resolves with its port
// and a promise for "finished" (when it serves the finished run).
function startTournament(name, args) {
  const dir = fs.mkdtempSync(path.join(OUT, `web-${name}-`));
  const db = path.join(dir, 'arena.db');
  const child = spawn(WOODLAND, ['tournament', ...args, '--db', db, '--http-port', '0', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let err = '', out = '';
  child.stdout.on('data', (d) => { out += d; });
  let finished;
  const done = new Promise((res) => { finished = res; });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: no http line; stderr: ${err}`)), 30000);
    child.stderr.on('data', (d) => {
      err += d;
      const m = /tournament http on 127\.0\.0\.1:(\d+)/.exec(err);
      if (m && timer) { clearTimeout(timer); resolve({ port: Number(m[1]), db, dir, done, stdout: () => out }); }
      if (/serving the pages until interrupted/.test(err)) finished();
    });
    child.on('exit', (code) => reject(new Error(`${name} exited ${code}: ${err}`)));
  });
}

async function getJson(port, p) {
  const r = await fetch(`http://127.0.0.1:${port}${p}`);
  const body = await r.json();
  assert.ok(r.ok, `${p}: ${JSON.stringify(body)}`);
  return body;
}

// {clearing: {"warriors:FACTION_X": n, "piece:OWNER": n}} from an Observation.
function piecesOf(obs) {
  const out = {};
  for (const c of obs.clearings) {
    const m = {};
    for (const w of c.warriors || []) m[`warriors:${w.faction}`] = w.count;
    for (const p of c.pieces || []) m[`${p.piece}:${p.owner}`] = p.count;
    out[String(c.id)] = m;
  }
  return out;
}

function cliView(replayFile, at, seat) {
  const r = spawnSync(WOODLAND, ['replay', replayFile, '--at', String(at), '--seat', String(seat)], { encoding: 'utf8' });
  assert.strictEqual(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

async function shoot(page, name) {
  for (const [label, w, h] of [['laptop', 1366, 900], ['phone', 390, 844]]) {
    await page.setViewport({ width: w, height: h });
    await new Promise((r) => setTimeout(r, 150));
    await page.screenshot({ path: path.join(OUT, `web-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewport({ width: 1366, height: 900 });
}

async function main() {
  const A = await startTournament('finished', ['--bot', 'a=builtin:random', '--bot', 'b=builtin:random', '--bot', 'c=builtin:random', '--bot', 'd=builtin:random',
    '--factions', 'marquise,eyrie,alliance,vagabond', '--players', '4', '--tables', '4', '--seed', '11']);
  const B = await startTournament('running', ['--bot', `slow=exec:${FAULTY} --mode slow`, '--bot', 'r=builtin:random',
    '--factions', 'marquise,eyrie', '--players', '2', '--tables', '12', '--seed', '5', '--deadline-ms', '5000']);
  await Promise.race([A.done, new Promise((_, rej) => setTimeout(() => rej(new Error('tournament A did not finish')), 120000))]);

  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setViewport({ width: 1366, height: 900 });
  const base = `http://127.0.0.1:${A.port}`;
  let checks = 0;

  // 1. Live: the running match's public board and new events.
  const live = `http://127.0.0.1:${B.port}`;
  // A followed match may end between two polls: then reload, which follows
  // a match still running.
  let grew = false;
  for (let attempt = 0; attempt < 6 && !grew; ++attempt) {
    await page.goto(`${live}/live.html`);
    await page.waitForFunction(() => Number(document.body.dataset.events || 0) > 0, { timeout: 60000 });
    const first = await page.evaluate(() => Number(document.body.dataset.events));
    grew = await page.waitForFunction((n) => Number(document.body.dataset.events || 0) > n, { timeout: 10000 }, first)
      .then(() => true, () => false);
  }
  assert.ok(grew, 'the live page receives new events');
  const liveMatch = await page.evaluate(() => document.body.dataset.match);
  const state = await (await fetch(`${live}/api/live/match?match=${liveMatch}`)).text();
  assert.ok(!/"seed"/.test(state), 'no seed in the live view');
  const parsed = JSON.parse(state);
  assert.deepStrictEqual(parsed.observation.hand || [], [], 'no hand in the live view');
  assert.strictEqual(parsed.observation.seat, -1, 'a spectator');
  assert.strictEqual(await page.$$eval('.seat[data-hand]', (e) => e.length), 0, 'no hand shown live');
  await shoot(page, 'live');
  checks += 5;

  // 2. Standings: the table equals the database's overall ratings.
  const tid = (await getJson(A.port, '/api/tournaments')).tournaments[0].tournament_id;
  await page.goto(`${base}/index.html?tournament=${tid}`);
  await page.waitForSelector('body[data-loaded]');
  const shown = await page.$$eval('#standings tbody tr', (rows) => rows.map((r) => ({
    bot: r.dataset.bot,
    ...Object.fromEntries([...r.querySelectorAll('[data-field]')].map((td) => [td.dataset.field, td.textContent])),
  })));
  const db = JSON.parse(spawnSync('sqlite3', ['-json', A.db, 'SELECT bot, mu, sigma, games, wins, vp FROM ratings WHERE faction = -1'], { encoding: 'utf8' }).stdout || '[]');
  assert.strictEqual(shown.length, db.length, 'one row per rated bot');
  assert.ok(db.length === 4, 'four bots rated');
  for (const row of db) {
    const s = shown.find((x) => x.bot === row.bot);
    assert.ok(s, `bot ${row.bot} shown`);
    assert.strictEqual(s.mu, row.mu.toFixed(2), `${row.bot} mu`);
    assert.strictEqual(s.sigma, row.sigma.toFixed(2), `${row.bot} sigma`);
    assert.strictEqual(s.ordinal, (row.mu - 3 * row.sigma).toFixed(2), `${row.bot} ordinal`);
    assert.strictEqual(Number(s.games), row.games, `${row.bot} games`);
    assert.strictEqual(Number(s.wins), row.wins, `${row.bot} wins`);
    assert.strictEqual(s.mean_vp, (row.games ? row.vp / row.games : 0).toFixed(2), `${row.bot} mean VP`);
    checks += 6;
  }
  assert.ok(await page.$('.chart svg polyline'), 'rating chart drawn');
  await shoot(page, 'standings');

  // 3. Match history: every match listed; filters keep only matching rows.
  await page.goto(`${base}/matches.html?tournament=${tid}`);
  await page.waitForSelector('body[data-loaded]');
  const listed = await page.$$eval('#matches tbody tr', (rows) => rows.length);
  const all = await getJson(A.port, `/api/matches?tournament=${tid}&size=500`);
  assert.strictEqual(listed, all.total);
  const wins = await getJson(A.port, `/api/matches?tournament=${tid}&bot=a&outcome=win`);
  for (const m of wins.matches) assert.ok(m.winners.includes('a'), 'win filter');
  const eyrie = await getJson(A.port, `/api/matches?tournament=${tid}&faction=eyrie`);
  assert.strictEqual(eyrie.total, all.total, 'every table seats the Eyrie');
  assert.ok(await page.$('#matches a[href^="replay.html?match="]'), 'rows link to replays');
  await shoot(page, 'matches');
  checks += 4;

  // 4. Replay: the drawn board equals `woodland replay --at N --seat K`.
  const match = all.matches.find((m) => m.state === 'done').match_id;
  const replay = await (await fetch(`${base}/api/replay?match=${match}`)).text();
  const file = path.join(A.dir, `replay-${match}.json`);
  fs.writeFileSync(file, replay);
  const index = await getJson(A.port, `/api/replay/index?match=${match}`);
  const D = index.decisions;
  const frames = [];
  page.on('response', async (r) => { if (r.url().includes('/api/replay/frame')) frames.push(await r.json().catch(() => ({}))); });
  const drawn = async () => page.evaluate(() => Board.drawnPieces(document.querySelector('#board svg')));
  const waitAt = (n) => page.waitForFunction((x) => document.body.dataset.at === String(x), { timeout: 20000 }, n);
  for (const [at, seat] of [[0, 0], [1, 1], [Math.floor(D / 3), 2], [Math.floor(D / 2), 0], [D, 3]]) {
    await page.goto(`${base}/replay.html?match=${match}&at=${at}&view=${seat}`);
    await waitAt(at);
    const cli = cliView(file, at, seat);
    assert.deepStrictEqual(await drawn(), piecesOf(cli.observation), `board at decision ${at}`);
    // The seat's own hand is shown, no other seat's.
    const hands = await page.$$eval('.seat', (els) => els.map((e) => [Number(e.dataset.seat), e.dataset.hand || null]));
    for (const [s, h] of hands) {
      if (s === seat) assert.deepStrictEqual(JSON.parse(h), (cli.observation.hand || []).map((c) => c.id), 'own hand');
      else assert.strictEqual(h, null, `seat ${seat}'s view shows seat ${s}'s hand`);
    }
    checks += 2;
  }
  assert.ok(frames.length > 0 && frames.every((f) => !('hands' in f)), 'seat views never carry other hands');
  // Keyboard: Right steps one decision, Page Down one turn.
  const mid = Math.floor(D / 2);
  await page.goto(`${base}/replay.html?match=${match}&at=${mid}&view=0`);
  await waitAt(mid);
  await page.keyboard.press('ArrowRight');
  await waitAt(mid + 1);
  assert.deepStrictEqual(await drawn(), piecesOf(cliView(file, mid + 1, 0).observation), 'after ArrowRight');
  await page.keyboard.press('PageDown');
  const nextTurn = index.turn_starts.find((t) => t > mid + 1) ?? D;
  await waitAt(nextTurn);
  assert.deepStrictEqual(await drawn(), piecesOf(cliView(file, nextTurn, 0).observation), 'after PageDown');
  checks += 2;
  // Colour is not the only cue: every clearing shows its suit's symbol.
  const glyphs = await page.$$eval('g[data-clearing]', (gs) => gs.map((g) => /[\u25B2\u25A0\u25CF\u2605][FRMB]/.test(g.textContent)));
  assert.ok(glyphs.length === 12 && glyphs.every(Boolean), 'suit symbols');
  await page.goto(`${base}/replay.html?match=${match}&at=${mid}&view=full`);
  await waitAt(mid);
  assert.strictEqual(await page.$$eval('.seat[data-hand]', (e) => e.length), 4, 'the operator sees every hand');
  await shoot(page, 'replay');
  // Rootlog download.
  const rootlog = await (await fetch(`${base}/api/rootlog?match=${match}`)).text();
  assert.match(rootlog, /^Map: Fall$/m);
  checks += 3;

  // 5. The arena server serves the same pages and API (empty arena here).
  const arenaDb = path.join(A.dir, 'served.db');
  const arena = spawn(WOODLAND, ['arena', 'serve', '--port', '0', '--metrics-port', '0', '--http-port', '0', '--db', arenaDb], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(arena);
  const arenaPort = await new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`arena serve: ${err}`)), 30000);
    arena.stderr.on('data', (d) => {
      err += d;
      const m = /arena http on 127\.0\.0\.1:(\d+)/.exec(err);
      if (m) { clearTimeout(timer); resolve(Number(m[1])); }
    });
  });
  assert.deepStrictEqual(await getJson(arenaPort, '/api/tournaments'), { tournaments: [] });
  await page.goto(`http://127.0.0.1:${arenaPort}/matches.html`);
  assert.ok(await page.$('form#filters'), 'arena serves the pages');
  checks += 2;

  assert.deepStrictEqual(errors, [], 'no script errors');
  await browser.close();
  console.log(`OK: ${checks} checks; screenshots in ${OUT}`);
}

main().then(() => { cleanup(); process.exit(0); }, (e) => { console.error(e); cleanup(); process.exit(1); });
