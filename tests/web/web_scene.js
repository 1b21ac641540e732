// web_scene.js — one browser test of imprint's WebGL2 build (ctest label web; scripts/web.sh --test).
//   node tests/web/web_scene.js PAGE_DIR SCENE OUT_DIR [SERVE_PY]
// Serves PAGE_DIR (scripts/web_serve.py, COOP/COEP), opens ?scene=SCENE&size=640x360&script=
// test-scripts/SCENE.txt in headless Debian chromium (SwiftShader WebGL2) through playwright-core,
// waits for the run to end and checks: status 0, no console error, no GL error; the screenshot
// OUT_DIR/SCENE.png (quality low: SwiftShader is a CPU renderer) exists and is not uniform; per scene: range, the shot's hole has texels; mud,
// truck.pos moved at least 2 m. SCENE bad_input: a bad ?scene=, script and script URL each show
// the native build's one-line error on the page and in the console.
'use strict';
const { chromium } = require('playwright-core');
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const [pageDir, scene, outDirArg, servePy] = process.argv.slice(2);
// SCENE_inline: the same script on the single-threaded build (?threads=0: the mud clods inline),
// its files in OUT_DIR/inline/, compared with the threaded run's when that ran first
const inline = scene.endsWith('_inline');
const base = inline ? scene.slice(0, -'_inline'.length) : scene;
const outDir = inline ? path.join(outDirArg, 'inline') : outDirArg;
const fail = (msg) => { console.error(`web_${scene}: FAIL: ${msg}`); process.exitCode = 1; };

function serve() {
  return new Promise((resolve, reject) => {
    const py = servePy || path.join(__dirname, '../../scripts/web_serve.py');
    const srv = spawn('python3', [py, pageDir, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    srv.stdout.on('data', (d) => {
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(String(d));
      if (m) resolve({ srv, url: m[0] });
    });
    srv.on('exit', (c) => reject(new Error('server exited ' + c)));
  });
}

// PNG (8-bit RGB/RGBA/grey, non-interlaced) -> { w, h, ch, px }: enough to check a screenshot
function readPng(buf) {
  let off = 8, w = 0, h = 0, ch = 0;
  const idat = [];
  while (off < buf.length) {
    const n = buf.readUInt32BE(off), type = buf.toString('ascii', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + n);
    if (type === 'IHDR') { w = data.readUInt32BE(0); h = data.readUInt32BE(4); ch = { 0: 1, 2: 3, 4: 2, 6: 4 }[data[9]]; }
    if (type === 'IDAT') idat.push(data);
    off += 12 + n;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat)), stride = w * ch, px = Buffer.alloc(h * stride);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= ch ? px[y * stride + x - ch] : 0, b = y ? px[(y - 1) * stride + x] : 0;
      const c = x >= ch && y ? px[(y - 1) * stride + x - ch] : 0;
      let v = line[x];
      if (f === 1) v += a; else if (f === 2) v += b; else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      px[y * stride + x] = v & 255;
    }
  }
  return { w, h, ch, px };
}

// Bad input: the page shows (and logs) the one line the native build prints, and runs nothing.
async function badInput(browser, url, srv) {
  const cases = [
    ['?scene=bogus', "imprint: --scene: unknown scene 'bogus' (expected range | mud | face | dissolve)"],
    ['?script=test-scripts/bad_input.txt', 'imprint: /test-scripts/bad_input.txt:2: unknown command \'frobnicate\''],
    ['?script=nope.txt', "imprint: --script: cannot read 'nope.txt': 404"],
  ];
  try {
    for (const [query, want] of cases) {
      const page = await browser.newPage();
      const logged = [];
      page.on('console', (m) => logged.push(m.text()));
      await page.goto(url + query);
      await page.waitForFunction(() => window.imprint && window.imprint.done, null, { timeout: 60000 });
      const r = await page.evaluate(() => ({ rc: window.imprint.rc, status: document.getElementById('status').textContent }));
      console.log(`web_bad_input: ${query}: status ${r.rc}, page says: ${r.status}`);
      if (r.rc !== 2) fail(`${query}: status ${r.rc}, expected 2`);
      if (!r.status.startsWith(want)) fail(`${query}: the page says '${r.status}', expected '${want}...'`);
      if (!logged.some((l) => l.startsWith(want))) fail(`${query}: the console lacks '${want}...'`);
      await page.close();
    }
  } catch (e) {
    fail(e.stack || String(e));
  } finally {
    await browser.close();
    srv.kill();
  }
  if (!process.exitCode) console.log('web_bad_input: passed');
}

