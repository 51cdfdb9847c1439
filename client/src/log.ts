// The one logging object of the extension: a LogOutputChannel named "MXQL". Every line passes
// through redaction with the tokens the extension knows, so a token cannot reach the log even when
// an error message or a URL happens to contain it.
import * as vscode from 'vscode';
import { isOpenApiError, redact, type RequestEvent } from '../../api/index';

/** One line per request: method, path, status, ms, bytes, rows (and the error, when there was one). */
export function requestLine(event: RequestEvent): string {
  const status = event.status === undefined ? '---' : String(event.status);
  const rows = event.rows === undefined ? '' : ` ${event.rows} rows`;
  const retries = event.attempts > 1 ? ` (${event.attempts} attempts)` : '';
  const error = event.error ? ` error: ${event.error}` : '';
  return `${event.method} ${event.path} ${status} ${event.ms}ms ${event.bytes}B${rows}${retries}${error}`;
}

function describe(error: unknown): string {
  // Messages name a failed call in words; the log keeps which endpoint and path it was.
  if (isOpenApiError(error) && error.endpointId)
    return `${error.message} [${error.endpointId} ${error.path ?? ''}]`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? 'unknown error');
}

export class Log implements vscode.Disposable {
  private readonly channel: vscode.LogOutputChannel;
  private readonly secrets = new Set<string>();

  constructor() {
    this.channel = vscode.window.createOutputChannel('MXQL', { log: true });
  }

  /** Registers a token so that it is replaced by `***` in every later line. */
  addSecret(secret: string | undefined): void {
    if (secret) this.secrets.add(secret);
  }

  /** Redacts `text` with every known token. */
  redact(text: string): string {
    return redact(text, [...this.secrets]);
  }

  request(event: RequestEvent): void {
    const line = this.redact(requestLine(event));
    if (event.error) this.channel.warn(line);
    else this.channel.info(line);
  }

  info(message: string): void {
    this.channel.info(this.redact(message));
  }

  warn(message: string): void {
    this.channel.warn(this.redact(message));
  }

  error(message: string, error?: unknown): void {
    const detail = error === undefined ? '' : `: ${describe(error)}`;
    this.channel.error(this.redact(message + detail));
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
