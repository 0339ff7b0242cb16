#!/usr/bin/env node
// Typesets every formula of the HTML book once, when the book is built, so that no page
// loads MathJax: the readers' browsers (and the browser test) get finished SVG.
//
// Doxygen 1.9.4 with USE_MATHJAX writes each formula into the text of the page as TeX
// between MathJax's delimiters: \f$…\f$ as \( … \), \f[…\f] as \[ … \] (inside
// <p class="formulaDsp">), \f{env}{…\f} as \begin{env} … \end{env}; and it puts MathJax 2's
// configuration and script into the head. For every .html file under --root this script
//   - finds the formulas in the text of <body> the way MathJax's own TeX finder does
//     (MathJax 3's FindTeX: the delimiters \( \), \[ \], $$ $$ and environments, as MathJax
//     2 found them; never inside script, style, pre, code, textarea, noscript),
//   - typesets each with MathJax 3 (TeX input with the AMS packages and the book's macros
//     read from docs/macros.tex; SVG output, each formula an image whose accessible name
//     is its TeX; --assistive-mml adds MathJax's hidden MathML copy of each formula for
//     screen readers instead, which MathJax 2 as the book used it did not have: the pages
//     grow by a third and take about 15 % longer to open),
//   - replaces the TeX by the result, puts the glyph shapes used on the page once into a
//     hidden <svg> at the end of the body (MathJax's "global font cache": each glyph is
//     stored once per page, not once per formula) and MathJax's CSS into the head,
//   - and removes MathJax 2's configuration and script, so the page loads no MathJax.
// Pages are rewritten in place; a page without formulas only loses the MathJax scripts.
//
// SVG rather than CHTML: an SVG page is self-contained (the glyphs are paths in the page),
// while CHTML needs MathJax's web fonts next to the HTML, loaded by the browser from
// file:// on each page (a request per font, and the kind of font loading that already
// needed a work-around under MathJax 2).
//
//   node typeset.mjs --root DIR --macros macros.tex [--exclude SUBDIR]… [--allow-errors]
//                    [--assistive-mml] [--verbose]
//
// Exit 0: every formula typeset. Exit 1: some formula has a TeX error (each printed as
// "ERROR <page>: <message> in <formula>"), or a page has a formula delimiter without its
// end; the pages are written anyway, with MathJax's error markup (an <merror> with
// data-mjx-error) in place of such a formula. --allow-errors exits 0 in that case (the
// browser test's fixtures use it to produce a page with a broken formula). Exit 2: the
// script could not run (bad arguments, a macro file it cannot read, no mathjax-full).

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { listPages } from './html_pages.mjs';

function usage(msg) {
  console.error(`typeset: ${msg}\nusage: node typeset.mjs --root DIR --macros FILE [--exclude SUBDIR]… [--allow-errors] [--assistive-mml] [--verbose]`);
  process.exit(2);
}

function parseArgs(argv) {
  const a = { root: null, macros: null, exclude: [], allowErrors: false, assistiveMml: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i], v = () => { if (i + 1 >= argv.length) usage(`${k} needs a value`); return argv[++i]; };
    if (k === '--root') a.root = path.resolve(v());
    else if (k === '--macros') a.macros = path.resolve(v());
    else if (k === '--exclude') a.exclude.push(v());
    else if (k === '--allow-errors') a.allowErrors = true;
    else if (k === '--assistive-mml') a.assistiveMml = true;
    else if (k === '--verbose') a.verbose = true;
    else usage(`unknown argument ${k}`);
  }
  if (!a.root) usage('--root is required');
  if (!a.macros) usage('--macros is required');
  return a;
}

// The group {…} that starts at s[i] === '{': [its content, the index after it].
function group(s, i, where) {
  if (s[i] !== '{') throw new Error(`${where}: "{" expected at "${s.slice(i, i + 20)}"`);
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    if (s[j] === '\\') { j++; continue; }
    if (s[j] === '{') depth++;
    else if (s[j] === '}' && --depth === 0) return [s.slice(i + 1, j), j + 1];
  }
  throw new Error(`${where}: unbalanced braces`);
}

