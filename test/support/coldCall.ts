// The first call of the core's `format` or `parse` in a fresh process, as a user meets it: opening a
// long file and formatting it once. Each sample is a new Node process running coldCallChild.ts,
// bundled once per run (esbuild) so that a sample starts in a fraction of a second and runs the same
// code the extension bundles. Shared by the format bench and its floor test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

/** What one first call took: wall clock, and CPU time of the whole process (collector threads too). */
export interface ColdCall {
  readonly wallMs: number;
  readonly cpuMs: number;
}

export type ColdKind = 'format' | 'parse';

let script: string | undefined;

function bundledChild(): string {
  if (script) return script;
  const out = join(mkdtempSync(join(tmpdir(), 'mxql-cold-')), 'coldCallChild.js');
  buildSync({
    entryPoints: [join(import.meta.dirname, 'coldCallChild.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    logLevel: 'error',
  });
  script = out;
  return out;
}

/**
 * One first call of `kind` in a fresh process. `singleThreaded` runs it with V8's `--single-threaded`:
 * the collector and the compiler work on the main thread too, so the CPU time is the call's whole work
 * and other load on the machine cannot shift it onto helper threads (what the floor test compares).
 */
export function coldCall(kind: ColdKind, singleThreaded = false): ColdCall {
  const flags = singleThreaded ? ['--single-threaded'] : [];
  const res = spawnSync(process.execPath, [...flags, bundledChild(), kind], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (res.status !== 0) throw new Error(`cold ${kind} failed (${res.status}): ${res.stderr}`);
  return JSON.parse(res.stdout) as ColdCall;
}

/**
 * `runs` first calls of each kind, in turns (parse, format, parse, …) so that a change of load hits
 * both sides alike.
 */
export function interleavedColdCalls(runs: number, singleThreaded = false): Record<ColdKind, ColdCall[]> {
  const out: Record<ColdKind, ColdCall[]> = { parse: [], format: [] };
  for (let i = 0; i < runs; i++) {
    out.parse.push(coldCall('parse', singleThreaded));
    out.format.push(coldCall('format', singleThreaded));
  }
  return out;
}

/** The median of `xs` (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
