/**
 * A one-line description of a found category: our own sentence where one was written, else a line
 * built from facts only (product line, intervals, the columns public queries read most, the public
 * dashboards that read it), never from other people's description sentences.
 */
import { type ProductLine } from '../../server/core/index';
import { isLabelLike, type CategoryDocument } from './documents';

const LINE_NAMES: Readonly<Record<ProductLine, string>> = {
  apm: 'Application (APM)',
  server: 'Server',
  database: 'Database',
  kubernetes: 'Kubernetes',
  cloud: 'Cloud',
  browser: 'Browser (RUM)',
  logs: 'Log',
  any: 'Cross-product',
};

const EXAMPLE_COLUMNS = 3;
const EXAMPLE_TITLES = 2;

/** The columns people read most (names, not labels), at most `max`. */
function mostRead(doc: CategoryDocument, max: number): string[] {
  return [...doc.columns.entries()]
    .filter(([name, column]) => !column?.deprecated && !isLabelLike(name))
    .sort((a, b) => (b[1]?.uses ?? 0) - (a[1]?.uses ?? 0))
    .slice(0, max)
    .map(([name]) => name);
}

/** "Kubernetes data, every 5s; 42 columns such as cpu, memory, pod_name; public dashboards: node cpu". */
export function describeCategory(doc: CategoryDocument, line: ProductLine): string {
  const own = doc.info?.description;
  if (own) return own;
  const interval = doc.info?.interval?.length ? `, every ${doc.info.interval.join('/')}` : '';
  const parts = [`${LINE_NAMES[line]} data${interval}`];
  const examples = mostRead(doc, EXAMPLE_COLUMNS);
  if (doc.info?.columnsKnown === false && examples.length === 0)
    parts.push('its columns are not in the catalog');
  else if (doc.columns.size === 1) parts.push(`1 column: ${examples.join(', ')}`);
  else if (examples.length > 0) parts.push(`${doc.columns.size} columns such as ${examples.join(', ')}`);
  const titles = doc.info?.titles?.slice(0, EXAMPLE_TITLES) ?? [];
  if (titles.length > 0) parts.push(`public dashboards: ${titles.map((t) => `'${t}'`).join(', ')}`);
  return parts.join('; ');
}
