// The assistant toolset inside the real VS Code: every tool through vscode.lm.invokeTool (no model
// needed) on the Demo; the confirmation a real account gets; cancellation closing the HTTP request; and
// the `@mxql` participant's handler in the real extension host, driven by a scripted chat model and a
// recording response stream.
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import * as vscode from 'vscode';
import { suite, suiteTeardown, test } from 'mocha';
import { TOOLS } from '../../../assistant/toolset';
import { handleChat } from '../../../client/src/assistant/chatParticipant';
import { openWorkspaceFile } from '../workspaceFiles';
import { mxqlApi, useDemo } from './runSupport';

const TOOL_NAMES = TOOLS.map((tool) => tool.name);

/** A tool's answer: its prose and the JSON part with the structured facts. */
async function invoke(
  name: string,
  input: object,
  token?: vscode.CancellationToken,
): Promise<{ text: string; data: Record<string, unknown> }> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token);
  // The prose first, then the structured facts as one JSON text part.
  const texts = result.content.map((part) =>
    part instanceof vscode.LanguageModelTextPart ? part.value : '',
  );
  const data = JSON.parse(texts[1] ?? '{}') as Record<string, unknown>;
  return { text: texts[0] ?? '', data };
}

/** A chat model that answers from a script, recording what it was asked. */
function scriptedModel(answers: string[]) {
  const asked: string[] = [];
  const model = {
    sendRequest: (messages: vscode.LanguageModelChatMessage[]) => {
      asked.push(
        messages
          .flatMap((m) => m.content)
          .map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : ''))
          .join(''),
      );
      const answer = answers.shift() ?? '';
      return Promise.resolve({
        text: (async function* () {
          await Promise.resolve();
          yield answer;
        })(),
      });
    },
  } as unknown as vscode.LanguageModelChat;
  return { model, asked };
}

/** A response stream that records what the participant wrote. */
function recordingStream() {
  const parts: string[] = [];
  const buttons: vscode.Command[] = [];
  const stream = {
    markdown: (value: string | vscode.MarkdownString) => {
      parts.push(typeof value === 'string' ? value : value.value);
    },
    progress: (value: string) => {
      parts.push(`(progress) ${value}`);
    },
    button: (command: vscode.Command) => {
      buttons.push(command);
    },
  };
  return { stream, parts, buttons };
}

const none = new vscode.CancellationTokenSource().token;

