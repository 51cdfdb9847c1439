// Which product line a category belongs to, and which demo projects carry it. A category's rows exist
// only in projects of its line (app_* in APM projects, kube_* in the Kubernetes project, rum_* in the
// browser project …), as on the service, where a category a project does not collect answers [].
import { productLineOf, type ProductLine } from '../../server/core/index';
import type { DemoProject } from './dataset';

/** The product lines of the MXQL catalog (the core owns the fact). */
export type CategoryFamily = ProductLine;

/** Readable names of the product lines, for "no data" reasons. */
export const FAMILY_NAMES: Readonly<Record<CategoryFamily, string>> = {
  apm: 'application monitoring (APM)',
  server: 'server monitoring',
  database: 'database monitoring',
  kubernetes: 'Kubernetes and container monitoring',
  cloud: 'cloud monitoring',
  browser: 'browser monitoring (RUM)',
  logs: 'log monitoring',
  any: 'every product',
};

/** APM categories that only one platform's agents collect, by prefix. */
const PLATFORM_RULES: readonly (readonly [RegExp, string])[] = [
  [/^(java|javax|vertx|thread_pool)/i, 'JAVA'],
  [/^dotnet/i, 'DOTNET'],
  [/^go_/i, 'GO'],
  [/^nodejs/i, 'NODEJS'],
  [/^python/i, 'PYTHON'],
  [/^php/i, 'PHP'],
];

const PLATFORM_FAMILY: Readonly<Record<string, CategoryFamily>> = {
  LINUX: 'server',
  WINDOWS: 'server',
  POSTGRESQL: 'database',
  MYSQL: 'database',
  KUBERNETES: 'kubernetes',
  CLOUD: 'cloud',
  BROWSER: 'browser',
};

/** The product line a category name belongs to (APM unless a prefix says otherwise). */
export const categoryFamily: (name: string) => CategoryFamily = productLineOf;

/** The APM platform a category is specific to (java_gc → JAVA), or undefined. */
export function categoryPlatform(name: string): string | undefined {
  return PLATFORM_RULES.find(([pattern]) => pattern.test(name))?.[1];
}

/** The product line of a demo project, from its platform. */
export function projectFamily(project: DemoProject): CategoryFamily {
  return PLATFORM_FAMILY[project.platform] ?? 'apm';
}

/** Whether the project collects the category (logs come from APM, server and Kubernetes agents). */
export function projectCollects(project: DemoProject, category: string): boolean {
  const family = categoryFamily(category);
  const own = projectFamily(project);
  if (family === 'any') return true;
  if (family === 'logs') return own === 'apm' || own === 'server' || own === 'kubernetes';
  if (family !== own) return false;
  const platform = categoryPlatform(category);
  return family !== 'apm' || platform === undefined || platform === project.platform;
}
