/**
 * Hover: what the thing under the cursor is. Commands, option keys, categories, columns (type, unit,
 * description), `$params` (declared value), INJECT names, SUB references and directives.
 */
import {
  findCommand,
  findExpressionFunction,
  findWellKnownParam,
  INJECT_NAMES,
  type CommandDef,
} from '../catalog/index';
import { commentAt, cursorContext, directiveEntries, type CursorContext, type Range } from '../syntax/index';
import { commandMarkdown, optionMarkdown } from './completionCommands';
import { columnMarkdown } from './completionColumns';
import { findDirectiveDoc } from './completionDirectives';
import { describeColumn, type DocumentAnalysis } from './languageService';

/** A hover: markdown and the range it describes. */
export interface HoverInfo {
  readonly markdown: string;
  readonly range: Range;
}

function within(r: Range, offset: number): boolean {
  return r.start <= offset && offset <= r.end;
}

/** The hover at `offset`, or null when there is nothing to say. Never throws on user input. */
export function hover(analysis: DocumentAnalysis, offset: number): HoverInfo | null {
  const { doc, text } = analysis;
  const param = doc.params.find((p) => within(p.range, offset));
  if (param) return { markdown: paramMarkdown(analysis, param.name), range: param.range };
  const comment = commentAt(doc, offset);
  if (comment) return comment.directive ? directiveHover(text, offset) : null;
  const declared = doc.subs.find((s) => s.nameRange && within(s.nameRange, offset));
  if (declared?.nameRange) {
    const uses = doc.subRefs.filter((r) => r.name === declared.name).length;
    const markdown = `**SUB ${declared.name}** — sub-query with ${declared.commands.length} commands, used ${uses} times`;
    return { markdown, range: declared.nameRange };
  }
  const ctx = cursorContext(doc, text, offset);
  return statementHover(analysis, ctx, offset);
}

function paramMarkdown(analysis: DocumentAnalysis, name: string): string {
  const declared = analysis.directives.params[name];
  const known = findWellKnownParam(name);
  const lines = [`**${name}** — parameter`];
  lines.push(
    '',
    declared !== undefined
      ? `Value from \`-- @param\`: \`${declared}\``
      : 'No `-- @param` value in this file: the run must supply it.',
  );
  if (known) lines.push('', known.description, '', `Example value: \`${known.example}\``);
  return lines.join('\n');
}

function directiveHover(text: string, offset: number): HoverInfo | null {
  const entry = directiveEntries(text).find((e) => within(e.range, offset));
  const doc = entry ? findDirectiveDoc(entry.key) : undefined;
  if (!entry || !doc) return null;
  return {
    markdown: `**@${doc.key}** — directive\n\n${doc.summary}\n\nExample: \`-- @${doc.key} ${doc.example}\``,
    range: entry.range,
  };
}

function statementHover(analysis: DocumentAnalysis, ctx: CursorContext, offset: number): HoverInfo | null {
  const stmt = ctx.statement;
  if (!stmt) return null;
  if (stmt.kind === 'inject')
    return injectHover(analysis, stmt.name, stmt.nameRange, stmt.keywordRange, offset);
  if (stmt.kind !== 'command') return null;
  const def = findCommand(stmt.name);
  if (within(stmt.nameRange, offset))
    return def ? { markdown: commandMarkdown(def), range: stmt.nameRange } : null;
  if (!def || !ctx.node) return null;
  return operandHover(analysis, def, ctx, offset);
}

function injectHover(
  analysis: DocumentAnalysis,
  name: string | null,
  nameRange: Range | null,
  keywordRange: Range,
  offset: number,
): HoverInfo | null {
  const def = findCommand('INJECT');
  if (within(keywordRange, offset) || !nameRange || name === null)
    return def ? { markdown: commandMarkdown(def), range: keywordRange } : null;
  const declared = analysis.directives.injects[name];
  const known = INJECT_NAMES.find((i) => i.name === name);
  const lines = [`**INJECT ${name}** — fragment placeholder`];
  lines.push(
    '',
    declared !== undefined
      ? `From \`-- @inject\`:\n\n\`\`\`mxql\n${declared}\n\`\`\``
      : 'No `-- @inject` fragment in this file: the run may supply one, or nothing is inserted.',
  );
  if (known) lines.push('', known.description);
  return { markdown: lines.join('\n'), range: nameRange };
}

