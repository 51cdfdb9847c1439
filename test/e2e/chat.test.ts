// `@mxql` in VS Code's own chat, end to end: the packaged extension beside a scripted chat model
// (test/e2e/scriptedModel/, installed as a VSIX too), the Demo as the active profile, and every request typed
// into the chat input. `/query` gets a broken query first, so the participant's check-and-repair loop runs,
// then the repaired one; `/explain` gets a scripted explanation. The steps share one workbench and run in
// order; a failed step leaves a screenshot in test-results/e2e-chat/. With MXQL_UPDATE_MEDIA=1 the answer
// of `/query` is also saved as media/assistant-chat.png for the README.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { repoRoot, type PackagedVsix } from '../package/buildVsix';
import { e2eResultsDir, e2eStep, resultsFrame, startE2eRig, type E2eRig } from '../support/e2eWorkbench';
import { packageScriptedModel } from '../support/scriptedModel';

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
    .waitFor({ state: 'visible' });
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
});
