// The notebook `@mxql /investigate` writes: a title and prose cell, then per step a markdown cell (why,
// what moved, both windows), the step's MXQL cell with the window's rows and the comparison table as
// result outputs, and a closing findings cell ranking what moved over every step. Pure (no vscode): plain
// notebook file data, worded through `say`, so a test reads it in English.
import { templateText, type Say } from '../../../common/templateText';
import type { Cell } from '../../../common/columnChunks';
import type { InvestigationPlan, RankedChange, StepOutcome } from '../../../assistant/toolset';
import type { FieldChange } from '../../../server/core/index';
import { tabulate } from '../../../common/rowFacts';
import type { CellOutput, FileCell, NotebookFile, OutputRun } from '../notebook/notebookFile';

/** Changes named per step, and in the findings. */
const STEP_TOP = 3;
export const FINDINGS_TOP = 10;

/** Where the investigation ran. */
export interface InvestigationTarget {
  readonly profile: string;
  readonly pcode?: number;
  /** The project's name, when known. */
  readonly project?: string;
  /** `Demo · Storefront Web (10458)`. */
  readonly label: string;
}

/** A number as a reader takes it in: four significant digits at most. */
export function shortNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return String(Number(n.toPrecision(4)));
}

function relativeText(c: FieldChange): string {
  if (c.relative === null) return 'new';
  return `${c.relative > 0 ? '+' : ''}${(c.relative * 100).toFixed(1)}%`;
}

/** `**api-02** · resp_time: 164 → 506 (+208.2%, score 18.1)`; names are the service's data, shown as code. */
function changeLine(say: Say, c: FieldChange): string {
  return say(
    templateText(
      '{0} · {1}: {2} → {3} ({4}, score {5})',
      `**${markdownEscaped(c.agent)}**`,
      `\`${c.field}\``,
      shortNumber(c.baseline),
      shortNumber(c.window),
      relativeText(c),
      (Math.round(c.score * 10) / 10).toFixed(1),
    ),
  );
}

/** Agent names come from the service: no markdown of theirs is read as markdown. */
function markdownEscaped(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!<>|~-]/g, (ch) => `\\${ch}`);
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function windowLine(say: Say, outcome: Extract<StepOutcome, { ok: true }>): string {
  const { now, before } = outcome.run;
  return say(
    templateText(
      'Window {0} – {1} ({2} rows), compared with {3} – {4} ({5} rows).',
      iso(now.facts.stime),
      iso(now.facts.etime),
      now.rows.length,
      iso(before.facts.stime),
      iso(before.facts.etime),
      before.rows.length,
    ),
  );
}

function runOf(
  title: string,
  target: InvestigationTarget,
  range: string,
  execution: {
    request: { endpoint: string };
    facts: { stime: number; etime: number };
    ms: number;
    rows: readonly unknown[];
  },
  ranAt: number,
): OutputRun {
  return {
    title,
    profile: target.profile,
    ...(target.pcode !== undefined ? { pcode: target.pcode } : {}),
    ...(target.project ? { project: target.project } : {}),
    range,
    stime: execution.facts.stime,
    etime: execution.facts.etime,
    endpoint: execution.request.endpoint,
    ms: execution.ms,
    rows: execution.rows.length,
    ranAt,
  };
}

const COMPARISON_COLUMNS = ['agent', 'field', 'baseline', 'window', 'change', 'relative', 'score'] as const;

function comparisonRows(changes: readonly FieldChange[]): Cell[][] {
  return changes.map((c) => [
    c.agent,
    c.field,
    Number(shortNumber(c.baseline)),
    Number(shortNumber(c.window)),
    Number(shortNumber(c.change)),
    c.relative === null ? null : Number(shortNumber(c.relative)),
    Math.round(c.score * 10) / 10,
  ]);
}

/** The outputs of a step's MXQL cell: its rows and the comparison, or its error. */
function stepOutputs(
  say: Say,
  outcome: StepOutcome,
  title: string,
  target: InvestigationTarget,
  range: string,
  ranAt: number,
): CellOutput[] {
  if (!outcome.ok) return [{ type: 'error', run: { title }, message: outcome.message, code: outcome.code }];
  const { now, comparison } = outcome.run;
  const table = tabulate(now.rows);
  const rows: CellOutput = {
    type: 'result',
    run: runOf(title, target, range, now, ranAt),
    columns: table.columns.map((c) => c.name),
    rows: table.rows,
  };
  const compared: CellOutput = {
    type: 'result',
    run: {
      ...runOf(say(templateText('{0}, compared with the window before', title)), target, range, now, ranAt),
      rows: comparison.changes.length,
    },
    columns: [...COMPARISON_COLUMNS],
    rows: comparisonRows(comparison.changes),
  };
  return [rows, compared];
}

