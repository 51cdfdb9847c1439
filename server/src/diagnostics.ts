/**
 * Debounced diagnostics: each change schedules validation of that document after a quiet period; the
 * document changed last runs first and a newer change cancels the pending run of the older version.
 */
import { performance } from 'node:perf_hooks';
import { type TextDocument } from 'vscode-languageserver-textdocument';
import { diagnosticsOf, type ValidationDiagnostic } from '../core/index';
import { type AnalysisCache } from './documents';
import { isJsonDocument, type EmbeddedDocuments } from './embeddedDocuments';
import { type ServerSettings } from './settings';

/** Quiet period before validating after a change, in milliseconds. */
export const DIAGNOSTICS_DELAY_MS = 150;

/**
 * Delay after an edit: long enough for the completion request sent with a keystroke to be answered
 * first, short enough that the edited block's diagnostics arrive well within 20 ms.
 */
export const KEYSTROKE_DIAGNOSTICS_DELAY_MS = 3;

/** The longest a keystroke's diagnostics wait for a quiet moment, however costly the document. */
export const KEYSTROKE_DIAGNOSTICS_MAX_DELAY_MS = 15;

/**
 * The quiet period after a keystroke in a document whose last validation and publishing took
 * `costMs`: twice that, within the bounds above. Whatever a keystroke costs outside its diagnostics
 * stays the same for any document size, but a long document's list is costly to build and send
 * whole (LSP publishes a document's diagnostics as one list): while keys come faster than that, each
 * list would be replaced a keystroke later, so it waits for a pause in proportion to its cost.
 */
export function keystrokeDelay(costMs: number | undefined): number {
  const wanted = Math.max(KEYSTROKE_DIAGNOSTICS_DELAY_MS, 2 * (costMs ?? 0));
  return Math.min(KEYSTROKE_DIAGNOSTICS_MAX_DELAY_MS, wanted);
}

/** Publishes the diagnostics of a document version. */
export type Publish = (doc: TextDocument, diagnostics: readonly ValidationDiagnostic[]) => void;

interface Pending {
  readonly doc: TextDocument;
  /** Increases with every change: the highest runs first. */
  readonly order: number;
}

/**
 * Schedules and runs validation per document. Each change restarts that document's quiet period
 * (cancelling stale work); documents whose period ended wait in a queue that runs the most recently
 * changed first, one document per event-loop turn so that requests are answered in between.
 */
export class DiagnosticsScheduler {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly pending = new Map<string, Pending>();
  private readonly due = new Set<string>();
  /** The version last published per document, so the change event that follows an open is skipped. */
  private readonly published = new Map<string, number>();
  /** What validating and publishing each document took last time, in milliseconds. */
  private readonly costs = new Map<string, number>();
  private changes = 0;
  private draining = false;

  constructor(
    private readonly cache: AnalysisCache,
    private readonly settings: () => ServerSettings,
    private readonly publish: Publish,
    private readonly log: (message: string) => void,
    /** The MXQL strings of JSON documents, when the server reads them. */
    private readonly embedded?: EmbeddedDocuments,
    /** The event-rule findings of a JSON document; undefined when it holds no rules. */
    private readonly ruleDiagnostics: (doc: TextDocument) => ValidationDiagnostic[] | undefined = () =>
      undefined,
  ) {}

  /**
   * Validates and publishes `doc` at once: an opened file shows its diagnostics without waiting for
   * the change debounce (LSP clients send the open and the server sees a content change right after).
   */
  publishNow(doc: TextDocument): void {
    this.cancel(doc.uri);
    this.send(doc);
  }

  /** Validates `doc` after the quiet period (at the next turn when `delay` is 0). */
  schedule(doc: TextDocument, delay = DIAGNOSTICS_DELAY_MS): void {
    if (delay > 0 && this.published.get(doc.uri) === doc.version) return;
    this.cancel(doc.uri);
    this.pending.set(doc.uri, { doc, order: this.changes++ });
    const timer = setTimeout(() => {
      this.timers.delete(doc.uri);
      this.due.add(doc.uri);
      this.drainSoon();
    }, delay);
    this.timers.set(doc.uri, timer);
  }

  /** Validates `doc` after a keystroke's quiet period, which grows with what its diagnostics cost. */
  scheduleAfterKeystroke(doc: TextDocument): void {
    this.schedule(doc, keystrokeDelay(this.costs.get(doc.uri)));
  }

  /** Drops the pending run of a document. */
  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
    this.due.delete(uri);
    this.pending.delete(uri);
  }

  /** The diagnostics of the document's current version (validated now). */
  current(doc: TextDocument): ValidationDiagnostic[] {
    return this.compute(doc) ?? [];
  }

  /** Whether the settings keep a diagnostic of `code`. */
  keeps(code: string): boolean {
    const settings = this.settings();
    return settings.diagnosticsEnabled && !isDisabled(code, settings.disabledCodes);
  }

  /** Forgets a closed document. */
  forget(uri: string): void {
    this.cancel(uri);
    this.published.delete(uri);
    this.costs.delete(uri);
  }

  private send(doc: TextDocument): void {
    const started = performance.now();
    this.published.set(doc.uri, doc.version);
    const list = this.compute(doc);
    if (list) this.publish(doc, list);
    this.costs.set(doc.uri, performance.now() - started);
  }

  private drainSoon(): void {
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => {
      this.draining = false;
      const next = this.takeNewest();
      if (next) this.send(next.doc);
      if (this.due.size > 0) this.drainSoon();
    });
  }

  private takeNewest(): Pending | undefined {
    let best: Pending | undefined;
    for (const uri of this.due) {
      const p = this.pending.get(uri);
      if (p && (!best || p.order > best.order)) best = p;
    }
    if (best) {
      this.due.delete(best.doc.uri);
      this.pending.delete(best.doc.uri);
    }
    return best;
  }

  /** The document's diagnostics; undefined for a JSON document with neither MXQL nor rules (nothing to publish). */
  private compute(doc: TextDocument): ValidationDiagnostic[] | undefined {
    const settings = this.settings();
    const json = isJsonDocument(doc);
    if (!settings.diagnosticsEnabled) return json && !this.embedded?.get(doc).holdsMxql ? undefined : [];
    try {
      const all = json ? this.jsonDiagnostics(doc) : this.mxqlDiagnostics(doc);
      if (all === undefined) return undefined;
      return all.filter((d) => !isDisabled(d.code, settings.disabledCodes));
    } catch (error) {
      this.log(`Validation failed for ${doc.uri}: ${String(error)}`);
      return [];
    }
  }

  /** A JSON document's findings: its MXQL strings' and its event rules', when it holds either. */
  private jsonDiagnostics(doc: TextDocument): ValidationDiagnostic[] | undefined {
    const inQueries = this.embedded?.diagnostics(doc);
    const inRules = this.ruleDiagnostics(doc);
    if (inQueries === undefined && inRules === undefined) return undefined;
    return [...(inQueries ?? []), ...(inRules ?? [])];
  }

  private mxqlDiagnostics(doc: TextDocument): ValidationDiagnostic[] {
    const analysis = this.cache.get(doc);
    return diagnosticsOf(analysis, { catalog: analysis.catalogs.categories });
  }
}

/** True when `code` (`group/name`) is listed, or its group is. */
export function isDisabled(code: string, disabled: readonly string[]): boolean {
  const group = code.split('/')[0];
  return disabled.includes(code) || (group !== undefined && disabled.includes(group));
}
