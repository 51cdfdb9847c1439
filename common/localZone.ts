// This machine's time zone as every door plans with it: minutes east of UTC *at each instant*, so a time
// typed for a summer day is read with summer time even in winter (and the other way round). The
// extension, `mxql run` and the assistant hosts all take it from here; a fixed offset read once at
// start would put a July `-- @stime` an hour off from November.

/** Minutes east of UTC of this machine's zone at `epochMs`. */
export function localTimezone(epochMs: number): number {
  return -new Date(epochMs).getTimezoneOffset();
}
