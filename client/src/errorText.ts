// What went wrong, in the user's language. The API client keeps English and gives each error its
// parts as data (activity, reason and hints as templates with values); this module says them again
// through t(), with the English template as the bundle key. Other errors keep their own message.
import { isOpenApiError, type OpenApiError } from '../../api/index';
import { translateText, t } from './l10n';

/** The hints of an API error, in the user's language, one line. */
export function openApiHintText(error: OpenApiError): string {
  return error.hints.map(translateText).join(' ');
}

/** An API error as one sentence in the user's language: what failed, why, and what to do. */
export function openApiErrorText(error: OpenApiError): string {
  const reason = translateText(error.reason);
  const sentence = error.activity
    ? t('{0} failed: {1}.', capitalized(translateText(error.activity)), reason)
    : t('{0}.', reason);
  const hints = openApiHintText(error);
  return hints ? `${sentence} ${hints}` : sentence;
}

const capitalized = (text: string): string => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/** Any thrown value as the text a user reads. */
export function errorText(error: unknown): string {
  if (isOpenApiError(error)) return openApiErrorText(error);
  return error instanceof Error ? error.message : String(error);
}
