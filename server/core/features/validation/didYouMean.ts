/** Wording of did-you-mean suggestions; the ranking itself is the catalog's `suggestClosest`. */

/** ` Did you mean 'a' or 'b'?` or an empty string. */
export function didYouMeanSentence(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return '';
  const quoted = suggestions.map((s) => `'${s}'`);
  const last = quoted.pop() ?? '';
  return ` Did you mean ${quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last}?`;
}
