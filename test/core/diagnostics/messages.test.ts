// Every diagnostic code, hint, quick-fix title and rename refusal is worded in Korean and Japanese:
// non-empty, not the English text, in the language's script, and keeping every quoted name, `$param`
// and backticked snippet the English message shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UI_LANGUAGES, localizedMessage, type UiLanguage } from '../../../server/core/index';
import {
  DIAGNOSTICS,
  SYNTAX_HINTS,
  diagnostic,
  diagnosticCodes,
  type DiagnosticArgs,
  type DiagnosticArgValues,
  type DiagnosticCode,
  type SyntaxHint,
} from '../../../server/core/diagnostics/table';
import { diagnosticMessage, phrasesOf, type MessageTable } from '../../../server/core/l10n/diagnostics';
import { MESSAGES_KO } from '../../../server/core/l10n/diagnostics.ko';
import { editPhrasesOf, ENGLISH_EDIT_PHRASES } from '../../../server/core/l10n/editPhrases';
import { keptParts } from '../../support/translationChecks';

/** Representative arguments of every code (a new code without a sample does not compile). */
const SAMPLES: { readonly [C in DiagnosticCode]: DiagnosticArgs<C>[0] } = {
  'syntax/unclosed-bracket': { hint: 'addClosingBracket' },
  'syntax/unexpected-close': { hint: 'noOpeningBracket' },
  'syntax/mismatched-bracket': { hint: 'wrongCloser', opener: '{', found: ']', want: '}' },
  'syntax/too-deep': {},
  'syntax/unclosed-string': { hint: 'closeSingleQuote' },
  'syntax/unclosed-comment': { hint: 'closeBlockComment' },
  'syntax/missing-colon': {},
  'syntax/missing-key': { hint: 'writeOptionName' },
  'syntax/missing-value': { hint: 'writeValue' },
  'syntax/unquoted-colon': {},
  'syntax/unexpected-token': { hint: 'commandNameExpected', found: 'xyz' },
  'syntax/template-marker': {},
  'syntax/inject-in-operand': {},
  'syntax/bad-param': {},
  'syntax/param-key': {},
  'syntax/missing-sub-name': {},
  'syntax/unclosed-sub': {},
  'syntax/unexpected-end': {},
  'syntax/internal': { detail: 'RangeError: boom' },
  'directive/bad-time': { value: 'tomorrow' },
  'directive/bad-range': { value: '15x' },
  'directive/bad-limit': { value: '-3' },
  'directive/bad-param': {},
  'directive/bad-inject': {},
  'directive/inject-cycle': { cycle: 'a → b → a' },
  'directive/bad-path': {},
  'directive/bad-pcode': { value: 'abc' },
  'directive/stime-without-etime': {},
  'directive/etime-without-stime': {},
  'directive/bad-time-order': {},
  'directive/range-and-stime': {},
  'directive/unknown': { key: 'rnage', known: ['range', 'limit'] },
  'directive/duplicate': { key: 'range' },
  'expression/unclosed-string': {},
  'expression/unexpected-token': { text: 'cpu' },
  'expression/missing-colon': {},
  'expression/missing-operand': { found: ')' },
  'expression/unclosed-paren': {},
  'expression/too-deep': {},
  'inject/missing-fragment': { name: 'filters' },
  'inject/undeclared-fragment': { name: 'filtr', declared: ['filters', 'limits'] },
  'inject/bare': {},
  'json/syntax': { detail: "expected ',' or '}', found ']'" },
  'json/not-a-string': { detail: "'mql' holds a number, not a string of MXQL" },
  'inject/unused-fragment': { name: 'extra' },
  'inject/fragment-error': {
    name: 'f',
    code: 'syntax/unclosed-bracket',
    message: DIAGNOSTICS['syntax/unclosed-bracket'].message({ hint: 'addClosingBrace' }),
    args: { hint: 'addClosingBrace' },
  },
  'inject/fragment-warning': {
    name: 'f',
    code: 'command/unknown',
    message: DIAGNOSTICS['command/unknown'].message({ name: 'LIMT', suggestions: ['LIMIT'] }),
    args: { name: 'LIMT', suggestions: ['LIMIT'] },
  },
  'inject/fragment-note': {
    name: 'f',
    code: 'inject/bare',
    message: DIAGNOSTICS['inject/bare'].message(),
  },
  'inject/in-operand': {},
  'param/as-key': { name: '$key' },
  'param/unbound': { name: '$oid' },
  'param/ignored-when-unbound': { name: '$oid', command: 'OID' },
  'param/unused': { name: '$spare' },
  'structure/missing-category': { loader: 'TAGLOAD' },
  'structure/process-before-load': { command: 'SELECT', loader: 'TAGLOAD' },
  'structure/missing-loader': {},
  'command/unknown': { name: 'SELCT', suggestions: ['SELECT', 'SELECT-FIRST'] },
  'command/deprecated': { name: 'OIDSET', reason: 'Retired.', replacedBy: ['OID', 'OKIND', 'ONODE'] },
  'option/unknown': { command: 'TAGLOAD', name: 'bakcward', suggestions: ['backward'], known: ['backward'] },
  'option/missing-required': {
    command: 'ORDER',
    option: 'key',
    example: 'ORDER {key: [tps, oname], sort: [desc, asc]}',
  },
  'operand/not-a-number': { command: 'LIMIT', example: 'LIMIT 10' },
  'operand/not-an-object': { command: 'GROUP', example: 'GROUP {timeunit: 5m, pk: oid}' },
  'delete/bare-word': { text: 'oname' },
  'sql/order-by': { rewrite: 'ORDER {key: [tps], sort: [desc]}' },
  'sql/where': { rewrite: 'FILTER {key: oid, value: 1}' },
  'sql/group-by': { rewrite: 'GROUP {pk: oid}' },
  'sql/group-aggregate': { key: 'avg', rewrite: 'GROUP {merge: tps}\nUPDATE {key: tps, value: avg}' },
  'sql/limit-offset': { rewrite: 'SKIP 5\nLIMIT 10' },
  'sql/select-star': { rewrite: 'SELECT' },
  'sql/select-list': { rewrite: 'SELECT [oid, tps]' },
  'sql/line-comment': {},
  'group/time-without-timeunit': { rewrite: '{timeunit: 1m, pk: time}' },
  'filter/no-condition': { rewrite: "FILTER {key: oname, like: 'web'}" },
  'range/too-long': { span: 'directives', days: 45, maxDays: 31 },
  'category/unknown': { name: 'app_countr', suggestions: ['app_counter'] },
  'category/not-in-catalog': { name: 'my_category' },
  'column/unknown': { name: 'tps2', category: 'app_counter', suggestions: ['tps'] },
  'column/not-in-catalog': { name: 'extra_col', category: 'kube_pod', suggestions: [] },
  'column/removed-above': { name: 'cpu', command: 'RENAME', line: 24, renamedTo: 'process_cpu' },
  'column/not-created': { name: '_name_' },
  'sub/unresolved': { command: 'LOAD', name: 'sub1', suggestions: ['sub2'] },
  'rule/unknown-field': { name: 'cpuu', category: 'server_base', suggestions: ['cpu'] },
  'rule/field-not-in-catalog': { name: 'extra_field', category: 'kube_pod', suggestions: [] },
  'rule/unknown-category': { name: 'server_bse', suggestions: ['server_base'] },
  'rule/not-a-string': { key: 'rule', found: 'number' },
};

