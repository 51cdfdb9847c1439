/**
 * ARCHITECTURE.md stays a true map: each repository path it names exists, its layer list is the lint
 * rule's table (scripts/eslint/layers.mjs) and it has at most 250 lines. The doctored maps below prove
 * the checker fails on a wrong path, a wrong layer and a long map, so the first test cannot pass by
 * checking nothing.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { LAYERS } from '../../scripts/eslint/layers.mjs';
import {
  checkArchitectureMap,
  isRepoPath,
  MAX_MAP_LINES,
  namedPaths,
  statedLayers,
  type MapContext,
} from '../support/architectureMap';

const root = join(__dirname, '..', '..');
const map = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
const context: MapContext = {
  layers: LAYERS,
  topLevel: new Set(readdirSync(root)),
  exists: (path) => existsSync(join(root, path)),
};

/** `map` with `from` replaced by `to`, which must occur in it (else the doctoring proves nothing). */
function doctored(from: string, to: string): string {
  assert.ok(map.includes(from), `the map no longer says ${from}; choose another plant`);
  return map.replace(from, to);
}

void describe('ARCHITECTURE.md is a true map', () => {
  void test('every path it names exists, its layers are the lint rule’s, and it is short', () => {
    assert.deepEqual(checkArchitectureMap(map, context), []);
  });

  void test('it names paths and every layer, so the check has something to hold', () => {
    assert.ok(namedPaths(map, context.topLevel).length >= 50);
    assert.deepEqual(
      statedLayers(map)
        .map((layer) => layer.folder)
        .sort(),
      LAYERS.map((layer) => layer.folder).sort(),
    );
  });

  void test('a wrong path fails', () => {
    const problems = checkArchitectureMap(
      doctored('`server/core/run/plan.ts`', '`server/core/run/planner.ts`'),
      context,
    );
    assert.deepEqual(problems, ['the map names server/core/run/planner.ts, which does not exist']);
  });

  void test('a wrong folder and a wrong module of the layer list fail', () => {
    const folder = checkArchitectureMap(doctored('`client/src/views/`', '`client/src/panels/`'), context);
    assert.deepEqual(folder, ['the map names client/src/panels/, which does not exist']);
    const moduleName = checkArchitectureMap(doctored('`api/index`;', '`api/indexes`;'), context);
    assert.ok(moduleName.includes('the map names api/indexes, which does not exist'), moduleName.join('\n'));
  });

  void test('a layer that differs from the lint rule fails', () => {
    const lessImports = checkArchitectureMap(
      doctored(
        '`server/src`: imports `server/src`, `server/core/index`, `common`;',
        '`server/src`: imports `server/src`, `server/core/index`;',
      ),
      context,
    );
    assert.equal(lessImports.length, 1);
    assert.match(lessImports[0] ?? '', /^layer server\/src: the map says imports/);

    const sideDoor = checkArchitectureMap(
      doctored(
        '`client/src`: imports `client/src`, `server/core/index`,',
        '`client/src`: imports `client/src`, `server/core/index`, `server/core/catalog/bundledCatalog`,',
      ),
      context,
    );
    assert.equal(sideDoor.length, 1);
    assert.match(sideDoor[0] ?? '', /^layer client\/src: the map says imports/);

    const extraPackage = checkArchitectureMap(
      doctored('packages `ajv`.', 'packages `ajv`, `undici`.'),
      context,
    );
    assert.match(extraPackage.join('\n'), /^layer assistant: the map says packages/);

    const dropped = checkArchitectureMap(
      doctored('- `common`: imports `common`; packages `vscode-languageserver-protocol`.\n', ''),
      context,
    );
    assert.deepEqual(dropped, ['the map lists no layer common, which the lint rule has']);
  });

  void test('a map past the line limit fails', () => {
    const long = `${map}${'\nfiller'.repeat(MAX_MAP_LINES)}`;
    assert.match(checkArchitectureMap(long, context).join('\n'), /more than 250/);
  });

  void test('what counts as a repository path', () => {
    const paths = [
      ['server/core/index.ts', true],
      ['client/src/views/', true],
      ['common', true],
      ['package.json', true],
      ['clinet/src/run.ts', true],
      ['mxql/queryAtCursor', false],
      ['dist/server.js', false],
      ['../core/syntax/lexer', false],
      ['*.mxql', false],
      ['@modelcontextprotocol/sdk', false],
      ['node:*', false],
      ['vscode-languageserver', false],
      ['parse()', false],
    ] as const;
    for (const [span, expected] of paths) {
      assert.equal(isRepoPath(span, context.topLevel), expected, span);
    }
  });
});
