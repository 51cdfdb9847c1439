// The words of the API client's errors as data: an English template with `{0}`, `{1}` … and the
// values that fill it. English is the owner here (the CLI prints it); the extension translates by
// the template, so every text a user may read keeps its values and changes only its words.
import { fillTemplate } from '../common/resultsTexts';

/** One user-visible text of the API client: its English template and the values of its placeholders. */
export interface ApiText {
  readonly template: string;
  readonly args: readonly (string | number)[];
}

/** A text of the API client; `template` is English with `{n}` placeholders filled from `args`. */
export function apiText(template: string, ...args: (string | number)[]): ApiText {
  return { template, args };
}

/** The English sentence of `text`. */
export function englishOf(text: ApiText): string {
  return fillTemplate(text.template, ...text.args);
}

/** `text` with `clean` applied to each of its string values (redaction of secrets a value may echo). */
export function mapArgs(text: ApiText, clean: (value: string) => string): ApiText {
  return { template: text.template, args: text.args.map((a) => (typeof a === 'string' ? clean(a) : a)) };
}
