/**
 * The server learns the categories and columns the workspace's own queries read: from the query files
 * of the workspace folders (read once at start, then as the client reports them created, changed or
 * deleted) and from the open documents (their text wins over the file's). Each document is analysed
 * with the catalog plus what the *other* sources read, so a misspelt column still warns in the file
 * that has it. Edits are learned after a quiet period, one document at a time: never per keystroke,
 * never the whole workspace again.
 */
import {
  learnAnalysisReads,
  WorkspaceReads,
  withLearnedColumns,
  type DocumentAnalysis,
  type LanguageCatalogs,
  type LearnedCategoryCatalog,
  type ReadsChange,
} from '../core/index';
import { findQueryFiles, inWorkspace, isQueryFile, pathOfUri, readQueryFile } from './workspaceFiles';

/** Quiet period after an edit before the document is learned again. */
export const LEARN_DELAY_MS = 1_000;
/** Quiet period after what is learned changed before open documents are validated again. */
export const REPUBLISH_DELAY_MS = 250;
/** Files learned between two turns of the event loop while reading the workspace. */
const FILES_PER_TURN = 25;

/** What the server does when what is learned changes. */
export interface LearningHooks {
  /** The analyses made so far were made with catalogs that changed since. */
  readonly stale: () => void;
  /** Validate again the open documents `affected` names (called once per quiet period). */
  readonly republish: (affected: (uri: string) => boolean) => void;
}

/** The key of a source: its file path for `file:` URIs (clients spell URIs differently), else the URI. */
function sourceOf(uri: string): string {
  return pathOfUri(uri) ?? uri;
}

