// MXQL: Draft Alert Rule from Query in a real VS Code on the demo backend: the query runs over the
// backtest window, the rule is drafted with a typed threshold in another unit, replayed (the run then
// carries the threshold band, the firing spans and the field's unit for the chart, and the firings as its
// status line), proposed as a diff to a new rule file and written on Apply; the file then holds a rule
// the event-rule check accepts. A file that is not a rule file is refused with a message and unchanged.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { suite, suiteSetup, teardown, test } from 'mocha';
import type { DraftAlertOutcome } from '../../../client/src/alerts/draftAlert';
import type { BoardPreviewReport } from '../../../client/src/dashboard/boardPreview';
import { catalogsFromFiles, checkEventRuleScan, findEventRules } from '../../../server/core/index';
import { mxqlApi, useDemo } from './runSupport';
import { openWorkspaceFile, workspaceRoot } from '../workspaceFiles';

const QUERY = `-- @name Storefront response time for an alert
CATEGORY app_counter
TAGLOAD
SELECT [time, oid, oname, tps, resp_time]
GROUP {timeunit: 5m, pk: oid, last: oname}
UPDATE {key: [tps, resp_time], value: avg}
`;

const uriOf = (relative: string): vscode.Uri => vscode.Uri.joinPath(workspaceRoot(), ...relative.split('/'));

async function writeFile(relative: string, text: string): Promise<vscode.Uri> {
  const uri = uriOf(relative);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  return uri;
}

async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

function catalogs(): ReturnType<typeof catalogsFromFiles> {
  const extension = vscode.extensions.getExtension('mxql-tools.mxql');
  assert.ok(extension);
  const dir = path.join(extension.extensionPath, 'dist', 'catalog');
  return catalogsFromFiles(
    (file) => readFileSync(path.join(dir, file), 'utf8'),
    (file, error) => assert.fail(`catalog ${file}: ${String(error)}`),
  );
}

async function draft(args: object): Promise<DraftAlertOutcome> {
  const outcome = await vscode.commands.executeCommand<DraftAlertOutcome | undefined>(
    'mxql.draftAlertRule',
    args,
  );
  assert.ok(outcome, 'mxql.draftAlertRule returned nothing (did it throw? see the MXQL log)');
  return outcome;
}

/** The query file the suites write (each suite's setup writes it again). */
const queryUri = (): vscode.Uri => uriOf('queries/alert.mxql');

suite('alert draft', () => {
  suiteSetup(async () => {
    const api = await mxqlApi();
    await useDemo(api);
    await writeFile('queries/alert.mxql', QUERY);
  });

  teardown(async () => {
    (await mxqlApi()).restoreUi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a query is drafted into an alert, backtested on the chart, and applied to a new rule file', async () => {
    const api = await mxqlApi();
    const ui = api.scriptUi([
      'Last 6 hours',
      'resp_time',
      '0.3s',
      '$(new-file) New rule file…',
      'alerts/drafted.json',
      'Apply',
    ]);
    const outcome = await draft({ uri: queryUri().toString(), offset: QUERY.indexOf('CATEGORY') });
    assert.equal(outcome.status, 'applied', JSON.stringify({ outcome, prompts: ui.prompts }));
    // Several numeric fields: the user was asked which; the threshold box said nothing against 0.3s.
    const fieldPick = ui.prompts.find((p) => p.kind === 'quickPick' && p.choices.includes('resp_time'));
    assert.ok(fieldPick && fieldPick.choices.includes('tps'), JSON.stringify(ui.prompts));
    const box = ui.prompts.find((p) => p.kind === 'inputBox');
    assert.ok(box && box.validation === undefined, JSON.stringify(box));

    // The run carries the band (0.3 s written in the field's unit, ms), one span per firing, the unit.
    assert.ok(outcome.runId);
    const result = api.result(outcome.runId);
    assert.ok(result?.marks, JSON.stringify(result));
    assert.deepEqual(
      result.marks.thresholds?.map((m) => [m.field, m.op, m.value]),
      [['resp_time', '>', 300]],
    );
    assert.equal(result.marks.units?.resp_time, 'ms');
    assert.ok((outcome.firings ?? 0) >= 1, 'an agent of the demo answers above 300 ms all along');
    assert.equal(result.marks.spans?.length, outcome.firings);
    // Spans lie in the window (the first 5-minute bucket may start before it).
    for (const span of result.marks.spans ?? [])
      assert.ok(
        span.start < span.end &&
          span.start >= (result.stime ?? 0) - 300_000 &&
          span.end <= (result.etime ?? 0) + 300_000,
        JSON.stringify(span),
      );
    assert.match(result.notice ?? '', /^Backtest over the last 6h: fired \d+ times/);

    // The file holds the drafted rule, and the event-rule check finds nothing wrong with it.
    const text = await readText(uriOf('alerts/drafted.json'));
    const rules = JSON.parse(text) as { category: string; rule: string }[];
    assert.equal(rules.length, 1);
    assert.equal(rules[0]?.category, 'app_counter');
    assert.match(rules[0]?.rule ?? '', /^resp_time > 300\b/);
    const scan = findEventRules(text);
    assert.equal(scan.rules.length, 1, 'the rule check recognises the file');
    assert.deepEqual(checkEventRuleScan(scan, catalogs().categories), []);
  });

  test('a file that is not a rule file is refused with a message and left unchanged', async () => {
    const api = await mxqlApi();
    const board = uriOf('boards/storefront.json');
    const before = await readText(board);
    const ui = api.scriptUi(['Last 6 hours', 'resp_time', '300ms']);
    const outcome = await draft({
      uri: queryUri().toString(),
      offset: QUERY.indexOf('CATEGORY'),
      ruleFile: board.toString(),
    });
    assert.equal(outcome.status, 'refused', JSON.stringify(outcome));
    const said = ui.prompts.filter((p) => p.kind === 'message').map((p) => p.text);
    assert.ok(
      said.some((text) => /not an event-rule file/.test(text) && /Nothing was changed/.test(text)),
      said.join('\n'),
    );
    assert.equal(await readText(board), before);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === board.toString());
    assert.ok(!open?.isDirty, 'the board is not edited in memory either');
  });

  test('a threshold in a unit that does not fit the field is refused at the prompt', async () => {
    const api = await mxqlApi();
    const ui = api.scriptUi(['Last 6 hours', 'resp_time', '80%']);
    const outcome = await draft({ uri: queryUri().toString(), offset: QUERY.indexOf('CATEGORY') });
    assert.equal(outcome.status, 'cancelled', JSON.stringify(outcome));
    const box = ui.prompts.find((p) => p.kind === 'inputBox');
    assert.ok(box?.validation && /80%/.test(box.validation), JSON.stringify(box));
  });
});

