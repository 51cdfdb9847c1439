// mxql_explain: a query's pipeline step by step: each command with its line, what it does (the
// catalog's own command docs) and how it changes the columns (the core's column flow), then the columns
// of the result once: a long category's 40 columns are not repeated under every step.
import {
  analyzeDocument,
  findCommand,
  pipelineFlowOf,
  validate,
  wordingFor,
  type FlowStep,
  type PipelineFlow,
  type Statement,
  type Wording,
} from '../../server/core/index';
import { done } from '../results';
import { translatedLanguage } from '../../common/l10n';
import { toolProse } from '../texts';
import type { ToolContext, ToolDefinition } from '../types';
import { MQL_INPUT_SCHEMA } from './schemas';

export interface ExplainInput {
  readonly mql: string;
}

interface ExplainedStep {
  line: number;
  command: string;
  does: string;
  category?: string;
  /** Columns the step adds, and those it drops (SELECT's narrowing, RENAME's old names). */
  added: string[];
  removed: string[];
}

interface ExplainedPipeline {
  /** `main`, or the SUB's name. */
  pipeline: string;
  category?: string;
  steps: ExplainedStep[];
  /** The columns the pipeline produces. */
  columns: string[];
  /** True when more columns may exist than those listed (a category without a column list). */
  columnsOpen: boolean;
}

/** The word a statement is shown by, and what it does. */
function describeStatement(statement: Statement, wording: Wording): { command: string; does: string } {
  switch (statement.kind) {
    case 'command': {
      const def = findCommand(statement.name);
      return { command: def?.name ?? statement.name, does: def ? wording.text(def.description) : '?' };
    }
    case 'inject':
      return { command: `INJECT ${statement.name ?? ''}`.trim(), does: 'INJECT' };
    case 'promql':
      return { command: statement.prefix, does: 'PromQL' };
    case 'template-line':
      return { command: '<% %>', does: 'template' };
    case 'invalid':
      return { command: statement.text, does: '?' };
  }
}

function explainStep(step: FlowStep, wording: Wording): ExplainedStep {
  const before = step.before.columns;
  const after = step.after.columns;
  return {
    line: step.statement.line + 1,
    ...describeStatement(step.statement, wording),
    ...(step.category ? { category: step.category } : {}),
    added: [...after.keys()].filter((name) => !before.has(name)),
    removed: [...before.keys()].filter((name) => !after.has(name)),
  };
}

function explainPipeline(name: string, flow: PipelineFlow, wording: Wording): ExplainedPipeline {
  return {
    pipeline: name,
    ...(flow.category ? { category: flow.category } : {}),
    steps: flow.steps.map((s) => explainStep(s, wording)),
    columns: [...flow.result.columns.keys()],
    columnsOpen: flow.result.open,
  };
}

export const explain: ToolDefinition<ExplainInput> = {
  name: 'mxql_explain',
  title: 'Explain an MXQL query',
  description:
    'Explains an MXQL query step by step: for each command its line, what it does and the columns it adds or drops, then the columns of the result (main pipeline and each SUB). ' +
    'Use it to understand or describe an existing query to the user, or to see which columns a later command may use. ' +
    'It does not validate (use mxql_check) and does not run (use mxql_run).',
  inputSchema: MQL_INPUT_SCHEMA,
  outputSchema: {
    type: 'object',
    properties: {
      pipelines: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            pipeline: { type: 'string' },
            category: { type: 'string' },
            steps: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  line: { type: 'integer', minimum: 1 },
                  command: { type: 'string' },
                  does: { type: 'string' },
                  category: { type: 'string' },
                  added: { type: 'array', items: { type: 'string' } },
                  removed: { type: 'array', items: { type: 'string' } },
                },
                required: ['line', 'command', 'does', 'added', 'removed'],
              },
            },
            columns: { type: 'array', items: { type: 'string' } },
            columnsOpen: { type: 'boolean' },
          },
          required: ['pipeline', 'steps', 'columns', 'columnsOpen'],
        },
      },
      errors: { type: 'integer', minimum: 0 },
    },
    required: ['pipelines', 'errors'],
  },
  readsService: false,
  run(input, context) {
    const wording = wordingFor(translatedLanguage(context.locale));
    const analysis = analyzeDocument(input.mql, context.catalogs);
    const pipelines: ExplainedPipeline[] = [];
    for (const sub of analysis.doc.subs) {
      const flow = pipelineFlowOf(analysis, sub);
      if (flow && sub.name !== null) pipelines.push(explainPipeline(sub.name, flow, wording));
    }
    const main = pipelineFlowOf(analysis, null);
    if (main) pipelines.push(explainPipeline('main', main, wording));
    const errors = validate(input.mql, { catalog: context.catalogs.categories }).filter(
      (d) => d.severity === 'error',
    ).length;
    return done(explainText(context, pipelines, errors), { pipelines, errors });
  },
};

function explainText(context: ToolContext, pipelines: readonly ExplainedPipeline[], errors: number): string {
  const { locale } = context;
  const lines: string[] = [];
  for (const p of pipelines) {
    const head = p.category
      ? toolProse(locale, 'explainHead', p.steps.length, p.category)
      : toolProse(locale, 'explainNoCategory', p.steps.length);
    lines.push(p.pipeline === 'main' ? head : `${toolProse(locale, 'subPipeline', p.pipeline)}: ${head}`);
    for (const s of p.steps) {
      lines.push(`${s.line}. ${s.command}: ${s.does}`);
      const change = [
        ...(s.added.length > 0 ? [toolProse(locale, 'columnsAdded', s.added.join(', '))] : []),
        ...(s.removed.length > 0 ? [toolProse(locale, 'columnsRemoved', s.removed.join(', '))] : []),
      ];
      if (change.length > 0) lines.push(`   ${change.join('; ')}`);
    }
    const names = p.columns.join(', ');
    lines.push(
      toolProse(locale, 'columnsAfter', p.columnsOpen ? toolProse(locale, 'columnsOpen', names) : names),
    );
  }
  if (errors > 0) lines.push(toolProse(locale, 'explainErrors', errors));
  return lines.join('\n');
}
