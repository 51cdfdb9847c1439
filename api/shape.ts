// The shape a JSON endpoint must answer with, checked once after decoding: MXQL answers rows (an array
// of objects) and every other JSON endpoint an object or array, never null or a bare value. A wrong
// shape becomes one typed error instead of "Cannot read properties of null" far from the cause.
import { apiText, type ApiText } from './apiText';
import type { EndpointSpec } from './endpointSpec';

export interface ShapeProblem {
  message: ApiText;
  hint: ApiText;
}

/** What a decoded value is, as JSON calls it: "null", "an object", "a number" (not translated). */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return 'nothing';
}

const HINT = apiText(
  'Check the base URL (it may point at another service) and the query; report it if it repeats.',
);

/** Undefined when `value` has the shape `spec` promises, else what is wrong. */
export function checkShape(spec: EndpointSpec, value: unknown): ShapeProblem | undefined {
  if (spec.response !== 'json') return undefined;
  if (spec.body === 'mxql') {
    const rows =
      Array.isArray(value) && value.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r));
    if (rows) return undefined;
    const message = Array.isArray(value)
      ? apiText('the service answered a JSON array whose items are not rows')
      : apiText('the service answered something that is not rows (JSON {0})', describeJson(value));
    return { message, hint: HINT };
  }
  if (typeof value === 'object' && value !== null) return undefined;
  return {
    message: apiText(
      'the service answered JSON {0} where an object or list was expected',
      describeJson(value),
    ),
    hint: HINT,
  };
}
