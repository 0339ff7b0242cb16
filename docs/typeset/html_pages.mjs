// The HTML pages of a built book, for the two Node.js tools that walk it: the typesetter
// (docs/typeset/typeset.mjs) and the browser check (tests/browser/check_pages.mjs). The build
// copies this file next to each of them.
import fs from 'node:fs';
import path from 'node:path';

// Every .html file under root, as paths relative to it, sorted; the top-level folders named
// in `exclude` are skipped.
export function listPages(root, exclude) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name), rel = path.relative(root, p);
      if (exclude.some((x) => rel === x || rel.startsWith(x + path.sep))) continue;
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.endsWith('.html')) out.push(rel);
    }
  };
  walk(root);
  return out.sort();
}
