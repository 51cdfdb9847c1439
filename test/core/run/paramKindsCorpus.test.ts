// paramNeeds over every query of every corpus file: it never throws, it names exactly the params the
// query uses (but $stime/$etime), and a $oid/$okind/$onode written only as a bare value of OID, OKIND,
// ONODE or OIDSET is optional; a tag value names its column, and its lookup is a query that parses
// without errors. The counts per kind are printed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  parse,
  paramNeeds,
  parsedText,
  queryAt,
  queryRanges,
  type CommandNode,
  type MxqlDocument,
  type QueryAt,
} from '../../../server/core/index';
import { queryParamRefs } from '../../../server/core/queries/queries';
import { isRangeParam } from '../../../server/core/queries/rangeParams';
import { type ParamRef } from '../../../server/core/syntax/ast';
import { bundledCategoryCatalog } from '../../../server/core/catalog/bundledCatalog';
import { corpusDir, corpusPresent, corpusRequired, corpusTexts } from '../../support/corpus';

const SELECTION = new Set(['OID', 'OKIND', 'ONODE', 'OIDSET']);
const AGENT_IDS = new Set(['$oid', '$okind', '$onode']);

if (!corpusPresent && !corpusRequired)
  console.log(
    `param kinds over the corpus: no corpus at ${corpusDir}; skipped (set MXQL_CORPUS to its folder)`,
  );

/** The command whose line holds `ref`, read straight from the tree. */
function commandHolding(doc: MxqlDocument, ref: ParamRef): CommandNode | undefined {
  const all = [...doc.main, ...doc.subs.flatMap((s) => s.commands)];
  const found = all.find((s) => s.range.start <= ref.range.start && ref.range.end <= s.range.end);
  return found?.kind === 'command' ? found : undefined;
}

/** True when every occurrence of `name` is unquoted inside an OID/OKIND/ONODE/OIDSET line. */
function onlyInSelection(doc: MxqlDocument, refs: readonly ParamRef[], name: string): boolean {
  return refs
    .filter((r) => r.name === name)
    .every((r) => !r.inString && SELECTION.has(commandHolding(doc, r)?.upperName ?? ''));
}

void test('param kinds over the corpus', { skip: !corpusPresent && !corpusRequired }, () => {
  assert.ok(corpusPresent, `MXQL_CORPUS=required but there is no corpus at ${corpusDir}`);
  const texts = corpusTexts([]);
  assert.ok(texts.length > 0, `no .mxql files in ${corpusDir}`);
  const kinds = new Map<string, number>();
  let selectionChecked = 0;
  let tagValues = 0;
  for (const [i, text] of texts.entries()) {
    const source = parsedText(text);
    const queries = queryRanges(source)
      .map((r) => queryAt(source, r.start))
      .filter((q): q is QueryAt => q !== null);
    for (const query of queries) {
      const needs = paramNeeds(source, query, bundledCategoryCatalog);
      const where = `file #${i}, query at ${query.range.start}`;
      assert.deepEqual(
        needs.map((n) => n.name),
        query.params.filter((p) => !isRangeParam(p)),
        where,
      );
      const refs = queryParamRefs(source, query);
      for (const n of needs) {
        kinds.set(
          `${n.kind}${n.optional ? ' (optional)' : ''}`,
          (kinds.get(`${n.kind}${n.optional ? ' (optional)' : ''}`) ?? 0) + 1,
        );
        if (n.kind === 'agent') assert.deepEqual(n.choices, [], `${where}: ${n.name}`);
        if (n.kind === 'tagValue') {
          tagValues++;
          assert.ok(n.column, `${where}: ${n.name} names its column`);
          const errors = parse(n.lookup?.mql ?? '').diagnostics.filter((d) => d.severity === 'error');
          assert.deepEqual(errors, [], `${where}: the lookup of ${n.name} parses`);
        }
        if (!AGENT_IDS.has(n.name) || !onlyInSelection(source.parsed.ast, refs, n.name)) continue;
        selectionChecked++;
        assert.equal(n.optional, true, `${where}: ${n.name} is only a selection value`);
        assert.equal(n.kind, 'agent', `${where}: ${n.name}`);
      }
    }
  }
  console.log(
    `param kinds over ${texts.length} files: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}; ` +
      `${selectionChecked} selection-only $oid/$okind/$onode`,
  );
  assert.ok(selectionChecked > 0, 'the corpus has OIDSET queries, so some selection params must be seen');
  assert.ok(
    tagValues > 0,
    'the corpus has FILTER {key: …, value: $x} queries, so some tag values must be seen',
  );
});