// The page as a visitor opens it: no quality=, no script, the default size (1280x720). On SwiftShader
// (a CPU renderer, its unmasked name read through WEBGL_debug_renderer_info) each scene must start
// at low with the governor on and keep drawing; its frame rate (frames counted over 6 s after 4 s
// of settling: the governor moves every 4 frames) is printed. 15 fps there is the aim, not yet
// held (3.5-6.7 fps on the 2-core machine, docs/perf.md): the test asserts what is done.
async function defaultQuality(browser, url, srv) {
  try {
    for (const s of ['range', 'mud', 'face', 'dissolve']) {
      const page = await browser.newPage({ viewport: { width: 1300, height: 760 } });
      const logged = [];
      page.on('console', (m) => logged.push(m.text()));
      page.on('pageerror', (e) => fail(`${s}: page error: ${e.message}`));
      await page.goto(`${url}?scene=${s}`);
      await page.waitForFunction(() => window.imprint && window.imprint.frames >= 5, null, { timeout: 180000, polling: 100 });
      await page.waitForTimeout(4000);
      const f0 = await page.evaluate(() => window.imprint.frames);
      await page.waitForTimeout(6000);
      const f1 = await page.evaluate(() => window.imprint.frames);
      const fps = (f1 - f0) / 6;
      const q = logged.find((l) => /quality \w+ \(/.test(l)) || '(no quality line)';
      console.log(`web_default_quality: ${s}: ${fps.toFixed(1)} fps; ${q}`);
      if (!/quality low \(.*SwiftShader/i.test(q)) fail(`${s}: not low on SwiftShader: ${q}`);
      if (!/governor on/.test(q)) fail(`${s}: the governor is off: ${q}`);
      if (!(fps > 0)) fail(`${s}: no frame drawn in 6 s`);
      await page.close();
    }
  } catch (e) {
    fail(e.stack || String(e));
  } finally {
    await browser.close();
    srv.kill();
  }
  if (!process.exitCode) console.log('web_default_quality: passed');
}

// Controls: the page takes keys and the mouse as the window does. The dissolve scene with a short
// script (stats at its end); once it runs, a click on the canvas (pointer lock), U (the panel),
// H (the key help) and Tab (the next scene: range); the stats at the end say so.
async function controls(browser, url, srv) {
  try {
    const page = await browser.newPage({ viewport: { width: 700, height: 460 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push('page error: ' + e.message));
    await page.goto(`${url}?scene=dissolve&size=320x180&quality=low&script=test-scripts/controls.txt`);
    await page.waitForFunction(() => window.imprint && window.imprint.frames >= 10, null, { timeout: 120000, polling: 100 });
    await page.click('#canvas');
    const locked = await page.evaluate(() => document.pointerLockElement !== null);
    for (const k of ['u', 'h', 'Tab']) {
      const f0 = await page.evaluate(() => window.imprint.frames);
      await page.keyboard.press(k);
      await page.waitForFunction((n) => window.imprint.frames >= n + 3 || window.imprint.done, f0, { timeout: 60000, polling: 100 });
      const st = await page.evaluate(() => ({ frames: window.imprint.frames, done: window.imprint.done }));
      console.log(`web_controls: pressed ${k} at frame ${f0}; now frame ${st.frames}${st.done ? ', the run has ended' : ''}`);
    }
    await page.waitForFunction(() => window.imprint.done, null, { timeout: 240000, polling: 250 });
    const r = await page.evaluate(() => ({ rc: window.imprint.rc, json: window.imprint.readFile('/controls.json') }));
    if (r.rc !== 0 || !r.json) fail(`status ${r.rc}, stats ${r.json ? 'written' : 'missing'}`);
    else {
      const st = JSON.parse(Buffer.from(r.json, 'base64').toString('utf8'));
      console.log(`web_controls: pointer lock ${locked}, mouse_captured ${st.mouse_captured}, panel ${st.ui && st.ui.shown}, ` +
                  `help ${st.help}, scene ${st.scene}`);
      if (!st.mouse_captured) fail('the click did not capture the mouse');
      if (!(st.ui && st.ui.shown)) fail('U did not show the panel');
      if (st.help !== true) fail('H did not show the key help');
      if (st.scene !== 'range') fail(`Tab went to ${st.scene}, not range`);
    }
    for (const e of errors) fail(e);
  } catch (e) {
    fail(e.stack || String(e));
  } finally {
    await browser.close();
    srv.kill();
  }
  if (!process.exitCode) console.log('web_controls: passed');
}

(async () => {
  const { srv, url } = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.IMPRINT_CHROMIUM || '/usr/bin/chromium',
    args: ['--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--ignore-gpu-blocklist', '--no-sandbox'],
  });
  const consoleErrors = [];
  if (scene === 'bad_input') return badInput(browser, url, srv);
  if (scene === 'controls') return controls(browser, url, srv);
  if (scene === 'default_quality') return defaultQuality(browser, url, srv);
  try {
    const page = await browser.newPage({ viewport: { width: 700, height: 460 } });
    page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    page.on('pageerror', (e) => consoleErrors.push('page error: ' + e.message));
    const t0 = Date.now();
    await page.goto(`${url}?scene=${base}&size=640x360&quality=low&script=test-scripts/${base}.txt` +
                    (inline ? '&threads=0' : ''));
    await page.waitForFunction(() => window.imprint && window.imprint.done, null, { timeout: 240000, polling: 250 });
    const wall = (Date.now() - t0) / 1000;
    const res = await page.evaluate(() => {
      const r = window.imprint, get = (p) => r.readFile(p);
      const names = r.files('/');
      const files = {};
      for (const n of names) if (/\.(png|json)$/.test(n)) files[n] = get('/' + n);
      return { rc: r.rc, errors: r.errors, log: r.log, files, first: r.firstFrameMs, frames: r.frames, frameMs: r.frameMs,
               threads: r.threads };
    });
    fs.mkdirSync(outDir, { recursive: true });
    for (const [n, b64] of Object.entries(res.files)) fs.writeFileSync(path.join(outDir, n), Buffer.from(b64, 'base64'));
    console.log(`web_${scene}: run ended with ${res.rc} in ${wall.toFixed(1)} s (${res.threads ? 'threaded' : 'single-threaded'} build); files: ${Object.keys(res.files).join(' ')}`);
    if (inline === !!res.threads) fail(`expected the ${inline ? 'single-threaded' : 'threaded'} build`);
    const mean = res.frames > 1 ? res.frameMs / (res.frames - 1) : 0;
    console.log(`web_${scene}: load to first frame ${(res.first / 1000).toFixed(2)} s, ${res.frames} frames, ` +
                `${mean.toFixed(1)} ms a frame after the first`);
    if (res.rc !== 0) fail(`status ${res.rc}`);
    for (const e of consoleErrors) fail(`console error: ${e}`);
    for (const l of res.log) if (/GL error|WebGL: |failed to compile|failed to link/i.test(l)) fail(`GL: ${l}`);
    const shot = path.join(outDir, `${base}.png`);
    if (!fs.existsSync(shot)) fail(`no screenshot ${shot}`);
    else {
      const img = readPng(fs.readFileSync(shot));
      let lo = 255, hi = 0;
      for (let i = 0; i < img.px.length; i++) { lo = Math.min(lo, img.px[i]); hi = Math.max(hi, img.px[i]); }
      console.log(`web_${scene}: ${shot} ${img.w}x${img.h}, values ${lo}..${hi}`);
      if (hi - lo < 16) fail('the screenshot is uniform');
    }
    // the native headless picture of the same script (IMPRINT_NATIVE_BIN, when scripts/web.sh
    // found a native build): static frames within 24/255 per channel on >= 90 % of pixels
    const native = process.env.IMPRINT_NATIVE_BIN;
    if (native && fs.existsSync(native) && fs.existsSync(shot)) {
      const dir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'imprint-web-'));
      const script = path.join(pageDir, 'test-scripts', `${base}.txt`);
      const r = require('child_process').spawnSync(native, ['--headless', '--scene', base, '--size', '640x360',
        '--quality', 'low', '--fixed-dt', String(1 / 60), '--script', script], { cwd: dir, encoding: 'utf8' });
      const theirs = path.join(dir, `${base}.png`);
      if (r.status !== 0 || !fs.existsSync(theirs)) fail(`native run: status ${r.status}: ${r.stderr}`);
      else {
        const a = readPng(fs.readFileSync(shot)), b = readPng(fs.readFileSync(theirs));
        let close = 0;
        for (let i = 0; i < a.w * a.h; i++) {
          let ok = true;
          for (let c = 0; c < 3; c++) if (Math.abs(a.px[i * a.ch + c] - b.px[i * b.ch + c]) > 24) ok = false;
          close += ok;
        }
        const pct = 100 * close / (a.w * a.h);
        fs.copyFileSync(theirs, path.join(outDir, `${scene}_native.png`));
        const staticFrame = scene === 'face' || scene === 'dissolve'; // no physics, no particles in flight
        console.log(`web_${scene}: ${pct.toFixed(1)} % of pixels within 24/255 of the native headless picture` +
                    (staticFrame ? ' (static frame: >= 90 % required)' : ' (moving frame: reported only)'));
        if (staticFrame && pct < 90) fail('the static frame differs from the native picture');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const json = (n) => JSON.parse(fs.readFileSync(path.join(outDir, n), 'utf8'));
    if (scene === 'range') {
      const t = json('range_stats.json').last_hole?.texels ?? json('range_stats.json').range?.last_hole?.texels;
      console.log(`web_range: the shot's hole: ${t} texels`);
      if (!(t > 0)) fail('the damage map gained no texels');
    }
    if (base === 'mud') {
      const find = (o) => o.truck ? o.truck.pos : Object.values(o).map((v) => (v && typeof v === 'object' ? find(v) : null)).find((x) => x);
      const a = find(json('mud_start.json')), b = find(json('mud_end.json'));
      const d = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
      console.log(`web_mud: truck.pos moved ${d.toFixed(2)} m`);
      if (!(d >= 2)) fail('the truck moved less than 2 m');
      const threaded = path.join(outDirArg, 'mud_end.json');
      if (inline && fs.existsSync(threaded)) {
        const t = JSON.parse(fs.readFileSync(threaded, 'utf8')), i = json('mud_end.json');
        const key = (o, k) => (k in o ? o[k] : Object.values(o).map((v) => (v && typeof v === 'object' ? key(v, k) : undefined)).find((x) => x !== undefined));
        const same = JSON.stringify(find(t)) === JSON.stringify(find(i)) && key(t, 'clods_alive') !== undefined &&
                     key(t, 'clods_alive') === key(i, 'clods_alive');
        console.log(`web_mud_inline: clods alive ${key(t, 'clods_alive')} threaded, ${key(i, 'clods_alive')} inline`);
        console.log(`web_mud_inline: truck and clods ${same ? 'the same as' : 'DIFFERENT from'} the threaded run's`);
        if (!same) fail('inline clods differ from the threaded run');
      }
    }
  } catch (e) {
    fail(e.stack || String(e));
  } finally {
    await browser.close();
    srv.kill();
  }
  if (!process.exitCode) console.log(`web_${scene}: passed`);
})();
