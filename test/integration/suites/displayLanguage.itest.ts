// The extension's user-visible paths in Korean and in Japanese, in the real VS Code: a bad setting, a run
// whose range is too long, a run with a bad directive, the demo crashing (its notification, its button
// and the explorer's error node), the explorer's own labels and a notebook cell whose header range is
// wrong. The extension speaks each language from its own bundle (the test API's useLanguage, which reads
// l10n/bundle.l10n.<lang>.json as vscode.l10n does), and every text shown is checked to be in that
// language with no English word left once the values it quotes (setting keys, names, numbers) are out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import type { RecordedPrompt, ScriptedUi } from '../../../client/src/views/ui';
import { workspaceRoot } from '../workspaceFiles';
import { children, type ListedNode } from './explorerSupport';
import { outputOf } from './notebookSupport';
import { fileUri, mxqlApi, runCommand, useDemo } from './runSupport';

const LANGUAGES = { ko: /[가-힣]/, ja: /[ぁ-んァ-ン一-龯]/ } as const;
type Language = keyof typeof LANGUAGES;

/** Names, signals and protocol words that stay as they are in every language. */
const KEPT = new Set('MXQL Open API Demo SIGKILL SIGTERM IP pcode oid UTC URL true false'.split(' '));

/** Names of metrics, protocols and the API's parameters that the endpoint table keeps in every language. */
const PRODUCT_TERMS = [
  'Apdex',
  'TPS',
  'SQL',
  'CPU',
  'DB',
  'IOPS',
  'bps',
  'HTTP',
  'IP',
  'avg',
  'max',
  'sum',
  'stime',
];

/** The English words of `text` once the values it quotes are taken out. */
function englishIn(text: string, values: readonly string[]): string[] {
  let rest = text;
  for (const value of [...values].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  // Setting keys and file names (`mxql.run.defaultLimit`, `mxql.profiles[0]`, `bad.mxql`) are values too.
  rest = rest.replace(/[\w$-]+(?:\.[\w$[\]-]+)+/g, ' ');
  return [...rest.matchAll(/[A-Za-z]{2,}/g)].map((m) => m[0]).filter((word) => !KEPT.has(word));
}

/** Asserts that `text` reads in `language`: its script is there and no English word is left. */
function assertSpoken(language: Language, what: string, text: string, values: readonly string[] = []): void {
  assert.match(text, LANGUAGES[language], `${language} ${what}: not translated: ${text}`);
  assert.deepEqual(englishIn(text, values), [], `${language} ${what}: English left in "${text}"`);
}

const encoder = new TextEncoder();

function workspaceUri(relativePath: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...relativePath.split('/'));
}

