// Running a query kept inside a dashboard JSON string, in place: the CodeLens and Run Query at Cursor
// (Ctrl+Enter) with the cursor in the string. The decoded text goes to the Runner as the file text, so
// the one planner, the prompts, the results panel and the history treat it as any query; the source
// says it is a board's query, so the board's conventions apply (run/runRecord.ts, runner.ts), with the
// values its author set in the JSON (the widget's `param`, its fields' merges; core's authoredValues).
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  authoredValuesOfJson,
  isInjectFragment,
  jsonQueryByPointer,
  siblingFragments,
} from '../../../server/core/index';
import type { Ctx } from '../ctx';
import { t } from '../l10n';
import type { Runner, RunOptions, RunOutcome, RunSource } from '../run/runner';
import { embeddedRefOf } from './embeddedQueryFs';
import { queryAtOffset, scanOf } from './jsonDocuments';

function skipped(ctx: Ctx, message: string): RunOutcome {
  void ctx.ui.message('info', message);
  return { status: 'skipped', message };
}

/** The run source of the query whose JSON string holds `offset`, or why there is none (a sentence to show). */
export function embeddedSourceAt(
  document: vscode.TextDocument,
  offset: number,
): RunSource | { problem: string } {
  const found = queryAtOffset(document, offset);
  if ('problem' in found) return found;
  const { query, scan } = found;
  if (isInjectFragment(query.pointer))
    return {
      problem: t('MXQL: {0} is an INJECT fragment, not a query. Run the query that uses it.', query.pointer),
    };
  return {
    title: `${path.posix.basename(document.uri.path)} ${query.pointer}`,
    fileText: query.text,
    queryText: query.text,
    uri: document.uri.toString(),
    board: {
      fragments: siblingFragments(scan, query),
      authored: authoredValuesOfJson(document.getText(), query.pointer, query.text),
    },
  };
}

/** Runs the query whose JSON string holds `offset`; a position outside any query is a message. */
export async function runEmbeddedQuery(
  ctx: Ctx,
  runner: Runner,
  document: vscode.TextDocument,
  offset: number,
  options: RunOptions,
): Promise<RunOutcome> {
  const source = embeddedSourceAt(document, offset);
  if ('problem' in source) return skipped(ctx, source.problem);
  return runner.run(source, options);
}

/** For a run from an Edit MXQL editor: the board its query comes from (fragments when its JSON is open). */
export function boardOfEmbedded(document: vscode.TextDocument): RunSource['board'] {
  const ref = embeddedRefOf(document.uri);
  if (!ref) return undefined;
  const json = vscode.workspace.textDocuments.find((d) => d.uri.toString() === ref.json.toString());
  const scan = json ? scanOf(json) : undefined;
  const query = scan ? jsonQueryByPointer(scan, ref.pointer) : undefined;
  if (!json || !scan || !query) return { fragments: {} };
  return {
    fragments: siblingFragments(scan, query),
    authored: authoredValuesOfJson(json.getText(), query.pointer, query.text),
  };
}
