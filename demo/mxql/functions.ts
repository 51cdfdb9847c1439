// The functions an MXQL formula may call. Names are matched without regard to case (real queries
// write both `startsWith` and `StartsWith`). Every function is total: bad input gives null, never a throw.
import { formatDateTime } from './formatting';

/** A formula function: its allowed argument counts and its body. */
export interface FormulaFunction {
  readonly minArgs: number;
  readonly maxArgs: number;
  readonly call: (args: readonly unknown[], now: number) => unknown;
}

/** A value as a number, or null when it is not one. */
export function toNumberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A value as text: null and undefined become the empty string. */
export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function numeric(fn: (...n: number[]) => number, min: number, max: number): FormulaFunction {
  return {
    minArgs: min,
    maxArgs: max,
    call: (args) => {
      const ns = args.map(toNumberOrNull);
      if (ns.some((n) => n === null)) return null;
      const result = fn(...(ns as number[]));
      return Number.isFinite(result) ? result : null;
    },
  };
}

function textual(fn: (...s: string[]) => unknown, min: number, max: number): FormulaFunction {
  return { minArgs: min, maxArgs: max, call: (args) => fn(...args.map(toText)) };
}

function roundTo(x: number, digits = 0): number {
  const factor = 10 ** Math.trunc(digits);
  return Math.round(x * factor) / factor;
}

function stdDev(count: number, sum: number, sqrSum: number): number {
  if (count <= 0) return 0;
  const mean = sum / count;
  return Math.sqrt(Math.max(0, sqrSum / count - mean * mean));
}

function substring(s: string, start: string, end?: string): string {
  const from = Number(start);
  return end === undefined ? s.substring(from) : s.substring(from, Number(end));
}

function token(s: string, separator: string, index: string): string {
  return s.split(separator)[Number(index)] ?? '';
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** Every supported function by lower-case name. */
export const FORMULA_FUNCTIONS: Readonly<Record<string, FormulaFunction>> = {
  abs: numeric(Math.abs, 1, 1),
  ceil: numeric(Math.ceil, 1, 1),
  floor: numeric(Math.floor, 1, 1),
  int: numeric(Math.trunc, 1, 1),
  round: numeric(roundTo, 1, 2),
  min: numeric(Math.min, 1, 16),
  max: numeric(Math.max, 1, 16),
  sqrt: numeric(Math.sqrt, 1, 1),
  pow: numeric(Math.pow, 2, 2),
  stddev: numeric(stdDev, 3, 3),
  startswith: textual((s, p) => s.startsWith(p ?? ''), 2, 2),
  endswith: textual((s, p) => s.endsWith(p ?? ''), 2, 2),
  contains: textual((s, p) => s.includes(p ?? ''), 2, 2),
  length: textual((s) => s.length, 1, 1),
  upper: textual((s) => s.toUpperCase(), 1, 1),
  lower: textual((s) => s.toLowerCase(), 1, 1),
  trim: textual((s) => s.trim(), 1, 1),
  substr: textual(substring, 2, 3),
  substring: textual(substring, 2, 3),
  token: textual(token, 3, 3),
  tostring: textual((s) => s, 1, 1),
  tonumber: { minArgs: 1, maxArgs: 1, call: (args) => toNumberOrNull(args[0]) },
  isempty: { minArgs: 1, maxArgs: 1, call: (args) => isEmpty(args[0]) },
  isnotempty: { minArgs: 1, maxArgs: 1, call: (args) => !isEmpty(args[0]) },
  isnull: { minArgs: 1, maxArgs: 1, call: (args) => args[0] === null || args[0] === undefined },
  isnotnull: { minArgs: 1, maxArgs: 1, call: (args) => args[0] !== null && args[0] !== undefined },
  if: { minArgs: 3, maxArgs: 3, call: (args) => (truthy(args[0]) ? args[1] : args[2]) },
  now: { minArgs: 0, maxArgs: 0, call: (_args, now) => now },
  datetime: {
    minArgs: 1,
    maxArgs: 2,
    call: (args) => {
      const ms = toNumberOrNull(args[0]);
      if (ms === null) return null;
      return formatDateTime(ms, args[1] === undefined ? 'yyyy-MM-dd HH:mm:ss' : toText(args[1]), 0);
    },
  },
};

/** Truthiness of a formula value: false, 0, '', null and undefined are false. */
export function truthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '' && value !== 'false';
  return value !== null && value !== undefined;
}
