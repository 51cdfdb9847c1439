// Hover, completion and signature help in Korean and Japanese over real queries (a sample of the shared
// corpus, read and never copied, plus a few written here): at every token, the localized text holds no
// English sentence (a run of four or more English words outside code, quotes and names the query or
// the catalog uses), and it answers wherever English answers. English keeps its wording.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bundledCategoryCatalog, bundledPathCatalog } from '../../../server/core/catalog/bundledCatalog';
import {
  analyzeDocument,
  complete,
  hover,
  signatureHelp,
  UI_LANGUAGES,
  type DocumentAnalysis,
  type UiLanguage,
} from '../../../server/core/index';
import { COMMANDS } from '../../../server/core/catalog/commands';
import { corpusTexts } from '../../support/corpus';
import { englishRun } from '../../support/translationChecks';
import { analyzeMarked } from './completionSupport';

const catalogs = { categories: bundledCategoryCatalog, paths: bundledPathCatalog };

/** Queries that reach every kind of hover, used besides the corpus sample (and alone without it). */
const WRITTEN = [
  [
    '-- @name TPS per agent',
    '-- @range 1h',
    '-- @param $oid = 42',
    '-- @inject default = LIMIT 5',
    'CATEGORY app_counter',
    'OID $oid',
    'TAGLOAD {backward: true, filter: {key: oname, like: api}}',
    'SELECT [time, oid, oname, tps, tx_time, resp_time]',
    'CREATE {key: rate, expr: "round(tps * 2, 1)"}',
    'GROUP {timeunit: 5m, pk: oid, merge: [tps]}',
    'UPDATE {key: tps, value: avg}',
    'JOIN {query: hosts, pk: oid, field: [cpu]}',
    'FILTER {expr: "startsWith(oname, \'api\') && tps > 1"}',
    'ORDER {key: [tps], sort: [desc]}',
    'INJECT default',
    'SUB hosts',
    'CATEGORY app_host_resource',
    'TAGLOAD',
    'SELECT [oid, cpu, mem]',
    'END',
  ].join('\n'),
  [
    'HEADER {tps$: F}',
    'CATEGORY {"server_base": 6h, "server_base{m5}": 3d}',
    'TIME-RANGE {duration: 30m, etime: $etime}',
    'TAGLOAD',
    'OIDSET {oid: $oid}',
    'DELTA {pk: oid, key: d, target: cpu}',
    'FILTER-KEYS {keys: [oid], values: [1]}',
  ].join('\n'),
  [
    '-- @name Slow services by URL',
    '-- @range 3h',
    '-- @limit 200',
    'CATEGORY app_counter',
    'OKIND $okind',
    'TAGLOAD',
    'SELECT [time, oname, okindName, service_count, service_error, service_time, cpu, heap_use]',
    'FILTER {key: service_error, cmp: gt, value: 0}',
    'CREATE {key: errRate, expr: "service_error * 100 / service_count"}',
    'GROUP {timeunit: 1h, pk: [okindName], merge: [service_count, service_error], first: [oname]}',
    'RENAME {src: errRate, dst: error_rate}',
    'LIMIT 10',
  ].join('\n'),
];

/** Every 12th corpus file: enough kinds of query, quick enough for the unit stage. */
const TEXTS = [...WRITTEN, ...corpusTexts([]).filter((_, i) => i % 12 === 0)];

/** A character of the language's own script. */
const SCRIPT: Readonly<Record<UiLanguage, RegExp>> = {
  ko: /[\uAC00-\uD7A3]/,
  ja: /[\u3040-\u30FF\u4E00-\u9FFF]/,
};

/** Command and option names: identifiers a translation keeps. */
const CATALOG_NAMES: ReadonlySet<string> = new Set(
  COMMANDS.flatMap((c) => [c.name, ...c.aliases, ...c.options.map((o) => o.name)]).flatMap((n) =>
    n.split(/[^A-Za-z]+/),
  ),
);

/** Words a translation may show bare: the query's own words and command and option names. */
function wordsOf(text: string): Set<string> {
  return new Set([...(text.match(/[A-Za-z]+/g) ?? []), ...CATALOG_NAMES]);
}

/** Offsets inside each token of the text (one past its first character). */
function tokenOffsets(text: string): number[] {
  return [...text.matchAll(/[\w$@.{}>-]+/g)].map((m) => (m.index ?? 0) + Math.min(1, m[0].length - 1));
}

interface Checked {
  hovers: number;
  heads: Set<string>;
}

