// The bundled server learns the categories and columns a workspace's own queries read, over stdio as
// any editor would start it: from the .mxql files of a temporary workspace folder (but not those under
// node_modules or dot-folders), from open documents, and from file events. Completion offers what is
// learned, no unknown-column warning fires for it, and diagnostics follow what changes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { type CompletionList, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { startSession, withCursor, type LspSession } from './lspClient';

const FILES: Record<string, string> = {
  'health.mxql': 'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [time, oname, EnvironmentHealth, p99Latency]\n',
  'reports/tps.mxql':
    '-- TPS with its 95th percentile\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, tps, tps_p95]\n',
  'node_modules/dep/vendored.mxql': 'CATEGORY app_counter\nTAGLOAD\nSELECT [tps_vendored]\n',
  '.history/old.mxql': 'CATEGORY app_counter\nTAGLOAD\nSELECT [tps_hidden]\n',
};

let work: string;
let session: LspSession;
let version = 1;

const uriOf = (file: string): string => pathToFileURL(join(work, file)).href;

function write(file: string, text: string): void {
  mkdirSync(join(work, file, '..'), { recursive: true });
  writeFileSync(join(work, file), text);
}

function open(uri: string, text: string): void {
  void session.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'mxql', version: version++, text },
  });
}

function fileEvent(file: string, type: 1 | 2 | 3): void {
  void session.connection.sendNotification('workspace/didChangeWatchedFiles', {
    changes: [{ uri: uriOf(file), type }],
  });
}

async function labelsAt(uri: string, marked: string): Promise<string[]> {
  const { text, position } = withCursor(marked);
  open(uri, text);
  const list = await session.connection.sendRequest<CompletionList>('textDocument/completion', {
    textDocument: { uri },
    position,
  });
  return list.items.map((i) => i.label);
}

/** Polls `check` until it holds (what is learned arrives asynchronously), failing after 10 s. */
async function eventually(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first diagnostics published for `uri` that `accept` takes, failing after 10 s. */
async function diagnosticsFor(
  uri: string,
  accept: (p: PublishDiagnosticsParams) => boolean = () => true,
): Promise<PublishDiagnosticsParams> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no such diagnostics for ${uri} within 10 s`)), 10_000);
  });
  try {
    return await Promise.race([session.diagnostics(uri, accept), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const unknownColumns = (p: PublishDiagnosticsParams): string[] =>
  p.diagnostics
    .filter((d) => d.code === 'column/unknown')
    .map((d) => (typeof d.message === 'string' ? d.message : d.message.value));

void describe('the server learns what the workspace reads', () => {
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'mxql-learn-'));
    for (const [file, text] of Object.entries(FILES)) write(file, text);
    session = await startSession({ diagnostics: { enabled: true, disabledCodes: [] } }, undefined, {
      workspaceFolders: [{ uri: pathToFileURL(work).href, name: 'learn' }],
      capabilities: {
        workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
      },
    });
    await eventually('the workspace is read', () =>
      session.logs.some((l) => /Learned .* of 2 workspace/.test(l)),
    );
  });
  after(async () => {
    await session.stop();
    rmSync(work, { recursive: true, force: true });
  });

  void test('completion in a third document offers the columns the workspace files read', async () => {
    const labels = await labelsAt(
      uriOf('draft.mxql'),
      'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [time, $0]\n',
    );
    assert.ok(labels.includes('EnvironmentHealth') && labels.includes('p99Latency'), labels.join());
    const known = await labelsAt(uriOf('draft2.mxql'), 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, $0]\n');
    assert.ok(known.includes('tps_p95'), 'a learned column of a known category');
    assert.ok(
      !known.includes('tps_vendored') && !known.includes('tps_hidden'),
      'node_modules and dot-folders',
    );
  });

  void test('no unknown category or column for what the workspace reads; others still warn', async () => {
    const uri = uriOf('check.mxql');
    open(uri, 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps_p95, tps_p96]\n');
    const published = await diagnosticsFor(uri);
    assert.equal(unknownColumns(published).length, 1, JSON.stringify(published.diagnostics));
    assert.match(unknownColumns(published)[0] ?? '', /tps_p96/);
    const beanstalk = uriOf('beanstalk.mxql');
    open(beanstalk, 'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [time, EnvironmentHealth, AnythingElse]\n');
    const codes = (await diagnosticsFor(beanstalk)).diagnostics.map((d) => d.code);
    assert.ok(!codes.includes('category/unknown') && !codes.includes('column/unknown'), codes.join());
  });

  void test('a changed, a created and a deleted file are picked up, and open documents re-validated', async () => {
    write('health.mxql', 'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [time, InstancesOk]\n');
    fileEvent('health.mxql', 2);
    await eventually('the changed file is learned', async () =>
      (await labelsAt(uriOf('draft3.mxql'), 'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [$0]\n')).includes(
        'InstancesOk',
      ),
    );

    const uri = uriOf('fresh-check.mxql');
    open(uri, 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps_fresh]\n');
    assert.equal(unknownColumns(await diagnosticsFor(uri)).length, 1);
    write('fresh.mxql', 'CATEGORY app_counter\nTAGLOAD\nSELECT [tps_fresh]\n');
    fileEvent('fresh.mxql', 1);
    const cleared = await diagnosticsFor(uri, (p) => unknownColumns(p).length === 0);

    // A file event from node_modules is ignored, as the walk skips it.
    write('node_modules/dep/fresh.mxql', 'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [VendoredOnly]\n');
    fileEvent('node_modules/dep/fresh.mxql', 1);

    unlinkSync(join(work, 'fresh.mxql'));
    fileEvent('fresh.mxql', 3);
    await diagnosticsFor(uri, (p) => p !== cleared && unknownColumns(p).length === 1);
  });

  void test('file events from node_modules are ignored', async () => {
    const labels = await labelsAt(uriOf('draft4.mxql'), 'CATEGORY elasticbeanstalk\nTAGLOAD\nSELECT [$0]\n');
    assert.ok(labels.includes('InstancesOk') && !labels.includes('VendoredOnly'), labels.join());
  });

  void test('open documents teach the others, but not themselves', async () => {
    const reader = 'untitled:reader';
    open(reader, 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps_from_open]\n');
    const first = await diagnosticsFor(reader);
    assert.equal(unknownColumns(first).length, 1, 'a column only this document reads warns');
    const teacher = 'untitled:teacher';
    open(teacher, 'CATEGORY app_counter\nTAGLOAD\nSELECT [tps_from_open, tps_teacher_only]\n');
    const opened = await diagnosticsFor(teacher);
    await diagnosticsFor(reader, (p) => p !== first && unknownColumns(p).length === 0);
    // Re-validated once the teacher is learned: what only it reads still warns in it.
    const again = await diagnosticsFor(teacher, (p) => p !== opened);
    assert.deepEqual(unknownColumns(again).length, 1, JSON.stringify(again.diagnostics));
    assert.match(unknownColumns(again)[0] ?? '', /tps_teacher_only/);
    // And after another document reads what the teacher reads, which validates the teacher again.
    open('untitled:third', 'CATEGORY app_counter\nTAGLOAD\nSELECT [tps_from_open, tps_third]\n');
    const later = await diagnosticsFor(teacher, (p) => p !== opened && p !== again);
    assert.match(unknownColumns(later)[0] ?? '', /tps_teacher_only/);
  });
});
