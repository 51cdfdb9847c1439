// Asks for what a query needs and the file does not say: `$param` values and INJECT fragments.
// The last answers are remembered per file in workspaceState (values the user typed, never a token)
// and pre-fill the next prompt. Each `$param` is asked for by its kind (the core's paramNeeds): an agent
// offers the project's agents, a column the category's columns, a count or duration its usual values,
// always with free entry; when the agent list cannot be read (a 401, a timeout), the log says why and the
// prompt tells the user.
import type * as vscode from 'vscode';
import type { ParamNeed } from '../../../server/core/index';
import type { Log } from '../log';
import type { Target } from '../profiles/profiles';
import type { PickItem, Ui } from '../views/ui';
import type { RunValues } from './runRequest';
import { t } from '../l10n';
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

/** What a prompt needs besides the name: the last value, the target to list agents from, the clock and the log. */
export interface AskContext {
  readonly ui: Ui;
  readonly target: Target;
  readonly now: number;
  readonly log: Pick<Log, 'warn'>;
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
  const first = need.defaultValue;
  const ordered = first === undefined ? need.choices : [first, ...need.choices.filter((c) => c !== first)];
  return { items: ordered.map((value) => ({ label: value, value })), problem: '' };
}

/** What each kind of value is, in the user's language (functions: the texts are translated at use). */
const KIND_HINTS: Record<ParamNeed['kind'], () => string> = {
  agent: () => t('an agent of the project'),
  column: () => t('a column of the category at that step'),
  rowCount: () => t('a number of rows'),
  category: () => t('a category'),
  duration: () => t('a duration such as 5m or 1h'),
  timeUnit: () => t('a time unit'),
  text: () => t('a value'),
};

async function askParam(ask: AskContext, need: ParamNeed, last: string | undefined) {
  const { name } = need;
  const { items, problem } = await choicesFor(ask, need);
  const hint = KIND_HINTS[need.kind]();
  if (items.length > 0) {
    const typed: PickItem<string> = { label: typeValue(), value: '' };
    const lastFirst =
      last === undefined
        ? items
        : [...items].sort((a, b) => Number(b.value === last) - Number(a.value === last));
    const picked = await ask.ui.quickPick([...lastFirst, typed], {
      title: t('Value of {0}', name),
      placeHolder: last
        ? t('Pick {0} for {1} (last: {2})', hint, name, last)
        : t('Pick {0} for {1}', hint, name),
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
