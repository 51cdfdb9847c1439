// TAGLOAD and FLEXLOAD: generate the selected category's rows per time bucket and agent, apply the
// loader's own filters, and hand them on in growing batches so that a LIMIT downstream stops the
// generation early. Agent filters (OID/OKIND/ONODE) are applied before any row is built.
import { AGENT_TAG_COLUMNS, FINE_STEP, agentTags, type DemoAgent } from '../data/index';
import { MxqlQueryError } from '../mxqlExecutor';
import { SLOW_CATEGORY, categoryLookup, type CategorySource, type LoaderName } from './categories';
import type { QueryContext } from './context';
import { toText } from './functions';
import { isObject, isTrue, numberOf, scalars, text, type Plain, type PlainObject } from './operands';
import { limitRows } from './ordering';
import type { Row, RowStream } from './rows';
import { checkRange, chosenCategory, type Selection } from './selection';

/** A test on one generated row. */
export type RowTest = (row: Row) => boolean;

const FIRST_BATCH = 16;
const MAX_BATCH = 1024;

function filterTest(filter: PlainObject): RowTest {
  const key = text(filter.key);
  if (key === undefined)
    throw new MxqlQueryError('A load filter needs a key: {key: field, value: …}.', 'mxql/missing-option');
  const cell = (row: Row) => toText(row[key]);
  if (filter.value !== undefined) {
    const wanted = new Set(scalars(filter.value).map(toText));
    return (row) => wanted.has(cell(row));
  }
  if (filter.exclude !== undefined) {
    const unwanted = new Set(scalars(filter.exclude).map(toText));
    return (row) => !unwanted.has(cell(row));
  }
  if (filter.like !== undefined) {
    const part = toText(filter.like);
    return (row) => cell(row).includes(part);
  }
  if (filter.notlike !== undefined) {
    const part = toText(filter.notlike);
    return (row) => !cell(row).includes(part);
  }
  throw new MxqlQueryError(
    `Load filter on '${key}' needs value, exclude, like or notlike.`,
    'mxql/missing-option',
  );
}

/** The loader's `filter` option (one object or a list) as tests on named columns. */
export function loadFilters(option: Plain): { key: string; test: RowTest }[] {
  if (option === undefined || option === null) return [];
  return (Array.isArray(option) ? option : [option]).map((f) => {
    if (!isObject(f))
      throw new MxqlQueryError(
        'A load filter must be an object {key, value|exclude|like|notlike}.',
        'mxql/bad-option',
      );
    return { key: text(f.key) ?? '', test: filterTest(f) };
  });
}

function allOf(tests: readonly RowTest[]): RowTest | undefined {
  return tests.length === 0 ? undefined : (row) => tests.every((test) => test(row));
}

function agentTest(sel: Selection): (agent: DemoAgent) => boolean {
  return (agent) =>
    (!sel.oids || sel.oids.has(agent.oid)) &&
    (!sel.okinds || sel.okinds.has(agent.okind)) &&
    (!sel.onodes || sel.onodes.has(agent.onode));
}

function bucketList(stime: number, etime: number, step: number, backward: boolean): number[] {
  const times: number[] = [];
  for (let t = Math.ceil(stime / step) * step; t < etime; t += step) times.push(t);
  return backward ? times.reverse() : times;
}

async function* waitSlow(qc: QueryContext, sel: Selection): RowStream {
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      const reason: unknown = qc.pacer.signal.reason;
      reject(reason instanceof Error ? reason : new Error('The query was cancelled.'));
    };
    const timer = setTimeout(() => {
      qc.pacer.signal.removeEventListener('abort', onAbort);
      resolve();
    }, qc.slowMs);
    if (qc.pacer.signal.aborted) onAbort();
    else qc.pacer.signal.addEventListener('abort', onAbort, { once: true });
  });
  yield [{ time: sel.etime, pcode: qc.project.pcode, waited_ms: qc.slowMs }];
}

function checkLoader(name: string, source: CategorySource, loader: LoaderName): void {
  if (source.loader !== 'any' && source.loader !== loader) {
    throw new MxqlQueryError(
      `Category '${name}' is stored as ${source.loader === 'FLEXLOAD' ? 'fields' : 'tags and fields'}: load it with ${source.loader}, not ${loader}.`,
      'mxql/wrong-loader',
    );
  }
}

async function* noRows(): RowStream {}

/** Starts loading the selection with TAGLOAD or FLEXLOAD and the loader's options. */
export function loadRows(
  sel: Selection,
  loader: LoaderName,
  options: PlainObject,
  qc: QueryContext,
): RowStream {
  checkRange(sel);
  const ref = chosenCategory(sel);
  if (!ref) throw new MxqlQueryError(`${loader} needs a CATEGORY before it.`, 'mxql/missing-category');
  if (ref.name === SLOW_CATEGORY) return waitSlow(qc, sel);
  const found = categoryLookup(ref, qc.project, qc.data.projects, sel.columns);
  if (!found.source) {
    qc.notices.push(found.reason);
    return noRows();
  }
  checkLoader(ref.name, found.source, loader);
  return sourceRows(sel, found.source, ref.rollupMs, options, qc);
}

/** Streams a source's rows for the selection's agents and range, with the loader's filter, backward and rows options. */
export function sourceRows(
  sel: Selection,
  source: CategorySource,
  rollupMs: number,
  options: PlainObject,
  qc: QueryContext,
): RowStream {
  checkRange(sel);
  const filters = [...loadFilters(options.filter), ...(sel.tagFilters ?? [])];
  // Filters on an agent's tags are decided once per agent instead of once per generated row, for
  // categories whose rows carry exactly those tags.
  const pushed = source.agentTagged ? filters.filter((f) => AGENT_TAG_COLUMNS.has(f.key)) : [];
  const perRow = allOf(filters.filter((f) => !pushed.includes(f)).map((f) => f.test));
  const byTags = allOf(pushed.map((f) => f.test));
  const agents = qc.data
    .agentsOf(qc.project.pcode)
    .filter(agentTest(sel))
    .filter((agent) => !byTags || byTags(agentTags(qc.project, agent)));
  const backward = isTrue(options.backward);
  const end = Math.min(sel.etime, qc.now);
  // A category collected less often than the range is long (daily tables over an hour) still shows
  // its latest collection: its step shrinks to the range.
  const ownStep = Math.min(source.stepMs ?? 0, end - sel.stime);
  const step = Math.max(qc.data.stepFor(FINE_STEP, sel.stime), rollupMs, ownStep);
  const times =
    source.shape === 'snapshot'
      ? [Math.floor((end - 1) / FINE_STEP) * FINE_STEP]
      : bucketList(sel.stime, end, step, backward);
  const rows = generate(source, agents, times, step, perRow, qc);
  // `rows` caps how many rows the loader reads (FLEXLOAD {rows: 30000} in real queries).
  const cap = numberOf(options.rows);
  return cap === undefined ? rows : limitRows(rows, cap);
}

async function* generate(
  source: CategorySource,
  agents: readonly DemoAgent[],
  times: readonly number[],
  step: number,
  test: RowTest | undefined,
  qc: QueryContext,
): RowStream {
  let batch: Row[] = [];
  let size = FIRST_BATCH;
  for (const t of times) {
    for (const agent of agents) {
      for (const row of source.rows(qc.data, qc.project, agent, t, step)) {
        if (!test || test(row)) batch.push(row);
      }
    }
    if (batch.length >= size) {
      yield batch;
      batch = [];
      size = Math.min(MAX_BATCH, size * 2);
      await qc.pacer.pace();
    }
  }
  if (batch.length > 0) yield batch;
}
