// Every question the extension asks the user goes through one `Ui` object. The real one is VS Code's
// window API. Integration tests install a scripted one through the extension's test API: it records
// each prompt (so a test can assert that the prompt appeared with the right choices) and answers from
// a queue, because the extension host cannot click its own notifications.
import * as vscode from 'vscode';
import { withDelayedProgress } from './delayedProgress';

/** A quick pick item carrying a value. */
export interface PickItem<T> extends vscode.QuickPickItem {
  readonly value: T;
}

export interface Ui {
  /** A notification with buttons; resolves to the chosen button or undefined when dismissed. */
  message(
    level: 'info' | 'warning' | 'error',
    text: string,
    ...actions: string[]
  ): Thenable<string | undefined>;
  inputBox(options: vscode.InputBoxOptions): Thenable<string | undefined>;
  quickPick<T>(
    items: readonly PickItem<T>[],
    options: vscode.QuickPickOptions,
  ): Thenable<PickItem<T> | undefined>;
  /** Runs `work` under a cancellable progress notification titled `title` (once it is slow); Cancel aborts its signal. */
  progress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Thenable<T>;
}

export const vscodeUi: Ui = {
  message(level, text, ...actions) {
    if (level === 'error') return vscode.window.showErrorMessage(text, ...actions);
    if (level === 'warning') return vscode.window.showWarningMessage(text, ...actions);
    return vscode.window.showInformationMessage(text, ...actions);
  },
  inputBox: (options) => vscode.window.showInputBox(options),
  quickPick: (items, options) => vscode.window.showQuickPick(items, options),
  progress: (title, work) => {
    const controller = new AbortController();
    return withDelayedProgress(title, controller, work(controller.signal));
  },
};

/** A prompt the scripted UI was shown. */
export interface RecordedPrompt {
  readonly kind: 'message' | 'inputBox' | 'quickPick' | 'progress';
  /** The message text, input prompt, quick pick title/placeholder or progress title. */
  readonly text: string;
  /** Buttons or item labels offered. */
  readonly choices: readonly string[];
  /** What validateInput said about the answer, when the prompt had a validator. */
  readonly validation?: string;
}

/**
 * Answers for a scripted UI, in order: a string answers a message (button title), an input box
 * (its value) or a quick pick (the label of the item); `undefined` dismisses the prompt.
 */
export type ScriptedAnswer = string | undefined;

/** The test UI: records prompts and answers them from a queue; an empty queue dismisses. */
export class ScriptedUi implements Ui {
  readonly prompts: RecordedPrompt[] = [];

  constructor(private readonly answers: ScriptedAnswer[]) {}

  message(
    _level: 'info' | 'warning' | 'error',
    text: string,
    ...actions: string[]
  ): Thenable<string | undefined> {
    this.prompts.push({ kind: 'message', text, choices: actions });
    const answer = this.answers.shift();
    return Promise.resolve(answer !== undefined && actions.includes(answer) ? answer : undefined);
  }

  async inputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
    const answer = this.answers.shift();
    const validation = answer === undefined ? undefined : await options.validateInput?.(answer);
    const message = typeof validation === 'string' ? validation : validation?.message;
    this.prompts.push({
      kind: 'inputBox',
      text: options.prompt ?? options.title ?? '',
      choices: [],
      ...(message ? { validation: message } : {}),
    });
    return message ? undefined : answer;
  }

  quickPick<T>(
    items: readonly PickItem<T>[],
    options: vscode.QuickPickOptions,
  ): Thenable<PickItem<T> | undefined> {
    this.prompts.push({
      kind: 'quickPick',
      text: options.title ?? options.placeHolder ?? '',
      choices: items.map((i) => i.label),
    });
    const answer = this.answers.shift();
    return Promise.resolve(items.find((i) => i.label === answer));
  }

  /** Records the progress title and runs the work to its end (the queue never cancels it). */
  progress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.prompts.push({ kind: 'progress', text: title, choices: [] });
    return work(new AbortController().signal);
  }
}
