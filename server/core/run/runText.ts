// The words of the run planner's problems as data: an English template with `{0}`, `{1}` … and the values
// that fill them (the same shape as the API client's texts). English is the owner (the CLI prints it); the
// extension translates by the template, so a refusal reads in the user's language with its values unchanged.
import { fillTemplate } from '../../../common/resultsTexts';

/** One user-visible text of the planner: an English template and the values of its placeholders. */
export interface RunText {
  readonly template: string;
  readonly args: readonly (string | number)[];
}

/** A text of the planner. */
export function runText(template: string, ...args: (string | number)[]): RunText {
  return { template, args };
}

/** The English sentence of `text`. */
export function englishOfRunText(text: RunText): string {
  return fillTemplate(text.template, ...text.args);
}
