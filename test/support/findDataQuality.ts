// Leave-one-out quality of the data search (assistant/findData), shared by the benchmark (which prints
// the figures) and the floor test. A need is words with the categories that answer them: the lines of
// the shared nl/dev.tsv, and the description comments at the top of corpus files (answered by the
// categories the file reads). For each need the index is built from facts that need never taught:
// - workspace knowledge is learned from every corpus file except the ones the need comes from (the
//   files of its catalog source, or the file itself); `strict` also leaves out every file whose
//   description is the need's own words (the corpus holds the same query under several paths);
// - the catalog's usage counts, query-only columns and query titles (from file names) are counted over
//   those same files, with the functions that build the bundled catalog, so the held-out query is not
//   in them either.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyQueryTitles,
  collectQueryTitles,
  splitCategorySuffix,
  type CatalogJson,
  type QueryTitles,
} from '../../server/core/index';
import { createCategoryCatalog } from '../../server/core/catalog/categoryCatalog';
import { applyColumnUsage, countColumnUsage, type ColumnUsage } from '../../server/core/analysis/columnUsage';
import {
  buildDataIndex,
  leadingComment,
  learnFromQueries,
  type WorkspaceEntry,
} from '../../assistant/findData/index';
import { catalogDirOf, readCorpus } from './languageQuality';

/** Words and the categories that answer them. */
export interface Need {
  readonly text: string;
  readonly accept: readonly string[];
  /** Corpus files the need comes from: never learned from while it is measured. */
  readonly from: ReadonlySet<string>;
}

/** Everything a run needs, read once. */
export interface FindDataFixture {
  readonly devNeeds: readonly Need[];
  readonly corpusNeeds: readonly Need[];
  readonly files: readonly { file: string; text: string; comment: string }[];
  readonly learned: ReadonlyMap<string, readonly WorkspaceEntry[]>;
  readonly usage: ReadonlyMap<string, ColumnUsage>;
  readonly titles: ReadonlyMap<string, QueryTitles>;
  readonly metadata: CatalogJson;
  readonly referenceUsage: ColumnUsage;
}

export interface Quality {
  readonly needs: number;
  readonly top1: number;
  readonly top5: number;
  readonly mrr: number;
}

export interface Configuration {
  readonly mode: 'full' | 'names';
  readonly workspace: boolean;
  readonly strict: boolean;
}

const RANKS_CONSIDERED = 50;

/** The same words once spaces and case are folded: two descriptions that say the same thing. */
function sameWords(a: string, b: string): boolean {
  const fold = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return fold(a) === fold(b);
}

/** Corpus file names by catalog source key (`mxql/app/tps_oid`), from INDEX.tsv's source columns. */
function filesBySource(indexTsv: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const line of indexTsv.split(/\r?\n/).slice(1)) {
    const [file, , sourcePath = '', , , , , , others = ''] = line.split('\t');
    if (!file) continue;
    for (const m of `${sourcePath} ${others}`.matchAll(/CATALOG_RAW\["([^"]+)"\]/g)) {
      const key = m[1] ?? '';
      const files = out.get(key) ?? new Set<string>();
      files.add(file);
      out.set(key, files);
    }
  }
  return out;
}

function readDevNeeds(devTsv: string, bySource: Map<string, Set<string>>): Need[] {
  const needs: Need[] = [];
  for (const line of devTsv.split(/\r?\n/).slice(1)) {
    const [text = '', accept = '', source = ''] = line.split('\t');
    if (!text.trim()) continue;
    const key = source.replace(/^catalog:/, '');
    needs.push({
      text,
      accept: accept.split(/[,\s]+/).filter(Boolean),
      from: bySource.get(key) ?? new Set(),
    });
  }
  return needs;
}

