// `--locale` of every subcommand that speaks (`mxql check`, `mxql mcp`): one reading of it. Kept apart from
// args.ts so `mxql check` still loads no HTTP client.
import { languageOf, type UiLanguage } from '../common/l10n';

/**
 * The language `--locale` names: en, ko or ja, also with a region or an encoding as environments write
 * them (`ko-KR`, `ja_JP.UTF-8`); English when absent, so output never depends on the environment.
 * Anything else is `fail`'s usage error.
 */
export function localeFlag(value: string | undefined, fail: (message: string) => Error): 'en' | UiLanguage {
  if (value === undefined || /^en(?:[-_.@]|$)/i.test(value.trim())) return 'en';
  const language = languageOf(value);
  if (language === undefined) throw fail(`--locale must be en, ko or ja (got '${value}')`);
  return language;
}
