// Operands as plain data: the core's value nodes with `$params` bound from the request, read through
// small typed accessors. Durations stay as written (`5m`, `m5`) because the prefix forms double as
// field names; readers that expect a duration convert them.
import { readDuration, type Value } from '../../server/core/index';
import { MxqlQueryError } from '../mxqlExecutor';

/** A bound operand value. `undefined` only appears for an unbound `$param` in a lenient command. */
export type Plain = string | number | boolean | null | undefined | Plain[] | PlainObject;
/** A bound `{…}` operand. */
export interface PlainObject {
  [key: string]: Plain;
}

/** How `$params` are bound while reading operands. */
export interface Binding {
  readonly params: Readonly<Record<string, string>>;
  /** When true an unbound `$param` reads as undefined (the command ignores it) instead of failing. */
  readonly lenient: boolean;
}

const PARAM_IN_TEXT = /(?<![\w$])\$[A-Za-z_][A-Za-z0-9_]*/g;

/** The value of a bound parameter: numeric text becomes a number. */
export function paramValue(text: string): string | number {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
}

/** Replaces bound `$params` inside quoted text (the service substitutes text); unbound ones stay. */
export function substituteText(text: string, params: Readonly<Record<string, string>>): string {
  if (!text.includes('$')) return text;
  return text.replace(PARAM_IN_TEXT, (name) => params[name] ?? name);
}

/** The error for a `$param` the request did not bind. */
export function unboundParam(name: string): MxqlQueryError {
  return new MxqlQueryError(
    `Parameter ${name} has no value: add "${name}": "…" to the request's 'param' map.`,
    'mxql/unbound-param',
  );
}

function bindObject(value: Extract<Value, { kind: 'object' }>, binding: Binding): PlainObject {
  const out: PlainObject = {};
  for (const member of value.members) {
    if (!member.key) continue;
    if (member.key.param) {
      throw new MxqlQueryError(
        `Option key ${member.key.name} cannot be a $param; only values can.`,
        'mxql/param-key',
      );
    }
    out[member.key.name] = member.value ? bind(member.value, binding) : member.key.name;
  }
  return out;
}

/** Binds one operand value. Throws MxqlQueryError for an unbound param (unless lenient) or a marker. */
export function bind(value: Value, binding: Binding): Plain {
  switch (value.kind) {
    case 'object':
      return bindObject(value, binding);
    case 'array':
      return value.items.map((item) => bind(item, binding));
    case 'string':
      return substituteText(value.value, binding.params);
    case 'number':
      return value.value;
    case 'duration':
    case 'expression':
      return value.kind === 'duration' ? value.raw : value.text;
    case 'word':
      return value.suffix ? `${value.text}{${value.suffix.text}}` : value.text;
    case 'param': {
      const bound = binding.params[value.name];
      if (bound !== undefined) return paramValue(bound);
      if (binding.lenient) return undefined;
      throw unboundParam(value.name);
    }
    case 'boolean':
      return value.value;
    case 'null':
      return null;
    case 'unlimit':
      return Number.POSITIVE_INFINITY;
    case 'template':
      throw new MxqlQueryError(
        `Template marker <% ${value.marker.name} %> is not MXQL: replace it with a value before running.`,
        'mxql/template-marker',
      );
    case 'inject':
      throw new MxqlQueryError(
        'INJECT must stand on its own line; it cannot be used inside an operand.',
        'mxql/inject-in-operand',
      );
  }
}

/** True for a `{…}` operand. */
export function isObject(value: Plain): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A scalar as text (numbers as written), or undefined. */
export function text(value: Plain): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A scalar or list as a list of names (`oid` → [`oid`], `[a, b]` → [`a`, `b`]). */
export function names(value: Plain): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item) => names(item));
  const single = text(value);
  return single === undefined ? [] : [single];
}

/** A scalar or list as a list of scalars, unbound entries dropped. */
export function scalars(value: Plain): (string | number | boolean | null)[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => scalars(item));
  return isObject(value) ? [] : [value];
}

/** A number, from a number or numeric text. */
export function numberOf(value: Plain): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** A duration in ms: a plain number is ms; otherwise `15s`, `5m`, `m5`, `1h`, `d1`… */
export function durationOf(value: Plain): number | undefined {
  const n = numberOf(value);
  if (n !== undefined) return n;
  if (typeof value !== 'string') return undefined;
  return readDuration(value.trim())?.ms;
}

/** `true` or `'true'`. */
export function isTrue(value: Plain): boolean {
  return value === true || value === 'true';
}

/** The option `key` of an object operand, failing with a message naming the command when required. */
export function requireOption(options: PlainObject, key: string, command: string): Plain {
  const value = options[key];
  if (value === undefined) {
    throw new MxqlQueryError(`${command} needs a '${key}' option.`, 'mxql/missing-option');
  }
  return value;
}

/** A column name a command will write; refuses names that would reach an object's prototype. */
export function columnName(name: string | undefined, command: string): string {
  if (!name) throw new MxqlQueryError(`${command} needs a column name.`, 'mxql/missing-option');
  if (name === '__proto__' || name === 'constructor' || name === 'prototype') {
    throw new MxqlQueryError(`${command} cannot write a column named ${name}.`, 'mxql/bad-column');
  }
  return name;
}

/** The operand of a command that takes an object, failing with an example of the command's form. */
export function objectOperand(value: Plain, command: string, example: string): PlainObject {
  if (!isObject(value))
    throw new MxqlQueryError(`${command} needs an object operand, e.g. ${example}.`, 'mxql/bad-operand');
  return value;
}
