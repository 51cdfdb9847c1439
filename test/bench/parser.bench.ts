// Parser throughput in MB/s over the whole corpus (concatenated, repeated to ~5 MB), against a bare
// regex tokenizer over the same bytes in the same run. Goal: parser >= 0.2x the regex tokenizer.
// Run: node --import tsx test/bench/parser.bench.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../server/core/syntax/index';

import { corpusDir as dir, corpusSetting as setting } from '../support/corpus';
if (!existsSync(dir)) {
  console.log(`parser bench skipped: no corpus at ${dir}`);
  process.exit(setting === 'required' ? 1 : 0);
}

const files = readdirSync(dir).filter((f) => f.endsWith('.mxql'));
const texts = files.map((f) => readFileSync(join(dir, f), 'utf8'));
const corpusChars = texts.reduce((n, t) => n + t.length, 0);
const repeat = Math.max(1, Math.round(5_000_000 / corpusChars));
const inputs: string[] = [];
for (let i = 0; i < repeat; i++) inputs.push(...texts);
const bytes = inputs.reduce((n, t) => n + Buffer.byteLength(t), 0);

const TOKEN =
  /\s+|--[^\n]*|#[^\n]*|\/\*[\s\S]*?\*\/|'[^'\n]*'?|"[^"\n]*"?|<%[\s\S]*?%>|\$[A-Za-z_]\w*|[\w.@#$-]+|[{}[\]:,()]|./g;

function regexTokenize(): number {
  let count = 0;
  for (const text of inputs) {
    TOKEN.lastIndex = 0;
    while (TOKEN.exec(text) !== null) count++;
  }
  return count;
}

function parseAll(): number {
  let count = 0;
  for (const text of inputs) count += parse(text).ast.items.length;
  return count;
}

function measure(name: string, fn: () => number): number {
  fn();
  const runs = 5;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)] as number;
  const mbs = bytes / 1e6 / (median / 1000);
  console.log(
    `${name.padEnd(16)} ${mbs.toFixed(1).padStart(7)} MB/s  (median of ${runs}: ${median.toFixed(1)} ms)`,
  );
  return mbs;
}

console.log(`input: ${files.length} files x ${repeat} = ${(bytes / 1e6).toFixed(2)} MB`);
const regex = measure('regex tokenizer', regexTokenize);
const parser = measure('parser', parseAll);
const ratio = parser / regex;
console.log(`ratio parser/regex: ${ratio.toFixed(2)}x (goal >= 0.20x) ${ratio >= 0.2 ? 'OK' : 'BELOW GOAL'}`);
