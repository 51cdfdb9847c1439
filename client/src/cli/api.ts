import type { Subcommand } from './main';

/** Placeholder until the subcommand lands; its owner module replaces this file. */
export const api: Subcommand = () => {
  process.stderr.write('mxql: this command is not available yet.\n');
  return Promise.resolve(1);
};
