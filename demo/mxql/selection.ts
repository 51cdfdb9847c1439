// Metric selection: CATEGORY, OID/OKIND/ONODE/OIDSET, TIME-RANGE, TIME-PAST and HEADER fill a
// Selection that the loader reads. Unbound `$params` here are ignored, as the service documents.
import { MXQL_RANGE } from '../../api/index';
import type { CommandNode } from '../../server/core/index';
import type { Row } from './rows';
import { toText } from './functions';
import { DAY } from '../data/index';
import { MxqlQueryError } from '../mxqlExecutor';
import { categoryRef, type CategoryRef } from './categories';
import { dateTimeOf } from './reshape';
import type { QueryContext } from './context';
import {
  bind,
  durationOf,
  isObject,
  names,
  numberOf,
  scalars,
  text,
  type Plain,
  type PlainObject,
} from './operands';

/** A CATEGORY choice by lookup length (JSON form): used when the range is at most `upToMs`. */
interface CategoryChoice {
  readonly ref: CategoryRef;
  readonly upToMs: number;
}

/** What the loader will read. */
export interface Selection {
  choices: CategoryChoice[];
  stime: number;
  etime: number;
  oids?: ReadonlySet<number>;
  okinds?: ReadonlySet<number>;
  onodes?: ReadonlySet<number>;
  /** The columns the pipeline can read, when it selects an explicit list (the loader generates no others). */
  columns?: ReadonlySet<string>;
  /** LogTag filters, applied by the loader like its own `filter` option. */
  tagFilters?: { key: string; test: (row: Row) => boolean }[];
}

/** A fresh selection over the request's range. */
export function newSelection(qc: QueryContext): Selection {
  return { choices: [], stime: qc.stime, etime: qc.etime };
}

/** The category to load for the selection's range. */
export function chosenCategory(sel: Selection): CategoryRef | undefined {
  const range = sel.etime - sel.stime;
  return (sel.choices.find((c) => range <= c.upToMs) ?? sel.choices[sel.choices.length - 1])?.ref;
}

function categoryChoices(value: Plain): CategoryChoice[] {
  if (isObject(value)) {
    return Object.entries(value).map(([name, length]) => ({
      ref: categoryRef(name),
      upToMs: durationOf(length) ?? Number.POSITIVE_INFINITY,
    }));
  }
  const name = text(value);
  if (name === undefined) {
    throw new MxqlQueryError(
      'CATEGORY needs a category name, e.g. CATEGORY app_counter.',
      'mxql/missing-category',
    );
  }
  return [{ ref: categoryRef(name), upToMs: Number.POSITIVE_INFINITY }];
}

function idSet(value: Plain): ReadonlySet<number> | undefined {
  const ids = scalars(value).map((v) => numberOf(v ?? undefined));
  if (ids.length === 0) return undefined;
  if (ids.some((id) => id === undefined)) {
    throw new MxqlQueryError(
      `Agent filter value ${JSON.stringify(value)} is not a list of ids.`,
      'mxql/invalid-oid',
    );
  }
  return new Set(ids as number[]);
}

function timeOf(value: Plain, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = numberOf(value);
  if (n === undefined) {
    throw new MxqlQueryError(
      `TIME-RANGE ${name} must be epoch milliseconds; got ${JSON.stringify(value)}.`,
      'mxql/bad-time',
    );
  }
  return n;
}

function timeRange(sel: Selection, options: PlainObject, qc: QueryContext): void {
  // sdate/edate name whole days: from the start of sdate to the end of edate, in `timezone`.
  const sdate = dateTimeOf(text(options.sdate), options);
  const edate = dateTimeOf(text(options.edate), options);
  if (sdate !== undefined || edate !== undefined) {
    const end = edate === undefined ? qc.etime : edate + DAY;
    [sel.stime, sel.etime] = [sdate ?? end - DAY, end];
    checkRange(sel);
    return;
  }
  const duration = durationOf(options.recent ?? options.duration ?? options.dur);
  const stime = timeOf(options.stime, 'stime');
  const etime = timeOf(options.etime, 'etime');
  if (stime !== undefined && etime !== undefined) [sel.stime, sel.etime] = [stime, etime];
  else if (duration === undefined) {
    throw new MxqlQueryError(
      'TIME-RANGE needs recent, duration (with stime or etime), stime and etime, or sdate and edate.',
      'mxql/bad-time',
    );
  } else if (stime !== undefined) [sel.stime, sel.etime] = [stime, stime + duration];
  else {
    const end = options.recent !== undefined && etime === undefined ? qc.etime : (etime ?? qc.etime);
    [sel.stime, sel.etime] = [end - duration, end];
  }
  checkRange(sel);
}

