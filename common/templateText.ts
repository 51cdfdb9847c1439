// A user-visible text as data: an English template with `{0}`, `{1}` … and the values that fill them. The
// API client's errors (`apiText`), the run planner's refusals (`runText`) and the extension's own
// problems (`templateText`) are such texts: English is the owner (the CLI prints it), and only a UI layer
// translates, by the template, so a message reads in the user's language with its values unchanged.
import { fillTemplate } from './l10n';

/** A value of a placeholder: a name or number kept as it is, or a text translated in its turn. */
export type TemplateArg = string | number | TemplateText;

/** An English template and the values of its placeholders. */
export interface TemplateText {
  readonly template: string;
  readonly args: readonly TemplateArg[];
}

/** What a user reads: a name or value shown as it is, or a text said in the reader's language. */
export type ShownText = string | TemplateText;

/** Says a text in one language: the UI's `translateText`, or {@link englishOf}. */
export type Say = (text: TemplateText) => string;

/** A text: `template` is English with `{n}` placeholders filled from `args`. */
export function templateText(template: string, ...args: TemplateArg[]): TemplateText {
  return { template, args };
}

/** `text` in a language: `translate` words a template (the identity for English); values stay as they are. */
export function sayText(
  text: TemplateText,
  translate: (template: string, ...args: (string | number)[]) => string,
): string {
  return translate(
    text.template,
    ...text.args.map((arg) => (typeof arg === 'object' ? sayText(arg, translate) : arg)),
  );
}

/** The English sentence of `text` (a name or value as it is). */
export function englishOf(text: ShownText): string {
  return typeof text === 'string' ? text : sayText(text, fillTemplate);
}
