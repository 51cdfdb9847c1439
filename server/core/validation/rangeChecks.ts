/**
 * The Open API answers at most MXQL_RANGE (31 days) per request: a TIME-RANGE or `@range`/`@stime`..`@etime`
 * longer than that is an error the service would return anyway. The limit is common/'s; messages get it
 * as an argument.
 */
import { type CommandNode, type Range, type Value } from '../syntax/index';
import { MXQL_RANGE } from '../../../common/limits';
import { type CheckContext } from './context';
import { diagnostic, type SpanKind } from '../diagnostics/table';
import { optionValue } from '../syntax/valueNames';

/** Reports TIME-RANGE commands and time directives that span more than the service answers. */
export function checkRanges(ctx: CheckContext): void {
  const statements = [...ctx.doc.main, ...ctx.doc.subs.flatMap((s) => s.commands)];
  for (const s of statements) {
    if (s.kind !== 'command' || s.upperName !== 'TIME-RANGE') continue;
    for (const span of timeRangeSpans(s)) report(ctx, span.ms, span.range, 'time-range-command');
  }
  for (const span of ctx.directives.spans) report(ctx, span.ms, span.range, 'directives');
}

function report(ctx: CheckContext, ms: number, range: Range, span: SpanKind): void {
  if (!(ms > MXQL_RANGE.maxRangeMs)) return;
  const days = Math.round((ms / 86_400_000) * 10) / 10;
  ctx.report(diagnostic('range/too-long', range, { span, days, maxDays: MXQL_RANGE.amount }));
}

function timeRangeSpans(s: CommandNode): { ms: number; range: Range }[] {
  const out: { ms: number; range: Range }[] = [];
  for (const key of ['recent', 'duration']) {
    const v = optionValue(s.operand, key);
    const ms = v ? durationMs(v) : undefined;
    if (v && ms !== undefined) out.push({ ms, range: v.range });
  }
  // Only epoch stime/etime pairs: sdate/edate spans of months occur in working production queries,
  // so the service evidently resolves those differently; reporting them would be a false error.
  const start = optionValue(s.operand, 'stime');
  const end = optionValue(s.operand, 'etime');
  if (start?.kind === 'number' && end?.kind === 'number') {
    out.push({ ms: end.value - start.value, range: { start: start.range.start, end: end.range.end } });
  }
  return out;
}

function durationMs(v: Value): number | undefined {
  if (v.kind === 'duration') return v.ms;
  if (v.kind === 'number') return v.value;
  if (v.kind === 'string') {
    const m = /^(\d+)(ms|s|m|h|d)$/.exec(v.value.trim());
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
    return m ? Number(m[1]) * unit[m[2] as keyof typeof unit] : undefined;
  }
  return undefined;
}
