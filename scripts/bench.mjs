// `npm run bench`: runs every benchmark in test/bench/ one after another (never in parallel, so they do
// not disturb each other) and keeps a copy of what they print in test-results/bench.txt.
// Benchmarks print figures and compare against a baseline measured in the same run; they never fail a build.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
const files = readdirSync(join(root, 'test/bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort();
mkdirSync(join(root, 'test-results'), { recursive: true });
const out = join(root, 'test-results', 'bench.txt');
writeFileSync(out, `# ${new Date().toISOString()}\n`);

spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
let failures = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', join('test/bench', file)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(res.stdout);
  process.stderr.write(res.stderr);
  appendFileSync(out, `\n=== ${file} ===\n${res.stdout}`);
  if (res.status !== 0) failures++;
}
console.log(`\nFigures saved to ${out}`);
process.exit(failures ? 1 : 0);
