import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { bundledPathCatalog, loadBundledPaths } from '../../../server/core/catalog/bundledCatalog';
import {
  CATEGORY_DESCRIPTIONS,
  COMMANDS,
  EXPRESSION_FUNCTIONS,
  FIELD_DESCRIPTIONS,
  GENERATED_COLUMNS,
  AGENT_COLUMNS,
  SYSTEM_COLUMNS,
  WELL_KNOWN_PARAMS,
  createPathCatalog,
  findCommand,
  type CatalogJson,
  type PathsJson,
} from '../../../server/core/catalog/index';
import { titleOfQueryFile } from '../../../server/core/index';
import { corpusDir, corpusPresent } from '../../support/corpus';
import { readShared, readSourceCategories, repoRoot, sharedCatalogDir } from './sharedMaterial';

const catalogDir = join(repoRoot, 'server', 'core', 'catalog');

/** Every committed file of the catalog module (TypeScript and data). */
function catalogFiles(dir = catalogDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? catalogFiles(path) : [path];
  });
}

/** Every description the catalog module exposes. */
function ourDescriptions(): string[] {
  const commands = COMMANDS.flatMap((c) => [c.description, ...c.options.map((o) => o.description)]);
  const columns = [...SYSTEM_COLUMNS, ...AGENT_COLUMNS, ...GENERATED_COLUMNS].map((c) => c.description ?? '');
  return [
    ...Object.values(FIELD_DESCRIPTIONS).flatMap((d) => Object.values(d)),
    ...Object.values(CATEGORY_DESCRIPTIONS),
    ...commands,
    ...columns,
    ...WELL_KNOWN_PARAMS.map((p) => p.description),
    ...EXPRESSION_FUNCTIONS.map((f) => f.description),
  ];
}

void describe('bundled data holds facts only', () => {
  void it('has only fact slots in the category JSON', () => {
    const json = JSON.parse(readFileSync(join(catalogDir, 'data', 'categories.json'), 'utf8')) as CatalogJson;
    assert.deepEqual(Object.keys(json).sort(), ['categories', 'knownWithoutColumns', 'titles', 'v']);
    const slots = new Set(['i', 'k', 'l', 't', 'f', 'u', 'p', 'n', 'q']);
    for (const [name, entry] of Object.entries(json.categories)) {
      for (const key of Object.keys(entry)) assert.ok(slots.has(key), `${name} has slot ${key}`);
      // Usage is numbers only: column name → count of public queries.
      for (const count of Object.values(entry.n ?? {})) assert.ok(Number.isInteger(count) && count > 0, name);
      for (const column of [...(entry.t ?? []), ...(entry.f ?? []), ...(entry.q ?? [])]) {
        if (typeof column === 'string') continue;
        assert.ok(column.length >= 2 && column.length <= 4, `${name}: ${JSON.stringify(column)}`);
        assert.ok(column[3] === undefined || column[3] === 1, `${name}: ${JSON.stringify(column)}`);
      }
    }
    for (const loader of Object.values(json.knownWithoutColumns))
      assert.ok(loader === '' || findCommand(loader));
    // Titles are the words of public query file names (names, not sentences), by known categories.
    const fileTitles = corpusPresent
      ? new Set(
          readdirSync(corpusDir)
            .filter((f) => f.endsWith('.mxql'))
            .map(titleOfQueryFile),
        )
      : undefined;
    for (const [name, titles] of Object.entries(json.titles ?? {})) {
      assert.ok(Object.hasOwn(json.categories, name) || Object.hasOwn(json.knownWithoutColumns, name), name);
      for (const title of titles) {
        assert.match(title, /^[a-z0-9]+( [a-z0-9]+)*$/, `${name}: ${title}`);
        assert.ok(!fileTitles || fileTitles.has(title), `${name}: "${title}" is no file name's title`);
      }
    }
  });

  void it('copies no description sentence of the shared metadata into any catalog file', () => {
    const source = readSourceCategories();
    if (!source) return;
    const described = Object.values(source).flatMap((c) => [
      c.description_en,
      ...[...c.tags, ...c.fields].map((x) => x.description_en),
    ]);
    const sentences = [...new Set(described.filter((d): d is string => !!d))];
    assert.ok(sentences.length > 1000, 'the shared metadata should hold many descriptions');
    const normalise = (s: string) =>
      s
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .replace(/[.\s]+$/, '');
    const texts = catalogFiles().map((f) => ({ f, text: normalise(readFileSync(f, 'utf8')) }));
    for (const sentence of sentences.map(normalise)) {
      // Two-word phrases ("agent name") are ordinary vocabulary; three words or more is copying.
      if (sentence.split(' ').length < 3) continue;
      for (const { f, text } of texts) assert.ok(!text.includes(sentence), `${f} contains "${sentence}"`);
    }
    const copied = new Set(sentences.map(normalise));
    for (const description of ourDescriptions()) {
      assert.ok(!copied.has(normalise(description)), `copied: "${description}"`);
    }
  });

  void it('is what the build script produces from the shared catalog', () => {
    if (readShared('catalog/categories.json') === undefined) return;
    const out = mkdtempSync(join(tmpdir(), 'mxql-catalog-'));
    after(() => rmSync(out, { recursive: true, force: true }));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts', 'buildCatalog.mjs'), sharedCatalogDir, out],
      { encoding: 'utf8', cwd: repoRoot },
    );
    assert.equal(run.status, 0, run.stderr);
    for (const file of ['categories.json', 'paths.json']) {
      const fresh = readFileSync(join(out, file), 'utf8');
      assert.equal(readFileSync(join(catalogDir, 'data', file), 'utf8'), fresh, `${file} is stale`);
    }
  });

  void it('stays compact', () => {
    const size = statSync(join(catalogDir, 'data', 'categories.json')).size;
    assert.ok(size < 200_000, `categories.json is ${size} bytes`);
  });
});