suite('assistant', () => {
  suiteTeardown(async () => (await mxqlApi()).restoreUi());

  test('every tool is registered under its fixed name', () => {
    const names = vscode.lm.tools.map((t) => t.name);
    for (const name of TOOL_NAMES) assert.ok(names.includes(name), `${name} is missing: ${names.join(', ')}`);
    const run = vscode.lm.tools.find((t) => t.name === 'mxql_run');
    assert.ok(run?.description.includes('mxql_check'), run?.description);
    assert.ok(run?.tags.includes('mxql'));
  });

  test('every tool answers through vscode.lm.invokeTool on the Demo, with structured facts', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const found = await invoke('mxql_find_data', { query: 'response time of transactions' });
    assert.ok(Array.isArray(found.data.matches) && found.data.matches.length > 0, found.text);
    const described = await invoke('mxql_describe_category', { category: 'app_counter' });
    assert.match(String(described.data.example), /CATEGORY app_counter/);
    const checked = await invoke('mxql_check', { mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps' });
    assert.ok((checked.data.diagnostics as unknown[]).length > 0, checked.text);
    const explained = await invoke('mxql_explain', {
      mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]',
    });
    assert.ok(Array.isArray(explained.data.pipelines), explained.text);
    const ran = await invoke('mxql_run', {
      mql: 'CATEGORY app_counter\nOIDSET {oid:$oid}\nTAGLOAD\nSELECT [time, oname, tps]',
      range: '15m',
    });
    assert.ok(Number(ran.data.rowCount) > 0, ran.text);
    assert.ok((ran.data.rows as unknown[]).length <= 50);
    const projects = await invoke('mxql_list_projects', {});
    assert.ok(Array.isArray(projects.data.projects), projects.text);
    const agents = await invoke('mxql_list_agents', {});
    assert.ok(Array.isArray(agents.data.agents), agents.text);
    const project = await invoke('mxql_open_api', { endpoint: 'project', params: {} });
    assert.ok(project.text.length > 0);
    // Nothing a tool returned holds a demo token.
    const demo = await api.demo();
    const all = JSON.stringify([found, described, ran, projects, agents, project]);
    for (const p of demo.projects) assert.ok(!all.includes(p.token), 'a project token reached a tool result');
    assert.ok(!all.includes(demo.accountToken), 'the account token reached a tool result');
  });

  test("mxql_run on a workspace board runs the widget as its author set it, from the editor's unsaved text", async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const editor = await openWorkspaceFile('boards/broker-authored.json');
    const saved = editor.document.getText();
    try {
      // An unsaved edit of the author's object merge: the tool runs what the user sees.
      const at = saved.indexOf('"$OBJECT_MERGE_PLACE": "sum"');
      assert.ok(at > 0);
      const range = new vscode.Range(
        editor.document.positionAt(at),
        editor.document.positionAt(at + '"$OBJECT_MERGE_PLACE": "sum"'.length),
      );
      assert.ok(await editor.edit((edit) => edit.replace(range, '"$OBJECT_MERGE_PLACE": "avg"')));
      const ran = await invoke('mxql_run', { file: 'boards/broker-authored.json' });
      assert.ok(Number(ran.data.rowCount) > 0, ran.text);
      const source = ran.data.source as {
        params: Record<string, string>;
        paramOrigins: Record<string, string>;
      };
      assert.deepEqual(source.params, { $TIME_MERGE_PLACE: 'max', $OBJECT_MERGE_PLACE: 'avg' });
      assert.match(source.paramOrigins.$TIME_MERGE_PLACE ?? '', /field tps/);
      assert.match(ran.text, /with its author’s values/);
      const escape = await invoke('mxql_run', { file: '../outside.mxql' }).catch((e: unknown) => ({
        text: String(e),
        data: {},
      }));
      assert.match(escape.text, /inside the workspace/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  test("find-data learns the categories and columns of the workspace's dashboards", async () => {
    const found = await invoke('mxql_find_data', { query: 'elastic beanstalk environment health' });
    const matches = found.data.matches as { category: string; columns: { name: string }[] }[];
    const beanstalk = matches.find((m) => m.category === 'elasticbeanstalk');
    assert.ok(beanstalk, found.text);
    assert.ok(
      beanstalk.columns.some((c) => c.name === 'environment_health'),
      JSON.stringify(beanstalk.columns),
    );
  });

  test('the Demo needs no confirmation; a real account is named with its project, range and limit', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    assert.equal(await api.toolConfirmation('mxql_run', { mql: 'CATEGORY app_counter\nTAGLOAD' }), undefined);
    api.scriptUi([]);
    assert.equal(
      await vscode.commands.executeCommand('mxql.addProfile', {
        name: 'Prod',
        baseUrl: 'https://api.example.invalid',
        defaultPcode: 77,
      }),
      'Prod',
    );
    try {
      await vscode.commands.executeCommand('mxql.switchProfile', { profile: 'Prod', pcode: 77 });
      const confirm = await api.toolConfirmation('mxql_run', {
        mql: 'CATEGORY app_counter\nTAGLOAD',
        range: '6h',
        limit: 200,
      });
      assert.ok(confirm, 'a run on a real account must ask first');
      assert.match(confirm.title, /Prod/);
      for (const part of ['Prod', '77', '6h', '200'])
        assert.ok(confirm.message.includes(part), confirm.message);
      // The query's own directives are what the run sends, so they are what the confirmation names.
      const own = await api.toolConfirmation('mxql_run', {
        mql: '-- @range 7d\n-- @limit 50\n-- @pcode 12\nCATEGORY app_counter\nTAGLOAD',
      });
      assert.ok(own, 'a run on a real account must ask first');
      for (const part of ['project 12', '7d', 'at most 50 rows'])
        assert.ok(own.message.includes(part), own.message);
      // Tools that read nothing of the service never ask.
      assert.equal(await api.toolConfirmation('mxql_check', { mql: 'CATEGORY app_counter' }), undefined);
    } finally {
      await vscode.commands.executeCommand('mxql.removeProfile', { name: 'Prod' });
      await useDemo(api);
    }
  });

  test('cancelling a tool call closes its HTTP request', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    const demo = await api.demo();
    const started = once(demo.events, 'slowQueryStarted');
    const aborted = once(demo.events, 'requestAborted');
    const source = new vscode.CancellationTokenSource();
    const running = invoke('mxql_run', { mql: 'CATEGORY demo_slow\nTAGLOAD' }, source.token);
    await started;
    source.cancel();
    // VS Code rejects a cancelled call; the tool aborts its request, which the demo sees end.
    await assert.rejects(running, /Canceled/);
    await aborted;
  });

  test('@mxql /query: a need becomes a checked query, repaired once, dry-run on the demo and run into the panel', async () => {
    const api = await mxqlApi();
    await useDemo(api);
    // The model's first query has an error the check finds; its repair passes.
    const { model, asked } = scriptedModel([
      'Here:\n```mxql\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps\n```',
      '```mxql\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]\n```',
    ]);
    const { stream, parts } = recordingStream();
    const result = await handleChat(
      api.chatDeps(),
      { prompt: 'TPS of each agent', command: 'query', model },
      stream,
      none,
    );
    assert.equal(asked.length, 2, 'one repair round');
    assert.match(asked[0] ?? '', /app_counter/, 'the prompt lists what find-data found');
    assert.match(asked[1] ?? '', /errors/);
    const said = parts.join('\n');
    assert.match(said, /passed the check/);
    assert.match(said, /SELECT \[time, oname, tps\]/);
    assert.match(said, /On the demo it returned \d+ rows/);
    assert.equal((result.metadata as { checked?: boolean }).checked, true);
    assert.ok(Number((result.metadata as { rows?: number }).rows) > 0, said);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.languageId, 'mxql');
    assert.match(editor.document.getText(), /SELECT \[time, oname, tps\]/);
  });

  test('@mxql /explain explains the query at the cursor from its steps', async () => {
    const api = await mxqlApi();
    const editor = await openWorkspaceFile('run/field.mxql');
    editor.selection = new vscode.Selection(3, 0, 3, 0);
    const { model, asked } = scriptedModel(['It reads app_counter and keeps one column per agent.']);
    const { stream, parts } = recordingStream();
    await handleChat(api.chatDeps(), { prompt: '', command: 'explain', model }, stream, none);
    assert.match(asked[0] ?? '', /CATEGORY app_counter/);
    assert.match(asked[0] ?? '', /steps and the columns after each/);
    assert.match(parts.join('\n'), /keeps one column per agent/);
  });

  test('@mxql /fix proposes the repaired file as a diff and accepts it', async () => {
    const api = await mxqlApi();
    const document = await vscode.workspace.openTextDocument({
      language: 'mxql',
      content: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps\n',
    });
    await vscode.window.showTextDocument(document);
    const { model } = scriptedModel(['```mxql\nCATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n```']);
    const { stream, parts, buttons } = recordingStream();
    const result = await handleChat(api.chatDeps(), { prompt: '', command: 'fix', model }, stream, none);
    assert.equal((result.metadata as { fixed?: boolean }).fixed, true, parts.join('\n'));
    const accept = buttons[0];
    assert.equal(accept?.command, 'mxql.applyChatFix');
    await vscode.window.showTextDocument(document);
    const args = (accept.arguments ?? []) as unknown[];
    assert.equal(await vscode.commands.executeCommand(accept.command, ...args), true);
    assert.equal(document.getText(), 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, tps]\n');
  });
});