// docs/macros.tex: \newcommand{\name}[n]{body} definitions (one or more per line, '%'
// comments), as MathJax's `macros` option: { name: body } or { name: [body, n] }.
function readMacros(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/(^|[^\\])%.*$/gm, '$1');
  const macros = {};
  const re = /\\newcommand\s*/g;
  let m, last = 0;
  while ((m = re.exec(text))) {
    if (text.slice(last, m.index).trim()) throw new Error(`${file}: only \\newcommand definitions are understood, found "${text.slice(last, m.index).trim().slice(0, 40)}"`);
    let i = re.lastIndex, name, n = 0, body;
    [name, i] = group(text, i, file);
    if (!/^\\[A-Za-z]+$/.test(name.trim())) throw new Error(`${file}: bad macro name ${name}`);
    const opt = /^\s*\[(\d)\]\s*/.exec(text.slice(i));
    if (opt) { n = Number(opt[1]); i += opt[0].length; }
    while (/\s/.test(text[i])) i++;
    [body, i] = group(text, i, file);
    macros[name.trim().slice(1)] = n ? [body, n] : body;
    re.lastIndex = last = i;
  }
  if (text.slice(last).trim()) throw new Error(`${file}: only \\newcommand definitions are understood, found "${text.slice(last).trim().slice(0, 40)}"`);
  if (Object.keys(macros).length === 0) throw new Error(`${file}: no \\newcommand found`);
  return macros;
}

// HTML character references in a text run (Doxygen writes &amp; &lt; &gt; &quot; &#39;
// and a few named ones). An unknown name is an error, not a silent change of the formula.
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '\u2013',
  mdash: '\u2014', hellip: '\u2026', lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d',
  times: '\u00d7', middot: '\u00b7', deg: '\u00b0', copy: '\u00a9', laquo: '\u00ab', raquo: '\u00bb' };
