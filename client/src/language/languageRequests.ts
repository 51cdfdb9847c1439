/**
 * Typed wrappers of the server's `mxql/*` requests (common/lspMethods.ts) for the run command and
 * other extension code. Each returns null when the server does not know the document.
 */
import type * as vscode from 'vscode';
import { type BaseLanguageClient } from 'vscode-languageclient';
import {
  LspMethods,
  type DocumentInfoParams,
  type DocumentInfoResult,
  type QueryAtCursorParams,
  type QueryAtCursorResult,
} from '../../../common/lspMethods';

/** The query at a position of a document (see `QueryAtCursorResult` for what "a query" is). */
export function requestQueryAtCursor(
  client: BaseLanguageClient,
  document: vscode.TextDocument,
  position: vscode.Position,
  token?: vscode.CancellationToken,
): Promise<QueryAtCursorResult | null> {
  const params: QueryAtCursorParams = {
    uri: client.code2ProtocolConverter.asUri(document.uri),
    position: { line: position.line, character: position.character },
  };
  return client.sendRequest<QueryAtCursorResult | null>(LspMethods.queryAtCursor, params, token);
}

/** Directives, params, injects and a diagnostics summary of a document. */
export function requestDocumentInfo(
  client: BaseLanguageClient,
  document: vscode.TextDocument,
  token?: vscode.CancellationToken,
): Promise<DocumentInfoResult | null> {
  const params: DocumentInfoParams = { uri: client.code2ProtocolConverter.asUri(document.uri) };
  return client.sendRequest<DocumentInfoResult | null>(LspMethods.documentInfo, params, token);
}