/** More argument shapes of the codes whose wording branches on them. */
const VARIANTS: readonly { readonly code: DiagnosticCode; readonly args: DiagnosticArgValues }[] = [
  { code: 'range/too-long', args: { span: 'time-range-command', days: 40, maxDays: 31 } },
  { code: 'column/unknown', args: { name: 'tps2', category: null, suggestions: [] } },
  {
    code: 'column/removed-above',
    args: { name: 'containerId', command: 'SELECT', line: 11, renamedTo: null },
  },
  { code: 'column/removed-above', args: { name: 'tx_count', command: 'GROUP', line: 4, renamedTo: null } },
  { code: 'expression/missing-operand', args: {} },
  { code: 'syntax/unexpected-token', args: { hint: 'commaBefore' } },
  { code: 'syntax/unclosed-string', args: { hint: 'closeDoubleQuote' } },
];

const SCRIPT: { readonly [L in UiLanguage]: RegExp } = {
  ko: /[\uAC00-\uD7A3]/,
  ja: /[\u3040-\u30FF\u4E00-\u9FFF]/,
};

function assertTranslated(language: UiLanguage, what: string, english: string, text: string): void {
  assert.ok(text.trim().length > 0, `${language} ${what}: empty`);
  assert.notEqual(text, english, `${language} ${what}: still English`);
  assert.match(text, SCRIPT[language], `${language} ${what}: ${text}`);
  for (const part of keptParts(english))
    assert.ok(text.includes(part), `${language} ${what} drops ${part}: ${text}`);
}

