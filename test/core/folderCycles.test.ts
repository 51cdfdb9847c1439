// The core's folders form layers: no folder imports, directly or through others, a folder that imports
// it. Each folder then has one job a reader can learn without reading the ones above it. The graph is
// read from every import form of every core module (`import`, `export … from`, `import()`), at the level
// of folders; a planted import shows the check finds a cycle.
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { coreSources } from '../support/coreSources';

/** The folder-level import graph: folder → folders its modules import (outside the core left out). */
function folderGraph(sources: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    const from = posix.dirname(file);
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = posix.normalize(posix.join(from, fileName));
      if (target.startsWith('..')) continue;
      // `./syntax/index` and `./syntax` both name a module of folder `syntax`.
      const isFolder =
        [...sources.keys()].some((f) => f.startsWith(`${target}/`)) && !sources.has(`${target}.ts`);
      const folder = isFolder ? target : posix.dirname(target);
      if (folder !== from) targets.add(folder);
    }
  }
  return graph;
}

/** The cycles of `graph`: each strongly connected set of more than one folder, sorted. */
function folderCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

void test('no folder of the core imports a folder that imports it', () => {
  const graph = folderGraph(coreSources());
  assert.ok(graph.size >= 10, `read ${graph.size} folders`);
  assert.deepEqual(folderCycles(graph), []);
});

void test('a planted import that closes a loop is found, with every folder on it', () => {
  const sources = coreSources();
  // The catalog is the bottom layer; a catalog module reading hover closes a loop through features/.
  sources.set('catalog/planted.ts', "import { hover } from '../features/hover';\nexport const x = hover;\n");
  const cycles = folderCycles(folderGraph(sources));
  assert.equal(cycles.length, 1);
  assert.ok(cycles[0]?.includes('catalog') && cycles[0].includes('features'), JSON.stringify(cycles));
  // A dynamic import counts too.
  const dynamic = coreSources();
  dynamic.set('diagnostics/planted.ts', "export const load = () => import('../syntax/parser');\n");
  assert.deepEqual(folderCycles(folderGraph(dynamic)), [['diagnostics', 'syntax']]);
});
