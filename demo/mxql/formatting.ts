// Java-style formatting used by UPDATE `datetime`/`decimal` and the formula `datetime()`: the subset
// of SimpleDateFormat and DecimalFormat patterns that MXQL queries use.
import { MxqlQueryError } from '../mxqlExecutor';

const DATE_TOKENS = /yyyy|yy|MM|dd|HH|hh|mm|ss|SSS|a|'[^']*'/g;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Formats epoch ms with a pattern (`yyyyMMdd HH:mm:ss`) at a fixed offset from UTC in minutes. */
export function formatDateTime(ms: number, pattern: string, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  return pattern.replace(DATE_TOKENS, (token) => {
    switch (token) {
      case 'yyyy':
        return String(d.getUTCFullYear());
      case 'yy':
        return pad(d.getUTCFullYear() % 100);
      case 'MM':
        return pad(d.getUTCMonth() + 1);
      case 'dd':
        return pad(d.getUTCDate());
      case 'HH':
        return pad(d.getUTCHours());
      case 'hh':
        return pad(d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12);
      case 'mm':
        return pad(d.getUTCMinutes());
      case 'ss':
        return pad(d.getUTCSeconds());
      case 'SSS':
        return pad(d.getUTCMilliseconds(), 3);
      case 'a':
        return d.getUTCHours() < 12 ? 'AM' : 'PM';
      default:
        return token.slice(1, -1);
    }
  });
}

/**
 * Reads a timezone option: `GMT9`, `GMT+9`, `GMT-5:30`, `UTC`, or a bare hour offset (`9`, `-9`).
 * Returns the offset in minutes.
 */
export function timezoneOffset(text: string): number {
  const match = /^(?:GMT|UTC)?\s*([+-]?)(\d{1,2})(?::?(\d{2}))?$/i.exec(text.trim());
  if (/^(GMT|UTC)$/i.test(text.trim())) return 0;
  if (!match) {
    throw new MxqlQueryError(
      `Timezone '${text}' is not understood; write it like GMT9, GMT+9, GMT-5:30 or UTC.`,
      'mxql/bad-timezone',
    );
  }
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** Formats a number with a DecimalFormat pattern such as `0.000`, `#,##0.0` or `0`. */
export function formatDecimal(value: number, pattern: string): string {
  const [intPart = '', fraction = ''] = pattern.split('.');
  const minFraction = (fraction.match(/0/g) ?? []).length;
  const maxFraction = minFraction + (fraction.match(/#/g) ?? []).length;
  const grouping = intPart.includes(',');
  return value.toLocaleString('en-US', {
    minimumFractionDigits: minFraction,
    maximumFractionDigits: maxFraction,
    useGrouping: grouping,
  });
}