const render = (code: DiagnosticCode, args: DiagnosticArgValues, language?: UiLanguage): string =>
  diagnosticMessage(code, args, language);

void test('the samples cover every code of the table', () => {
  assert.deepEqual(Object.keys(SAMPLES).sort(), [...diagnosticCodes()].sort());
});

for (const language of UI_LANGUAGES) {
  void test(`${language}: every code renders its own message, keeping names, $params and code`, () => {
    const cases = [
      ...diagnosticCodes().map((code) => ({ code, args: SAMPLES[code] as DiagnosticArgValues })),
      ...VARIANTS,
    ];
    for (const { code, args } of cases) {
      const english = render(code, args);
      assert.equal(english, (DIAGNOSTICS[code].message as (a: DiagnosticArgValues) => string)(args), code);
      assertTranslated(language, code, english, render(code, args, language));
    }
  });

  void test(`${language}: every fix-it hint is translated and follows its fixed message`, () => {
    for (const hint of Object.keys(SYNTAX_HINTS) as SyntaxHint[]) {
      const args = { hint, found: 'xyz', opener: '[', want: ']' };
      const english = render('syntax/unexpected-token', args);
      const text = render('syntax/unexpected-token', args, language);
      assertTranslated(language, hint, english, text);
      assert.ok(text.startsWith(render('syntax/unexpected-token', {}, language)), `${hint}: ${text}`);
    }
  });

  void test(`${language}: a finding inside a fragment is worded in the same language`, () => {
    const sample = SAMPLES['inject/fragment-warning'];
    const text = render('inject/fragment-warning', sample, language);
    assert.ok(text.includes(render('command/unknown', sample.args ?? {}, language)), text);
    assert.ok(!text.includes(sample.message), text);
    assert.ok(text.includes('(command/unknown)'), text);
  });

  void test(`${language}: quick-fix titles and rename refusals are translated`, () => {
    const titles = editPhrasesOf(language).quickFix;
    const english = ENGLISH_EDIT_PHRASES.quickFix;
    for (const key of ['changeTo', 'replaceWith', 'addInject', 'addParam'] as const)
      assertTranslated(language, key, english[key]('$oid'), titles[key]('$oid'));
    assertTranslated(language, 'nameFragment', english.nameFragment, titles.nameFragment);
    const rename = editPhrasesOf(language).rename;
    assertTranslated(language, 'notRenamable', ENGLISH_EDIT_PHRASES.rename.notRenamable, rename.notRenamable);
    for (const key of ['badSubName', 'badParamName'] as const)
      assertTranslated(language, key, ENGLISH_EDIT_PHRASES.rename[key]('1 x'), rename[key]('1 x'));
    assert.equal(phrasesOf(language).didYouMean([]), '');
    assert.ok(phrasesOf(language).or(['A', 'B', 'C']).startsWith('A, B '));
  });
}

void test('a diagnostic keeps its code and arguments, and English stays its own message', () => {
  const d = diagnostic('param/unbound', { start: 0, end: 4 }, { name: '$oid' });
  assert.deepEqual(d.args, { name: '$oid' });
  assert.equal(localizedMessage(d, undefined), d.message);
  assert.match(localizedMessage(d, 'ko'), /'\$oid'에 여기서 쓸 값이 없습니다/);
  assert.match(localizedMessage(d, 'ja'), /'\$oid' にはここで使う値がありません/);
  const fixed = diagnostic('inject/bare', { start: 0, end: 6 });
  assert.equal(localizedMessage(fixed, 'ja'), render('inject/bare', {}, 'ja'));
});

void test('a hand-made diagnostic without arguments keeps its own message instead of throwing', () => {
  const handMade = { code: 'param/unbound', message: "'$x' has no value here." } as const;
  assert.equal(localizedMessage(handMade, 'ko'), handMade.message);
});

void test('a language table without a code does not compile', () => {
  const { 'inject/bare': _dropped, ...rest } = MESSAGES_KO.messages;
  // @ts-expect-error every code needs a message in every language
  const incomplete: MessageTable = { phrases: MESSAGES_KO.phrases, messages: rest };
  assert.ok(!('inject/bare' in incomplete.messages));
});