function decode(s) {
  return s.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);/g, (all, e) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    if (e in NAMED) return NAMED[e];
    throw new Error(`unknown character reference ${all}`);
  });
}
const encode = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Elements whose text MathJax never searches for formulas (MathJax 2's and 3's
// skipHtmlTags); the first three hold raw text, up to their closing tag.
const RAW_TEXT = new Set(['script', 'style', 'textarea']);
const SKIP = new Set(['script', 'style', 'textarea', 'noscript', 'pre', 'code', 'annotation', 'annotation-xml']);
const TAG = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<!?(\/?)([A-Za-z][\w:-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/g;

// The text runs of <body> outside skipped elements: [{ start, end }] in the page.
function textRuns(page) {
  const body = /<body\b[^>]*>/i.exec(page);
  if (!body) return [];
  const runs = [];
  const skip = [];
  let pos = body.index + body[0].length;
  TAG.lastIndex = pos;
  for (let m; (m = TAG.exec(page));) {
    if (m.index > pos && skip.length === 0) runs.push({ start: pos, end: m.index });
    pos = TAG.lastIndex;
    const name = (m[2] || '').toLowerCase(), closing = m[1] === '/', selfClosing = /\/>$/.test(m[0]);
    if (!name || m[0].startsWith('<!')) continue;
    if (!closing && RAW_TEXT.has(name) && !selfClosing) {
      const end = page.toLowerCase().indexOf(`</${name}`, pos);
      pos = TAG.lastIndex = end < 0 ? page.length : end;
      continue;
    }
    if (SKIP.has(name)) {
      if (closing) { const i = skip.lastIndexOf(name); if (i >= 0) skip.splice(i); }
      else if (!selfClosing) skip.push(name);
    }
  }
  if (pos < page.length && skip.length === 0) runs.push({ start: pos, end: page.length });
  return runs;
}

// MathJax 2's set-up as Doxygen writes it: the inline configuration and the script.
const MATHJAX2 = [
  /[ \t]*<script type="text\/x-mathjax-config">[\s\S]*?<\/script>[ \t]*\n?/g,
  /[ \t]*<script\b[^>]*\bsrc="[^"]*MathJax\.js(?:\?[^"]*)?"[^>]*>\s*<\/script>[ \t]*\n?/g,
];

function loadMathJax() {
  // mathjax-full is installed (npm ci) next to this script in the build directory.
  const require = createRequire(import.meta.url);
  try {
    return {
      mathjax: require('mathjax-full/js/mathjax.js').mathjax,
      TeX: require('mathjax-full/js/input/tex.js').TeX,
      FindTeX: require('mathjax-full/js/input/tex/FindTeX.js').FindTeX,
      SVG: require('mathjax-full/js/output/svg.js').SVG,
      liteAdaptor: require('mathjax-full/js/adaptors/liteAdaptor.js').liteAdaptor,
      RegisterHTMLHandler: require('mathjax-full/js/handlers/html.js').RegisterHTMLHandler,
      AssistiveMmlHandler: require('mathjax-full/js/a11y/assistive-mml.js').AssistiveMmlHandler,
      packages: require('mathjax-full/js/input/tex/AllPackages.js'),
      version: require('mathjax-full/package.json').version,
    };
  } catch (e) {
    console.error(`typeset: cannot run: mathjax-full is not installed next to this script (the build runs npm ci in build/docs/typeset): ${e.message.split('\n')[0]}`);
    process.exit(2);
  }
}

function main() {
  const a = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(a.root) || !fs.statSync(a.root).isDirectory()) usage(`${a.root} is not a directory`);
  let macros;
  try { macros = readMacros(a.macros); } catch (e) { console.error(`typeset: cannot run: ${e.message}`); process.exit(2); }
  const t0 = process.hrtime.bigint();
  const MJ = loadMathJax();

  const adaptor = MJ.liteAdaptor();
  const handler = MJ.RegisterHTMLHandler(adaptor);
  if (a.assistiveMml) MJ.AssistiveMmlHandler(handler);
  let errors = [];
  const tex = new MJ.TeX({
    // MathJax 2's TeX input with AMSmath and AMSsymbols, and the extensions it loaded by
    // itself on first use; not 'noundefined' / 'noerrors': an unknown command is an error.
    packages: ['base', 'ams', 'newcommand', 'configmacros', 'boldsymbol', 'cancel', 'color',
      'bbox', 'enclose', 'extpfeil', 'html', 'unicode', 'verb', 'action'],
    macros,
    formatError: (jax, err) => { errors.push(err.message.replace(/\n.*/s, '')); return jax.formatError(err); },
  });
  // MathJax 2's tex2jax defaults, which the book's pages were typeset with.
  const finder = new MJ.FindTeX({
    inlineMath: [['\\(', '\\)']], displayMath: [['$$', '$$'], ['\\[', '\\]']],
    processEscapes: false, processEnvironments: true, processRefs: true,
  });
  const svg = new MJ.SVG({ fontCache: 'global' });
  const doc = MJ.mathjax.document('', { InputJax: tex, OutputJax: svg });
  // 16px text: MathJax only uses em/ex for sizes it cannot express in ex (rare); the SVG
  // is sized in ex units and follows the page's font.
  const metrics = { em: 16, ex: 8, containerWidth: 80 * 16 };
  const css = adaptor.textContent(svg.styleSheet(doc))
    // a display formula wider than the text scrolls instead of running over the page
    + '\nmjx-container[jax="SVG"][display="true"] {overflow-x: auto; overflow-y: hidden; padding: 1px 0}';

  // A formula met again (the API pages repeat the briefs; about half of the book's formulas
  // are repeats) is not typeset again: its markup is kept with the glyphs it uses, which
  // are put into the glyph store of each page that shows it.
  const memo = new Map();
  let glyphsUsed = null;
  const cachePath = svg.fontCache.cachePath.bind(svg.fontCache);
  svg.fontCache.cachePath = (variant, C, d) => {
    if (glyphsUsed) glyphsUsed.push([variant, C, d]);
    return cachePath(variant, C, d);
  };
  const typeset = (math, display) => {
    const key = (display ? 'D' : 'I') + math;
    let m = memo.get(key);
    if (m) {
      for (const [variant, C, d] of m.glyphs) cachePath(variant, C, d);
      return m;
    }
    errors = [];
    glyphsUsed = [];
    const node = doc.convert(math, { display, ...metrics });
    // (MathJax's serialiser escapes only '"' in attributes: '&' is escaped here.)
    if (!a.assistiveMml) adaptor.setAttribute(adaptor.firstChild(node), 'aria-label', math.trim().replace(/\s+/g, ' ').replace(/&/g, '&amp;'));
    m = { html: adaptor.outerHTML(node), glyphs: glyphsUsed, errors };
    glyphsUsed = null;
    memo.set(key, m);
    return m;
  };

  const pages = listPages(a.root, a.exclude);
  if (pages.length === 0) usage(`no HTML page under ${a.root}`);
  const problems = [];
  let formulas = 0, changed = 0, bytesIn = 0, bytesOut = 0;
  for (const rel of pages) {
    const file = path.join(a.root, rel);
    const page = fs.readFileSync(file, 'utf8');
    bytesIn += page.length;
    const pieces = [];
    let last = 0, count = 0;
    svg.fontCache.clearCache();
    for (const run of textRuns(page)) {
      const raw = page.slice(run.start, run.end);
      if (!/\\[(\[]|\\begin\{|\$\$|\\(?:eq)?ref\{/.test(raw)) continue;
      let text;
      try { text = decode(raw); } catch (e) { problems.push(`ERROR ${rel}: ${e.message} in "${raw.trim().slice(0, 80)}"`); continue; }
      const found = finder.findMath([text]);
      let out = '', at = 0;
      for (const f of found) {
        const tex0 = f.math;
        out += encode(text.slice(at, f.start.n));
        const m = typeset(tex0, f.display);
        for (const e of m.errors) problems.push(`ERROR ${rel}: ${e} in ${f.open}${tex0}${f.close}`);
        out += m.html;
        at = f.end.n;
        count++;
      }
      const tail = text.slice(at);
      out += encode(tail);
      // What the finder left: an opening delimiter without its end (a formula cut by an
      // HTML tag, or a missing \) ) would be raw TeX on the page.
      const left = text.slice(0, found.length ? found[0].start.n : text.length)
        + found.map((f, i) => text.slice(f.end.n, i + 1 < found.length ? found[i + 1].start.n : text.length)).join(' ');
      const open = /\\\(|\\\[|\\begin\{[^}]*\}|\$\$/.exec(left);
      if (open) problems.push(`ERROR ${rel}: a formula delimiter without its end: "${left.slice(Math.max(0, open.index - 30), open.index + 50).replace(/\s+/g, ' ')}"`);
      if (found.length) {
        pieces.push(page.slice(last, run.start), out);
        last = run.end;
      }
    }
    pieces.push(page.slice(last));
    let result = pieces.join('');
    for (const re of MATHJAX2) result = result.replace(re, '');
    if (/MathJax\.js|text\/x-mathjax-config/.test(result.slice(0, result.search(/<body\b/i) >>> 0))) {
      problems.push(`ERROR ${rel}: a MathJax 2 script in the head that this script does not recognise`);
    }
    if (count) {
      const head = result.search(/<\/head>/i), end = result.search(/<\/body>\s*<\/html>\s*$/i);
      if (head < 0 || end < 0) { problems.push(`ERROR ${rel}: no </head> or no </body></html> at the end`); continue; }
      const cache = adaptor.outerHTML(svg.pageElements(doc));
      result = result.slice(0, head) + `<style id="MJX-SVG-styles">\n${css}\n</style>\n`
        + result.slice(head, end) + cache + '\n' + result.slice(end);
      formulas += count;
    }
    if (result !== page) { fs.writeFileSync(file, result); changed++; }
    bytesOut += result.length;
    if (a.verbose) console.log(`${rel}: ${count} formula(s)`);
  }
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  for (const p of problems) console.log(p);
  console.log(`typeset: ${formulas} formulas on ${pages.length} pages (${changed} rewritten, `
    + `${(bytesIn / 1e6).toFixed(1)} MB → ${(bytesOut / 1e6).toFixed(1)} MB) in ${secs.toFixed(1)} s with MathJax ${MJ.version} (SVG)`);
  if (problems.length) {
    console.log(`typeset: ${problems.length} problem(s)${a.allowErrors ? ' (allowed: --allow-errors)' : ''}`);
    if (!a.allowErrors) process.exit(1);
  }
}

main();
