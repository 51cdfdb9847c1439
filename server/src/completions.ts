/**
 * Completion lists as the server sends them. Documentation is not part of the list: it is most of
 * what a list would weigh beyond the labels and only the selected item shows it, so each item carries
 * a small `data` naming its list and `completionItem/resolve` adds the documentation from there. The
 * last list is answered again as it is while the document version and the cursor are the same (an
 * editor asks again after a cancelled or re-triggered request), without running completion again.
 * A client that applies list defaults (LSP 3.17 `itemDefaults`) gets the shared range and `data` once
 * per list instead of on every item; one that resolves `detail` lazily (as VS Code does) gets it on
 * resolve too. Lists of a long file's columns stay a few kilobytes.
 */
import { type CompletionItem, type CompletionList } from 'vscode-languageserver/node';
import { type TextDocument } from 'vscode-languageserver-textdocument';
import { type CompletionEntry, type CompletionList as CoreCompletionList } from '../core/index';
import { toCompletionList, toMarkdown, type CompletionListSupport } from './convert';

/** What each item's `data` holds: the list it came from. */
interface ItemData {
  readonly list: number;
}

interface BuiltList {
  readonly id: number;
  readonly uri: string;
  readonly version: number;
  readonly offset: number;
  readonly answer: CompletionList;
  /** The core's entries, whose documentation `resolve` looks up. */
  readonly entries: readonly CompletionEntry[];
  /** Entries by item label, made on the first resolve; labels are unique within a list. */
  byLabel?: ReadonlyMap<string, CompletionEntry>;
}

/** Lists whose items can still be resolved: the ones an editor may be showing. */
const KEPT_LISTS = 4;

/** Builds completion answers and resolves their items' documentation. */
export class CompletionLists {
  private readonly lists: BuiltList[] = [];
  private nextId = 1;
  /** What the client applies and resolves (nothing until it says so at initialize). */
  private support: CompletionListSupport = { itemDefaults: new Set(), resolvable: new Set() };

  /**
   * Takes the client's `textDocument.completion` capabilities: the list defaults it applies
   * (`completionList.itemDefaults`) and what it resolves lazily (`completionItem.resolveSupport`).
   */
  useClientSupport(completion: ClientCompletionSupport | undefined): void {
    this.support = {
      itemDefaults: new Set(completion?.completionList?.itemDefaults ?? []),
      resolvable: new Set(completion?.completionItem?.resolveSupport?.properties ?? []),
    };
  }

  /** The answer at `offset` of `doc`; `complete` runs only when the version or the cursor changed. */
  answer(doc: TextDocument, offset: number, complete: () => CoreCompletionList): CompletionList {
    const last = this.lists.at(-1);
    if (last && last.uri === doc.uri && last.version === doc.version && last.offset === offset) {
      return last.answer;
    }
    const list = complete();
    const id = this.nextId++;
    const data: ItemData = { list: id };
    const answer = toCompletionList(doc, list, data, this.support);
    this.lists.push({ id, uri: doc.uri, version: doc.version, offset, answer, entries: list.items });
    if (this.lists.length > KEPT_LISTS) this.lists.shift();
    return answer;
  }

  /** `item` with its detail and documentation, when it comes from a list still kept; else `item` as it is. */
  resolve(item: CompletionItem): CompletionItem {
    const id = (item.data as Partial<ItemData> | undefined)?.list;
    const entry = entriesOf(this.lists.find((l) => l.id === id))?.get(item.label);
    if (!entry) return item;
    return {
      ...item,
      ...(item.detail === undefined ? { detail: entry.detail } : {}),
      ...(entry.documentation ? { documentation: toMarkdown(entry.documentation) } : {}),
    };
  }

  /** Forgets the lists of a closed document. */
  forget(uri: string): void {
    for (let i = this.lists.length - 1; i >= 0; i--) if (this.lists[i]?.uri === uri) this.lists.splice(i, 1);
  }
}

/** A list's entries by label (made once: most lists are never resolved). */
function entriesOf(list: BuiltList | undefined): ReadonlyMap<string, CompletionEntry> | undefined {
  if (!list) return undefined;
  list.byLabel ??= new Map(list.entries.map((e) => [e.label, e]));
  return list.byLabel;
}

/** The parts of a client's `textDocument.completion` capabilities the lists follow. */
export interface ClientCompletionSupport {
  readonly completionList?: { readonly itemDefaults?: readonly string[] };
  readonly completionItem?: { readonly resolveSupport?: { readonly properties: readonly string[] } };
}
