// The corpus's dashboard queries put back into a dashboard's shape, one widget each, for the tests that
// check that a query inside JSON gets exactly the findings it gets as a .mxql file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeForJson } from '../../server/core/index';
import { corpusDir } from './corpus';

/** Corpus files taken from the service's dashboards start with this. */
export const DASHBOARD_QUERY_PREFIX = 'whatap_feature__';

export interface CorpusBoard {
  /** The dashboard queries' file names, sorted. */
  readonly names: string[];
  readonly texts: string[];
  /** The dashboard: widget i is on line 3 + i (0-based), its query right after `opening(i)`. */
  readonly json: string;
  readonly opening: (i: number) => string;
}

export function corpusBoard(): CorpusBoard {
  const names = readdirSync(corpusDir)
    .filter((f) => f.startsWith(DASHBOARD_QUERY_PREFIX) && f.endsWith('.mxql'))
    .sort();
  const texts = names.map((f) => readFileSync(join(corpusDir, f), 'utf8'));
  const opening = (i: number): string => `    { "type": "line", "title": "w${i}", "metrics": [ { "mql": "`;
  const widgets = texts.map((t, i) => `${opening(i)}${escapeForJson(t)}" } ] }`);
  const json = `{\n  "name": "corpus",\n  "widgets": [\n${widgets.join(',\n')}\n  ]\n}\n`;
  return { names, texts, json, opening };
}
