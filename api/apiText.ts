// The words of the API client's errors as data: an English template with `{0}`, `{1}` … and the
// values that fill it. English is the owner here (the CLI prints it); the extension translates by
// the template, so every text a user may read keeps its values and changes only its words.
import { englishOf as englishOfText, type TemplateText } from '../common/templateText';

/** One user-visible text of the API client: its English template and the values of its placeholders. */
export type ApiText = TemplateText;

/** A text of the API client; `template` is English with `{n}` placeholders filled from `args`. */
export function apiText(template: string, ...args: (string | number)[]): ApiText {
  return { template, args };
}

/** The English sentence of `text`. */
export const englishOf = englishOfText;

/** `text` with `clean` applied to each of its string values (redaction of secrets a value may echo). */
export function mapArgs(text: ApiText, clean: (value: string) => string): ApiText {
  return { template: text.template, args: text.args.map((a) => (typeof a === 'string' ? clean(a) : a)) };
}
