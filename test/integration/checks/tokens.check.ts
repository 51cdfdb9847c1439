// VS Code's own TextMate tokenizer, as the token inspector shows it, gives MXQL tokens the scopes themes colour.
import * as assert from 'node:assert/strict';
import type { Workbench, WorkbenchCheck } from '../../support/vscodeWorkbench';

const sample = 'sample.mxql';

/** Asserts that the token at `needle` (inside `within`) has a scope starting with `scopePrefix`. */
async function expectScope(
  workbench: Workbench,
  needle: string,
  scopePrefix: string,
  within = needle,
): Promise<void> {
  const token = await workbench.inspectToken(sample, needle, within);
  assert.ok(
    needle.startsWith(token.text) || token.text.startsWith(needle),
    `the inspector showed token "${token.text}", expected one at "${needle}"`,
  );
  assert.ok(
    token.scopes.some((scope) => scope.startsWith(scopePrefix)),
    `"${needle}" has scopes [${token.scopes.join(', ')}], expected one starting with ${scopePrefix}`,
  );
  assert.equal(token.scopes[token.scopes.length - 1], 'source.mxql');
}

export const checks: WorkbenchCheck[] = [
  {
    name: 'an .mxql editor shows the MXQL language in the status bar',
    run: async (workbench) => {
      await workbench.openFile(sample);
      await workbench.waitForLanguage('MXQL');
    },
  },
  {
    name: 'CATEGORY is a command keyword',
    run: (workbench) => expectScope(workbench, 'CATEGORY', 'keyword.control'),
  },
  {
    name: 'TAGLOAD is a command keyword',
    run: (workbench) => expectScope(workbench, 'TAGLOAD', 'keyword.control'),
  },
  {
    name: 'the category after CATEGORY is a type',
    run: (workbench) => expectScope(workbench, 'app_counter', 'support.type', 'CATEGORY app_counter'),
  },
  {
    name: '$oid in a command is a parameter',
    run: (workbench) => expectScope(workbench, '$oid', 'variable.parameter', 'OIDSET {oid:$oid}'),
  },
  {
    name: 'a -- line is a comment',
    run: (workbench) => expectScope(workbench, '-- Active', 'comment.line'),
  },
  {
    name: 'a # line is a comment',
    run: (workbench) => expectScope(workbench, '# rows', 'comment.line'),
  },
];
