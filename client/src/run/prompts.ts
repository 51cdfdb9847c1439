// Asks for what a query needs and the file does not say: `$param` values and INJECT fragments.
// The last answers are remembered per file in workspaceState (values the user typed, never a token)
// and pre-fill the next prompt. Each `$param` is asked for by its kind (the core's paramNeeds): an agent
// offers the project's agents, a column the category's columns, a count or duration its usual values, a
// tag value the values its column holds in the run's range (the core's lookup, run under a cancellable
// progress), always with free entry; when the agents or the values cannot be read (a 401, a timeout),
// the log says why and the prompt tells the user in one line.
import type * as vscode from 'vscode';
import { liveChoiceOf, type LookupRange } from '../../../api/index';
import { describeParamKind, type ParamNeed } from '../../../server/core/index';
import type { Log } from '../log';
import type { Target } from '../profiles/profiles';
import type { PickItem, Ui } from '../views/ui';
import type { RunValues } from './runRequest';
import { coreWording, t } from '../l10n';
import { errorText } from '../errorText';
import { agentChoices } from './agentScope';

const VALUES_KEY = 'mxql.lastValues';

type Remembered = Record<string, { params?: Record<string, string>; injects?: Record<string, string> }>;

/** The values last used with the file `key` (its URI); empty when none. */
export function rememberedValues(state: vscode.Memento, key: string): RunValues {
  const all = state.get<Remembered>(VALUES_KEY) ?? {};
  const entry = all[key];
  return { params: { ...(entry?.params ?? {}) }, injects: { ...(entry?.injects ?? {}) } };
}

/** Stores the values of a run for the file `key`, keeping those of other files. */
export async function rememberValues(state: vscode.Memento, key: string, values: RunValues): Promise<void> {
  const all = { ...(state.get<Remembered>(VALUES_KEY) ?? {}) };
  all[key] = { params: { ...values.params }, injects: { ...values.injects } };
  await state.update(VALUES_KEY, all);
}

/** The item that switches to typing a value (a function: the text is translated at use). */
const typeValue = (): string => t('$(edit) Type a value…');

/** What a prompt needs besides the name: the target to list agents and values from, the run's range, the clock and the log. */
export interface AskContext {
  readonly ui: Ui;
  readonly target: Target;
  readonly now: number;
  readonly log: Pick<Log, 'warn'>;
  /** The run's range, which a tag value's lookup reads; without it, the last hour before `now`. */
  readonly range?: LookupRange;
  /** The run's project (the file's `-- @pcode`), which a lookup reads; without it, the target's. */
  readonly pcode?: number;
}

/** Pick items for a need: agents of the project for an agent, the planner's choices for the other kinds. */
async function choicesFor(
  ask: AskContext,
  need: ParamNeed,
): Promise<{ items: PickItem<string>[]; problem: string }> {
  if (need.kind === 'agent') {
    const agents = await agentChoices(ask.target, ask.now, need.agentField);
    if ('problem' in agents) {
      ask.log.warn(`Could not list the agents to offer for ${need.name}: ${agents.problem}`);
      return { items: [], problem: t("Could not list the project's agents ({0}). ", agents.problem) };
    }
    return { items: agents.items, problem: '' };
  }
  if (need.kind === 'tagValue') return liveItems(ask, need);
  const first = need.defaultValue;
  const ordered = first === undefined ? need.choices : [first, ...need.choices.filter((c) => c !== first)];
  return { items: ordered.map((value) => ({ label: value, value })), problem: '' };
}

const HOUR_MS = 3_600_000;

/**
 * The values a tag value's column holds in the run's range, most frequent first, read with the core's
 * lookup under a cancellable progress. Cancelled, failed or empty, there are none and free entry remains.
 */
async function liveItems(
  ask: AskContext,
  need: ParamNeed,
): Promise<{ items: PickItem<string>[]; problem: string }> {
  const column = need.column ?? need.name;
  if (!need.lookup) return { items: [], problem: '' };
  const range = ask.range ?? { stime: ask.now - HOUR_MS, etime: ask.now };
  const { client } = ask.target;
  const pcode = ask.pcode ?? ask.target.pcode;
  let cancel: AbortSignal | undefined;
  const choice = await ask.ui.progress(t('MXQL: reading the values of {0}…', column), (signal) => {
    cancel = signal;
    return liveChoiceOf(need, range, (body) =>
      client.mxqlText(body, { signal, ...(pcode === undefined ? {} : { pcode }) }),
    );
  });
  // Cancelled: the user chose to type the value; no note.
  if (cancel?.aborted) return { items: [], problem: '' };
  if ('error' in choice) {
    const why = errorText(choice.error);
    ask.log.warn(`Could not read the values of ${column} to offer for ${need.name}: ${why}`);
    return { items: [], problem: t('Could not read the values of {0} ({1}). ', column, why) };
  }
  if (choice.values.length === 0)
    return { items: [], problem: t('{0} holds no values in the time range. ', column) };
  return {
    items: choice.values.map((value) => ({ label: value, value, description: column })),
    problem: '',
  };
}

async function askParam(ask: AskContext, need: ParamNeed, last: string | undefined) {
  const { name } = need;
  const { items, problem } = await choicesFor(ask, need);
  const hint = describeParamKind(need, coreWording());
  if (items.length > 0) {
    const typed: PickItem<string> = { label: typeValue(), value: '' };
    const lastFirst =
      last === undefined
        ? items
        : [...items].sort((a, b) => Number(b.value === last) - Number(a.value === last));
    const picked = await ask.ui.quickPick([...lastFirst, typed], {
      title: t('Value of {0}', name),
      placeHolder: last
        ? t('Pick a value for {0} ({1}; last: {2})', name, hint, last)
        : t('Pick a value for {0} ({1})', name, hint),
      matchOnDetail: true,
    });
    if (!picked) return undefined;
    if (picked !== typed) return picked.value;
  }
  return ask.ui.inputBox({
    title: t('Value of {0}', name),
    prompt:
      problem +
      t(
        'The query uses {0} ({1}) and the file has no "-- @param {2} = …" line. Enter its value.',
        name,
        hint,
        name,
      ),
    ...(last !== undefined ? { value: last } : {}),
    validateInput: (text) => (text.trim() === '' ? t('{0} needs a value.', name) : undefined),
  });
}

async function askInject(ui: Ui, name: string, last: string | undefined) {
  return ui.inputBox({
    title: t('INJECT {0}', name),
    prompt: t(
      'INJECT {0} has no fragment. Enter the MXQL to insert there, or leave it empty to send an empty fragment. Escape cancels the run.',
      name,
    ),
    ...(last !== undefined ? { value: last } : {}),
  });
}

/** Prompts for each missing value in turn; undefined when the user cancelled any prompt. */
export async function promptMissing(
  ask: AskContext,
  missing: { params: readonly ParamNeed[]; injects: readonly string[] },
  last: RunValues,
): Promise<RunValues | undefined> {
  const params: Record<string, string> = {};
  const injects: Record<string, string> = {};
  for (const need of missing.params) {
    const value = await askParam(ask, need, last.params[need.name]);
    if (value === undefined) return undefined;
    params[need.name] = value.trim();
  }
  for (const name of missing.injects) {
    const value = await askInject(ask.ui, name, last.injects[name]);
    if (value === undefined) return undefined;
    injects[name] = value;
  }
  return { params, injects };
}
