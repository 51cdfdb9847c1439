// The shape a JSON endpoint must answer with, checked once after decoding: MXQL answers rows (an array
// of objects) and every other JSON endpoint an object or array, never null or a bare value. A wrong
// shape becomes one typed error instead of "Cannot read properties of null" far from the cause.
import type { EndpointSpec } from './endpointSpec';

export interface ShapeProblem {
  message: string;
  hint: string;
}

/** What a decoded value is, in words: "JSON null", "a JSON object", "the number 3". */
export function describeJson(value: unknown): string {
  if (value === null) return 'JSON null';
  if (Array.isArray(value)) return 'a JSON array';
  if (typeof value === 'object') return 'a JSON object';
  if (typeof value === 'string') return 'a JSON string';
  if (typeof value === 'number' || typeof value === 'boolean') return `the ${typeof value} ${value}`;
  return 'nothing';
}

const HINT = 'Check the base URL (it may point at another service) and the query; report it if it repeats.';

/** Undefined when `value` has the shape `spec` promises, else what is wrong. */
export function checkShape(spec: EndpointSpec, value: unknown): ShapeProblem | undefined {
  if (spec.response !== 'json') return undefined;
  if (spec.body === 'mxql') {
    const rows =
      Array.isArray(value) && value.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r));
    if (rows) return undefined;
    const what = Array.isArray(value) ? 'an array whose items are not rows' : describeJson(value);
    return { message: `the service answered something that is not rows (${what})`, hint: HINT };
  }
  if (typeof value === 'object' && value !== null) return undefined;
  return {
    message: `the service answered ${describeJson(value)} where an object or list was expected`,
    hint: HINT,
  };
}
