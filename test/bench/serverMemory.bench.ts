// Language-server memory after opening every corpus file over LSP stdio, against the same server
// right after initialize (the baseline, measured in the same run). Each file is analysed (symbols and
// semantic tokens requested) so that its cached parse and column flow are held. The figures come from
// the server's own process.memoryUsage() through mxql/serverStatus.
// Run: node --import tsx test/bench/serverMemory.bench.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServerStatusRequest } from '../../common/lspMethods';
import { startSession } from '../lsp/lspClient';

import { corpusDir as dir, corpusSetting as setting } from '../support/corpus';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  if (!existsSync(dir)) {
    console.log(`server memory bench skipped: no corpus at ${dir}`);
    process.exitCode = setting === 'required' ? 1 : 0;
    return;
  }
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mxql'))
    .sort();
  const session = await startSession();
  const status = () => session.connection.sendRequest(ServerStatusRequest);
  const baseline = await status();
  const started = performance.now();
  for (const [i, file] of files.entries()) {
    const uri = `file:///corpus/${file}`;
    await session.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mxql', version: i + 1, text: readFileSync(join(dir, file), 'utf8') },
    });
    await session.connection.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri } });
  }
  await Promise.all(files.map((file) => session.diagnostics(`file:///corpus/${file}`)));
  const elapsed = performance.now() - started;
  const loaded = await status();
  console.log(
    `files opened: ${loaded.openDocuments} in ${elapsed.toFixed(0)} ms (open + tokens + diagnostics)`,
  );
  console.log(
    `baseline after initialize: rss ${mb(baseline.memory.rss)}, heap used ${mb(baseline.memory.heapUsed)}`,
  );
  console.log(
    `after opening the corpus:  rss ${mb(loaded.memory.rss)}, heap used ${mb(loaded.memory.heapUsed)}`,
  );
  console.log(
    `per file: ${((loaded.memory.heapUsed - baseline.memory.heapUsed) / 1024 / files.length).toFixed(1)} KB heap`,
  );
  await session.stop();
}

void main();