export class WorkspaceLearning {
  private readonly reads = new WorkspaceReads();
  /** The catalogs with what every source reads (made on first use after each change). */
  private shared: { catalogs: LanguageCatalogs; categories: LearnedCategoryCatalog } | undefined;
  /** Per source reading something alone, the shared catalogs without that (made like `shared`). */
  private readonly views = new Map<string, LanguageCatalogs>();
  /** Learned categories and columns whose readers changed since open documents were last validated. */
  private readonly pending = { categories: new Set<string>(), columns: new Map<string, Set<string>>() };
  private readonly open = new Set<string>();
  /** The workspace folders read: file events and closed documents elsewhere teach nothing. */
  private folders: readonly string[] = [];
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private republishTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly base: LanguageCatalogs,
    private readonly hooks: LearningHooks,
  ) {}

  /** The catalogs to analyse the document `uri` with: the base plus what the other sources read. */
  catalogsFor(uri: string): LanguageCatalogs {
    if (!this.shared) {
      const categories = withLearnedColumns(this.base.categories, this.reads.learned());
      this.shared = { categories, catalogs: { ...this.base, categories } };
    }
    const source = sourceOf(uri);
    const cached = this.views.get(source);
    if (cached) return cached;
    const own = this.reads.ownReads(source);
    if (!own) return this.shared.catalogs;
    const view = { ...this.base, categories: this.shared.categories.without(own) };
    this.views.set(source, view);
    return view;
  }

  /** An opened document: learned now from its analysis (the editor made it already). */
  opened(uri: string, analysis: DocumentAnalysis): void {
    const source = sourceOf(uri);
    this.open.add(source);
    this.cancel(source);
    this.update(this.reads.setReads(source, learnAnalysisReads(analysis)));
  }

  /** An edited document: learned again after {@link LEARN_DELAY_MS} without edits. */
  edited(uri: string, analysis: () => DocumentAnalysis | undefined): void {
    const source = sourceOf(uri);
    this.cancel(source);
    const timer = setTimeout(() => {
      this.timers.delete(source);
      const now = this.open.has(source) ? analysis() : undefined;
      if (now) this.update(this.reads.setReads(source, learnAnalysisReads(now)));
    }, LEARN_DELAY_MS);
    this.timers.set(source, timer);
  }

  /**
   * A closed document: its file's saved text counts again when the workspace holds it; an unsaved
   * document, or a file from elsewhere, is forgotten.
   */
  closed(uri: string): void {
    const source = sourceOf(uri);
    this.open.delete(source);
    this.cancel(source);
    this.views.delete(source);
    void this.learnFile(uri);
  }

  /** A file the client reports created, changed or deleted; open documents keep their text. */
  fileChanged(uri: string, deleted: boolean): void {
    const source = sourceOf(uri);
    if (!isQueryFile(uri) || this.open.has(source) || !inWorkspace(source, this.folders)) return;
    if (deleted) this.forget(source);
    else void this.learnFile(uri);
  }

  /** Reads the query files of `folders` (paths), within the bounds of workspaceFiles.ts. */
  async learnFolders(folders: readonly string[]): Promise<number> {
    this.folders = folders;
    const paths = await findQueryFiles(folders);
    let learned = false;
    for (let i = 0; i < paths.length; i += FILES_PER_TURN) {
      const batch = paths.slice(i, i + FILES_PER_TURN);
      const texts = await Promise.all(batch.map((path) => readQueryFile(path)));
      batch.forEach((path, j) => {
        const text = texts[j];
        if (text === undefined || this.open.has(path)) return;
        const change = this.reads.set(path, text);
        if (change) this.note(change);
        learned ||= change !== undefined;
      });
      // Requests are answered between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (learned) this.changed();
    return paths.length;
  }

  /** Stops pending work (shutdown). */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.republishTimer) clearTimeout(this.republishTimer);
  }

  private async learnFile(uri: string): Promise<void> {
    const path = pathOfUri(uri);
    const ours = path !== undefined && isQueryFile(path) && inWorkspace(path, this.folders);
    const text = ours ? await readQueryFile(path) : undefined;
    const source = sourceOf(uri);
    if (this.open.has(source)) return;
    this.update(text === undefined ? this.reads.delete(source) : this.reads.set(source, text));
  }

  private forget(source: string): void {
    this.update(this.reads.delete(source));
  }

  private update(change: ReadsChange | undefined): void {
    if (!change) return;
    this.note(change);
    this.changed();
  }

  /**
   * Remembers what `change` may change in diagnostics: a category the catalog lacks (read or not),
   * a column a category with a column list lacks (accepted or not). Columns the catalog lists and
   * categories without a column list change no diagnostic.
   */
  private note(change: ReadsChange): void {
    const catalog = this.base.categories;
    for (const category of change.categories)
      if (!catalog.isKnownCategory(category)) this.pending.categories.add(category);
    for (const [category, columns] of change.columns) {
      const info = catalog.getCategory(category);
      if (!info?.columnsKnown) continue;
      const listed = new Set(catalog.categoryColumns(category).map((c) => c.name));
      for (const column of columns) {
        if (listed.has(column)) continue;
        const pending = this.pending.columns.get(category) ?? new Set<string>();
        this.pending.columns.set(category, pending.add(column));
      }
    }
  }

  /** True when the learned reads of `uri` touch what changed since the last validation. */
  private affected(
    uri: string,
    categories: ReadonlySet<string>,
    columns: ReadonlyMap<string, ReadonlySet<string>>,
  ): boolean {
    const reads = this.reads.readsOf(sourceOf(uri));
    if (!reads) return false;
    for (const [category, read] of reads) {
      if (categories.has(category)) return true;
      const changed = columns.get(category);
      if (changed && [...read].some((column) => changed.has(column))) return true;
    }
    return false;
  }

  private cancel(source: string): void {
    const timer = this.timers.get(source);
    if (timer) clearTimeout(timer);
    this.timers.delete(source);
  }

  /**
   * What is learned changed: the catalogs are made anew on next use, the analyses made with the old
   * ones are stale, and after a quiet period the open documents whose diagnostics it may change are
   * validated again.
   */
  private changed(): void {
    this.shared = undefined;
    this.views.clear();
    this.hooks.stale();
    if (this.republishTimer) clearTimeout(this.republishTimer);
    this.republishTimer = setTimeout(() => {
      this.republishTimer = undefined;
      const categories = new Set(this.pending.categories);
      const columns = new Map(this.pending.columns);
      this.pending.categories.clear();
      this.pending.columns.clear();
      if (categories.size === 0 && columns.size === 0) return;
      this.hooks.republish((uri) => this.affected(uri, categories, columns));
    }, REPUBLISH_DELAY_MS);
  }
}

/** The folder paths of the initialize parameters: the workspace folders, else the root. */
export function folderPaths(params: {
  workspaceFolders?: readonly { uri: string }[] | null;
  rootUri?: string | null;
}): string[] {
  const uris = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  return uris.map(pathOfUri).filter((p): p is string => p !== undefined);
}