/** Resolves with the first recorded prompt `matches` accepts; fails after 20 s listing what was shown. */
async function promptOf(ui: ScriptedUi, matches: (p: RecordedPrompt) => boolean): Promise<RecordedPrompt> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = ui.prompts.find(matches);
    if (found) return found;
    assert.ok(Date.now() < deadline, `no such prompt; shown: ${JSON.stringify(ui.prompts)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The values of a tooltip written as `Label: value` lines (what follows each label). */
function valuesOf(node: ListedNode): string[] {
  return (node.tooltip ?? '')
    .split('\n')
    .map((line) => /[:：]\s*(.+)$/.exec(line)?.[1] ?? '')
    .filter((value) => value !== '');
}

/** The Projects section of a profile, found by kind (its label is translated). */
async function projectsSection(profile: string): Promise<ListedNode> {
  const root = (await children()).find((n) => n.kind === 'profile' && n.label === profile);
  assert.ok(root, `no profile ${profile}`);
  const section = (await children(root)).find((n) => n.kind === 'projects');
  assert.ok(section, 'no Projects section');
  return section;
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  suite(`display language ${language}`, () => {
    suiteTeardown(async () => {
      const api = await mxqlApi();
      api.useLanguage(undefined);
      api.restoreUi();
      const config = vscode.workspace.getConfiguration('mxql');
      await config.update('run.defaultLimit', undefined, true);
      await config.update('profiles', undefined, true);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test(`${language}: settings problems, refused runs and the explorer read in ${language}`, async () => {
      const api = await mxqlApi();
      await useDemo(api);
      api.useLanguage(language);
      const config = vscode.workspace.getConfiguration('mxql');

      // A bad setting: the notification and its button, worded from the problem's parts.
      let ui = api.scriptUi([]);
      await config.update('run.defaultLimit', -5, true);
      const limit = await promptOf(ui, (p) => p.text.includes('mxql.run.defaultLimit'));
      assertSpoken(language, 'settings problem', limit.text, ['-5', '1000000', '1000']);
      for (const choice of limit.choices) assertSpoken(language, 'settings button', choice);
      ui = api.scriptUi([]);
      await config.update('profiles', [42, { name: 'Prod', baseUrl: 'not a url' }], true);
      const profiles = await promptOf(ui, (p) => p.text.includes('mxql.profiles'));
      assertSpoken(language, 'two settings problems', profiles.text);
      await config.update('profiles', undefined, true);
      await config.update('run.defaultLimit', undefined, true);

      // A range over the MXQL limit is refused before sending.
      ui = api.scriptUi([]);
      const tooLong = await runCommand('mxql.runFile', { uri: fileUri('run/tooLong.mxql') });
      assert.equal(tooLong.status, 'error');
      assertSpoken(language, 'range refusal', ui.prompts[0]?.text ?? '', ['59', '31']);

      // A bad directive: the line and the core's diagnostic, both in the language.
      await vscode.workspace.fs.writeFile(
        workspaceUri(`run/badLimit-${language}.mxql`),
        encoder.encode('-- @limit -4\nCATEGORY app_counter\nTAGLOAD\n'),
      );
      ui = api.scriptUi([]);
      const bad = await runCommand('mxql.runFile', { uri: fileUri(`run/badLimit-${language}.mxql`) });
      assert.equal(bad.status, 'error');
      assertSpoken(language, 'directive refusal', ui.prompts[0]?.text ?? '', ['@limit', '-4']);

      // The explorer's sections and a project's labels.
      const [folderOrProject] = await children(await projectsSection('Demo'));
      assert.ok(folderOrProject);
      const project =
        folderOrProject.kind === 'folder'
          ? (await children(folderOrProject)).find((n) => n.kind === 'project')
          : folderOrProject;
      assert.ok(project, 'no Demo project');
      assertSpoken(language, 'project tooltip', project.tooltip ?? '', [project.label, ...valuesOf(project)]);
      for (const section of await children(project)) {
        assertSpoken(language, `explorer section ${section.kind}`, section.label);
        if (section.kind !== 'agents') continue;
        const [agent] = await children(section);
        assert.equal(agent?.kind, 'agent', JSON.stringify(agent));
        assertSpoken(language, 'agent tooltip', agent.tooltip ?? '', [agent.label, ...valuesOf(agent)]);
      }
    });

    test(`${language}: the Open API Request picker lists the endpoint table in ${language}`, async () => {
      const api = await mxqlApi();
      await useDemo(api);
      api.useLanguage(language);
      const ui = api.scriptUi([undefined]);
      assert.equal(await vscode.commands.executeCommand('mxql.openApiRequest'), undefined);
      const [picker] = ui.prompts;
      assert.equal(picker?.kind, 'quickPick', JSON.stringify(ui.prompts));
      assertSpoken(language, 'picker title', picker.text);
      assert.ok(picker.choices.length > 50, `only ${picker.choices.length} endpoints`);
      // Product and protocol names (Apdex, TPS, SQL) stay as they are; every other word is translated.
      const english = picker.choices.flatMap((label) =>
        englishIn(label, PRODUCT_TERMS).map((word) => `${word} in "${label}"`),
      );
      assert.deepEqual(english, [], `${language}: English left in the picker`);
    });

    test(`${language}: a demo crash, its Restart Demo button and the explorer's error node`, async () => {
      const api = await mxqlApi();
      await useDemo(api);
      api.useLanguage(language);
      const demo = await api.demo();
      assert.ok(demo.pid && demo.pid !== process.pid, 'the demo runs in its own process');
      const ui = api.scriptUi([]);
      process.kill(demo.pid, 'SIGKILL');
      const crash = await promptOf(ui, (p) => p.kind === 'message' && /SIGKILL/.test(p.text));
      const [errorNode] = await children(await projectsSection('Demo'));
      assert.equal(errorNode?.kind, 'error', JSON.stringify(errorNode));
      // Restart before judging the words, so a failure here leaves the next tests a running demo.
      await vscode.commands.executeCommand('mxql.explorer.retry', errorNode.node);
      const restarted = await api.demo();
      assertSpoken(language, 'crash notification', crash.text);
      assert.equal(crash.choices.length, 1);
      assertSpoken(language, 'crash button', crash.choices[0] ?? '');
      assertSpoken(language, 'explorer error node', errorNode.label);
      assertSpoken(language, 'explorer error tooltip', errorNode.tooltip ?? '');
      assert.notEqual(restarted.pid, demo.pid);
    });

    test(`${language}: a notebook cell whose header range is wrong says so in ${language}`, async () => {
      const api = await mxqlApi();
      await useDemo(api);
      api.useLanguage(language);
      api.scriptUi([]);
      const uri = workspaceUri(`notebooks/header-${language}.mxqlnb`);
      await vscode.workspace.fs.writeFile(uri, encoder.encode(''));
      const editor = await vscode.window.showNotebookDocument(
        await vscode.workspace.openNotebookDocument(uri),
      );
      await vscode.commands.executeCommand('mxql.notebook.editHeader', uri, {
        profile: 'Demo',
        range: 'soon',
      });
      const edit = new vscode.WorkspaceEdit();
      const data = new vscode.NotebookCellData(
        vscode.NotebookCellKind.Code,
        'CATEGORY app_counter\nTAGLOAD',
        'mxql',
      );
      edit.set(uri, [vscode.NotebookEdit.insertCells(editor.notebook.cellCount, [data])]);
      assert.ok(await vscode.workspace.applyEdit(edit));
      const cell = editor.notebook.cellAt(editor.notebook.cellCount - 1);
      const output = outputOf(cell);
      await vscode.commands.executeCommand('notebook.cell.execute', {
        ranges: [{ start: cell.index, end: cell.index + 1 }],
        document: uri,
      });
      const shown = await output;
      assert.equal(shown.type, 'error', JSON.stringify(shown));
      assert.ok(shown.type === 'error');
      assertSpoken(language, 'notebook cell error', shown.message, ['soon', '5m', '1h', '2d', '31']);
      assertSpoken(language, 'notebook cell title', shown.run.title, [`header-${language}.mxqlnb`]);
    });
  });
}
