// Which demo project a query runs in with `mxql run --demo`: the demo keeps each category's rows in the
// projects of its product line (db_* in a database project, kube_* in the Kubernetes project), so a
// query sent to the first APM project would come back empty. The category → product line fact belongs
// to the demo (demo/data/families.ts); the categories a query reads come from the core's column flow.
import { computeColumnFlow, parse, splitCategorySuffix } from '../server/core/index';
import { bundledCategoryCatalog } from '../server/core/catalog/bundledCatalog';
import type { DemoData } from '../demo/index';
import type { DemoProject } from '../demo/data/index';
import { FAMILY_NAMES, categoryFamily, projectCollects } from '../demo/data/families';

/** The project chosen for one query, and why, in words for the output. */
export interface DemoProjectChoice {
  readonly project: DemoProject;
  readonly reason: string;
}

/** The categories a query's pipelines load (main and SUBs), without roll-up suffixes, in order. */
export function categoriesOf(mxql: string): string[] {
  const flow = computeColumnFlow(parse(mxql).ast, bundledCategoryCatalog);
  const names = [flow.main, ...flow.subs.values()]
    .map((pipeline) => pipeline.category)
    .filter((name): name is string => name !== null)
    .map((name) => splitCategorySuffix(name).base);
  return [...new Set(names)];
}

/**
 * The demo project for a query reading `categories`: one with reporting agents that collects every
 * category of a product line (alerts and events fit every project, so they decide nothing), preferring
 * `fallback`. When nothing names a product line, or no project collects them all, `fallback`.
 */
export function demoProjectFor(
  data: DemoData,
  categories: readonly string[],
  fallback: DemoProject,
): DemoProjectChoice {
  // A category the catalog does not know has no rows anywhere in the demo, so it decides nothing either.
  const telling = categories.filter(
    (c) => categoryFamily(c) !== 'any' && bundledCategoryCatalog.isKnownCategory(c),
  );
  if (telling.length === 0)
    return { project: fallback, reason: 'the default: the query names no category of a product line' };
  const reporting = (p: DemoProject) => data.agentsOf(p.pcode).some((a) => a.active);
  const fits = (p: DemoProject) => reporting(p) && telling.every((c) => projectCollects(p, c));
  const project = fits(fallback) ? fallback : data.projects.find(fits);
  const lines = [...new Set(telling.map((c) => FAMILY_NAMES[categoryFamily(c)]))];
  if (project) return { project, reason: `CATEGORY ${telling.join(', ')}: ${lines.join(', ')}` };
  const why =
    lines.length > 1
      ? `the query mixes ${lines.join(' and ')}`
      : `no demo project collects ${telling.join(', ')}`;
  return { project: fallback, reason: `the default: ${why}` };
}
