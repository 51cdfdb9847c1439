// Formatting a 20,000-line document (every command line rewritten), beside parsing the same text in the
// same run: formatting lexes and parses twice (the text, then its output to prove the tree is kept) and
// lays the text out, so a few parses is its floor. Wall time of the first call (a cold server) and the
// median of the next ones, plus their mean CPU time (garbage collection included), which other work on
// the machine disturbs less.
// Goal: ≤ 250 ms, and ≤ 6× a parse in CPU time.
// Run: node --import tsx test/bench/format.bench.ts [runs]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { format, parse } from '../../server/core/syntax/index';
import { largeDocument } from '../support/largeDocument';

const runs = Number(process.argv[2] ?? 9);
const text = largeDocument();

interface Figures {
  readonly first: number;
  readonly median: number;
  readonly cpuMean: number;
}

function measure(work: () => unknown): Figures {
  const started = performance.now();
  work();
  const first = performance.now() - started;
  const walls: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const wall = performance.now();
    work();
    walls.push(performance.now() - wall);
  }
  const used = process.cpuUsage(cpu);
  walls.sort((a, b) => a - b);
  return {
    first,
    median: walls[Math.floor(runs / 2)] as number,
    cpuMean: (used.user + used.system) / 1000 / runs,
  };
}

const show = (name: string, f: Figures): string =>
  `${name.padEnd(8)} first ${f.first.toFixed(0).padStart(4)} ms  median ${f.median.toFixed(0).padStart(4)} ms  CPU mean ${f.cpuMean.toFixed(0).padStart(4)} ms`;

console.log(
  `document: ${text.split('\n').length} lines (${text.length} chars); ${runs} runs; load ${loadavg()[0]?.toFixed(1)}`,
);
const parsing = measure(() => parse(text));
const formatting = measure(() => format(text));
console.log(show('parse', parsing));
console.log(show('format', formatting));
console.log(
  `format / parse: median ${(formatting.median / parsing.median).toFixed(1)}×, CPU ${(formatting.cpuMean / parsing.cpuMean).toFixed(1)}×`,
);
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
