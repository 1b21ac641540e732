// web_golden.js — the browser build's frames against the reference images tests/golden/ (ctest
// web_golden_GROUP, label web; scripts/web.sh --test; docs/web.md, "Reference images in the
// browser").
//   node tests/web/web_golden.js PAGE_DIR OUT_DIR SERVE_PY GOLDEN_DIR GROUP:LAST
// The golden script tests/golden/GROUP.txt up to and including its line `T screenshot LAST.png`
// (the lines after it dropped; nothing before it changes, so every state is the reference's) is
// served as test-scripts/golden/GROUP.txt and played in headless chromium (SwiftShader WebGL2
// through ANGLE) at ?scene=S&size=320x180&quality=high&set=hud=off: S from the script's `# golden:
// --scene S --seed 1` line (the page has no seed parameter: its seed is 1, every group's but
// range_show's), quality high (a headless run's; the page's own default on SwiftShader is low), one
// fixed step a frame, as the native headless run that made the references.
// Every screenshot of the run (the final LDR frame, what the canvas shows) is read back from the
// page's file system as PNG into OUT_DIR/GROUP/NAME.png and compared with tests/golden/NAME.png
// by `imgtool compare` at the scene's web tolerance (TOLERANCE below); a frame beyond it leaves
// OUT_DIR/GROUP/NAME.side.png: actual | reference | difference x8, red where over the level.
// Each frame must also be beyond the tolerance against another state's reference (WRONG): the
// rule tells the states apart.
//
// The web tolerance, measured: SwiftShader (chromium 156) and the references' Mesa llvmpipe
// rasterize edges and sample textures differently, everywhere in the picture (no offset: a
// one-pixel shift makes every difference 2-3x worse). A frame is within the tolerance when at
// most MAXFRAC of its pixels differ by more than LEVEL/255 in a channel and the mean difference is
// at most MAXMEAN/255. The native rule is 5/255, 0.1 %, 0.5/255; the browser's frames measured at
// it: 2.3-13 % of the pixels over, mean 0.53-4.7 (docs/web.md has each state's numbers).
// imgtool: IMGTOOL, else the one beside IMPRINT_NATIVE_BIN, else compiled here from
// tests/tools/imgtool.c with cc (stb from pkg-config) into OUT_DIR/GROUP/.
'use strict';
const { chromium } = require('playwright-core');
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

// The web tolerance of each scene: [LEVEL, MAXFRAC, MAXMEAN] (imgtool compare's arguments), set
// above the worst of all the scene's states measured in the browser (20 states, docs/web.md), not
// only those compared here: a state added to a group's cut needs no new tolerance.
// LEVEL 32/255, not the native 5/255: over 5/255 the renderers' edge and texture differences cover
// 2-13 % of the pixels; over 32/255 0.1-3.3 %, and a wrong state stands out 2-100x more.
const TOLERANCE = {
  range:    [32, 0.045, 6.0],  // worst measured: 3.28 % (post_sharpen), mean 4.68 (post_exposure)
  mud:      [32, 0.010, 1.9],  // worst measured: 0.68 % (mud_view_mud: its panel shows the tread print, whose churned phase follows the wheels' slip; the page's drive drifts from the native one there), mean 1.44 (mud_water)
  face:     [32, 0.005, 0.85], // worst measured: 0.25 % (face_angry), mean 0.58 (face_neutral)
  dissolve: [32, 0.032, 3.2],  // worst measured: 2.40 %, mean 2.41 (both dissolve_pull)
};
// Each frame must also be BEYOND the tolerance against another state's reference of its scene:
// the rule tells the states apart (measured: face_angry's frame against face_neutral's reference
// 1.00 %, mean 1.17, face_neutral's against face_angry's 1.01 %, mean 1.06; dissolve_showcase's
// against dissolve_sphere's 5.97 %, mean 4.31; range and mud 7.9-28 %, mean 12-19).
const WRONG = {
  range_holes_hot: 'range_holes_cooled', post_all_off: 'range_holes_hot', mud_showcase: 'mud_water',
  mud_view_mud: 'mud_showcase', face_neutral: 'face_angry', face_angry: 'face_neutral',
  dissolve_showcase: 'dissolve_sphere',
};

const [pageDir, outArg, servePy, goldenDir, spec] = process.argv.slice(2);
const group = (spec || '').split(':')[0];
const outDir = path.join(outArg, group);
const fail = (msg) => { console.error(`web_golden_${group}: FAIL: ${msg}`); process.exitCode = 1; };
const root = path.join(__dirname, '../..');

