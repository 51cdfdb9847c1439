/**
 * Keystroke latency over stdio, as an editor sees it: shared by the benchmark
 * (test/bench/keystroke.bench.ts) and its floor test (keystrokeFloor.test.ts). A round inserts a
 * character at the end of the document, requests completion there, deletes it and requests again.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { corpusTexts } from '../support/corpus';
import { startSession, type LspSession } from './lspClient';

/**
 * The completion capabilities VS Code's language client declares (vscode-languageclient 9 and later)
 * that the server reads: it resolves an item's detail and documentation lazily, and applies a list's
 * `itemDefaults`.
 */
export const EDITOR_COMPLETION_CAPABILITIES = {
  completionItem: { resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] } },
  completionList: {
    itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'],
  },
};

/** A server session with diagnostics on, initialized with the client capabilities of an editor. */
export function startEditorSession(): Promise<LspSession> {
  return startSession({ diagnostics: { enabled: true, disabledCodes: [] } }, undefined, {
    capabilities: {
      workspace: { configuration: true },
      textDocument: { completion: EDITOR_COMPLETION_CAPABILITIES },
    },
  });
}

/** The half-typed query the cursor sits in: the completion site of every round. */
export const TAIL = 'CATEGORY app_counter\nTAGLOAD\nSELECT [';

/** About `lines` lines of real queries (the corpus, else a synthetic query repeated), ending in {@link TAIL}. */
export function documentOf(lines: number): string {
  if (lines <= 1) return 'SELECT [';
  const sources = corpusTexts([
    'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oid, tps]\nFILTER {key: tps, over: 1}\n',
  ]);
  const parts: string[] = [];
  let count = 0;
  for (let i = 0; count < lines - 3; i++) {
    const text = sources[i % sources.length] as string;
    parts.push(text.trimEnd());
    count += text.trimEnd().split('\n').length + 1;
  }
  return `${parts.join('\n\n')}\n\n${TAIL}`;
}

/** How the client sends each keystroke: the changed range (incremental) or the whole text. */
export type SyncKind = 'incremental' | 'full';

/** An open document the rounds edit. */
export class EditedDocument {
  private version = 1;
  private text: string;

  constructor(
    private readonly session: LspSession,
    readonly uri: string,
    initial: string,
  ) {
    this.text = initial;
  }

  async open(): Promise<void> {
    await this.session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: this.uri, languageId: 'mxql', version: this.version, text: this.text },
    });
    await this.complete();
  }

  get currentVersion(): number {
    return this.version;
  }

  private end(): { line: number; character: number } {
    const lines = this.text.split('\n');
    return { line: lines.length - 1, character: (lines.at(-1) ?? '').length };
  }

  /** Types `char` at the end (or deletes the last character when `char` is empty). */
  async type(char: string, sync: SyncKind): Promise<void> {
    const end = this.end();
    const range = char
      ? { start: end, end }
      : { start: { line: end.line, character: end.character - 1 }, end };
    this.text = char ? this.text + char : this.text.slice(0, -1);
    this.version++;
    await this.session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: this.uri, version: this.version },
      contentChanges: [sync === 'full' ? { text: this.text } : { range, text: char }],
    });
  }

  /** Requests completion at the end of the document. */
  async complete(): Promise<number> {
    const list = await this.session.connection.sendRequest<{ items: unknown[] } | null>(
      'textDocument/completion',
      { textDocument: { uri: this.uri }, position: this.end() },
    );
    return list?.items.length ?? 0;
  }
}

/** Milliseconds of `rounds` × 2 keystrokes (insert a character, delete it), each until `answered` resolves. */
async function keystrokes(
  doc: EditedDocument,
  rounds: number,
  sync: SyncKind,
  answered: () => Promise<unknown>,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const char of ['t', '']) {
      const started = performance.now();
      await doc.type(char, sync);
      await answered();
      out.push(performance.now() - started);
    }
  }
  return out;
}

/** Milliseconds of `rounds` keystroke → completion pairs (two samples per round). */
export function keystrokeToCompletion(
  doc: EditedDocument,
  rounds: number,
  sync: SyncKind,
): Promise<number[]> {
  return keystrokes(doc, rounds, sync, async () => {
    if ((await doc.complete()) === 0) throw new Error('completion answered nothing');
  });
}

