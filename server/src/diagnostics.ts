/**
 * Debounced diagnostics: each change schedules validation of that document after a quiet period; the
 * document changed last runs first and a newer change cancels the pending run of the older version.
 */
import { type TextDocument } from 'vscode-languageserver-textdocument';
import { validate, type ValidationDiagnostic } from '../core/index';
import { type AnalysisCache } from './documents';
import { type ServerSettings } from './settings';

/** Quiet period before validating after a change, in milliseconds. */
export const DIAGNOSTICS_DELAY_MS = 150;

/** Publishes the diagnostics of a document version. */
export type Publish = (doc: TextDocument, diagnostics: readonly ValidationDiagnostic[]) => void;

/** Schedules and runs validation per document. */
export class DiagnosticsScheduler {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly latest = new Map<string, ValidationDiagnostic[]>();

  constructor(
    private readonly cache: AnalysisCache,
    private readonly settings: () => ServerSettings,
    private readonly publish: Publish,
    private readonly log: (message: string) => void,
  ) {}

  /** Validates `doc` after the quiet period (immediately when `delay` is 0). */
  schedule(doc: TextDocument, delay = DIAGNOSTICS_DELAY_MS): void {
    this.cancel(doc.uri);
    this.timers.set(
      doc.uri,
      setTimeout(() => {
        this.timers.delete(doc.uri);
        this.run(doc);
      }, delay),
    );
  }

  /** Drops the pending run of a document. */
  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }

  /** The last diagnostics computed for a document version (validating now if needed). */
  current(doc: TextDocument): ValidationDiagnostic[] {
    return this.compute(doc);
  }

  private compute(doc: TextDocument): ValidationDiagnostic[] {
    const settings = this.settings();
    if (!settings.diagnosticsEnabled) return [];
    const analysis = this.cache.get(doc);
    try {
      const all = validate(
        { text: analysis.text, parsed: analysis.parsed },
        { catalog: analysis.catalogs.categories },
      );
      return all.filter((d) => !isDisabled(d.code, settings.disabledCodes));
    } catch (error) {
      this.log(`Validation failed for ${doc.uri}: ${String(error)}`);
      return [];
    }
  }

  private run(doc: TextDocument): void {
    const diagnostics = this.compute(doc);
    this.latest.set(doc.uri, diagnostics);
    this.publish(doc, diagnostics);
  }

  /** Forgets a closed document. */
  forget(uri: string): void {
    this.cancel(uri);
    this.latest.delete(uri);
  }
}

/** True when `code` (`group/name`) is listed, or its group is. */
export function isDisabled(code: string, disabled: readonly string[]): boolean {
  const group = code.split('/')[0];
  return disabled.includes(code) || (group !== undefined && disabled.includes(group));
}