function checkHovers(analysis: DocumentAnalysis, language: UiLanguage, checked: Checked): string[] {
  const names = wordsOf(analysis.text);
  const problems: string[] = [];
  for (const offset of tokenOffsets(analysis.text)) {
    const english = hover(analysis, offset);
    const localized = hover(analysis, offset, language);
    if (!english) {
      if (localized) problems.push(`@${offset}: localized hover where English has none`);
      continue;
    }
    if (!localized) {
      problems.push(`@${offset}: no localized hover for ${english.markdown.split('\n')[0] ?? ''}`);
      continue;
    }
    assert.deepEqual(localized.range, english.range);
    checked.hovers++;
    const heading = english.markdown.split('\n')[0] ?? '';
    checked.heads.add(/ — ([^·(]*)/.exec(heading)?.[1]?.trim() ?? heading);
    const run = englishRun(localized.markdown, names);
    if (run) problems.push(`@${offset}: "${run}" in ${JSON.stringify(localized.markdown)}`);
    if (!SCRIPT[language].test(localized.markdown)) problems.push(`@${offset}: no ${language} text`);
  }
  return problems;
}

function checkCompletionsAndSignatures(analysis: DocumentAnalysis, language: UiLanguage): string[] {
  const names = wordsOf(analysis.text);
  const problems: string[] = [];
  const offsets = tokenOffsets(analysis.text).filter((_, i) => i % 9 === 0);
  for (const offset of offsets) {
    for (const item of complete(analysis, offset, language).items.slice(0, 40)) {
      const run = englishRun(`${item.detail}\n\n${item.documentation}`, names);
      if (run) problems.push(`completion ${item.label} @${offset}: "${run}"`);
    }
    const help = signatureHelp(analysis, offset, language);
    if (!help) continue;
    for (const text of [help.documentation, ...help.parameters.map((p) => p.documentation)]) {
      const run = englishRun(text, names);
      if (run) problems.push(`signature @${offset}: "${run}"`);
    }
  }
  return problems;
}

void describe('hover, completion and signature help in the client language', () => {
  const analyses = TEXTS.map((text) => analyzeDocument(text, catalogs));

  for (const language of UI_LANGUAGES) {
    void test(`${language}: no English sentence in any hover, at every token`, () => {
      const checked: Checked = { hovers: 0, heads: new Set() };
      const problems = analyses.flatMap((a) => checkHovers(a, language, checked));
      assert.deepEqual(problems.slice(0, 20), []);
      assert.ok(checked.hovers > 100, `only ${checked.hovers} hovers checked`);
      for (const head of ['processing command', 'parameter', 'category', 'directive', 'field', 'tag'])
        assert.ok(checked.heads.has(head), `no ${head} hover among ${[...checked.heads].join(', ')}`);
      assert.ok(
        [...checked.heads].some((h) => h.startsWith('option of')),
        'no option hover',
      );
    });

    void test(`${language}: no English sentence in completion details, documentation or signature help`, () => {
      const problems = analyses.flatMap((a) => checkCompletionsAndSignatures(a, language));
      assert.deepEqual(problems.slice(0, 20), []);
    });
  }

  void test('the English check finds English in English hovers', () => {
    const a = analyses[0] as DocumentAnalysis;
    const found = tokenOffsets(a.text)
      .map((o) => hover(a, o)?.markdown)
      .filter((m): m is string => m !== undefined)
      .filter((m) => englishRun(m, wordsOf(a.text)) !== undefined);
    assert.ok(found.length > 20, `only ${found.length} English hovers recognised`);
    assert.equal(englishRun('**tps** — 필드\n\n`keeps the rows that pass`', new Set()), undefined);
    assert.equal(
      englishRun('Keeps the rows that pass one test.', new Set()),
      'Keeps the rows that pass one test',
    );
  });
});

void describe('English hover keeps its wording', () => {
  const AC = 'CATEGORY app_counter\nTAGLOAD\n';
  const CASES: readonly (readonly [string, string])[] = [
    [
      `${AC}LIM$0IT 5`,
      '**LIMIT** — processing command\n\nPasses on only the first N rows.\n\nForms:\n- `LIMIT 10`\n- `LIMIT $limit`',
    ],
    [
      `${AC}ORDER {so$0rt: desc}`,
      '**sort** — option of ORDER (enum)\n\nDirection per key.\n\nValues: `asc`, `desc`',
    ],
    [
      `${AC}SELECT [tx_ti$0me]`,
      '**tx_time** — field · Number · unit ms\n\nMean time to finish a transaction.',
    ],
    [
      '-- @param $oid = 42\nOID $o$0id',
      '**$oid** — parameter\n\nValue from `-- @param`: `42`\n\nAgent id (or list of ids) to restrict the load to.\n\nExample value: `1234567890`',
    ],
    [
      'CATEGORY app_cou$0nter',
      '**app_counter** — category\n\nApplication throughput, response times, errors and Apdex, per agent, every 5 s.\n\nLoader: `TAGLOAD`\n\nIntervals: 1h, 5m, 5s\n\nSeries key: oid\n\n11 tags, 27 fields',
    ],
    [
      '-- @ra$0nge 1h',
      '**@range** — directive\n\nRelative time range: from now minus this duration until now.\n\nExample: `-- @range 1h`',
    ],
    [
      `${AC}CREATE {key: r, expr: "rou$0nd(tps, 1)"}`,
      '**round(value, digits)** → number\n\nRounds to the given number of decimals.',
    ],
  ];
  for (const [marked, expected] of CASES) {
    void test(JSON.stringify(marked), () => {
      const { analysis, offset } = analyzeMarked(marked);
      assert.equal(hover(analysis, offset)?.markdown, expected);
    });
  }
});
