// Regenerates the bundled catalog (server/core/catalog/data/*.json) from the shared category metadata
// and, as numbers, from public queries: how many queries read each column of each category.
// `node --import tsx scripts/buildCatalog.mjs [catalogDir] [outDir] [corpusDir]`; catalogDir defaults to
// ../shared/mxql/catalog beside the repository, outDir to server/core/catalog/data (tests pass a temporary
// one), corpusDir to the corpus beside the catalog (its `.mxql` files and the reference's examples are
// counted; the queries themselves never enter the repository). Only facts are kept (names, types, units,
// deprecated flags, intervals, pk, loaders, usage counts, and the titles the
// public query files' names carry, by the categories they read); description texts are dropped on purpose: the
// project writes its own (fieldDescriptions.ts). It runs under tsx because the counting is the language
// core's own column flow (server/core/analysis/columnUsage.ts), the same code the completion benchmark uses.
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import core from '../server/core/index.ts';

// The core compiles as CommonJS, so its named exports come through the default import.
const { applyColumnUsage, applyQueryTitles, collectQueryTitles, countColumnUsage, createCategoryCatalog } =
  core;

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

// Column type names are stored as one letter; server/core/catalog/catalogJson.ts decodes them.
const TYPE_CODES = { Number: 'N', String: 'S', List: 'L', Long: 'G' };
// Categories that the vendor documents as field-only (FLEXLOAD) but that no query here references.
const DOCUMENTED_EXTRAS = { event_cache: 'FLEXLOAD' };
// Code-point order, so the output does not depend on the machine's locale.
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** [name] or [name, type, unit, deprecated] with 0 for a missing slot; a bare name when nothing else. */
function compactColumn(column) {
  const type = column.type ? (TYPE_CODES[column.type] ?? column.type) : 0;
  const unit = column.unit ?? 0;
  const slots = [column.name, type, unit, column.deprecated ? 1 : 0];
  while (slots.length > 1 && slots[slots.length - 1] === 0) slots.pop();
  return slots.length === 1 ? column.name : slots;
}

/**
 * Column lists are incomplete when the category came from the dashboard field summaries only (no tag
 * list) or when the metadata is a placeholder (just `oid` and `saveTime`, as for cloud categories).
 */
function columnsIncomplete(entry) {
  const tags = entry.tags.map((t) => t.name);
  const fields = entry.fields.map((f) => f.name);
  const placeholder = tags.every((n) => n === 'oid') && fields.every((n) => n === 'saveTime');
  return placeholder || !String(entry.src ?? '').includes('meta');
}

function compactCategory(entry) {
  const out = {};
  if (entry.interval?.length) out.i = entry.interval;
  if (entry.pk?.length) out.k = entry.pk;
  if (entry.loader) out.l = entry.loader;
  if (entry.tags.length) out.t = entry.tags.map(compactColumn);
  if (entry.fields.length) out.f = entry.fields.map(compactColumn);
  if (columnsIncomplete(entry)) out.u = 1;
  return out;
}

/** Names referenced by real queries that have no metadata, with the loader seen when unambiguous. */
function knownWithoutColumns(tsv, categories) {
  const out = {};
  for (const line of tsv.split(/\r?\n/).slice(1)) {
    const [name, , , inJson, loaders = ''] = line.split('\t');
    if (!name || inJson === 'yes' || name in categories) continue;
    const kinds = [
      ...new Set(
        loaders
          .split(',')
          .map((l) => l.split(':')[0])
          .filter((l) => l && l !== '(none)'),
      ),
    ];
    out[name] = kinds.length === 1 ? kinds[0] : '';
  }
  for (const [name, loader] of Object.entries(DOCUMENTED_EXTRAS))
    if (!(name in categories)) out[name] ??= loader;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => byCodePoint(a, b)));
}

/** The catalog from the shared metadata alone (no usage), as the core's CatalogJson. */
export function metadataCatalog(sourceDir) {
  const source = JSON.parse(readFileSync(join(sourceDir, 'categories.json'), 'utf8'));
  const categories = Object.fromEntries(
    Object.keys(source)
      .sort(byCodePoint)
      .map((name) => [name, compactCategory(source[name])]),
  );
  return {
    v: 1,
    categories,
    knownWithoutColumns: knownWithoutColumns(
      readFileSync(join(sourceDir, 'referenced_categories.tsv'), 'utf8'),
      categories,
    ),
  };
}

/** The MXQL examples of the reference (its fenced code blocks). */
export function referenceExamples(referenceText) {
  return [...referenceText.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/**
 * The bundled catalog: the metadata with the usage counted over `texts` applied, and the titles of the
 * named public query files (`files`: { name, text }) by the categories they read.
 */
export function buildCatalogJson(metadata, texts, files = []) {
  const catalog = createCategoryCatalog(() => metadata);
  const usage = countColumnUsage(texts, catalog);
  const withUsage = applyColumnUsage(metadata, usage);
  return files.length > 0 ? applyQueryTitles(withUsage, collectQueryTitles(files, catalog)) : withUsage;
}

/** The public queries beside the catalog: the corpus files and the reference's examples. */
function publicQueries(sourceDir, corpusDir) {
  const files = [];
  if (existsSync(corpusDir)) {
    for (const name of readdirSync(corpusDir)
      .filter((n) => n.endsWith('.mxql'))
      .sort())
      files.push({ name, text: readFileSync(join(corpusDir, name), 'utf8') });
  }
  const texts = files.map((f) => f.text);
  const reference = join(sourceDir, '..', 'reference.md');
  if (existsSync(reference)) texts.push(...referenceExamples(readFileSync(reference, 'utf8')));
  return { texts, files };
}

function main() {
  const sourceDir = resolve(root, process.argv[2] ?? '../shared/mxql/catalog');
  const outDir = resolve(root, process.argv[3] ?? 'server/core/catalog/data');
  const corpusDir = resolve(root, process.argv[4] ?? join(sourceDir, '..', 'corpus', 'dev'));
  const { texts, files } = publicQueries(sourceDir, corpusDir);
  const catalog = buildCatalogJson(metadataCatalog(sourceDir), texts, files);
  const paths = readFileSync(join(sourceDir, 'paths.txt'), 'utf8')
    .split(/\r?\n/)
    .filter((p) => p.startsWith('/'));
  mkdirSync(outDir, { recursive: true });
  const catalogText = JSON.stringify(catalog);
  writeFileSync(join(outDir, 'categories.json'), catalogText + '\n');
  writeFileSync(join(outDir, 'paths.json'), JSON.stringify({ v: 1, paths }) + '\n');
  console.log(
    `categories.json: ${Object.keys(catalog.categories).length} categories, ` +
      `${Object.keys(catalog.knownWithoutColumns).length} known without columns, ${catalogText.length + 1} bytes, ` +
      `usage from ${texts.length} public queries; paths.json: ${paths.length} paths`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
