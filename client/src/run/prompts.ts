// Asks for what a query needs and the file does not say: `$param` values and INJECT fragments.
// The last answers are remembered per file in workspaceState (values the user typed, never a token)
// and pre-fill the next prompt. `$oid`, `$okind` and `$onode` offer the project's agents; when the agent
// list cannot be read (a 401, a timeout), the log says why and the prompt tells the user.
import type * as vscode from 'vscode';
import type { AgentItem } from '../../../api/index';
import type { Log } from '../log';
import type { Target } from '../profiles/profiles';
import type { PickItem, Ui } from '../views/ui';
import type { RunValues } from './runRequest';
import { t } from '../l10n';
import { errorText } from '../errorText';

const VALUES_KEY = 'mxql.lastValues';
const AGENT_WINDOW_MS = 60 * 60_000;

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

const agentFields = {
  $oid: (a: AgentItem) => ({ value: String(a.oid), label: a.oname, detail: t('oid {0}', a.oid) }),
  $okind: (a: AgentItem) => ({ value: String(a.okind), label: a.okindName, detail: t('okind {0}', a.okind) }),
  $onode: (a: AgentItem) => ({ value: String(a.onode), label: a.onodeName, detail: t('onode {0}', a.onode) }),
} as const;

type AgentParam = keyof typeof agentFields;
const isAgentParam = (name: string): name is AgentParam => Object.hasOwn(agentFields, name);

/** The agents of the active project as pick items for `name`, or why they could not be listed. */
type AgentChoices = { readonly items: PickItem<string>[] } | { readonly problem: string };

async function agentItems(name: AgentParam, target: Target, now: number): Promise<AgentChoices> {
  try {
    const list = await target.client.agentList(
      { stime: now - AGENT_WINDOW_MS, etime: now },
      target.pcode === undefined ? {} : { pcode: target.pcode },
    );
    const seen = new Set<string>();
    const items: PickItem<string>[] = [];
    for (const agent of list.data) {
      const item = agentFields[name](agent);
      if (seen.has(item.value)) continue;
      seen.add(item.value);
      items.push({ ...item, description: agent.active ? 'active' : 'inactive' });
    }
    return { items };
  } catch (error) {
    return { problem: errorText(error) };
  }
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

async function askParam(ask: AskContext, name: string, last: string | undefined) {
  let listProblem = '';
  if (isAgentParam(name)) {
    const agents = await agentItems(name, ask.target, ask.now);
    if ('problem' in agents) {
      ask.log.warn(`Could not list the agents to offer for ${name}: ${agents.problem}`);
      listProblem = t("Could not list the project's agents ({0}). ", agents.problem);
    } else if (agents.items.length > 0) {
      const typed: PickItem<string> = { label: typeValue(), value: '' };
      const picked = await ask.ui.quickPick([...agents.items, typed], {
        title: t('Value of {0}', name),
        placeHolder: last
          ? t('Pick an agent for {0} (last: {1})', name, last)
          : t('Pick an agent for {0}', name),
        matchOnDetail: true,
      });
      if (!picked) return undefined;
      if (picked !== typed) return picked.value;
    }
  }
  return ask.ui.inputBox({
    title: t('Value of {0}', name),
    prompt:
      listProblem +
      t('The query uses {0} and the file has no "-- @param {1} = …" line. Enter its value.', name, name),
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
  missing: { params: readonly string[]; injects: readonly string[] },
  last: RunValues,
): Promise<RunValues | undefined> {
  const params: Record<string, string> = {};
  const injects: Record<string, string> = {};
  for (const name of missing.params) {
    const value = await askParam(ask, name, last.params[name]);
    if (value === undefined) return undefined;
    params[name] = value.trim();
  }
  for (const name of missing.injects) {
    const value = await askInject(ask.ui, name, last.injects[name]);
    if (value === undefined) return undefined;
    injects[name] = value;
  }
  return { params, injects };
}
