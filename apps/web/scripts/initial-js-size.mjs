// Prints the gzipped size of the JavaScript a first visit downloads: the entry chunk plus
// every chunk it imports statically (lazy route chunks excluded): the signed-in app's shell
// (providers, router, header, footer). Budget: 150 KB gzipped; the test command fails past it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const budgetKb = 150;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/?([^"]+)"/)?.[1];
if (!entry) throw new Error('no module script in index.html');

const files = new Set();
function visit(relative) {
  const file = path.join(dist, relative);
  if (files.has(file)) return;
  files.add(file);
  const code = readFileSync(file, 'utf8');
  // Static imports only: `import"./x.js"` / `import{a}from"./x.js"`; import("./x.js") is lazy.
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+)["']/g)) {
    visit(path.join(path.dirname(relative), m[1]));
  }
}
visit(entry);

let gzipped = 0;
for (const file of files) gzipped += gzipSync(readFileSync(file), { level: 9 }).length;
const kb = gzipped / 1024;
console.log(`initial JS: ${files.size} files, ${kb.toFixed(1)} KB gzipped (budget ${budgetKb} KB)`);
if (kb > budgetKb) process.exitCode = 1;