function serve() {
  return new Promise((resolve, reject) => {
    const srv = spawn('python3', [servePy, pageDir, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    srv.stdout.on('data', (d) => {
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(String(d));
      if (m) resolve({ srv, url: m[0] });
    });
    srv.on('exit', (c) => reject(new Error('server exited ' + c)));
  });
}

function imgtool() {
  if (process.env.IMGTOOL && fs.existsSync(process.env.IMGTOOL)) return process.env.IMGTOOL;
  const native = process.env.IMPRINT_NATIVE_BIN;
  if (native && fs.existsSync(path.join(path.dirname(native), 'imgtool'))) return path.join(path.dirname(native), 'imgtool');
  const exe = path.join(outDir, 'imgtool');
  const flags = spawnSync('pkg-config', ['--cflags', '--libs', 'stb'], { encoding: 'utf8' });
  const r = spawnSync('cc', ['-std=c11', '-O2', '-o', exe, path.join(root, 'tests/tools/imgtool.c'),
    ...(flags.status === 0 ? flags.stdout.trim().split(/\s+/) : ['-I/usr/include/stb', '-lstb']), '-lm'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`no imgtool (IMGTOOL, beside IMPRINT_NATIVE_BIN) and cc could not build one: ${r.stderr}`);
  return exe;
}

// GROUP:LAST -> { group, scene, script (the golden script through LAST's screenshot), states }
function golden(spec) {
  const last = spec.split(':')[1];
  const lines = fs.readFileSync(path.join(goldenDir, `${group}.txt`), 'utf8').split('\n');
  const header = lines.map((l) => /^# golden:(.*)$/.exec(l)).find((m) => m);
  if (!header) throw new Error(`${group}.txt: no '# golden:' line`);
  const scene = /--scene +(\S+)/.exec(header[1])[1], seed = (/--seed +(\d+)/.exec(header[1]) || [0, '1'])[1];
  const hz = (/--step-hz +(\d+)/.exec(header[1]) || [0, '60'])[1];
  if (seed !== '1') throw new Error(`${group}: seed ${seed}; the page runs seed 1 only`);
  const shot = (l) => (/^[0-9.]+ +screenshot +([A-Za-z0-9_-]+)\.png\s*$/.exec(l) || [])[1];
  const end = last ? lines.findIndex((l) => shot(l) === last) : lines.length - 1;
  if (end < 0) throw new Error(`${group}.txt has no screenshot ${last}.png`);
  const kept = lines.slice(0, end + 1);
  return { group, scene, hz, script: kept.join('\n') + '\n', states: kept.map(shot).filter((s) => s) };
}

async function run(browser, url, g, tool) {
  const scripts = path.join(pageDir, 'test-scripts', 'golden');
  fs.mkdirSync(scripts, { recursive: true });
  fs.writeFileSync(path.join(scripts, `${g.group}.txt`), g.script);
  const page = await browser.newPage({ viewport: { width: 500, height: 320 } });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push('page error: ' + e.message));
  const t0 = Date.now();
  await page.goto(`${url}?scene=${g.scene}&size=320x180&quality=high&step-hz=${g.hz}&set=hud=off&script=test-scripts/golden/${g.group}.txt`);
  await page.waitForFunction(() => window.imprint && window.imprint.done, null, { timeout: 540000, polling: 250 });
  const res = await page.evaluate((names) => {
    const r = window.imprint, files = {};
    for (const n of names) files[n] = r.readFile('/' + n + '.png');
    return { rc: r.rc, log: r.log, files, frames: r.frames };
  }, g.states);
  await page.close();
  console.log(`web_golden_${group}: ${res.frames} frames in ${((Date.now() - t0) / 1000).toFixed(1)} s, status ${res.rc}`);
  if (res.rc !== 0) fail(`status ${res.rc}`);
  for (const e of errors) fail(`console error: ${e}`);
  for (const l of res.log) if (/GL error|WebGL: |failed to compile|failed to link/i.test(l)) fail(`GL: ${l}`);
  const [level, maxfrac, maxmean] = TOLERANCE[g.scene];
  const compare = (ref, act, side) => {
    const c = spawnSync(tool, ['compare', ref, act, String(level), String(maxfrac), String(maxmean), ...(side ? [side] : [])],
      { encoding: 'utf8' });
    if (c.status !== 0 && c.status !== 1) throw new Error(`imgtool compare: status ${c.status}: ${c.stderr}`);
    return { ok: c.status === 0, line: c.stdout.trim() };
  };
  for (const n of g.states) {
    if (!res.files[n]) { fail(`the run wrote no ${n}.png`); continue; }
    const act = path.join(outDir, `${n}.png`), side = path.join(outDir, `${n}.side.png`);
    fs.writeFileSync(act, Buffer.from(res.files[n], 'base64'));
    fs.rmSync(side, { force: true });
    const ref = path.join(goldenDir, `${n}.png`);
    if (!fs.existsSync(ref)) { fail(`${n}: no reference ${ref}`); continue; }
    const c = compare(ref, act, side);
    if (c.ok) {
      console.log(`ok     ${n}: ${c.line}`);
      fs.rmSync(side, { force: true });
    } else {
      fail(`${n}: ${c.line}`);
      console.error(`       actual | reference | difference: ${side}`);
    }
    const wrong = WRONG[n];
    if (wrong && fs.existsSync(path.join(goldenDir, `${wrong}.png`))) {
      const w = compare(path.join(goldenDir, `${wrong}.png`), act, null);
      console.log(`${w.ok ? 'FAILED' : 'ok    '} ${n} against ${wrong}'s reference (must be beyond): ${w.line}`);
      if (w.ok) fail(`${n}'s frame is within the tolerance of ${wrong}'s reference: the tolerance cannot tell them apart`);
    }
  }
}

(async () => {
  const t0 = Date.now();
  let srv = null, browser = null;
  try {
    fs.mkdirSync(outDir, { recursive: true });
    const g = golden(spec || '');
    if (!TOLERANCE[g.scene]) throw new Error(`no web tolerance for the scene ${g.scene}`);
    const tool = imgtool();
    const s = await serve();
    srv = s.srv;
    browser = await chromium.launch({
      executablePath: process.env.IMPRINT_CHROMIUM || '/usr/bin/chromium',
      args: ['--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--ignore-gpu-blocklist', '--no-sandbox'],
    });
    await run(browser, s.url, g, tool);
  } catch (e) {
    fail(e.stack || String(e));
  } finally {
    if (browser) await browser.close();
    if (srv) srv.kill();
  }
  console.log(`web_golden_${group}: ${process.exitCode ? 'FAILED' : 'passed'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
})();
