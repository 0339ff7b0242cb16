#!/usr/bin/env node
// Opens every HTML page under --root in headless Chromium and checks what a reader sees:
//   - every formula is typeset: the book's formulas are typeset when the book is built
//     (docs/typeset/typeset.mjs, MathJax 3 to SVG), so a page must load no MathJax, hold no
//     MathJax error (MathJax 3's <merror> / data-mjx-error, MathJax 2's .merror, "Math
//     Processing Error"), every glyph a formula uses must be in the page, and no raw TeX —
//     \( \) \[ \] \f$ \f[ $…$ or a \command — may be left in the visible text (code blocks
//     excepted);
//   - no Markdown left unrendered in the visible text: a literal ** or __ (emphasis Doxygen did
//     not understand — Doxygen 1.9.4 leaves **bold** literal when its text holds a formula), a
//     backtick (a code span that did not close) or a $ (TeX in dollars, which Doxygen does not
//     know, or a stray one); text inside code, pre, formulas and code fragments is not
//     visible text here, so a shell prompt "$ cmake …" in a code block is fine;
//   - every image has loaded (complete, naturalWidth > 0);
//   - every internal link, script, stylesheet and image reference resolves to an existing
//     file, and every #anchor exists in its target page (id= or name=);
//   - no console error, no uncaught exception, no failed request;
//   - Doxygen's navigation tree (a #nav-tree element) is complete before anything is
//     inspected: navtree.js builds it after the load event, loading navtreeindexN.js and the
//     data of the page's ancestors with <script> elements, and marks the page's own entry
//     selected last. At the load event the tree is still empty on most pages, so without
//     the wait its links went unchecked and its errors fell after the inspection. A tree
//     that is not complete within --tree-timeout is a problem of the page.
// Pages are opened from disk (file://), as a reader opens build/docs/html/index.html,
// in several tabs of ONE Chromium with a fresh, temporary user-data-dir: Debian's
// /usr/bin/chromium-headless-shell, Chromium's engine without the browser around it (the
// same screenshots, byte for byte, as /usr/bin/chromium, for about a quarter less CPU),
// driven by playwright-core; no browser is downloaded.
//
//   node check_pages.mjs --root DIR [--exclude SUBDIR]… [--jobs N] [--chromium PATH]
//                        [--screenshot PAGE=OUT.png]… [--timeout MS] [--tree-timeout MS]
//                        [--verbose]
//
// Exit 0: every page is clean. Exit 1: some page is not (each problem printed as
// "FAIL <page>: <problem>"). Exit 2: the check could not run (no Chromium, no pages, …).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { listPages } from './html_pages.mjs';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function parseArgs(argv) {
  const a = { root: null, exclude: [], jobs: 4, chromium: '/usr/bin/chromium-headless-shell', screenshots: [], timeout: 30000, treeTimeout: 10000, verbose: false, chromiumArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i], v = () => { if (i + 1 >= argv.length) usage(`${k} needs a value`); return argv[++i]; };
    if (k === '--root') a.root = path.resolve(v());
    else if (k === '--exclude') a.exclude.push(v());
    else if (k === '--jobs') a.jobs = Math.max(1, parseInt(v(), 10));
    else if (k === '--chromium') a.chromium = v();
    else if (k === '--timeout') a.timeout = parseInt(v(), 10);
    else if (k === '--tree-timeout') a.treeTimeout = parseInt(v(), 10);
    else if (k === '--verbose') a.verbose = true;
    else if (k === '--chromium-arg') a.chromiumArgs.push(v());
    else if (k === '--screenshot') {
      const s = v(), eq = s.indexOf('=');
      if (eq < 1) usage(`--screenshot wants PAGE=OUT.png, got ${s}`);
      a.screenshots.push({ page: s.slice(0, eq), out: path.resolve(s.slice(eq + 1)) });
    } else usage(`unknown argument ${k}`);
  }
  if (!a.root) usage('--root is required');
  return a;
}

function usage(msg) {
  console.error(`check_pages: ${msg}\nusage: node check_pages.mjs --root DIR [--exclude SUBDIR]… [--jobs N] [--chromium PATH] [--screenshot PAGE=OUT.png]… [--timeout MS] [--tree-timeout MS] [--verbose]`);
  process.exit(2);
}

