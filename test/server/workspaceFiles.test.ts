// The walk over a workspace's query files: breadth first, bounded, skipping node_modules and
// dot-folders; and which paths count as the workspace's own for file events and closed documents.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  MAX_QUERY_FILE_BYTES,
  findQueryFiles,
  inWorkspace,
  readQueryFile,
} from '../../server/src/workspaceFiles';

let work: string;

function write(file: string, text: string): void {
  mkdirSync(join(work, file, '..'), { recursive: true });
  writeFileSync(join(work, file), text);
}

void describe('workspace query files', () => {
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'mxql-files-'));
    write('a.mxql', 'CATEGORY app_counter\n');
    write('deep/er/b.MXQL', 'CATEGORY app_counter\n');
    write('notes.txt', 'not a query');
    write('node_modules/x/c.mxql', 'CATEGORY app_counter\n');
    write('.git/d.mxql', 'CATEGORY app_counter\n');
    write('huge.mxql', 'x'.repeat(MAX_QUERY_FILE_BYTES + 1));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  void test('finds .mxql files outside node_modules and dot-folders, up to the bound', async () => {
    const found = (await findQueryFiles([work])).map((p) => relative(work, p));
    assert.deepEqual(found, ['a.mxql', 'huge.mxql', join('deep', 'er', 'b.MXQL')]);
    assert.equal((await findQueryFiles([work], 1)).length, 1);
    assert.deepEqual(await findQueryFiles([join(work, 'missing')]), []);
  });

  void test('reads a file within the byte bound only', async () => {
    assert.equal(await readQueryFile(join(work, 'a.mxql')), 'CATEGORY app_counter\n');
    assert.equal(await readQueryFile(join(work, 'huge.mxql')), undefined);
    assert.equal(await readQueryFile(join(work, 'missing.mxql')), undefined);
  });

  void test('tells which paths the walk would read', () => {
    assert.equal(inWorkspace(join(work, 'deep', 'er', 'b.MXQL'), [work]), true);
    assert.equal(inWorkspace(join(work, 'node_modules', 'x', 'c.mxql'), [work]), false);
    assert.equal(inWorkspace(join(work, '.git', 'd.mxql'), [work]), false);
    assert.equal(inWorkspace(join(tmpdir(), 'elsewhere.mxql'), [work]), false);
    assert.equal(inWorkspace(join(work, 'a.mxql'), []), false);
  });
});
