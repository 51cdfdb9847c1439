// `@mxql` in VS Code's own chat, end to end: the packaged extension beside a scripted chat model
// (test/e2e/scriptedModel/, installed as a VSIX too), the Demo as the active profile, and every request typed
// into the chat input. `/query` gets a broken query first, so the participant's check-and-repair loop runs,
// then the repaired one; `/explain` gets a scripted explanation. The steps share one workbench and run in
// order; a failed step leaves a screenshot in test-results/e2e-chat/. With MXQL_UPDATE_MEDIA=1 the answer
// of `/query` is also saved as media/assistant-chat.png for the README. The demo plays an incident
// (MXQL_DEMO_INCIDENT: one agent of the first project slows down), so `/investigate` has something to find:
// its notebook is read back from the workspace, every MXQL cell checked, re-run with Run All and saved.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { repoRoot, type PackagedVsix } from '../package/buildVsix';
import { e2eResultsDir, e2eStep, resultsFrame, startE2eRig, type E2eRig } from '../support/e2eWorkbench';
import { packageScriptedModel } from '../support/scriptedModel';
import { parseNotebook, type NotebookFile } from '../../client/src/notebook/notebookFile';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import { validate } from '../../server/core/index';

/**
 * The incident the demo plays: an agent of the Demo's first project (the active one) degrades from 20
 * minutes before the demo started, so the investigation's 30-minute window, minutes later, holds it and
 * the window before it does not.
 */
const INCIDENT = 'storefront-api-02:resp_time*3,tps/2@20m';
const DEGRADED = 'storefront-api-02:8081';
const SYMPTOM = 'response time went up';

const NEED = 'TPS of each agent';
/** The model's first answer: the SELECT list is never closed, which the check reports as an error. */
const BROKEN_QUERY =
  'CATEGORY app_counter\nTAGLOAD {backward:true}\nSELECT [time, oid, oname, tps\nFIRST-ONLY {key:oid}\nORDER {key:[tps], sort:[desc]}';
const REPAIRED_QUERY =
  'CATEGORY app_counter\nTAGLOAD {backward:true}\nSELECT [time, oid, oname, tps]\nFIRST-ONLY {key:oid}\nORDER {key:[tps], sort:[desc]}';
const EXPLAINED_FILE = 'tps-per-agent.mxql';
const EXPLANATION = 'Scripted explanation: the latest TPS of every agent, busiest first.';

let scriptDir: string;
/** Where the script lives; the model's repair waits for `release-repair` there (see `script`). */
const scriptFile = () => join(scriptDir, 'model-script.json');
const repairRelease = () => join(scriptDir, 'release-repair');

/**
 * What the scripted model answers: the first entry whose `when` texts all occur in the prompt. The repair
 * is held until the test has seen the repair's progress line, which the chat shows only while it lasts.
 */
const script = () => ({
  answers: [
    {
      when: ['Write ONE MXQL query', NEED],
      answer: `\`\`\`mxql\n${BROKEN_QUERY}\n\`\`\`\nThe latest TPS of each agent, busiest first.`,
    },
    {
      when: ['This MXQL query has errors', BROKEN_QUERY],
      answer: `\`\`\`mxql\n${REPAIRED_QUERY}\n\`\`\``,
      holdUntil: repairRelease(),
    },
    { when: ['Explain this MXQL query', 'FIRST-ONLY {key:oid}'], answer: EXPLANATION },
  ],
});

let rig: E2eRig;
let model: PackagedVsix;

/** A step whose failure leaves a screenshot named after it. */
const step = (name: string, slug: string, body: () => Promise<void>) => e2eStep(() => rig, name, slug, body);

/** The prompts the scripted model was sent, oldest first. */
function promptsAsked(): string[] {
  return readFileSync(`${scriptFile()}.asked.jsonl`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { prompt: string }).prompt);
}

/** Monaco and the chat's markdown draw spaces as no-break spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

const chatInput = () => rig.page.locator('.interactive-input-part .monaco-editor').first();
const responses = () => rig.page.locator('.interactive-item-container.interactive-response');

/**
 * Waits until the chat input's model picker shows the scripted model: the chat knows the model only once
 * the test extension has registered and asked for it, and a request sent before fails with "Language model
 * unavailable" (or, with Copilot's placeholder picked, asks to sign in).
 */
async function waitForScriptedModel(): Promise<void> {
  await rig.page
    .locator('.interactive-input-part .action-label', { hasText: 'Scripted Model' })
    .first()
    // A loaded machine takes longer than the default 30 s to register the provider's model.
    .waitFor({ state: 'visible', timeout: 90_000 });
}

