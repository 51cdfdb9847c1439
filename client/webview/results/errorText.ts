// Error texts as the panel shows them. A service (or a proxy in front of it) may answer with an HTML
// error page, and the text of such a page can reach the panel as the message of an error. Markup is
// never shown: the page's title (or its first heading, or its text without tags) is.

import { strings } from './strings';

const MAX_CHARS = 300;
const markupStart = /^\s*(<!doctype\s|<html[\s>]|<head[\s>]|<body[\s>]|<\?xml\s)/i;
const tagPair = /<([a-z][a-z0-9]*)\b[^>]*>[\s\S]*<\/\1\s*>/i;

const entities: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return codePoint(parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return codePoint(parseInt(name.slice(1), 10), whole);
    return entities[name.toLowerCase()] ?? whole;
  });
}

function codePoint(n: number, fallback: string): string {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : fallback;
}

function squeeze(text: string): string {
  const flat = decodeEntities(text).replace(/\s+/g, ' ').trim();
  return flat.length > MAX_CHARS ? `${flat.slice(0, MAX_CHARS - 1)}…` : flat;
}

function inner(html: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, 'i').exec(html);
  const text = match?.[1] === undefined ? '' : squeeze(match[1].replace(/<[^>]*>/g, ' '));
  return text === '' ? undefined : text;
}

/** True when `text` is (or embeds) an HTML or XML document rather than a sentence. */
export function looksLikeMarkup(text: string): boolean {
  return markupStart.test(text) || /<\s*(html|head|body|title)[\s>]/i.test(text) || tagPair.test(text);
}

/**
 * The readable form of an error text: unchanged when it is plain text; for markup, the page's
 * `<title>`, else its first `<h1>`, else its text without tags (entities decoded, whitespace
 * collapsed, at most 300 characters). The result is still rendered with textContent.
 */
export function readableErrorText(text: string): string {
  if (!looksLikeMarkup(text)) return text;
  const withoutCode = text.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  const before = withoutCode.slice(0, withoutCode.search(/<[a-z!?]/i)).trim();
  const title = inner(withoutCode, 'title') ?? inner(withoutCode, 'h1');
  const readable = title ?? squeeze(withoutCode.replace(/<[^>]*>/g, ' '));
  const prefix = before === '' ? '' : `${squeeze(before)} `;
  return `${prefix}${readable === '' ? strings.htmlPage : readable}`;
}