suite('assistant over MCP', () => {
  suiteTeardown(async () => (await mxqlApi()).restoreUi());

  test("VS Code's agent gets mxql mcp from the extension: started, its tools answer on the Demo", async () => {
    const api = await mxqlApi();
    await useDemo(api);
    await vscode.commands.executeCommand('workbench.mcp.startServer', '*', {
      waitForLiveTools: true,
      autoTrustChanges: true,
    });
    const deadline = Date.now() + 60_000;
    let run: vscode.LanguageModelToolInformation | undefined;
    while (!run && Date.now() < deadline) {
      run = vscode.lm.tools.find((t) => t.name.endsWith('mxql_run') && t.name !== 'mxql_run');
      if (!run) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.ok(run, `no MCP tool: ${vscode.lm.tools.map((t) => t.name).join(', ')}`);
    const result = await vscode.lm.invokeTool(
      run.name,
      {
        input: { mql: 'CATEGORY app_counter\nTAGLOAD\nSELECT [time, oname, tps]', range: '15m' },
        toolInvocationToken: undefined,
      },
      none,
    );
    const text = result.content
      .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ''))
      .join('');
    assert.match(text, /tps/);
    const demo = await api.demo();
    for (const p of demo.projects) assert.ok(!text.includes(p.token), 'a token reached the MCP result');
  });
});