/** Types `text` into the chat input (replacing what the sticky participant left there) and sends it. */
async function sendToChat(text: string): Promise<Locator> {
  const before = await responses().count();
  await chatInput().click();
  await rig.page.keyboard.press('Control+A');
  await rig.page.keyboard.press('Backspace');
  await rig.page.keyboard.type(text);
  // The Send button, not Enter: Enter accepts a suggestion (a participant or a command) when one is open.
  await rig.page.locator('.interactive-input-part').getByRole('button', { name: /^Send/ }).first().click();
  // Off the button, so its hover leaves the screenshots.
  await rig.page.mouse.move(0, 0);
  const response = responses().nth(before);
  await response.waitFor({ state: 'visible' });
  return response;
}

/**
 * Lays the workbench out for the screenshot: no side bar, and the chat wide enough for a query line, by
 * dragging the sash on the chat's left edge.
 */
async function widenChat(width: number): Promise<void> {
  await rig.workbench.runCommand('View: Close Primary Side Bar');
  const chat = await rig.page.locator('.part.auxiliarybar').boundingBox();
  assert.ok(chat, 'the chat is in the secondary side bar');
  // The sash nearest the chat's left edge is the one between it and the editors.
  const sashes = await rig.page.locator('.monaco-sash.vertical').evaluateAll((nodes) =>
    (
      nodes as unknown as {
        getBoundingClientRect(): { x: number; y: number; width: number; height: number };
      }[]
    )
      .map((node) => node.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.height > 0)
      .map(({ x, y, width, height }) => ({ x, y, width, height })),
  );
  const sash = sashes.sort((a, b) => Math.abs(a.x - chat.x) - Math.abs(b.x - chat.x))[0];
  assert.ok(sash, 'a sash beside the chat');
  const x = sash.x + sash.width / 2;
  const y = sash.y + sash.height / 2;
  await rig.page.mouse.move(x, y);
  await rig.page.mouse.down();
  await rig.page.mouse.move(chat.x + chat.width - width, y, { steps: 10 });
  await rig.page.mouse.up();
  await rig.page.waitForFunction(
    `(document.querySelector('.part.auxiliarybar')?.getBoundingClientRect().width ?? 0) >= ${width - 20}`,
  );
}

