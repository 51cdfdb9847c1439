// `--locale` of every subcommand that speaks (`mxql check`, `mxql mcp`): one reading of it, through the
// product's one locale parser. Kept apart from args.ts so `mxql check` still loads no HTTP client.
import { parseLocale, type Language } from '../common/l10n';

/**
 * The language `--locale` names: en, ko or ja, also with a region or an encoding as environments write
 * them (`ko-KR`, `ja_JP.UTF-8`); English when absent, so output never depends on the environment.
 * Anything else is `fail`'s usage error.
 */
export function localeFlag(value: string | undefined, fail: (message: string) => Error): Language {
  if (value === undefined) return 'en';
  const language = parseLocale(value);
  if (language === undefined) throw fail(`--locale must be en, ko or ja (got '${value}')`);
  return language;
}
