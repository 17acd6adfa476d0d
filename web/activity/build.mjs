// Bundles main.js and the Embedded App SDK into ../static/activity.js (one
// file, embedded in the Go binary), headed by the licence of every package
// whose code it contains.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const out = '../static/activity.js';
const result = await esbuild.build({
  entryPoints: ['main.js'], bundle: true, format: 'iife', target: 'es2019', minify: true,
  legalComments: 'none', metafile: true, write: false, outfile: out,
});
// The SDK ships its dependencies inside its own build (output/lib/<name>);
// their licences are those of the same packages installed beside it, or
// the notice at the head of the shipped file.
const pkgs = new Map(); // name → a bundled file of it
for (const input of Object.keys(result.metafile.inputs)) {
  const m = input.match(/node_modules\/(@[^/]+\/[^/]+|[^/]+)\/(?:output\/lib\/([^/]+)\/)?/);
  if (m) pkgs.set(m[2] || m[1], input);
}
// The sources' hash, which a Go test checks: a change to main.js or to the
// locked versions without a new bundle fails it.
const source = crypto.createHash('sha256').update(fs.readFileSync('main.js')).update(fs.readFileSync('package-lock.json')).digest('hex');
let head = `/*! The Discord Activity of Bermuda (MIT), built from sources ${source}.\nIt contains these packages, under these licences:\n`;
for (const [name, file] of [...pkgs].sort()) {
  const dir = path.join('node_modules', name);
  let text;
  if (fs.existsSync(dir)) {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const lic = fs.readdirSync(dir).find((f) => /^(licen[cs]e|copying)/i.test(f));
    // A shipped copy's version is the SDK's choice: name only the SDK's.
    head += `\n${name}${file.includes('/output/lib/') ? '' : ' ' + meta.version} (${meta.license})\n`;
    text = lic ? fs.readFileSync(path.join(dir, lic), 'utf8') : '';
  } else {
    head += `\n${name}\n`;
    text = (fs.readFileSync(file, 'utf8').match(/^\/\*+([\s\S]*?)\*+\s*\*\//) || ['', ''])[1];
  }
  head += text.replaceAll('*/', '* /').trim() + '\n';
}
fs.writeFileSync(out, head + '*/\n' + result.outputFiles[0].text);
console.log(`${out}: ${fs.statSync(out).size} bytes; packages: ${[...pkgs.keys()].sort().join(', ')}`);
