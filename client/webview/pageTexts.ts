// A webview page's texts: the table the host wrote into the page in the user's language. Typed without
// the DOM, so node tests import it too (through the results panel's texts).
import { textsFrom, type TextTable } from '../../common/l10n';

interface TextsPage {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}

/** The JSON of the page's texts (the `mxql-texts` meta the host writes); undefined outside a page. */
export function pageTextsJson(): string | null | undefined {
  const page = (globalThis as { document?: TextsPage }).document;
  return page?.querySelector('meta[name="mxql-texts"]')?.getAttribute('content');
}

/** The page's texts in the user's language, each falling back to the English of `table`. */
export function pageTexts<T extends TextTable>(table: T): Readonly<Record<keyof T, string>> {
  return textsFrom(table, pageTextsJson());
}
