/**
 * Which product line a category belongs to, by its name: app_* to application monitoring, kube_* to
 * Kubernetes, rum_* to browser monitoring … The demo backend serves a category only in projects of
 * its line, and the assistant's search narrows or ranks categories by it.
 */

/** The product lines of the MXQL catalog. `any` categories (alerts, events, agent status) fit every project. */
export type ProductLine = 'apm' | 'server' | 'database' | 'kubernetes' | 'cloud' | 'browser' | 'logs' | 'any';

/** Every product line, in a stable order. */
export const PRODUCT_LINES: readonly ProductLine[] = [
  'apm',
  'server',
  'database',
  'kubernetes',
  'cloud',
  'browser',
  'logs',
  'any',
];

// First match wins; the order puts the narrow prefixes (cloud services named after containers or
// logs) before the broad ones.
const PRODUCT_LINE_RULES: readonly (readonly [RegExp, ProductLine])[] = [
  [/^(aws|azure|oci|ncloud|gcp|ecs_|containerinstancearn|containerinsights)/i, 'cloud'],
  [/^(log_|logsink|applog|#)|^log$/i, 'logs'],
  [/^(kube|container|cluster|server_container|npm_)/i, 'kubernetes'],
  [/^(rum|pageload|browser)/i, 'browser'],
  [/^db_pool/i, 'apm'],
  [/^(db|my_|postgre|oracle|mongo|redis|mssql|tibero|altibase|cubrid)/i, 'database'],
  [/^(server|infra|telegraf|sm_|smx|netstat|disk|windows)/i, 'server'],
  [/^(alert|event|agent_status|livecheck|url_check|url_status)/i, 'any'],
];

/** The product line a category name belongs to (APM unless a prefix says otherwise). */
export function productLineOf(category: string): ProductLine {
  return PRODUCT_LINE_RULES.find(([pattern]) => pattern.test(category))?.[1] ?? 'apm';
}
