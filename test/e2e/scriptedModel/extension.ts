// A chat model for the end-to-end tests of `@mxql`: registered under the vendor `mxql-test`, it answers
// each request with the first scripted answer whose `when` texts all occur in the prompt, and appends
// every prompt to `<scriptFile>.asked.jsonl` so a test can read what the participant asked. An answer with
// `holdUntil` waits until that file exists, so a test can see what the chat shows while the model thinks.
// The script file is read again on every request, so a test may change it between steps.
import { appendFileSync, existsSync, readFileSync, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import * as vscode from 'vscode';

const VENDOR = 'mxql-test';

interface ScriptedAnswer {
  /** Texts that must all occur in the prompt for this answer to be given. */
  readonly when: readonly string[];
  readonly answer: string;
  /** A file whose creation releases the answer. */
  readonly holdUntil?: string;
}

function scriptFile(): string {
  return vscode.workspace.getConfiguration('mxqlTest').get<string>('scriptFile') ?? '';
}

function promptOf(messages: readonly vscode.LanguageModelChatRequestMessage[]): string {
  return messages
    .flatMap((message) => message.content)
    .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ''))
    .join('\n');
}

/** The scripted answer for `prompt`; a message naming the prompt when the script has none, so a test fails. */
function scriptedAnswer(prompt: string): ScriptedAnswer {
  const file = scriptFile();
  if (!file) return { when: [], answer: 'The scripted model has no script: set mxqlTest.scriptFile.' };
  appendFileSync(`${file}.asked.jsonl`, `${JSON.stringify({ prompt })}\n`);
  const script = JSON.parse(readFileSync(file, 'utf8')) as { answers?: ScriptedAnswer[] };
  const found = script.answers?.find((a) => a.when.every((text) => prompt.includes(text)));
  return found ?? { when: [], answer: `The script has no answer for: ${prompt.slice(-200)}` };
}

/** Resolves once `path` exists, or when the request is cancelled. */
function created(path: string, token: vscode.CancellationToken): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dirname(path), (_event, name) => {
      if (name === basename(path)) done();
    });
    const cancelled = token.onCancellationRequested(() => done());
    function done() {
      watcher.close();
      cancelled.dispose();
      resolve();
    }
    if (existsSync(path)) done();
  });
}

const model: vscode.LanguageModelChatInformation = {
  id: 'mxql-test-scripted',
  name: 'Scripted Model',
  family: 'scripted',
  version: '1',
  maxInputTokens: 100_000,
  maxOutputTokens: 4_000,
  // The chat's Agent mode, its default, offers only models that can call tools.
  capabilities: { toolCalling: true },
};

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider(VENDOR, {
      provideLanguageModelChatInformation: () => [model],
      provideLanguageModelChatResponse: async (_model, messages, _options, progress, token) => {
        const { answer, holdUntil } = scriptedAnswer(promptOf(messages));
        if (holdUntil) await created(holdUntil, token);
        progress.report(new vscode.LanguageModelTextPart(answer));
      },
      provideTokenCount: (_model, text) =>
        Promise.resolve(Math.ceil((typeof text === 'string' ? text : promptOf([text])).length / 4)),
    }),
  );
  // The chat finds a provider's models only once something has asked for them; without this the first
  // request from the chat view fails with "Language model unavailable".
  void vscode.lm.selectChatModels({ vendor: VENDOR });
}
