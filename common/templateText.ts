// A user-visible text as data: an English template with `{0}`, `{1}` … and the values that fill them. The
// API client's errors (`apiText`) and the run planner's refusals (`runText`) are such texts: English is
// the owner (the CLI prints it), and the extension translates by the template, so a message reads in the
// user's language with its values unchanged.
import { fillTemplate } from './resultsTexts';

/** An English template and the values of its placeholders. */
export interface TemplateText {
  readonly template: string;
  readonly args: readonly (string | number)[];
}

/** The English sentence of `text`. */
export function englishOf(text: TemplateText): string {
  return fillTemplate(text.template, ...text.args);
}