void describe('predefined paths', () => {
  void it('bundles the 699 paths, the documented ones included', () => {
    const paths = bundledPathCatalog.predefinedPaths();
    assert.equal(paths.length, 699);
    assert.ok(bundledPathCatalog.isPredefinedPath('/app/act_tx/act_tx_oid'));
    assert.ok(bundledPathCatalog.isPredefinedPath('/app/act_tx/agent_with_tx'));
    assert.ok(bundledPathCatalog.isPredefinedPath('/flexboard/aws_beanstalk_ebs_ops copy'));
    assert.equal(bundledPathCatalog.isPredefinedPath('/app/nope'), false);
    assert.equal(bundledPathCatalog.suggestPaths('/app/act_tx/act_tx_odi', 1)[0], '/app/act_tx/act_tx_oid');
  });

  void it('matches paths.txt when the shared catalog is present', () => {
    const text = readShared('catalog/paths.txt');
    if (text === undefined) return;
    const expected = text.split(/\r?\n/).filter((p) => p.startsWith('/'));
    assert.deepEqual(loadBundledPaths().paths, expected);
  });

  void it('loads lazily and degrades to no paths when the loader fails', () => {
    let calls = 0;
    const catalog = createPathCatalog(() => {
      calls++;
      return { v: 1, paths: ['/a', '/b'] };
    });
    assert.equal(calls, 0);
    assert.deepEqual(catalog.predefinedPaths(), ['/a', '/b']);
    catalog.isPredefinedPath('/a');
    assert.equal(calls, 1);
    const failing = createPathCatalog(() => {
      throw new Error('no paths file');
    });
    assert.deepEqual(failing.predefinedPaths(), []);
    assert.equal(failing.loadError(), 'no paths file');
    const malformed = createPathCatalog(() => ({ v: 1 }) as unknown as PathsJson);
    assert.match(malformed.loadError() ?? '', /unexpected shape/);
  });
});
