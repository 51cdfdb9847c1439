// Inputs that once broke the core: SUB chains deeper than the call stack, INJECT fragments that
// reach themselves, lone CR line breaks, and a 20,000-line document to format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundledCategoryCatalog } from '../../server/core/catalog/bundledCatalog';
import {
  analyzeDocument,
  documentSymbols,
  foldingRanges,
  format,
  hover,
  lineStartsOf,
  parse,
  parseDirectives,
  validate,
} from '../../server/core/index';
import { findInjectCycle } from '../../server/core/syntax/injectCycles';
import { lex } from '../../server/core/syntax/lexer';
import { largeDocument } from '../support/largeDocument';

const catalogs = { categories: bundledCategoryCatalog };

/**
 * Formatting may cost this many parses of the same text (2.5–5× measured on a busy 2-core machine; a
 * formatter that re-parses per line, the regression this guards against, costs hundreds).
 */
const FORMAT_PARSE_RATIO = 10;

function subChain(length: number): string {
  const lines = ['CATEGORY app_counter', 'TAGLOAD', 'JOIN {query: s0, pk: oid}'];
  for (let i = 0; i < length; i++) {
    lines.push(`SUB s${i}`, 'CATEGORY app_counter', 'TAGLOAD', `JOIN {query: s${i + 1}, pk: oid}`, 'END');
  }
  return lines.join('\n');
}

void test('a chain of 3,000 SUBs each joining the next validates and hovers without overflowing', () => {
  const text = subChain(3000);
  const diagnostics = validate(text, { catalog: bundledCategoryCatalog });
  // The last SUB joins s3000, which does not exist: reported, so validation really ran to the end.
  assert.ok(
    diagnostics.some((d) => d.code.startsWith('sub/')),
    JSON.stringify(diagnostics.slice(0, 3)),
  );
  const analysis = analyzeDocument(text, catalogs);
  const at = text.indexOf('pk: oid', text.length - 40);
  assert.doesNotThrow(() => hover(analysis, at));
  assert.ok(analysis.flow.subs.size === 3000);
  assert.ok(analysis.flow.main.result.columns.size > 0);
});

void test('an INJECT fragment that injects itself gets a diagnostic naming the cycle', () => {
  const text = '-- @inject default = INJECT default\nCATEGORY app_counter\nTAGLOAD\nINJECT default\n';
  const diagnostics = validate(text, { catalog: bundledCategoryCatalog });
  const cycle = diagnostics.find((d) => d.code === 'directive/inject-cycle');
  assert.ok(cycle, JSON.stringify(diagnostics));
  assert.match(cycle.message, /default → default/);
  assert.equal(cycle.severity, 'error');
  assert.doesNotThrow(() => analyzeDocument(text, catalogs).flow);
});

void test('a → b → a is a cycle; a → b → c is not', () => {
  const text = '-- @inject a = INJECT b\n-- @inject b = INJECT a\nCATEGORY app_counter\nTAGLOAD\nINJECT a\n';
  const diagnostics = validate(text, { catalog: bundledCategoryCatalog });
  assert.match(diagnostics.find((d) => d.code === 'directive/inject-cycle')?.message ?? '', /a → b → a/);
  assert.ok(!diagnostics.some((d) => d.code === 'inject/unused-fragment'), 'b is used by a');
  assert.deepEqual(findInjectCycle({ a: 'INJECT b', b: 'INJECT c', c: 'LIMIT 1' }), null);
  assert.deepEqual(findInjectCycle({ a: 'LIMIT 1\nINJECT b', b: 'INJECT', default: 'INJECT a' }), [
    'a',
    'b',
    'default',
    'a',
  ]);
  assert.equal(parseDirectives(text).diagnostics.filter((d) => d.severity === 'error').length, 1);
});

void test('a long INJECT chain is checked without call depth', () => {
  const injects: Record<string, string> = {};
  for (let i = 0; i < 20000; i++) injects[`f${i}`] = `INJECT f${i + 1}`;
  assert.equal(findInjectCycle(injects), null);
  injects['f20000'] = 'INJECT f0';
  assert.equal(findInjectCycle(injects)?.length, 20002);
});

void test('\\r, \\n and \\r\\n are the same line break for the lexer, folding, symbols and diagnostics', () => {
  const lf = 'CATEGORY app_counter\nTAGLOAD\nSUB q\nTAGLOAD\nEND\nSELECT [time]\n';
  for (const eol of ['\r', '\r\n']) {
    const text = lf.replaceAll('\n', eol);
    assert.deepEqual(lex(text).lineStarts, lineStartsOf(text));
    assert.equal(lex(text).lineStarts.length, 7);
    assert.deepEqual(
      parse(text).ast.main.map((s) => s.line),
      parse(lf).ast.main.map((s) => s.line),
    );
    assert.deepEqual(
      validate(text, { catalog: bundledCategoryCatalog }).map((d) => d.code),
      validate(lf, { catalog: bundledCategoryCatalog }).map((d) => d.code),
    );
    const a = analyzeDocument(text, catalogs);
    const b = analyzeDocument(lf, catalogs);
    assert.deepEqual(foldingRanges(a), foldingRanges(b));
    assert.deepEqual(
      documentSymbols(a).map((s) => s.name),
      documentSymbols(b).map((s) => s.name),
    );
  }
  // A lone CR ends a comment and a string, as it ends the line in the editor.
  const commented = lex('-- note\rTAGLOAD\r');
  assert.equal(commented.comments[0]?.text, '-- note');
  assert.equal(commented.tokens.length, 1);
  assert.equal(lex("FILTER {key: 'a\rTAGLOAD").tokens.at(-1)?.line, 1);
});

void test('formatting a 20,000-line document costs a few parses and keeps its tokens', () => {
  const text = largeDocument();
  const out = format(text);
  assert.notEqual(out, text);
  assert.ok(out.includes('SELECT [time, oid, tps,]'));
  assert.equal(format(out), out);
  // A ratio to parsing the same text in the same run, in CPU time: robust on a busy machine where
  // wall-clock floors are not. The two are measured in turn, eight times each after a warm-up, and the
  // medians compared, so a collection or a burst of load that lands on one side does not decide it.
  // Formatting lexes and parses twice, compares the trees and lays the text out: a few parses.
  const cpuOnce = (work: () => unknown): number => {
    const started = process.cpuUsage();
    work();
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  parse(text);
  format(text);
  const parses: number[] = [];
  const formats: number[] = [];
  for (let i = 0; i < 8; i++) {
    parses.push(cpuOnce(() => parse(text)));
    formats.push(cpuOnce(() => format(text)));
  }
  const parsing = median(parses);
  const formatting = median(formats);
  const ratio = formatting / parsing;
  console.log(
    `format ${formatting.toFixed(0)} ms CPU, parse ${parsing.toFixed(0)} ms CPU: ${ratio.toFixed(1)}×`,
  );
  assert.ok(
    ratio < FORMAT_PARSE_RATIO,
    `format ${formatting} ms CPU is ${ratio.toFixed(1)}× parse ${parsing} ms CPU`,
  );
});