/** Reads the corpus, nl/dev.tsv, INDEX.tsv and the shared metadata, and learns from each file once. */
export async function readFixture(corpusDir: string): Promise<FindDataFixture> {
  const build = await import('../../scripts/buildCatalog.mjs');
  const catalogDir = catalogDirOf(corpusDir);
  const metadata: CatalogJson = build.metadataCatalog(catalogDir);
  const metadataCatalog = createCategoryCatalog(() => metadata);
  const reference = join(catalogDir, '..', 'reference.md');
  const examples: string[] = existsSync(reference)
    ? build.referenceExamples(readFileSync(reference, 'utf8'))
    : [];
  const files = readCorpus(corpusDir).map((f) => ({ ...f, comment: leadingComment(f.text) }));
  const learned = new Map(files.map((f) => [f.file, learnFromQueries([f.text], metadataCatalog)]));
  const usage = new Map(files.map((f) => [f.file, countColumnUsage([f.text], metadataCatalog)]));
  const titles = new Map(
    files.map((f) => [f.file, collectQueryTitles([{ name: f.file, text: f.text }], metadataCatalog)]),
  );
  const bySource = filesBySource(readFileSync(join(corpusDir, '..', 'INDEX.tsv'), 'utf8'));
  const devNeeds = readDevNeeds(readFileSync(join(corpusDir, '..', '..', 'nl', 'dev.tsv'), 'utf8'), bySource);
  const corpusNeeds = files
    .filter((f) => f.comment !== '')
    .map((f) => ({
      text: f.comment,
      accept: [...new Set((learned.get(f.file) ?? []).map((e) => e.category))],
      from: new Set([f.file]),
    }))
    .filter((n) => n.accept.length > 0);
  return {
    devNeeds,
    corpusNeeds,
    files,
    learned,
    usage,
    titles,
    metadata,
    referenceUsage: countColumnUsage(examples, metadataCatalog),
  };
}

function addUsage(into: ColumnUsage, more: ColumnUsage): void {
  for (const [category, counts] of Object.entries(more)) {
    const target = (into[category] ??= {});
    for (const [column, n] of Object.entries(counts)) target[column] = (target[column] ?? 0) + n;
  }
}

/** The files a need may learn from. */
function teachers(fixture: FindDataFixture, need: Need, strict: boolean): string[] {
  return fixture.files
    .filter((f) => !need.from.has(f.file) && !(strict && f.comment !== '' && sameWords(f.comment, need.text)))
    .map((f) => f.file);
}

/** 1-based rank of the first accepted category, 0 when not among the first RANKS_CONSIDERED. */
export function rankOf(found: readonly { category: string }[], accept: readonly string[]): number {
  const wanted = new Set(accept.map((a) => splitCategorySuffix(a).base));
  return found.findIndex((f) => wanted.has(splitCategorySuffix(f.category).base)) + 1;
}

function summarise(ranks: readonly number[]): Quality {
  const n = Math.max(ranks.length, 1);
  return {
    needs: ranks.length,
    top1: ranks.filter((r) => r === 1).length / n,
    top5: ranks.filter((r) => r > 0 && r <= 5).length / n,
    mrr: ranks.reduce((sum, r) => sum + (r > 0 ? 1 / r : 0), 0) / n,
  };
}

/** Leave-one-out quality of one configuration over `needs`; `ranks` also lists each need's rank. */
export function measureFindData(
  fixture: FindDataFixture,
  needs: readonly Need[],
  config: Configuration,
): Quality & { ranks: number[] } {
  const catalogs = new Map<string, CatalogJson>();
  const ranks: number[] = [];
  for (const need of needs) {
    const files = teachers(fixture, need, config.strict);
    const key = files.join('\n');
    let json = catalogs.get(key);
    if (!json) {
      const usage: ColumnUsage = {};
      addUsage(usage, fixture.referenceUsage);
      const titles: QueryTitles = {};
      for (const file of files) {
        addUsage(usage, fixture.usage.get(file) ?? {});
        for (const [category, list] of Object.entries(fixture.titles.get(file) ?? {}))
          (titles[category] ??= []).push(...list);
      }
      json = applyQueryTitles(applyColumnUsage(fixture.metadata, usage), titles);
      catalogs.set(key, json);
    }
    const catalog = createCategoryCatalog(() => json);
    const workspace = config.workspace ? files.flatMap((f) => fixture.learned.get(f) ?? []) : [];
    const index = buildDataIndex({ catalog, workspace, mode: config.mode });
    ranks.push(rankOf(index.find(need.text, { limit: RANKS_CONSIDERED }), need.accept));
  }
  return { ...summarise(ranks), ranks };
}

/** `92.3%`. */
export function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
