// CodeLenses above each MXQL string of a dashboard JSON file: `Edit MXQL`, and for a whole query (not an
// `inject` fragment) `▶ Run · 1h · Demo / 10458` and the agent scope, as above a query of an .mxql file.
// The lens sits on the line of the string's key; the strings are the core's (jsonDocuments.ts).
import * as vscode from 'vscode';
import { isInjectFragment, parsedText, wholeQuery } from '../../../server/core/index';
import { hasOptionalAgentFilters, RunCodeLensProvider, runLensTitle, scopeLens } from '../run/codeLens';
import { t } from '../l10n';
import { scanOf } from './jsonDocuments';

/**
 * Whether each query text has optional agent filters, kept: lenses are asked for again after every edit
 * of a board, whose queries mostly stay as they were (200 widget queries parse in about 100 ms).
 */
const optionalByText = new Map<string, boolean>();
const TEXTS_KEPT = 2_000;

function optionalFilters(text: string): boolean {
  let optional = optionalByText.get(text);
  if (optional === undefined) {
    optional = hasOptionalAgentFilters(parsedText(text), wholeQuery(text));
    if (optionalByText.size >= TEXTS_KEPT) optionalByText.clear();
    optionalByText.set(text, optional);
  }
  return optional;
}

export class EmbeddedCodeLensProvider extends RunCodeLensProvider {
  override provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!this.ctx.config.codeLens) return [];
    const scan = scanOf(document);
    if (!scan || scan.queries.length === 0) return [];
    const uri = document.uri.toString();
    return scan.queries.flatMap((query) => {
      const position = document.positionAt(query.token.start);
      const at = new vscode.Range(position, position);
      const edit = new vscode.CodeLens(at, {
        title: `$(edit) ${t('Edit MXQL')}`,
        command: 'mxql.editEmbeddedQuery',
        arguments: [{ uri, pointer: query.pointer }],
        tooltip: t('Open this query as an .mxql editor; saving writes it back into the JSON string.'),
      });
      if (isInjectFragment(query.pointer)) return [edit];
      const run = new vscode.CodeLens(at, {
        title: runLensTitle(this.ctx, query.text),
        command: 'mxql.runQueryAtCursor',
        arguments: [{ uri, offset: query.token.start + 1 }],
        tooltip: t('Run this query (Ctrl+Enter)'),
      });
      return optionalFilters(query.text) ? [run, edit, scopeLens(this.ctx, at, uri)] : [run, edit];
    });
  }
}
