/**
 * The `$params` a dashboard fills with the merge its user picks. They sit with the other `$params` a
 * run fills (the time range's, `rangeParams.ts`) because what a `$param` needs reads them; the rest of
 * the board's conventions are in `embedded/boardConventions.ts`.
 */

/** The `$params` a board replaces with the merge its user picks (over time, over agents). */
export const BOARD_MERGE_PARAMS: ReadonlySet<string> = new Set(['$TIME_MERGE_PLACE', '$OBJECT_MERGE_PLACE']);

/** The merges a board offers for them, its default first. */
export const BOARD_MERGES: readonly string[] = ['avg', 'sum', 'max', 'min'];
