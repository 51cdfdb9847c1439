// The editor features (completion, hover, rename …) are the top of the core's folders: the analysis they
// share (analysis/), the `$param` facts and the run planner (run/) live below them, so a change to how
// completion works can never change what a run asks for. Every module of a core folder other than
// `features/` is read for its imports (every form: `import`, `export … from`, `import()`); none may name a
// `features/` module, except the JSON event-rule editor, which is an editor feature of its own and borrows
// the completion result shapes and the hover texts. The facade (index.ts) exports both layers.
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { coreSources } from '../support/coreSources';

/** Non-feature modules that may read a feature module, each with the only modules it may read. */
const FEATURE_READERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['embedded/eventRules.ts', new Set(['features/completionTypes', 'features/hover'])],
]);

/** Each import of a feature module by a module outside `features/` that {@link FEATURE_READERS} does not allow. */
function featureImports(sources: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    // The facade (index.ts) stands above every folder; only the folders below it have layers.
    if (file.startsWith('features/') || !file.includes('/')) continue;
    const allowed = FEATURE_READERS.get(file) ?? new Set<string>();
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file), fileName)).replace(/\.[cm]?[jt]s$/, '');
      if (target === 'features' || target.startsWith('features/')) {
        if (!allowed.has(target)) found.push(`${file} -> ${target}`);
      }
    }
  }
  return found.sort();
}

void test('no core module below the editor features imports a feature module', () => {
  const sources = coreSources();
  assert.ok(sources.has('run/plan.ts') && sources.has('analysis/paramKinds.ts'), 'read the core');
  assert.deepEqual(featureImports(sources), []);
});

void test('a planted feature import from the run planner, the analysis or a dynamic import is found', () => {
  const planted = coreSources();
  planted.set('run/planted.ts', "import { completionSite } from '../features/completionSite';\n");
  planted.set('analysis/planted.ts', "export { hover } from '../features/hover';\n");
  planted.set('queries/planted.ts', "export const load = () => import('../features/completion');\n");
  // The event-rule editor may read hover, but not completion's own fillers.
  planted.set(
    'embedded/eventRules.ts',
    `${planted.get('embedded/eventRules.ts') ?? ''}\nimport { completionSite } from '../features/completionSite';\n`,
  );
  assert.deepEqual(featureImports(planted), [
    'analysis/planted.ts -> features/hover',
    'embedded/eventRules.ts -> features/completionSite',
    'queries/planted.ts -> features/completion',
    'run/planted.ts -> features/completionSite',
  ]);
});
