// page.js — starts imprint's WebGL2 build (imprint.js/.wasm/.data) in this page; see docs/web.md.
// URL: ?scene=NAME&size=WxH&script=URL&set=NAME=VALUE (set may repeat; quality=PRESET and
// threads=0|1 too: the threaded build is the default where the page is cross-origin isolated). With a script the run is
// deterministic: one fixed step per frame (--fixed-dt), as headless runs are.
// For tests: window.imprint = { done (true once the run ended), rc (its status), errors (lines
// starting "imprint:" or "error"), log (every line), readFile(path) -> base64 of a file imprint
// wrote (screenshot, dump, stats: relative paths land in MEMFS at /) or null }.
'use strict';
(function () {
  const status = document.getElementById('status');
  const canvas = document.getElementById('canvas');
  const q = new URLSearchParams(location.search);
  const state = window.imprint = { done: false, rc: null, errors: [], log: [], readFile: () => null,
    firstFrameMs: null, frames: 0, frameMs: 0 }; // page load to the first frame's end; frames run, their time
  const t0 = performance.now();
  let frameStart = 0;
  function show(line, error) {
    status.textContent = line;
    status.className = error ? 'error' : '';
  }
  function line(text, isErr) {
    state.log.push(text);
    // emscripten's advice when the main thread waits on a thread: the deterministic mud clods do,
    // for one step's work at most (docs/web.md); a warning, not an error
    if (/^Blocking on the main thread is very dangerous/.test(text)) { console.warn(text); return; }
    if (isErr) console.error(text); else console.log(text);
    // logged errors reach the page too; a bad-input line (main's "imprint: ...") is shown when
    // main gives up before the first frame (onImprintDone with a status other than 0)
    if (/^imprint: error|GL error/i.test(text)) {
      state.errors.push(text);
      show(text, true);
    }
  }
  if (!document.createElement('canvas').getContext('webgl2')) {
    show('imprint needs WebGL2, which this browser does not give.', true);
    state.done = true;
    state.rc = 1;
    return;
  }
  const args = [];
  const size = q.get('size') || '1280x720';
  args.push('--size', size);
  if (q.get('scene')) args.push('--scene', q.get('scene'));
  if (q.get('quality')) args.push('--quality', q.get('quality'));
  for (const s of q.getAll('set')) args.push('--set', s);
  const [w, h] = size.split('x').map(Number);
  if (w > 0 && h > 0) { canvas.width = w; canvas.height = h; }
  const scriptUrl = q.get('script');
  let scriptText = null, scriptPath = null;

  function start() {
    // a script runs as headless runs do: one fixed step per frame, no frame-time governor
    // (?step-hz=N: steps of 1/N s, as --step-hz N headless; default 60)
    const hz = Number(q.get('step-hz') || 60);
    if (scriptText !== null) args.push('--script', scriptPath, '--step-hz', String(hz), '--fixed-dt', String(1 / hz), '--target-fps', '0');
    window.Module = {
      canvas: canvas,
      arguments: args,
      print: (t) => line(t, false),
      preMainLoop: () => { frameStart = performance.now(); },
      postMainLoop: () => {
        const now = performance.now();
        if (state.firstFrameMs === null) state.firstFrameMs = now - t0;
        else state.frameMs += now - frameStart; // the first frame (shader compiles) left out
        state.frames++;
      },
      printErr: (t) => line(t, true),
      preRun: [() => {
        if (scriptText === null) return;
        FS.mkdirTree(scriptPath.replace(/\/[^/]*$/, '') || '/');
        FS.writeFile(scriptPath, scriptText);
      }],
      onRuntimeInitialized: () => {
        show('running: ' + args.join(' '), false);
        state.readFile = (path) => {
          try {
            const b = FS.readFile(path);
            let s = '';
            for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode.apply(null, b.subarray(i, i + 0x8000));
            return btoa(s);
          } catch (e) { return null; }
        };
        state.files = (dir) => { try { return FS.readdir(dir || '/'); } catch (e) { return []; } };
      },
      onImprintDone: (rc) => {
        state.rc = rc;
        state.done = true;
        const last = state.log.filter((l) => /^imprint: /.test(l)).pop();
        if (rc !== 0 && last) { state.errors.push(last); show(last, true); }
        else if (!state.errors.length) show('done (' + rc + ')', false);
      },
    };
    // the threaded build where the page may share memory (served with COOP/COEP), else the
    // single-threaded one (the mud clods then run inline, with the same results); ?threads=0|1
    const threads = q.get('threads') !== null ? q.get('threads') === '1' : window.crossOriginIsolated === true;
    state.threads = threads && window.crossOriginIsolated === true;
    const s = document.createElement('script');
    s.src = state.threads ? 'imprint-mt.js' : 'imprint.js';
    document.body.appendChild(s);
  }
  if (scriptUrl) {
    const u = new URL(scriptUrl, location.href);
    if (u.origin !== location.origin) {
      const msg = 'imprint: --script: ' + scriptUrl + ': only scripts from this page\'s origin';
      line(msg, true);
      show(msg, true);
      state.done = true; state.rc = 2;
      return;
    }
    scriptPath = decodeURIComponent(u.pathname); // in MEMFS under its URL's path: errors name it
    fetch(u).then((r) => {
      if (!r.ok) throw new Error(r.status + ' ' + r.statusText);
      return r.text();
    }).then((t) => { scriptText = t; start(); }, (e) => {
      const msg = 'imprint: --script: cannot read \'' + scriptUrl + '\': ' + e.message;
      line(msg, true);
      state.errors.push(msg);
      show(msg, true);
      state.done = true; state.rc = 2;
    });
  } else {
    start();
  }
})();