function stepProse(say: Say, outcome: StepOutcome, n: number, title: string): string {
  const lines = [`## ${n}. ${title}`, '', say(outcome.step.reason), ''];
  if (!outcome.ok) {
    lines.push(say(templateText('This step failed: {0}', outcome.message)));
    return lines.join('\n');
  }
  lines.push(windowLine(say, outcome), '');
  const top = outcome.run.comparison.changes.slice(0, STEP_TOP);
  if (top.length === 0)
    lines.push(say(templateText('Nothing to compare: no agent has rows in both windows.')));
  else {
    lines.push(say(templateText('What moved most:')));
    for (const c of top) lines.push(`- ${changeLine(say, c)}`);
  }
  return lines.join('\n');
}

function findingsProse(
  say: Say,
  plan: InvestigationPlan,
  outcomes: readonly StepOutcome[],
  ranked: readonly RankedChange[],
  cancelled: boolean,
): string {
  const lines = [`## ${say(templateText('Findings'))}`, ''];
  if (cancelled)
    lines.push(
      say(
        templateText(
          'The investigation was stopped after {0} of {1} steps.',
          outcomes.length,
          plan.steps.length,
        ),
      ),
      '',
    );
  if (ranked.length === 0) {
    lines.push(say(templateText('Nothing could be compared: no step returned rows in both windows.')));
    return lines.join('\n');
  }
  lines.push(
    say(
      templateText(
        'What moved most over every step, farthest first (score: the change in standard deviations of the window before):',
      ),
    ),
    '',
  );
  ranked.slice(0, FINDINGS_TOP).forEach((r, i) => {
    const step = outcomes[r.stepIndex]?.step;
    const where = step ? ` (${say(step.title)})` : '';
    lines.push(`${i + 1}. ${changeLine(say, r.change)}${where}`);
  });
  return lines.join('\n');
}

/** The whole notebook of an investigation. */
export function investigationNotebook(
  say: Say,
  plan: InvestigationPlan,
  outcomes: readonly StepOutcome[],
  ranked: readonly RankedChange[],
  options: { target: InvestigationTarget; ranAt: number; cancelled: boolean },
): NotebookFile {
  const { target, ranAt, cancelled } = options;
  const intro: string[] = [
    `# ${say(templateText('Investigation: {0}', plan.symptom.replace(/\s+/g, ' ').trim()))}`,
    '',
    say(
      templateText(
        'Written by @mxql /investigate on {0}: each query below ran over the last {1} on {2} and was compared with the {1} before it. Nothing was written to the account. Run All runs the queries again over the notebook header’s range.',
        iso(ranAt),
        plan.range,
        target.label,
      ),
    ),
  ];
  if (plan.note) intro.push('', say(plan.note));
  const cells: FileCell[] = [{ kind: 'markdown', source: intro.join('\n') }];
  outcomes.forEach((outcome, i) => {
    const title = say(outcome.step.title);
    cells.push({ kind: 'markdown', source: stepProse(say, outcome, i + 1, title) });
    cells.push({
      kind: 'mxql',
      source: outcome.step.mql,
      outputs: stepOutputs(say, outcome, title, target, plan.range, ranAt),
    });
  });
  cells.push({ kind: 'markdown', source: findingsProse(say, plan, outcomes, ranked, cancelled) });
  return {
    header: {
      profile: target.profile,
      ...(target.pcode !== undefined ? { pcode: target.pcode } : {}),
      range: plan.range,
    },
    cells,
  };
}

/** The one-paragraph summary the chat shows: the top changes, worded like the findings. */
export function investigationSummary(say: Say, ranked: readonly RankedChange[], top = 3): string {
  if (ranked.length === 0)
    return say(templateText('Nothing could be compared: no step returned rows in both windows.'));
  return [
    say(templateText('What moved most:')),
    ...ranked.slice(0, top).map((r) => `- ${changeLine(say, r.change)}`),
  ].join('\n');
}
