/**
 * Event-rule files in JSON documents: diagnostics, completion and hover of the fields each rule names,
 * from the core's `embedded/eventRules.ts`. A JSON document is never analysed as MXQL; this module
 * answers for it, and answers nothing for a JSON file without rules.
 */
import { type TextDocument } from 'vscode-languageserver-textdocument';
import {
  checkEventRuleScan,
  eventRuleCompletionsAt,
  eventRuleHoverAt,
  findEventRules,
  mayHoldEventRules,
  type CategoryCatalog,
  type CompletionList,
  type HoverInfo,
  type UiLanguage,
  type ValidationDiagnostic,
} from '../core/index';

/**
 * Larger JSON documents are left alone: rule files are a few kilobytes, and checking costs about 0.1–0.3
 * ms per rule, which a large file would pay on every keystroke.
 */
export const MAX_RULE_FILE_LENGTH = 512 * 1024;

/** Answers the JSON documents' requests about event rules, with the catalog each document is checked with. */
export class EventRuleDocuments {
  constructor(private readonly catalogFor: (uri: string) => CategoryCatalog) {}

  /** Whether `doc` is worth scanning: a JSON document of a reasonable size that mentions a rule. */
  private holdsRules(doc: TextDocument): boolean {
    const text = doc.getText();
    return text.length <= MAX_RULE_FILE_LENGTH && mayHoldEventRules(text);
  }

  /**
   * The rule findings of a JSON document (JSON syntax errors are the JSON editor's to report); undefined
   * when it holds no rules.
   */
  diagnostics(doc: TextDocument): ValidationDiagnostic[] | undefined {
    if (!this.holdsRules(doc)) return undefined;
    return checkEventRuleScan(findEventRules(doc.getText()), this.catalogFor(doc.uri));
  }

  /** Completion at `offset`, or null outside the rules' strings. */
  completion(doc: TextDocument, offset: number, language: UiLanguage | undefined): CompletionList | null {
    if (!this.holdsRules(doc)) return null;
    return eventRuleCompletionsAt(doc.getText(), offset, this.catalogFor(doc.uri), language);
  }

  /** Hover at `offset`, or null outside the rules' field names and categories. */
  hover(doc: TextDocument, offset: number, language: UiLanguage | undefined): HoverInfo | null {
    if (!this.holdsRules(doc)) return null;
    return eventRuleHoverAt(doc.getText(), offset, this.catalogFor(doc.uri), language);
  }
}
