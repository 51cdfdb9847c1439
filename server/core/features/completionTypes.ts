/** The shapes completion returns; kept apart so that the fillers and the entry point share them. */
import { type Range } from '../syntax/index';

/** What a completion item is, for the editor's icon. */
export const CompletionKind = {
  command: 'command',
  option: 'option',
  value: 'value',
  column: 'column',
  category: 'category',
  param: 'param',
  inject: 'inject',
  sub: 'sub',
  path: 'path',
  directive: 'directive',
  function: 'function',
} as const;
/** One of the {@link CompletionKind} values. */
export type CompletionKind = (typeof CompletionKind)[keyof typeof CompletionKind];

/** One suggestion. `insertText` is a snippet (`${1}` tab stops) when `snippet` is true. */
export interface CompletionEntry {
  readonly label: string;
  readonly kind: CompletionKind;
  /** One line shown beside the label (type, unit, interval …). */
  readonly detail: string;
  /** Markdown. */
  readonly documentation: string;
  readonly insertText?: string;
  readonly snippet?: boolean;
  /** Orders items: lower first. */
  readonly sortText?: string;
  /** What typed text is matched against (the label when absent). */
  readonly filterText?: string;
  /** The text replaced by the item. */
  readonly range: Range;
  readonly deprecated?: boolean;
}

/** The suggestions at a cursor. `isIncomplete` is true when the list was cut to {@link MAX_COMPLETIONS}. */
export interface CompletionList {
  readonly items: readonly CompletionEntry[];
  readonly isIncomplete: boolean;
}

/** The most items one completion returns. */
export const MAX_COMPLETIONS = 1000;
