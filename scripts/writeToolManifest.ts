// `npm run tools:manifest`: writes package.json's languageModelTools from the toolset (assistant/), and the
// English display texts into package.nls.json, so the manifest can never describe other tools than those
// the extension registers. Korean and Japanese are written by hand in package.nls.ko.json and .ja.json;
// the manifest test names any that are missing.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOLS } from '../assistant/toolset';
import { toolContributions, toolTextKeys } from '../client/src/assistant/toolManifest';

const root = join(__dirname, '..');
const readJson = (file: string) =>
  JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;
const writeJson = (file: string, value: unknown) =>
  writeFileSync(join(root, file), `${JSON.stringify(value, null, 2)}\n`);

const manifest = readJson('package.json') as { contributes: Record<string, unknown> };
manifest.contributes.languageModelTools = toolContributions(TOOLS);
writeJson('package.json', manifest);

const english = readJson('package.nls.json');
for (const tool of TOOLS) {
  const keys = toolTextKeys(tool.name);
  english[keys.displayName] = tool.title;
  english[keys.userDescription] = /^.*?[.!?](?=\s+[A-Z]|$)/s.exec(tool.description)?.[0] ?? tool.title;
}
writeJson('package.nls.json', english);
console.log(`wrote ${TOOLS.length} language model tools`);
