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
import { translateText, t } from '../l10n';
import { localTimezone } from '../../../common/localZone';

const CUSTOM = 'custom';

/** Asks for a range and stores it; resolves to the new choice or undefined when dismissed. */
export async function pickTimeRange(ctx: Ctx): Promise<RangeChoice | undefined> {
  const zone = formatZone(ctx.offsetMinutes());
  const current = choiceLabel(ctx.rangeChoice(), ctx.offsetMinutes());
  const items: PickItem<RangeChoice | typeof CUSTOM>[] = [
    ...RANGE_PRESETS.map((preset) => ({
      label: t('Last {0}', preset),
      value: { kind: 'relative', ms: presetMs(preset) } as const,
      ...(preset === current ? { description: t('current') } : {}),
    })),
    { label: t('Custom range…'), description: t('absolute, {0}', zone), value: CUSTOM },
  ];
  const picked = await ctx.ui.quickPick(items, {
    title: t("MXQL time range ({0}); a file's -- @range / @stime take precedence", zone),
    placeHolder: t('Current: {0}', current),
  });
  if (!picked) return undefined;
  const choice = picked.value === CUSTOM ? await customRange(ctx) : picked.value;
  if (choice) await ctx.setRangeChoice(choice);
  return choice;
}

async function customRange(ctx: Ctx): Promise<RangeChoice | undefined> {
  // Typed times are read in the zone of the day they name (summer time counts), not today's offset.
  const offset = localTimezone;
  const now = Date.now();
  const zone = formatZone(offset(now));
  const validate = (text: string) => {
    const problem = validateTimeInput(text, offset);
    return problem && translateText(problem);
  };
  const start = await ctx.ui.inputBox({
    title: t('Start ({0})', zone),
    prompt: t('Start of the range, yyyy-MM-dd HH:mm in {0}, ISO 8601 or epoch ms', zone),
    value: formatLocal(now - 3_600_000, offset),
    validateInput: validate,
  });
  if (start === undefined) return undefined;
  const end = await ctx.ui.inputBox({
    title: t('End ({0})', zone),
    prompt: t('End of the range; at most {0} days after {1}', MXQL_RANGE.amount, start),
    value: formatLocal(now, offset),
    validateInput: (text) => validate(text) ?? problemOf(parseCustomRange(start, text, offset)),
  });
  if (end === undefined) return undefined;
  const parsed = parseCustomRange(start, end, offset);
  if (parsed.ok) return parsed.choice;
  void ctx.ui.message('error', t('MXQL: {0}', translateText(parsed.problem)));
  return undefined;
}

function problemOf(result: ReturnType<typeof parseCustomRange>): string | undefined {
  return result.ok ? undefined : translateText(result.problem);
}
