// The manifest offers exactly the tools the extension registers: package.json's languageModelTools equal
// the toolset's names, model descriptions and input schemas, with every display text a %key% that the
// translation files resolve to the toolset's one table of display texts in each language; the
// chat participant and the MCP server definition provider are declared under the ids the code uses.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LANGUAGES } from '../../common/l10n';
import { TOOL_DISPLAY_TEXTS, toolDisplayText, TOOLS } from '../../assistant/toolset';
import {
  CHAT_PARTICIPANT_ID,
  MCP_PROVIDER_ID,
  manifestNlsFile,
  mcpArgs,
  toolContributions,
  toolNlsTexts,
} from '../../client/src/assistant/toolManifest';

const root = join(__dirname, '..', '..');
const readJson = (file: string) =>
  JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;
const contributes = (readJson('package.json') as { contributes: Record<string, unknown> }).contributes;

void test('languageModelTools are the toolset, as npm run tools:manifest writes them', () => {
  assert.deepEqual(contributes.languageModelTools, toolContributions(TOOLS));
});

void test('every tool has a title and a description for people in English, Korean and Japanese, from one table', () => {
  // The table names exactly the toolset's tools, and a translation is never the English left in place.
  assert.deepEqual(Object.keys(TOOL_DISPLAY_TEXTS).sort(), TOOLS.map((tool) => tool.name).sort());
  for (const tool of TOOLS) {
    const english = toolDisplayText(tool, 'en');
    for (const language of ['ko', 'ja'] as const) {
      const translated = toolDisplayText(tool, language);
      const script = language === 'ko' ? /[가-힣]/ : /[ぁ-んァ-ン一-龯]/;
      assert.notEqual(translated.title, english.title, `${tool.name} ${language}`);
      assert.match(translated.title, script, `${tool.name} ${language} title`);
      assert.match(translated.description, script, `${tool.name} ${language} description`);
    }
  }
  // Each translation file holds what npm run tools:manifest writes from the table.
  for (const language of LANGUAGES) {
    const file = manifestNlsFile(language);
    const texts = readJson(file);
    const expected = toolNlsTexts(TOOLS, language);
    assert.equal(Object.keys(expected).length, TOOLS.length * 2);
    for (const [key, text] of Object.entries(expected)) assert.equal(texts[key], text, `${file}: ${key}`);
  }
});

void test('the participant and the MCP provider are declared under the ids the extension registers', () => {
  const participants = contributes.chatParticipants as {
    id: string;
    name: string;
    commands: { name: string }[];
  }[];
  assert.deepEqual(
    participants.map((p) => [p.id, p.name, p.commands.map((c) => c.name)]),
    [[CHAT_PARTICIPANT_ID, 'mxql', ['query', 'explain', 'fix', 'investigate']]],
  );
  const providers = contributes.mcpServerDefinitionProviders as { id: string }[];
  assert.deepEqual(
    providers.map((p) => p.id),
    [MCP_PROVIDER_ID],
  );
});

void test("mxql mcp's command line names the profile's address and project, never a token", () => {
  assert.deepEqual(mcpArgs('/x/cli.js', { profile: 'Demo' }, undefined), ['/x/cli.js', 'mcp', '--demo']);
  assert.deepEqual(
    mcpArgs(
      '/x/cli.js',
      { profile: 'Prod', pcode: 12 },
      { baseUrl: 'https://api.example.com', serviceUrl: 'https://s.example.com' },
    ),
    [
      '/x/cli.js',
      'mcp',
      '--base-url',
      'https://api.example.com',
      '--service-url',
      'https://s.example.com',
      '--pcode',
      '12',
    ],
  );
  // A profile that is gone from the settings falls back to the demo rather than sending nowhere.
  assert.deepEqual(mcpArgs('/x/cli.js', { profile: 'Gone' }, undefined), ['/x/cli.js', 'mcp', '--demo']);
});
