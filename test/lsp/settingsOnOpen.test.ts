// A file opened before the pulled settings arrive waits for them: a code the user disabled never shows,
// not even for the moment a slow client takes to answer `workspace/configuration`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startSession } from './lspClient';

const SLOW_CONFIGURATION_MS = 400;

void test(
  'disabled codes never flash up while the settings are on their way',
  { timeout: 60_000 },
  async () => {
    const settings = { diagnostics: { enabled: true, disabledCodes: ['inject/bare'] } };
    const session = await startSession(settings, undefined, {}, SLOW_CONFIGURATION_MS);
    try {
      const uri = 'file:///tmp/settings-on-open.mxql';
      await session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'mxql', version: 1, text: 'CATEGORY app_countr\nTAGLOAD\nINJECT\n' },
      });
      // The earliest publish for the file: it must already apply the settings.
      const first = await session.diagnostics(uri, (p) => p.diagnostics.length > 0);
      const codes = first.diagnostics.map((d) => String(d.code));
      assert.ok(codes.includes('category/unknown'), codes.join(', '));
      assert.ok(!codes.includes('inject/bare'), `inject/bare is disabled: ${codes.join(', ')}`);
    } finally {
      await session.stop();
    }
  },
);
