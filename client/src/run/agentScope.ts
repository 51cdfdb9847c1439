// Agent filters as an explicit, optional choice. A query's `OIDSET {oid:$oid, …}` (or OID/OKIND/ONODE)
// with the `$params` left unbound runs over every agent, as the service documents; "Scope to an Agent…"
// narrows a file's runs to one agent and remembers the choice per file in workspaceState (ids and names
// the user picked, never a token). "All agents" clears it.
import type * as vscode from 'vscode';
import type { AgentItem } from '../../../api/index';
import type { Target } from '../profiles/profiles';
import type { PickItem, Ui } from '../views/ui';
import { errorText } from '../errorText';
import { t } from '../l10n';

const SCOPE_KEY = 'mxql.agentScope';
const AGENT_WINDOW_MS = 60 * 60_000;

/** The `$params` an agent binds, by the agent field each stands for. */
const AGENT_PARAMS = {
  $oid: (a: AgentItem) => String(a.oid),
  $okind: (a: AgentItem) => String(a.okind),
  $onode: (a: AgentItem) => String(a.onode),
  $oname: (a: AgentItem) => a.oname,
  $okindName: (a: AgentItem) => a.okindName,
  $onodeName: (a: AgentItem) => a.onodeName,
} as const;

/** A file's agent scope: `$param` → value, and the agent's name for labels. */
interface StoredScope {
  readonly label: string;
  readonly params: Record<string, string>;
}

function stored(state: vscode.Memento): Record<string, StoredScope> {
  const all = state.get<unknown>(SCOPE_KEY);
  return typeof all === 'object' && all !== null ? (all as Record<string, StoredScope>) : {};
}

/** The `$param` values of the file `key`'s agent scope; empty for "All agents". */
export function agentScopeOf(state: vscode.Memento, key: string): Record<string, string> {
  const entry = stored(state)[key];
  if (!entry || typeof entry.params !== 'object' || entry.params === null) return {};
  return Object.fromEntries(Object.entries(entry.params).filter(([, v]) => typeof v === 'string'));
}

/** The label of the file `key`'s scope: the agent's name, or undefined for all agents. */
export function agentScopeLabel(state: vscode.Memento, key: string): string | undefined {
  const label = stored(state)[key]?.label;
  return typeof label === 'string' ? label : undefined;
}

/** Stores (or with undefined, clears) the file `key`'s agent scope. */
export async function setAgentScope(
  state: vscode.Memento,
  key: string,
  agent: AgentItem | undefined,
): Promise<void> {
  const all = { ...stored(state) };
  if (agent) {
    const params = Object.fromEntries(
      Object.entries(AGENT_PARAMS).map(([name, value]) => [name, value(agent)]),
    );
    all[key] = { label: agent.oname, params };
  } else delete all[key];
  await state.update(SCOPE_KEY, all);
}

async function listAgents(target: Target, now: number): Promise<AgentItem[]> {
  const list = await target.client.agentList(
    { stime: now - AGENT_WINDOW_MS, etime: now },
    target.pcode === undefined ? {} : { pcode: target.pcode },
  );
  return list.data;
}

/** Agents as pick items for one agent field (`oid` by default), names first, active ones first. */
export async function agentChoices(
  target: Target,
  now: number,
  field = 'oid',
): Promise<{ readonly items: PickItem<string>[] } | { readonly problem: string }> {
  try {
    const param = `$${field}` as keyof typeof AGENT_PARAMS;
    const valueOf = AGENT_PARAMS[param] ?? AGENT_PARAMS.$oid;
    const seen = new Set<string>();
    const items: PickItem<string>[] = [];
    for (const agent of sortedAgents(await listAgents(target, now))) {
      const value = valueOf(agent);
      if (seen.has(value)) continue;
      seen.add(value);
      const name = field === 'okind' ? agent.okindName : field === 'onode' ? agent.onodeName : agent.oname;
      items.push({
        label: name || value,
        value,
        detail: t('{0} {1}', field, value),
        description: agent.active ? t('active') : t('inactive'),
      });
    }
    return { items };
  } catch (error) {
    return { problem: errorText(error) };
  }
}

function sortedAgents(agents: readonly AgentItem[]): AgentItem[] {
  return [...agents].sort((a, b) => Number(b.active) - Number(a.active) || a.oname.localeCompare(b.oname));
}

/**
 * Asks which agent the file's runs read: "All agents" first, then the project's agents by name.
 * Resolves to the agent, null for all agents, or undefined when dismissed; throws when the list fails.
 */
export async function pickAgentScope(
  ui: Ui,
  target: Target,
  now: number,
  current: string | undefined,
): Promise<AgentItem | null | undefined> {
  const agents = sortedAgents(await listAgents(target, now));
  const all: PickItem<AgentItem | null> = {
    label: t('$(globe) All agents'),
    value: null,
    description: current === undefined ? t('current') : '',
    detail: t('Agent filters stay unbound: the service reads every agent of the project.'),
  };
  const items: PickItem<AgentItem | null>[] = [
    all,
    ...agents.map((agent) => ({
      label: agent.oname,
      value: agent,
      description: [agent.active ? t('active') : t('inactive'), current === agent.oname ? t('current') : '']
        .filter(Boolean)
        .join(' · '),
      detail: t('oid {0} · {1} · {2}', agent.oid, agent.okindName, agent.onodeName),
    })),
  ];
  const picked = await ui.quickPick(items, {
    title: t('Scope to an Agent'),
    placeHolder: t("Which agent should this file's queries read?"),
    matchOnDetail: true,
  });
  return picked === undefined ? undefined : picked.value;
}
