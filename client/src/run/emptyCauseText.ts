// An empty result's causes (api/explainEmpty.ts) as texts of the results panel's status line: each says
// what emptied the result and what to change. Pure: the runner says them in the display language.
import type { EmptyCause } from '../../../api/index';
import { templateText, type TemplateText } from '../../../common/templateText';

/** The text of one cause; `pcode` is the project the run read. */
export function emptyCauseText(cause: EmptyCause, pcode: number | undefined): TemplateText {
  switch (cause.kind) {
    case 'notice':
      return templateText('{0}', cause.notice);
    case 'range-shorter-than-interval':
      return templateText(
        'No rows: the range is shorter than the collection interval of {0} ({1}); pick a range of {1} or more.',
        cause.category,
        cause.interval,
      );
    case 'filter':
      return cause.column !== undefined && cause.values && cause.values.length > 0
        ? templateText(
            'No rows: the FILTER on line {0} kept none of the rows before it. {1} holds: {2}.',
            cause.line,
            cause.column,
            cause.values.slice(0, 10).join(', '),
          )
        : templateText('No rows: the FILTER on line {0} kept none of the rows before it.', cause.line);
    case 'agent-filter':
      return templateText(
        'No rows for {0}: scope the query to another agent, or to all agents.',
        cause.bound.join(', '),
      );
    case 'no-data':
      return templateText(
        'No rows: {0} has no data in this range for project {1}. Pick a longer range or another project.',
        cause.categories.join(', ') || '-',
        pcode ?? '-',
      );
  }
}