/** Resolves once `check` holds, checking again on every tick of a bounded wait (a watcher event, a background read). */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

suite('rule thresholds on charts', () => {
  const RULES = 'alerts/busy-rules.json';

  suiteSetup(async () => {
    await useDemo(await mxqlApi());
    await writeFile('queries/alert.mxql', QUERY);
    await writeFile(
      RULES,
      JSON.stringify(
        [{ category: 'app_counter', rule: 'tps > 5 && 2 > tx_error', eventTitle: 'Busy' }],
        null,
        2,
      ),
    );
    const api = await mxqlApi();
    await until('the new rule file to be read', async () =>
      (await api.ruleThresholds('app_counter')).some((m) => m.label === 'tps > 5 (Busy)'),
    );
  });

  suiteTeardown(async () => {
    await vscode.workspace.fs.delete(uriOf(RULES));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("a run on a category draws the bands of the workspace's rules on it, captioned with the rule", async () => {
    const api = await mxqlApi();
    const outcome = await vscode.commands.executeCommand<{ status: string; runId?: string }>(
      'mxql.runQueryAtCursor',
      { uri: queryUri().toString(), offset: QUERY.indexOf('CATEGORY') },
    );
    assert.equal(outcome?.status, 'done', JSON.stringify(outcome));
    const runId = outcome.runId ?? '';
    await until('the rules to reach the run', () => (api.result(runId)?.marks?.thresholds?.length ?? 0) > 0);
    const labels = (api.result(runId)?.marks?.thresholds ?? []).map((m) => m.label);
    // This file's rule (both terms, the number first flipped) and the workspace's rules.json, each once.
    assert.ok(labels.includes('tps > 5 (Busy)'), labels.join(', '));
    assert.ok(labels.includes('tx_error < 2 (Busy)'), labels.join(', '));
    assert.ok(labels.includes('resp_time > 3000 (Slow and busy)'), labels.join(', '));
  });

  test("the dashboard preview's widget draws the band of a rule on the field it charts", async () => {
    const editor = await openWorkspaceFile('boards/broker-authored.json');
    const report = await vscode.commands.executeCommand<BoardPreviewReport | undefined>(
      'mxql.previewDashboard',
      editor.document.uri,
    );
    const [widget] = report?.widgets ?? [];
    assert.equal(widget?.status, 'done', widget?.message);
    // The widget charts tps only: the tps band is drawn, the rules on other fields are not.
    assert.deepEqual(widget?.bands, ['tps > 5 (Busy)']);
  });
});