function operandHover(
  analysis: DocumentAnalysis,
  def: CommandDef,
  ctx: CursorContext,
  offset: number,
): HoverInfo | null {
  const node = ctx.node;
  if (!node) return null;
  if (node.kind === 'key') {
    const option = def.options.find((o) => o.name === node.name || (o.aliases ?? []).includes(node.name));
    if (def.name === 'CATEGORY') return categoryHover(analysis, node.name, node.range);
    return option ? { markdown: optionMarkdown(def, option), range: node.range } : null;
  }
  if (node.kind === 'string' || node.kind === 'expression') {
    const inFormula = formulaHover(analysis, ctx, node.range, offset);
    if (inFormula) return inFormula;
  }
  const name = node.kind === 'word' ? node.text : node.kind === 'string' ? node.value : null;
  if (name === null) return null;
  if (def.name === 'CATEGORY') return categoryHover(analysis, name, node.range);
  const sub = analysis.doc.subs.find((s) => s.name === name);
  if (sub)
    return {
      markdown: `**SUB ${name}** — sub-query (line ${sub.line + 1}, ${sub.commands.length} commands)`,
      range: node.range,
    };
  const column = describeColumn(analysis, ctx.sub, name);
  const flowColumn = analysis.flow
    .columnsAt(ctx.statement?.range.start ?? node.range.start)
    .columns.get(name);
  if (!column && !flowColumn) return null;
  const origin = flowColumn?.origin ?? column?.kind ?? 'column';
  return { markdown: columnMarkdown(name, origin, column), range: node.range };
}

function categoryHover(analysis: DocumentAnalysis, name: string, range: Range): HoverInfo | null {
  const info = analysis.catalogs.categories.getCategory(name);
  if (!info) return null;
  const lines = [`**${info.name}** — category`];
  if (info.description) lines.push('', info.description);
  if (info.loader) lines.push('', `Loader: \`${info.loader}\``);
  if (info.interval?.length) lines.push('', `Intervals: ${info.interval.join(', ')}`);
  if (info.pk?.length) lines.push('', `Series key: ${info.pk.join(', ')}`);
  lines.push(
    '',
    info.columnsKnown
      ? `${info.tags.length} tags, ${info.fields.length} fields`
      : 'Column list not in the catalog.',
  );
  return { markdown: lines.join('\n'), range };
}

const IDENTIFIER = /[A-Za-z_][\w.$]*/g;

/** Inside a formula (`expr: "tps * 2"`): the function or column named by the identifier under the cursor. */
function formulaHover(
  analysis: DocumentAnalysis,
  ctx: CursorContext,
  range: Range,
  offset: number,
): HoverInfo | null {
  const text = analysis.text.slice(range.start, range.end);
  for (const match of text.matchAll(IDENTIFIER)) {
    const start = range.start + (match.index ?? 0);
    const end = start + match[0].length;
    if (offset < start || offset > end) continue;
    const fn = findExpressionFunction(match[0]);
    if (fn)
      return { markdown: `**${fn.signature}** → ${fn.returns}\n\n${fn.description}`, range: { start, end } };
    const column = describeColumn(analysis, ctx.sub, match[0]);
    const flowColumn = analysis.flow.columnsAt(ctx.statement?.range.start ?? start).columns.get(match[0]);
    if (!column && !flowColumn) return null;
    return {
      markdown: columnMarkdown(match[0], flowColumn?.origin ?? column?.kind ?? 'column', column),
      range: { start, end },
    };
  }
  return null;
}