/** Milliseconds of `rounds` completions on an unchanged document. */
export async function unchangedCompletion(doc: EditedDocument, rounds: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await doc.complete();
    out.push(performance.now() - started);
  }
  return out;
}

/** Milliseconds from a keystroke to the diagnostics published for that version. */
export function keystrokeToDiagnostics(
  session: LspSession,
  doc: EditedDocument,
  rounds: number,
  sync: SyncKind,
): Promise<number[]> {
  return keystrokes(doc, rounds, sync, () =>
    session.diagnostics(doc.uri, (p) => p.version === doc.currentVersion),
  );
}

/** Keystroke → completion latencies and the server CPU they cost. */
export interface KeystrokeRun {
  readonly samples: number[];
  /** Server CPU milliseconds per keystroke (the diagnostics they scheduled included), or null without /proc. */
  readonly cpu: number | null;
}

/**
 * `rounds` keystroke → completion rounds on `doc`, then the diagnostics of its last version, with the
 * server CPU spent between the first keystroke and those diagnostics: everything the keystrokes cost.
 */
export async function measureKeystrokes(
  session: LspSession,
  doc: EditedDocument,
  rounds: number,
  sync: SyncKind = 'incremental',
): Promise<KeystrokeRun> {
  const before = serverCpuMs(session);
  const samples = await keystrokeToCompletion(doc, rounds, sync);
  await keystrokeToDiagnostics(session, doc, 1, sync);
  const after = serverCpuMs(session);
  const cpu = before === null || after === null ? null : (after - before) / (samples.length + 2);
  return { samples, cpu };
}

/** Keystroke runs of several documents, measured in turns so that a change of load hits each alike. */
export interface InterleavedRuns {
  /** Every keystroke → completion latency per document, over all turns. */
  readonly samples: number[][];
  /** Server CPU ms per keystroke per document (mean over the turns), or null without /proc. */
  readonly cpu: number[] | null;
  /** Server CPU ms per keystroke of each turn, per document (empty without /proc). */
  readonly turnCpu: number[][];
  /** The median latency of each turn, per document. */
  readonly turnMedians: number[][];
}

/** `turns` turns of `rounds` rounds on each document in order (each with its sync kind). */
export async function interleavedKeystrokes(
  session: LspSession,
  docs: readonly (readonly [EditedDocument, SyncKind])[],
  turns: number,
  rounds: number,
): Promise<InterleavedRuns> {
  const samples: number[][] = docs.map(() => []);
  const turnMedians: number[][] = docs.map(() => []);
  const turnCpu: number[][] = docs.map(() => []);
  let cpu: number[] | null = docs.map(() => 0);
  for (let turn = 0; turn < turns; turn++) {
    for (const [i, [doc, sync]] of docs.entries()) {
      const run = await measureKeystrokes(session, doc, rounds, sync);
      samples[i]?.push(...run.samples);
      turnMedians[i]?.push(quantile(run.samples, 0.5));
      if (run.cpu === null) cpu = null;
      else if (cpu) {
        cpu[i] = (cpu[i] as number) + run.cpu / turns;
        turnCpu[i]?.push(run.cpu);
      }
    }
  }
  return { samples, cpu, turnMedians, turnCpu };
}

/** The `p`-quantile (0..1) of `samples`. */
export function quantile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/**
 * CPU time (ms) the server process has used so far, from /proc (Linux), or null. On a busy machine
 * wall-clock tails measure the scheduler; CPU per keystroke measures the server. Read from each
 * thread's schedstat (nanoseconds the scheduler ran it) where the kernel has them: the user and system
 * times of /proc/<pid>/stat are sampled at 100 Hz, which over a few hundred sub-millisecond keystrokes
 * is off by a fifth either way.
 */
export function serverCpuMs(session: LspSession): number | null {
  const pid = session.child.pid;
  if (pid === undefined) return null;
  const tasks = `/proc/${pid}/task`;
  if (existsSync(`${tasks}/${pid}/schedstat`)) {
    let ns = 0;
    for (const task of readdirSync(tasks)) {
      try {
        ns += Number(readFileSync(`${tasks}/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended between the listing and the read: its time is no longer counted anywhere.
      }
    }
    return ns / 1e6;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name, in ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