/** Fails when the selection's range is empty or longer than the service allows. */
export function checkRange(sel: Selection): void {
  if (!(sel.etime > sel.stime)) {
    throw new MxqlQueryError('The time range is empty: etime must be after stime.', 'mxql/bad-time');
  }
  if (sel.etime - sel.stime > MXQL_RANGE.maxRangeMs) {
    throw new MxqlQueryError(
      `An MXQL query may read at most ${MXQL_RANGE.span}; narrow TIME-RANGE.`,
      'mxql/range',
    );
  }
}

function oidSet(sel: Selection, value: Plain): void {
  if (!isObject(value)) {
    sel.oids = idSet(value) ?? sel.oids;
    return;
  }
  sel.oids = idSet(value.oid ?? value.microOid) ?? sel.oids;
  sel.okinds = idSet(value.okind) ?? sel.okinds;
  sel.onodes = idSet(value.onode) ?? sel.onodes;
}

/** Applies one selection command (upper-case name) to the selection. */
export function applySelection(sel: Selection, cmd: CommandNode, qc: QueryContext): void {
  const value = cmd.operand
    ? bind(cmd.operand, { params: qc.params, lenient: cmd.upperName !== 'CATEGORY' })
    : undefined;
  switch (cmd.upperName) {
    case 'CATEGORY':
      sel.choices = categoryChoices(value);
      return;
    case 'OID':
      sel.oids = idSet(value) ?? sel.oids;
      return;
    case 'OKIND':
      sel.okinds = idSet(value) ?? sel.okinds;
      return;
    case 'ONODE':
      sel.onodes = idSet(value) ?? sel.onodes;
      return;
    case 'OIDSET':
      oidSet(sel, value);
      return;
    case 'TIME-RANGE':
      timeRange(sel, isObject(value) ? value : { recent: value }, qc);
      return;
    case 'TIME-PAST': {
      const delta = durationOf(isObject(value) ? value.delta : value) ?? 0;
      [sel.stime, sel.etime] = [sel.stime - delta, sel.etime - delta];
      return;
    }
    case 'LOGTAG':
      logTag(sel, value);
      return;
    default:
      return; // HEADER describes widget columns only.
  }
}

/**
 * LogTag {key, value | exclude}: keys and values may be lists (paired by position); the log loader
 * keeps the rows whose tag has one of the values (or none of the excluded ones). Unbound parts are ignored.
 */
function logTag(sel: Selection, value: Plain): void {
  if (!isObject(value)) return;
  const keys = names(value.key);
  const exclude = value.value === undefined && value.exclude !== undefined;
  const wanted = scalars(exclude ? value.exclude : value.value).map(toText);
  if (keys.length === 0 || wanted.length === 0) return;
  const tests = keys.map((key, i) => {
    const values = new Set(keys.length === wanted.length ? [wanted[i] ?? ''] : wanted);
    return { key, test: (row: Row) => values.has(toText(row[key])) !== exclude };
  });
  sel.tagFilters = [...(sel.tagFilters ?? []), ...tests];
}

/** Upper-case names of the selection commands. */
export const SELECTION_COMMANDS: ReadonlySet<string> = new Set([
  'CATEGORY',
  'OID',
  'OKIND',
  'ONODE',
  'OIDSET',
  'TIME-RANGE',
  'TIME-PAST',
  'HEADER',
  'LOGTAG',
]);
