// Quality figures of the language features over the shared corpus, shared by the benchmark (which
// prints them) and the unit tests (which hold floors):
// - noise: the share of working queries (no `<%` marker) that get any warning or error;
// - completion, leave one out: remove one name from a real list (`SELECT [...]`, `pk:`, `key:`),
//   ask for completion there, and rank the result as VS Code does (sortText, then label). Usage counts
//   come from the other folds only (k-fold), built by the same function as the bundled catalog.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  analyzeDocument,
  complete,
  findCommand,
  parse,
  validate,
  type CatalogJson,
  type CategoryCatalog,
  type Value,
} from '../../server/core/index';
import { createCategoryCatalog } from '../../server/core/catalog/categoryCatalog';
import { bundledPathCatalog } from '../../server/core/catalog/bundledCatalog';

/** One corpus file. */
export interface CorpusFile {
  readonly file: string;
  readonly text: string;
}

/** The `.mxql` files of `dir`, sorted by name. */
export function readCorpus(dir: string): CorpusFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mxql'))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
}

/** The shared catalog folder beside a corpus folder (`…/mxql/corpus/dev` → `…/mxql/catalog`). */
export function catalogDirOf(corpusDir: string): string {
  return join(corpusDir, '..', '..', 'catalog');
}

/** Noise figures: files with any warning or error, and the count per `severity code`. */
export interface Noise {
  readonly files: number;
  readonly noisy: number;
  readonly perCode: ReadonlyMap<string, number>;
}

/** Validates every working query (no template marker) and counts warnings and errors. */
export function measureNoise(files: readonly CorpusFile[], catalog: CategoryCatalog): Noise {
  const perCode = new Map<string, number>();
  let noisy = 0;
  let count = 0;
  for (const { text } of files) {
    if (text.includes('<%')) continue;
    count++;
    const loud = validate(text, { catalog }).filter(
      (d) => d.severity === 'error' || d.severity === 'warning',
    );
    if (loud.length > 0) noisy++;
    for (const d of loud)
      perCode.set(`${d.severity} ${d.code}`, (perCode.get(`${d.severity} ${d.code}`) ?? 0) + 1);
  }
  return { files: count, noisy, perCode };
}

/** Completion quality: share offered, share in the first ten, mean reciprocal rank. */
export interface Quality {
  readonly probes: number;
  readonly recall: number;
  readonly top10: number;
  readonly mrr: number;
}

/** One leave-one-out probe: the file without one name, and where the name was. */
interface Probe {
  readonly text: string;
  readonly offset: number;
  readonly name: string;
}

const KEY_OPTIONS = new Set(['pk', 'key']);

function wordsOf(v: Value | null): { text: string; start: number; end: number }[] {
  if (v === null) return [];
  if (v.kind === 'word' && !v.template && /^[A-Za-z_][\w.]*$/.test(v.text))
    return [{ text: v.text, start: v.range.start, end: v.range.end }];
  if (v.kind === 'array') return v.items.flatMap((item) => (item.kind === 'word' ? wordsOf(item) : []));
  return [];
}

/** Every name of every real list: SELECT operands and `pk:`/`key:` values. */
function probesOf(text: string): Probe[] {
  const { ast } = parse(text);
  const out: Probe[] = [];
  for (const s of [...ast.main, ...ast.subs.flatMap((sub) => sub.commands)]) {
    if (s.kind !== 'command' || s.operand === null) continue;
    const lists: (Value | null)[] = [];
    if (s.upperName === 'SELECT' && s.operand.kind === 'array') lists.push(s.operand);
    // `pk:`/`key:` values that read existing columns (CREATE's `key:` names a new one).
    const options = findCommand(s.name)?.options ?? [];
    const reads = (key: string): boolean => options.some((o) => o.name === key && o.column === 'reads');
    if (s.operand.kind === 'object')
      for (const m of s.operand.members)
        if (m.key && KEY_OPTIONS.has(m.key.name) && reads(m.key.name)) lists.push(m.value);
    for (const w of lists.flatMap(wordsOf))
      out.push({ text: text.slice(0, w.start) + text.slice(w.end), offset: w.start, name: w.text });
  }
  return out;
}

/** 1-based rank of `name` when items are ordered by `order`, or 0 when it is not offered. */
function rankOf(
  labels: readonly { label: string; sortText?: string }[],
  name: string,
  alphabetical: boolean,
): number {
  const key = (i: { label: string; sortText?: string }): string =>
    alphabetical ? i.label : (i.sortText ?? i.label);
  const sorted = [...labels].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka < kb ? -1 : 1;
    return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
  });
  return sorted.findIndex((i) => i.label === name) + 1;
}

function summarise(ranks: readonly number[]): Quality {
  const n = Math.max(ranks.length, 1);
  return {
    probes: ranks.length,
    recall: ranks.filter((r) => r > 0).length / n,
    top10: ranks.filter((r) => r > 0 && r <= 10).length / n,
    mrr: ranks.reduce((sum, r) => sum + (r > 0 ? 1 / r : 0), 0) / n,
  };
}

/** Builds a catalog from usage over `texts`: the same function scripts/buildCatalog.mjs runs. */
export type CatalogBuilder = (texts: readonly string[]) => CatalogJson;

/**
 * Leave-one-out completion quality with k-fold usage counts: files are split into `folds` groups by
 * index; each group is measured with a catalog whose counts come from the other groups only.
 * `every` keeps one file in `every` (1 = all) to bound the cost of a unit test.
 */
export function measureCompletion(
  files: readonly CorpusFile[],
  build: CatalogBuilder,
  options: { folds?: number; every?: number } = {},
): { ranked: Quality; alphabetical: Quality } {
  const folds = options.folds ?? 5;
  const every = options.every ?? 1;
  const ranked: number[] = [];
  const alphabetical: number[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const held = files.filter((_, i) => i % folds === fold && (i / folds) % every < 1);
    const rest = files.filter((_, i) => i % folds !== fold).map((f) => f.text);
    const json = build(rest);
    const catalogs = { categories: createCategoryCatalog(() => json), paths: bundledPathCatalog };
    for (const { text } of held) {
      for (const probe of probesOf(text)) {
        const items = complete(analyzeDocument(probe.text, catalogs), probe.offset).items;
        ranked.push(rankOf(items, probe.name, false));
        alphabetical.push(rankOf(items, probe.name, true));
      }
    }
  }
  return { ranked: summarise(ranked), alphabetical: summarise(alphabetical) };
}

/**
 * The catalog builder of scripts/buildCatalog.mjs over the shared metadata beside `corpusDir`: each call
 * counts the given texts plus the reference's examples, as the bundled catalog does.
 */
export async function catalogBuilderFor(corpusDir: string): Promise<CatalogBuilder> {
  const build = await import('../../scripts/buildCatalog.mjs');
  const catalogDir = catalogDirOf(corpusDir);
  const metadata = build.metadataCatalog(catalogDir);
  const reference = join(catalogDir, '..', 'reference.md');
  const examples = existsSync(reference) ? build.referenceExamples(readFileSync(reference, 'utf8')) : [];
  return (texts) => build.buildCatalogJson(metadata, [...texts, ...examples]);
}

/** `92.3%`. */
export function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
