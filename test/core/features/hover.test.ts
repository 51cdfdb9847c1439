/** Hover and option signature help at `$0` cursor markers. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hover, signatureHelp } from '../../../server/core/index';
import { analyzeMarked } from './completionSupport';

function hoverAt(marked: string): string | null {
  const { analysis, offset } = analyzeMarked(marked);
  return hover(analysis, offset)?.markdown ?? null;
}

const AC = 'CATEGORY app_counter\nTAGLOAD\n';

const CASES: readonly (readonly [string, RegExp | null])[] = [
  ['SEL$0ECT', /\*\*SELECT\*\*[\s\S]*Forms:/],
  [`${AC}ORD$0ER {key: tps}`, /\*\*ORDER\*\*[\s\S]*`sort`/],
  ['OIDS$0ET {oid: $oid}', /Deprecated/],
  [`${AC}ORDER {so$0rt: desc}`, /\*\*sort\*\* — option of ORDER/],
  [`${AC}GROUP {primaryK$0ey: oid}`, /\*\*pk\*\*/],
  ['CATEGORY app_cou$0nter', /\*\*app_counter\*\* — category[\s\S]*Intervals/],
  ['CATEGORY {"server_ba$0se": 1h}', /server_base/],
  [`${AC}SELECT [tx_ti$0me]`, /\*\*tx_time\*\* — field/],
  [`${AC}SELECT [ho$0st_ip]`, /\*\*host_ip\*\* — tag/],
  [`${AC}CREATE {key: rate, value: 1}\nORDER {key: ra$0te}`, /\*\*rate\*\* — created/],
  [`${AC}SELECT [ti$0me]`, /\*\*time\*\*/],
  ['-- @param $oid = 42\nOID $o$0id', /Value from `-- @param`: `42`/],
  [
    'OID $o$0id',
    /Optional here: with no value, OID is skipped and the query reads all agents[\s\S]*Agent id/,
  ],
  [
    `${AC}OIDSET {oid: $oid}\nFILTER {key: oid, value: $o$0id}`,
    /a run in the editor asks for it, and `mxql run` refuses without it[\s\S]*Agent id/,
  ],
  [`${AC}OIDSET {oid: $o$0id}\nFILTER {key: oid, value: $oid}`, /a run in the editor asks for it/],
  ['-- @ra$0nge 1h', /\*\*@range\*\*/],
  ['-- @inject default = LIMIT 5\nCATEGORY app_counter\nTAGLOAD\nINJECT defa$0ult', /LIMIT 5/],
  [`${AC}INJECT timep$0ast`, /timepast[\s\S]*compare with the past/],
  [`${AC}JOIN {query: to$0p5}\nSUB top5\nEND`, /\*\*SUB top5\*\*/],
  [`${AC}FILTER {expr: "t$0ps > 1"}`, /\*\*tps\*\* — field/],
  [`${AC}CREATE {key: r, expr: "rou$0nd(tps, 1)"}`, /\*\*round\(value, digits\)\*\*/],
  [`${AC}FILTER {expr: "nothing_kn$0own > 1"}`, null],
  [`${AC}JOIN {query: top5}\nSUB to$0p5\nEND`, /\*\*SUB top5\*\* — sub-query with 0 commands, used once/],
  ['-- a plain comm$0ent', null],
  [`${AC}SELECT [not_a_co$0lumn_anywhere]`, null],
  ['$0', null],
];

void describe('hover', () => {
  for (const [text, expected] of CASES) {
    void test(JSON.stringify(text), () => {
      const markdown = hoverAt(text);
      if (expected === null) assert.equal(markdown, null);
      else assert.match(markdown ?? '', expected);
    });
  }
});

void describe('signature help for option objects', () => {
  void test('lists the options and highlights the key being written', () => {
    const { analysis, offset } = analyzeMarked(`${AC}ORDER {key: tps, so$0`);
    const help = signatureHelp(analysis, offset);
    assert.ok(help);
    assert.equal(help.label, 'ORDER {key, sort, rows}');
    assert.equal(help.parameters[help.activeParameter]?.label, 'sort');
  });
  void test('a value highlights its key', () => {
    const { analysis, offset } = analyzeMarked(`${AC}GROUP {timeunit: 5m, pk: $0`);
    const help = signatureHelp(analysis, offset);
    assert.equal(help?.parameters[help.activeParameter]?.label, 'pk');
  });
  void test('a new key has no active option', () => {
    const { analysis, offset } = analyzeMarked(`${AC}ORDER {$0`);
    assert.equal(signatureHelp(analysis, offset)?.activeParameter, -1);
  });
  void test('outside an object there is no help', () => {
    const { analysis, offset } = analyzeMarked(`${AC}SELECT$0`);
    assert.equal(signatureHelp(analysis, offset), null);
  });
});
