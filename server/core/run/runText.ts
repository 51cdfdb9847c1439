// The run planner's problems as template texts (common/templateText.ts): the literal templates given to
// runText are the keys the extension's translation bundles hold for them.
import { englishOf, type TemplateText } from '../../../common/templateText';

/** One user-visible text of the planner. */
export type RunText = TemplateText;

/** A text of the planner. */
export function runText(template: string, ...args: (string | number)[]): RunText {
  return { template, args };
}

/** The English sentence of `text`. */
export const englishOfRunText = englishOf;