function setupFailure(msg) {
  console.error(`check_pages: cannot run: ${msg}`);
  process.exit(2);
}

// What a reference points to, looked up once per file: the file itself, the index.html of a
// directory, or null when neither exists (the pages share most of their references).
const targetCache = new Map();
function resolveTarget(file) {
  if (!targetCache.has(file)) {
    let target = file;
    if (fs.existsSync(target) && fs.statSync(target).isDirectory()) target = path.join(target, 'index.html');
    targetCache.set(file, fs.existsSync(target) ? target : null);
  }
  return targetCache.get(file);
}

// Anchors of a file (id= and name= attributes), read once per file.
const anchorCache = new Map();
function anchorsOf(file) {
  if (!anchorCache.has(file)) {
    const html = fs.readFileSync(file, 'utf8');
    const set = new Set();
    for (const m of html.matchAll(/\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) set.add(m[1] ?? m[2]);
    anchorCache.set(file, set);
  }
  return anchorCache.get(file);
}

// Runs in the page: everything the DOM can tell after typesetting, once Doxygen's
// navigation tree (if the page has one) is complete — its own entry selected — or
// treeTimeout ms have passed. A MutationObserver waits for it, without polling.
// r.tree: null (no tree), true (complete) or false (not complete in time).
async function inspectPage(treeTimeout) {
  const r = { formulas: 0, tree: null, unrendered: [], mathErrors: [], rawTex: [], markdown: [], images: [], refs: [] };
  const tree = document.getElementById('nav-tree');
  if (tree) {
    const complete = () => tree.querySelector('.selected') !== null;
    r.tree = await new Promise((resolve) => {
      if (complete()) { resolve(true); return; }
      let timer = null;
      const observer = new MutationObserver(() => {
        if (complete()) { observer.disconnect(); clearTimeout(timer); resolve(true); }
      });
      observer.observe(tree, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      timer = setTimeout(() => { observer.disconnect(); resolve(false); }, treeTimeout);
    });
  }
  // Formulas are typeset when the book is built: a page that still loads MathJax (or holds
  // MathJax 2's <script type="math/tex">) was not run through the typesetting step.
  for (const s of document.scripts) {
    if (/MathJax\.js|tex-(?:chtml|svg|mml)/.test(s.src) || /^text\/x-mathjax-config/.test(s.type)) {
      r.unrendered.push(`the page loads MathJax (${s.src ? s.src.replace(/^.*\//, '') : s.type}): it was not typeset when the book was built`);
    }
  }
  for (const s of document.querySelectorAll('script[type^="math/tex"]')) r.unrendered.push(s.textContent.slice(0, 80));
  // Each typeset formula: an <mjx-container> with its SVG, drawn with glyphs that the page's
  // glyph store (MathJax's global font cache, a hidden <svg> at the end) must hold.
  const glyphs = new Set();
  for (const c of document.querySelectorAll('mjx-container')) {
    r.formulas++;
    const svg = c.querySelector(':scope > svg');
    if (!svg) { r.unrendered.push(`an <mjx-container> without its SVG: ${c.textContent.slice(0, 80)}`); continue; }
    for (const u of svg.querySelectorAll('use')) glyphs.add(u.getAttribute('xlink:href') || u.getAttribute('href'));
  }
  for (const g of glyphs) {
    if (!g || !g.startsWith('#') || !document.getElementById(g.slice(1))) r.unrendered.push(`a glyph of a formula is missing from the page: ${g}`);
  }
  // MathJax 3's error output (a TeX error: <merror data-mjx-error="…">, drawn in the SVG as
  // <g data-mml-node="merror">, and again in its assistive MathML) and MathJax 2's; the
  // same message twice is reported once.
  for (const e of document.querySelectorAll('[data-mjx-error], g[data-mml-node="merror"], merror, .merror, .MathJax_Error')) {
    r.mathErrors.push((e.getAttribute('data-mjx-error') || e.getAttribute('title') || e.textContent || '').slice(0, 120));
  }
  // Visible text outside code: raw TeX there means a formula was not typeset.
  const skip = 'script, style, noscript, pre, code, tt, .fragment, .line, mjx-container, .MathJax, template';
  // Skipped subtrees are rejected whole (a source listing has thousands of text nodes).
  const walker = document.createTreeWalker(document.body || document.documentElement,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    { acceptNode: (n) => n.nodeType === 1 ? (n.matches(skip) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP) : NodeFilter.FILTER_ACCEPT });
  const patterns = [
    [/\\[()[\]]/, 'TeX delimiter'],
    [/\\f[$[\](){}]/, 'Doxygen formula command'],
    [/\$\$/, '$$'],
    [/\$[^$\n]{0,200}?[\\^_{][^$\n]{0,200}?\$/, '$…$ (Doxygen 1.9.4 does not understand it: use \\f$ … \\f$)'],
    [/\\(?:begin|end)\{/, 'TeX environment'],
    [/\\[A-Za-z]{2,}/, 'TeX command'],
    [/Math Processing Error/, 'MathJax error'],
  ];
  // Markdown that did not render, in the same visible text: the first of these in a text node
  // is reported (beside any raw TeX in it).
  const markdown = [
    [/\*\*/, 'literal **'],
    [/__/, 'literal __'],
    [/`/, 'stray backtick'],
    [/\$/, 'literal $'],
  ];
  const shown = (t, i) => `"${t.slice(Math.max(0, i - 30), i + 50).replace(/\s+/g, ' ').trim()}"`;
  const visible = (el) => { const style = getComputedStyle(el); return style.display !== 'none' && style.visibility !== 'hidden'; };
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el) continue;
    const t = n.textContent;
    for (const [list, out] of [[patterns, r.rawTex], [markdown, r.markdown]]) {
      for (const [re, what] of list) {
        const m = re.exec(t);
        if (m) {
          if (visible(el)) out.push(`${what}: ${shown(t, m.index)}`);
          break;
        }
      }
    }
  }
  if (/Math Processing Error/.test(document.body ? document.body.innerText : '')) r.mathErrors.push('Math Processing Error');
  // Images.
  for (const img of document.images) {
    r.images.push({ src: img.currentSrc || img.src, ok: img.complete && img.naturalWidth > 0 });
  }
  // References: links, scripts, stylesheets, images, frames.
  const add = (kind, url) => { if (url) r.refs.push({ kind, url }); };
  for (const a of document.querySelectorAll('a[href], area[href]')) add('link', a.href);
  for (const l of document.querySelectorAll('link[href]')) add('stylesheet', l.href);
  for (const s of document.querySelectorAll('script[src]')) add('script', s.src);
  for (const f of document.querySelectorAll('iframe[src]')) add('frame', f.src);
  for (const i of document.querySelectorAll('img[src]')) add('image', i.src);
  return r;
}

async function checkPage(page, rel, a, stats) {
  const problems = [];
  const file = path.join(a.root, rel);
  const listeners = {
    console: (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); },
    pageerror: (e) => problems.push(`uncaught exception: ${e.message}`),
    // ERR_ABORTED is a request cancelled by the page or by leaving it; a missing file is
    // ERR_FILE_NOT_FOUND.
    requestfailed: (q) => {
      const why = q.failure() ? q.failure().errorText : '?';
      if (why !== 'net::ERR_ABORTED') problems.push(`request failed: ${q.url()} (${why})`);
    },
  };
  for (const [k, f] of Object.entries(listeners)) page.on(k, f);
  try {
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: a.timeout });
    const r = await page.evaluate(inspectPage, a.treeTimeout);
    if (r.tree === false) problems.push(`the navigation tree did not finish loading: no entry of #nav-tree was selected within ${a.treeTimeout} ms`);
    stats.formulas += r.formulas;
    if (r.tree) stats.trees++;
    for (const u of r.unrendered) problems.push(`formula not typeset: ${u}`);
    for (const e of r.mathErrors) problems.push(`MathJax error: ${e}`);
    for (const t of r.rawTex) problems.push(`raw TeX in the text (${t})`);
    for (const t of r.markdown) problems.push(`unrendered markdown (${t})`);
    for (const im of r.images) {
      stats.images++;
      if (!im.ok) problems.push(`image did not load: ${im.src}`);
    }
    for (const { kind, url } of r.refs) {
      const u = new URL(url);
      if (u.protocol !== 'file:') { if (/^https?:$/.test(u.protocol)) stats.external++; continue; }
      stats.internal++;
      const target = resolveTarget(fileURLToPath(u));
      if (!target) {
        problems.push(`broken ${kind}: ${url.replace(pathToFileURL(a.root).href + '/', '')} does not exist`);
        continue;
      }
      const hash = decodeURIComponent(u.hash.slice(1));
      if (hash && kind === 'link' && /\.html?$/.test(target)) {
        stats.anchors++;
        if (!anchorsOf(target).has(hash)) {
          problems.push(`missing anchor: ${path.relative(a.root, target)}#${hash} (linked as ${url.replace(pathToFileURL(a.root).href + '/', '')})`);
        }
      }
    }
    const shot = a.screenshots.find((s) => s.page === rel);
    if (shot) {
      fs.mkdirSync(path.dirname(shot.out), { recursive: true });
      await page.screenshot({ path: shot.out, fullPage: false });
      shot.done = true;
    }
  } catch (e) {
    problems.push(`could not be checked: ${e.message.split('\n')[0]}`);
  } finally {
    for (const [k, f] of Object.entries(listeners)) page.off(k, f);
  }
  return [...new Set(problems)];
}

async function main() {
  const a = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(a.root) || !fs.statSync(a.root).isDirectory()) setupFailure(`${a.root} is not a directory (build the book first: cmake --build build --target docs)`);
  if (!fs.existsSync(a.chromium)) setupFailure(`Chromium not found at ${a.chromium}: install Debian's chromium-headless-shell (bash tests/support/packages.sh test), or pass --chromium /usr/bin/chromium`);
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    setupFailure(`playwright-core is not installed next to this script (the build runs npm ci in build/tests/browser): ${e.message.split('\n')[0]}`);
  }
  const pages = listPages(a.root, a.exclude);
  if (pages.length === 0) setupFailure(`no HTML page under ${a.root}`);
  for (const s of a.screenshots) if (!pages.includes(s.page)) setupFailure(`--screenshot: ${s.page} is not a page under ${a.root}`);

  const t0 = Date.now();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: a.chromium, headless: true, args: [...FLAGS, ...a.chromiumArgs],
      viewport: { width: 1280, height: 900 }, timeout: a.timeout,
    });
  } catch (e) {
    fs.rmSync(profile, { recursive: true, force: true });
    setupFailure(`Chromium did not start (${a.chromium}): ${e.message.split('\n')[0]}`);
  }
  const tLaunch = Date.now() - t0;
  const stats = { formulas: 0, images: 0, trees: 0, internal: 0, anchors: 0, external: 0 };
  const failures = [];
  const times = [];
  let next = 0;
  const worker = async () => {
    const page = await context.newPage();
    while (next < pages.length) {
      const rel = pages[next++];
      const t = Date.now();
      const problems = await checkPage(page, rel, a, stats);
      times.push([Date.now() - t, rel]);
      for (const p of problems) failures.push(`FAIL ${rel}: ${p}`);
      if (a.verbose) console.log(`${problems.length ? 'FAIL' : 'ok  '} ${rel} (${Date.now() - t} ms)`);
    }
    await page.close();
  };
  await Promise.all(Array.from({ length: Math.min(a.jobs, pages.length) }, worker));
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });

  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  for (const f of failures) console.log(f);
  times.sort((x, y) => y[0] - x[0]);
  console.log(`check_pages: ${pages.length} pages in ${secs} s (Chromium start ${(tLaunch / 1000).toFixed(1)} s, ${a.jobs} tabs): `
    + `${stats.formulas} formulas, ${stats.images} images, ${stats.trees} navigation trees, ${stats.internal} internal references `
    + `(${stats.anchors} with an anchor), ${stats.external} external links not followed; `
    + `slowest: ${times.slice(0, 3).map(([ms, p]) => `${p} ${ms} ms`).join(', ')}`);
  for (const s of a.screenshots) if (s.done) console.log(`check_pages: screenshot of ${s.page} in ${s.out}`);
  if (failures.length) {
    console.log(`check_pages: ${failures.length} problem(s) on ${new Set(failures.map((f) => f.split(':')[0])).size} page(s)`);
    process.exit(1);
  }
  console.log('check_pages: every page is clean');
}

main().catch((e) => setupFailure(e.stack || String(e)));
