/**
 * Hover: what the thing under the cursor is. Commands, option keys, categories, columns (type, unit,
 * description), `$params` (declared value), INJECT names, SUB references and directives.
 */
import {
  findCommand,
  findDirective,
  findExpressionFunction,
  findWellKnownParam,
  INJECT_NAMES,
  type CategoryInfo,
  type CommandDef,
  type Column,
  type ExpressionFunction,
  findOption,
} from '../catalog/index';
import {
  commentAt,
  cursorContext,
  directiveEntries,
  type CursorContext,
  type ParamRef,
  type Range,
} from '../syntax/index';
import { commandMarkdown, optionMarkdown } from './completionCommands';
import { describeColumn, type DocumentAnalysis } from '../analysis/documentAnalysis';
import { isRangeParam } from '../queries/rangeParams';
import { skippedWhenUnbound } from '../queries/selectionParams';
import { type UiLanguage } from '../l10n/language';
import { type ColumnKindWord } from '../l10n/labels';
import { ENGLISH_WORDING, wordingFor, type Wording } from '../l10n/wording';

/** A hover: markdown and the range it describes. */
export interface HoverInfo {
  readonly markdown: string;
  readonly range: Range;
}

function within(r: Range, offset: number): boolean {
  return r.start <= offset && offset <= r.end;
}

/**
 * The hover at `offset`, or null when there is nothing to say, worded in `language` (English when
 * undefined). Never throws on user input.
 */
export function hover(analysis: DocumentAnalysis, offset: number, language?: UiLanguage): HoverInfo | null {
  const w = wordingFor(language);
  const { doc, text } = analysis;
  const param = doc.params.find((p) => within(p.range, offset));
  if (param) return { markdown: paramMarkdown(analysis, param, w), range: param.range };
  const comment = commentAt(doc, offset);
  if (comment) return comment.directive ? directiveHover(text, offset, w) : null;
  const declared = doc.subs.find((s) => s.nameRange && within(s.nameRange, offset));
  if (declared?.nameRange) {
    const uses = doc.subRefs.filter((r) => r.name === declared.name).length;
    const markdown = `**SUB ${declared.name}** — ${w.labels.subDeclared(declared.commands.length, uses)}`;
    return { markdown, range: declared.nameRange };
  }
  const ctx = cursorContext(doc, text, offset);
  return statementHover(analysis, ctx, offset, w);
}

function paramMarkdown(analysis: DocumentAnalysis, param: ParamRef, w: Wording): string {
  const name = param.name;
  const declared = analysis.directives.params[name];
  const known = findWellKnownParam(name);
  const lines = [`**${name}** — ${w.labels.parameter}`];
  const skipped = skippedWhenUnbound(analysis).get(param);
  const open = isRangeParam(name)
    ? w.labels.paramFromRange
    : skipped !== undefined
      ? w.labels.paramOptional(skipped)
      : w.labels.paramMissing;
  lines.push('', declared !== undefined ? w.labels.paramDeclared(declared) : open);
  if (known) lines.push('', w.text(known.description), '', w.labels.exampleValue(known.example));
  return lines.join('\n');
}

function directiveHover(text: string, offset: number, w: Wording): HoverInfo | null {
  const entry = directiveEntries(text).find((e) => within(e.range, offset));
  const doc = entry ? findDirective(entry.key) : undefined;
  if (!entry || !doc) return null;
  const example = w.labels.example(`-- @${doc.key} ${doc.example}`);
  return {
    markdown: `**@${doc.key}** — ${w.labels.directive}\n\n${w.text(doc.summary)}\n\n${example}`,
    range: entry.range,
  };
}

function statementHover(
  analysis: DocumentAnalysis,
  ctx: CursorContext,
  offset: number,
  w: Wording,
): HoverInfo | null {
  const stmt = ctx.statement;
  if (!stmt) return null;
  if (stmt.kind === 'inject')
    return injectHover(analysis, stmt.name, stmt.nameRange, stmt.keywordRange, offset, w);
  if (stmt.kind !== 'command') return null;
  const def = findCommand(stmt.name);
  if (within(stmt.nameRange, offset))
    return def ? { markdown: commandMarkdown(def, w), range: stmt.nameRange } : null;
  if (!def || !ctx.node) return null;
  return operandHover(analysis, def, ctx, offset, w);
}

function injectHover(
  analysis: DocumentAnalysis,
  name: string | null,
  nameRange: Range | null,
  keywordRange: Range,
  offset: number,
  w: Wording,
): HoverInfo | null {
  const def = findCommand('INJECT');
  if (within(keywordRange, offset) || !nameRange || name === null)
    return def ? { markdown: commandMarkdown(def, w), range: keywordRange } : null;
  const declared = analysis.directives.injects[name];
  const known = INJECT_NAMES.find((i) => i.name === name);
  const lines = [`**INJECT ${name}** — ${w.labels.fragmentPlaceholder}`];
  lines.push(
    '',
    declared !== undefined
      ? `${w.labels.injectDeclared}\n\n\`\`\`mxql\n${declared}\n\`\`\``
      : w.labels.injectMissing,
  );
  if (known) lines.push('', w.text(known.description));
  return { markdown: lines.join('\n'), range: nameRange };
}

