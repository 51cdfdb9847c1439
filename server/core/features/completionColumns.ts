/**
 * Column completion from the column flow at the cursor's line, and identifier completion inside
 * `expr:` formulas. When the flow is open (unknown category, a pivot upstream …) the system and agent
 * columns are offered too, and nothing the user types is ever rejected.
 */
import {
  AGENT_COLUMNS,
  EXPRESSION_FUNCTIONS,
  GENERATED_COLUMNS,
  SYSTEM_COLUMNS,
  type Column,
} from '../catalog/index';
import { type ColumnInfo, type FlowStep } from './columns';
import { type CompletionSite } from './completionSite';
import { CompletionKind, type CompletionEntry } from './completionTypes';
import { categoryOfFlow, type DocumentAnalysis } from './languageService';

const ORIGIN_TITLES: Readonly<Record<ColumnInfo['origin'], string>> = {
  tag: 'tag',
  field: 'field',
  system: 'system column',
  created: 'created column',
  renamed: 'renamed column',
  joined: 'joined column',
};

/** Markdown describing a column: kind, type, unit and our description. */
export function columnMarkdown(name: string, origin: string, meta: Column | undefined): string {
  const facts = [origin, meta?.type, meta?.unit ? `unit ${meta.unit}` : undefined].filter(Boolean);
  const lines = [`**${name}** — ${facts.join(' · ')}`];
  if (meta?.description) lines.push('', meta.description);
  if (meta?.deprecated) lines.push('', '_Deprecated in the category metadata._');
  return lines.join('\n');
}

function metadataIndex(analysis: DocumentAnalysis, site: CompletionSite): Map<string, Column> {
  const info = categoryOfFlow(analysis, site.sub);
  const index = new Map<string, Column>();
  for (const c of [...SYSTEM_COLUMNS, ...AGENT_COLUMNS, ...GENERATED_COLUMNS]) index.set(c.name, c);
  if (info) for (const c of [...info.tags, ...info.fields]) index.set(c.name, c);
  return index;
}

function entry(
  name: string,
  origin: string,
  meta: Column | undefined,
  site: CompletionSite,
  rank: number,
): CompletionEntry {
  const needsQuotes = !/^[A-Za-z_@#][\w.$@#-]*$/.test(name);
  return {
    label: name,
    kind: CompletionKind.column,
    detail: [origin, meta?.type, meta?.unit].filter(Boolean).join(' · '),
    documentation: columnMarkdown(name, origin, meta),
    ...(needsQuotes ? { insertText: `'${name}'` } : {}),
    sortText: `${rank}${name}`,
    range: site.replaceRange,
    ...(meta?.deprecated ? { deprecated: true } : {}),
  };
}

const namesInUse = new WeakMap<DocumentAnalysis, ReadonlySet<string>>();
const namesBySteps = new WeakMap<readonly FlowStep[], readonly string[]>();

/** Names a run of steps writes itself, kept per steps list (an unchanged block's list is reused). */
function namesWritten(steps: readonly FlowStep[]): readonly string[] {
  let names = namesBySteps.get(steps);
  if (!names) {
    const found = new Set<string>();
    for (const step of steps) {
      // Only names written in the file (created, renamed, or listed though the catalog lacks them).
      for (const [name, info] of step.after.columns) if (info.definedAt !== null) found.add(name);
    }
    names = [...found];
    namesBySteps.set(steps, names);
  }
  return names;
}

/**
 * Every column name the file's pipelines write themselves (SELECT lists keep names the catalog lacks).
 * Real queries name columns the metadata does not have, so these are offered too, after the known ones.
 */
function columnsUsedInFile(analysis: DocumentAnalysis): ReadonlySet<string> {
  let names = namesInUse.get(analysis);
  if (!names) {
    const found = new Set<string>();
    const flow = analysis.flow;
    const runs = [
      ...(flow.segmentSteps ?? [flow.main.steps]),
      ...[...flow.subs.values()].map((f) => f.steps),
    ];
    for (const steps of runs) for (const name of namesWritten(steps)) found.add(name);
    names = found;
    namesInUse.set(analysis, names);
  }
  return names;
}

/**
 * The columns available where the cursor is (upstream of its command); when that set is open, the
 * system and agent columns and the other names the file uses.
 */
export function columnItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  const set = analysis.flow.columnsAt(site.flowOffset);
  const meta = metadataIndex(analysis, site);
  const items: CompletionEntry[] = [];
  for (const [name, info] of set.columns)
    items.push(entry(name, ORIGIN_TITLES[info.origin], meta.get(name), site, info.origin === 'tag' ? 1 : 0));
  const listed = new Set(set.columns.keys());
  for (const c of [...SYSTEM_COLUMNS, ...AGENT_COLUMNS]) {
    if (set.open && !listed.has(c.name)) items.push(entry(c.name, 'system column', c, site, 2));
    listed.add(c.name);
  }
  for (const name of columnsUsedInFile(analysis)) {
    if (!listed.has(name)) items.push(entry(name, 'used in this file', meta.get(name), site, 3));
  }
  return items;
}

/** Columns and functions inside a formula string (`expr: "tps > 1 && |"`). */
export function expressionItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  const functions: CompletionEntry[] = EXPRESSION_FUNCTIONS.map((f) => ({
    label: f.name,
    kind: CompletionKind.function,
    detail: `${f.signature} → ${f.returns}`,
    documentation: f.description,
    insertText: `${f.name}(\${1})`,
    snippet: true,
    sortText: `3${f.name}`,
    range: site.replaceRange,
  }));
  return [...columnItems(analysis, site), ...functions];
}

/** HEADER keys: each column as `name$`, telling a dashboard widget how to display it. */
export function headerKeyItems(analysis: DocumentAnalysis, site: CompletionSite): CompletionEntry[] {
  return columnItems(analysis, site).map((item) => ({
    ...item,
    label: `${item.label}$`,
    detail: `display type of ${item.label}`,
    insertText: `${item.insertText ?? item.label}$: `,
  }));
}
