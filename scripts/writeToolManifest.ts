// `npm run tools:manifest`: writes package.json's languageModelTools from the toolset (assistant/), and each
// tool's title and description for people into package.nls.json, package.nls.ko.json and package.nls.ja.json
// from the toolset's one table of display texts, so the manifest can never describe other tools than those
// the extension registers, nor show them in English to a Korean or Japanese chat.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../common/l10n';
import { TOOLS } from '../assistant/toolset';
import { manifestNlsFile, toolContributions, toolNlsTexts } from '../client/src/assistant/toolManifest';

const root = join(__dirname, '..');
const readJson = (file: string) =>
  JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;
const writeJson = (file: string, value: unknown) =>
  writeFileSync(join(root, file), `${JSON.stringify(value, null, 2)}\n`);

const manifest = readJson('package.json') as { contributes: Record<string, unknown> };
manifest.contributes.languageModelTools = toolContributions(TOOLS);
writeJson('package.json', manifest);

for (const language of LANGUAGES) {
  const file = manifestNlsFile(language);
  writeJson(file, { ...readJson(file), ...toolNlsTexts(TOOLS, language) });
}
console.log(`wrote ${TOOLS.length} language model tools`);