function operandHover(
  analysis: DocumentAnalysis,
  def: CommandDef,
  ctx: CursorContext,
  offset: number,
  w: Wording,
): HoverInfo | null {
  const node = ctx.node;
  if (!node) return null;
  if (node.kind === 'key') {
    const option = findOption(def.options, node.name);
    if (def.name === 'CATEGORY') return categoryHover(analysis, node.name, node.range, w);
    return option ? { markdown: optionMarkdown(def, option, w), range: node.range } : null;
  }
  if (node.kind === 'string' || node.kind === 'expression') {
    const inFormula = formulaHover(analysis, ctx, node.range, offset, w);
    if (inFormula) return inFormula;
  }
  const name = node.kind === 'word' ? node.text : node.kind === 'string' ? node.value : null;
  if (name === null) return null;
  if (def.name === 'CATEGORY') return categoryHover(analysis, name, node.range, w);
  const sub = analysis.doc.subs.find((s) => s.name === name);
  if (sub)
    return {
      markdown: `**SUB ${name}** — ${w.labels.subReference(sub.line + 1, sub.commands.length)}`,
      range: node.range,
    };
  const at = ctx.statement?.range.start ?? node.range.start;
  const column = describeColumn(analysis, ctx.sub, name, at);
  const flowColumn = analysis.flow.columnsAt(at).columns.get(name);
  if (!column && !flowColumn) return null;
  const origin: ColumnKindWord = flowColumn?.origin ?? column?.kind ?? 'column';
  return { markdown: columnMarkdown(name, origin, column, w), range: node.range };
}

function categoryHover(analysis: DocumentAnalysis, name: string, range: Range, w: Wording): HoverInfo | null {
  const info = analysis.catalogs.categories.getCategory(name);
  return info ? { markdown: categoryMarkdown(info, w), range } : null;
}

/** Markdown describing a column: kind, type, unit and our description, in the language of `w`. */
export function columnMarkdown(
  name: string,
  origin: ColumnKindWord,
  meta: Column | undefined,
  w: Wording = ENGLISH_WORDING,
): string {
  const { labels } = w;
  const facts = [labels.columnKinds[origin], meta?.type, meta?.unit ? labels.unit(meta.unit) : undefined];
  const lines = [`**${name}** — ${facts.filter(Boolean).join(' · ')}`];
  if (meta?.description) lines.push('', w.text(meta.description));
  if (meta?.deprecated) lines.push('', labels.deprecatedColumn);
  if (meta?.fromQueries) lines.push('', labels.columnFromQueries);
  if (meta?.workspaceUses) lines.push('', labels.columnFromWorkspace(meta.workspaceUses));
  return lines.join('\n');
}

/** Markdown describing a category: our description, loader, intervals, series key and column counts. */
export function categoryMarkdown(info: CategoryInfo, w: Wording): string {
  const { labels } = w;
  const lines = [`**${info.name}** — ${labels.category}`];
  if (info.description) lines.push('', w.text(info.description));
  if (info.loader) lines.push('', labels.loader(info.loader));
  if (info.interval?.length) lines.push('', labels.intervals(info.interval.join(', ')));
  if (info.pk?.length) lines.push('', labels.seriesKey(info.pk.join(', ')));
  lines.push(
    '',
    info.columnsKnown ? labels.columnCounts(info.tags.length, info.fields.length) : labels.columnListUnknown,
  );
  return lines.join('\n');
}

const IDENTIFIER = /[A-Za-z_][\w.$]*/g;

/** Markdown describing a formula function: its signature, what it returns, and our description. */
export function functionMarkdown(fn: ExpressionFunction, w: Wording): string {
  return `**${fn.signature}** → ${fn.returns}\n\n${w.text(fn.description)}`;
}

/** Inside a formula (`expr: "tps * 2"`): the function or column named by the identifier under the cursor. */
function formulaHover(
  analysis: DocumentAnalysis,
  ctx: CursorContext,
  range: Range,
  offset: number,
  w: Wording,
): HoverInfo | null {
  const text = analysis.text.slice(range.start, range.end);
  for (const match of text.matchAll(IDENTIFIER)) {
    const start = range.start + (match.index ?? 0);
    const end = start + match[0].length;
    if (offset < start || offset > end) continue;
    const fn = findExpressionFunction(match[0]);
    if (fn) return { markdown: functionMarkdown(fn, w), range: { start, end } };
    const at = ctx.statement?.range.start ?? start;
    const column = describeColumn(analysis, ctx.sub, match[0], at);
    const flowColumn = analysis.flow.columnsAt(at).columns.get(match[0]);
    if (!column && !flowColumn) return null;
    return {
      markdown: columnMarkdown(match[0], flowColumn?.origin ?? column?.kind ?? 'column', column, w),
      range: { start, end },
    };
  }
  return null;
}
