// How the engine names a command it runs. Spellings are the core's to own: the catalog knows that
// FILTERKEYS is FILTER-KEYS and LASTONLY is LAST-ONLY, so the engine never re-lists them.
import { findCommand } from '../../server/core/index';

/** Commands the engine runs as another one: OIUPDATE fills a column as UPDATE does. */
export const ROW_ALIASES: Readonly<Record<string, string>> = { OIUPDATE: 'UPDATE' };

/** The name the engine dispatches on: the command's canonical spelling, then the engine's stand-ins. */
export function engineCommandName(upperName: string): string {
  const canonical = findCommand(upperName)?.name.toUpperCase() ?? upperName;
  return ROW_ALIASES[canonical] ?? canonical;
}