void describe('@mxql in the chat, end to end', () => {
  before(
    async () => {
      scriptDir = mkdtempSync(join(tmpdir(), 'mxql-chat-script-'));
      writeFileSync(scriptFile(), JSON.stringify(script(), null, 1));
      model = packageScriptedModel();
      rig = await startE2eRig({
        resultsDir: join(e2eResultsDir, '..', 'e2e-chat'),
        extraVsix: [model.path],
        settings: { 'mxql.defaultProfile': 'Demo', 'mxqlTest.scriptFile': scriptFile() },
        env: { MXQL_DEMO_INCIDENT: INCIDENT },
      });
      await rig.page.setViewportSize({ width: 1280, height: 800 });
    },
    { timeout: 600_000 },
  );
  after(async () => {
    await rig?.close();
    model?.dispose();
    if (scriptDir) rmSync(scriptDir, { recursive: true, force: true });
  });

  step(
    '1. /query repairs the model’s broken query, shows it checked with the demo’s row count, and runs it into the results panel',
    'query',
    async () => {
      await rig.workbench.runCommand('Chat: Open Chat');
      await chatInput().waitFor({ state: 'visible' });
      await waitForScriptedModel();
      await widenChat(480);
      const response = await sendToChat(`@mxql /query ${NEED}`);
      await response
        .filter({ hasText: /The check found 1 errors; repairing the query/ })
        .waitFor({ state: 'visible', timeout: 60_000 });
      writeFileSync(repairRelease(), '');
      await response
        .filter({ hasText: /Ran on the active profile: \d+ rows/ })
        .waitFor({ state: 'visible', timeout: 90_000 });
      // The answer stays in view, not folded into the collapsed steps.
      const answer = response.locator('.rendered-markdown', { hasText: 'This query passed the check' });
      await answer.waitFor({ state: 'visible' });
      const text = plain(await response.innerText());
      assert.ok(text.includes(REPAIRED_QUERY), text);
      const demoRows = Number(/On the demo it returned (\d+) rows\./.exec(text)?.[1]);
      assert.ok(demoRows > 0, text);
      const ranRows = Number(/Ran on the active profile: (\d+) rows/.exec(text)?.[1]);
      assert.ok(ranRows > 0, text);

      // The model was asked twice: the need, then the broken query with the check's finding.
      const asked = promptsAsked();
      assert.equal(asked.length, 2, asked.join('\n---\n'));
      assert.ok(asked[0]!.includes(JSON.stringify(NEED)));
      assert.ok(asked[1]!.includes(BROKEN_QUERY) && asked[1]!.includes('syntax/unclosed-bracket'), asked[1]);

      // The repaired query opened in an MXQL editor and ran on the Demo into the results panel.
      await rig.workbench.waitForLanguage('MXQL');
      const editorText = plain(
        await rig.page.locator('.editor-instance .monaco-editor .view-lines').first().innerText(),
      );
      assert.equal(editorText.trim(), REPAIRED_QUERY);
      const results = resultsFrame(rig.page);
      await results.locator('.mxql-title', { hasText: 'Query from chat' }).waitFor({ state: 'visible' });
      await results.locator('.mxql-grid .slick-row').first().waitFor({ state: 'visible' });
      assert.match(await results.locator('.mxql-figures').innerText(), new RegExp(`^${ranRows} rows`));

      await rig.page.locator('.workbench-hover').waitFor({ state: 'hidden' });
      const shot = await rig.screenshot('assistant-chat');
      if (process.env.MXQL_UPDATE_MEDIA === '1')
        copyFileSync(shot, join(repoRoot, 'media', 'assistant-chat.png'));
    },
  );

  step('2. /explain explains the query at the cursor in the model’s words', 'explain', async () => {
    await rig.workbench.openFile(EXPLAINED_FILE);
    await rig.workbench.moveCursor(5, 1);
    const response = await sendToChat('@mxql /explain');
    await response.filter({ hasText: EXPLANATION }).waitFor({ state: 'visible', timeout: 60_000 });
    const asked = promptsAsked().at(-1) ?? '';
    const file = readFileSync(join(rig.workspaceDir, EXPLAINED_FILE), 'utf8');
    assert.ok(asked.includes(file.slice(file.indexOf('CATEGORY')).trim()), asked);
  });

  step(
    '3. /investigate writes a notebook whose queries pass the check, name the degraded agent first and re-run',
    'investigate',
    async () => {
      const before = investigationFiles();
      const asked = promptsAsked().length;
      await sendToChat(`@mxql /investigate ${SYMPTOM}`);
      const response = responses()
        .filter({ hasText: /Ran 5 steps on Demo/ })
        .last();
      await response.waitFor({ state: 'visible', timeout: 90_000 });
      const text = plain(await response.innerText());
      const summary = text.slice(text.indexOf('What moved most:'));
      const firstMoved = summary
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)[1];
      assert.ok(firstMoved?.includes(DEGRADED), text);
      // The steps are the planner's: the model was not asked for a query.
      assert.equal(promptsAsked().length, asked);

      const [name] = investigationFiles().filter((f) => !before.includes(f));
      assert.ok(name, 'a new investigation notebook in the workspace');
      await rig.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ state: 'visible' });
      const written = readNotebook(name);
      const queries = written.cells.filter((c) => c.kind === 'mxql');
      assert.equal(queries.length, 5);
      for (const cell of queries) {
        const errors = validate(cell.source, { catalog: bundledCategoryCatalog }).filter(
          (d) => d.severity === 'error',
        );
        assert.deepEqual(errors, [], cell.source);
        assert.deepEqual(
          cell.outputs?.map((o) => o.type),
          ['result', 'result'],
          'the rows and the comparison',
        );
      }
      const findings = written.cells.at(-1);
      assert.equal(findings?.kind, 'markdown');
      const first = findings.source.split('\n').find((line) => line.startsWith('1. '));
      assert.ok(first?.includes(DEGRADED.replace(/-/g, '\\-')), findings.source);
      assert.match(first ?? '', /resp_time/);
      const ranAt = Math.max(...queries.flatMap((c) => c.outputs ?? []).map((o) => o.run.ranAt ?? 0));

      // Run All re-runs every cell over the header's range: one result each, no error, once saved.
      const notebook = rig.page.locator('.notebook-editor');
      // From the palette: beside the chat and the results panel the toolbar folds Run All into its menu.
      await rig.workbench.runCommand('Notebook: Run All');
      const deadline = Date.now() + 60_000;
      let rerun: NotebookFile['cells'] = [];
      for (;;) {
        await notebook
          .locator('.cell-list-container')
          .first()
          .click({ position: { x: 5, y: 5 } });
        await rig.page.keyboard.press('Control+S');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        rerun = readNotebook(name).cells.filter((c) => c.kind === 'mxql');
        const done = rerun.every((c) => c.outputs?.length === 1 && (c.outputs[0]?.run.ranAt ?? 0) > ranAt);
        if (done || Date.now() > deadline) break;
      }
      assert.deepEqual(
        rerun.map((c) => c.outputs?.map((o) => o.type)),
        queries.map(() => ['result']),
      );
      assert.deepEqual(
        rerun.map((c) => c.source),
        queries.map((c) => c.source),
      );
      await rig.screenshot('investigate', rig.page.locator('.part.editor'));
    },
  );
});

/** The investigation notebooks in the workspace folder. */
function investigationFiles(): string[] {
  return readdirSync(rig.workspaceDir).filter((f) => /^investigation-.*\.mxqlnb$/.test(f));
}

function readNotebook(name: string): NotebookFile {
  return parseNotebook(readFileSync(join(rig.workspaceDir, name), 'utf8'));
}
