// The time range picker behind the status bar: relative presets and a custom absolute range whose
// ends are validated as they are typed, with the time zone spelled out.
import { MXQL_RANGE } from '../../../api/index';
import type { Ctx } from '../ctx';
import type { PickItem } from '../views/ui';
import {
  choiceLabel,
  formatLocal,
  formatZone,
  parseCustomRange,
  presetMs,
  RANGE_PRESETS,
  validateTimeInput,
  type RangeChoice,
} from './timeRange';

const CUSTOM = 'custom';

/** Asks for a range and stores it; resolves to the new choice or undefined when dismissed. */
export async function pickTimeRange(ctx: Ctx): Promise<RangeChoice | undefined> {
  const zone = formatZone(ctx.offsetMinutes());
  const current = choiceLabel(ctx.rangeChoice(), ctx.offsetMinutes());
  const items: PickItem<RangeChoice | typeof CUSTOM>[] = [
    ...RANGE_PRESETS.map((preset) => ({
      label: `Last ${preset}`,
      value: { kind: 'relative', ms: presetMs(preset) } as const,
      ...(preset === current ? { description: 'current' } : {}),
    })),
    { label: 'Custom range…', description: `absolute, ${zone}`, value: CUSTOM },
  ];
  const picked = await ctx.ui.quickPick(items, {
    title: `MXQL time range (${zone}); a file's -- @range / @stime take precedence`,
    placeHolder: `Current: ${current}`,
  });
  if (!picked) return undefined;
  const choice = picked.value === CUSTOM ? await customRange(ctx) : picked.value;
  if (choice) await ctx.setRangeChoice(choice);
  return choice;
}

async function customRange(ctx: Ctx): Promise<RangeChoice | undefined> {
  const offset = ctx.offsetMinutes();
  const zone = formatZone(offset);
  const now = Date.now();
  const validate = (text: string) => validateTimeInput(text, offset);
  const start = await ctx.ui.inputBox({
    title: `Start (${zone})`,
    prompt: `Start of the range, yyyy-MM-dd HH:mm in ${zone}, ISO 8601 or epoch ms`,
    value: formatLocal(now - 3_600_000, offset),
    validateInput: validate,
  });
  if (start === undefined) return undefined;
  const end = await ctx.ui.inputBox({
    title: `End (${zone})`,
    prompt: `End of the range; at most ${MXQL_RANGE.span} after ${start}`,
    value: formatLocal(now, offset),
    validateInput: (text) => validate(text) ?? problemOf(parseCustomRange(start, text, offset)),
  });
  if (end === undefined) return undefined;
  const parsed = parseCustomRange(start, end, offset);
  if (parsed.ok) return parsed.choice;
  void ctx.ui.message('error', `MXQL: ${parsed.problem}`);
  return undefined;
}

function problemOf(result: ReturnType<typeof parseCustomRange>): string | undefined {
  return result.ok ? undefined : result.problem;
}
