// A rich-text widget's Markdown as DOM. markdown-it parses (raw HTML off, so `<script>` stays text);
// the tokens are then built into elements here, every text through textContent, so no string from the
// file is ever parsed as HTML. Links are inert (their target shows as a tooltip, nothing navigates) and
// images show their alt text, since the page loads nothing remote.
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

const parser = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Block and inline tags a token may open; anything else becomes a plain container. */
const TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'em',
  'strong',
  's',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

/** Renders `markdown` into `container` (its children replaced). `linkTitle` words a link's tooltip. */
export function renderMarkdown(
  container: HTMLElement,
  markdown: string,
  linkTitle: (href: string) => string,
): void {
  const tokens = parser.parse(markdown, {});
  container.replaceChildren();
  build(container, tokens, linkTitle);
}

function build(root: HTMLElement, tokens: readonly Token[], linkTitle: (href: string) => string): void {
  const stack: HTMLElement[] = [root];
  const top = (): HTMLElement => stack[stack.length - 1] ?? root;
  for (const token of tokens) {
    switch (token.type) {
      case 'inline':
        build(top(), token.children ?? [], linkTitle);
        continue;
      case 'text':
        top().append(document.createTextNode(token.content));
        continue;
      case 'softbreak':
        top().append(document.createTextNode('\n'));
        continue;
      case 'hardbreak':
        top().append(document.createElement('br'));
        continue;
      case 'code_inline':
        top().append(textElement('code', token.content));
        continue;
      case 'code_block':
      case 'fence': {
        const pre = document.createElement('pre');
        pre.append(textElement('code', token.content));
        top().append(pre);
        continue;
      }
      case 'hr':
        top().append(document.createElement('hr'));
        continue;
      case 'image':
        top().append(textElement('span', token.content || (token.attrGet('alt') ?? ''), 'md-image'));
        continue;
      case 'link_open': {
        const href = token.attrGet('href') ?? '';
        const link = document.createElement('span');
        link.className = 'md-link';
        link.title = linkTitle(href);
        top().append(link);
        stack.push(link);
        continue;
      }
      case 'link_close':
        stack.pop();
        continue;
      default:
        break;
    }
    if (token.nesting === 1) {
      const element = document.createElement(TAGS.has(token.tag) ? token.tag : 'div');
      const align = /text-align:(left|right|center)/.exec(token.attrGet('style') ?? '')?.[1];
      if (align) element.classList.add(`md-${align}`);
      if (token.tag === 'ol') {
        const start = Number(token.attrGet('start'));
        if (Number.isInteger(start) && start > 0) element.setAttribute('start', String(start));
      }
      top().append(element);
      stack.push(element);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    }
  }
}

function textElement(tag: string, text: string, className?: string): HTMLElement {
  const element = document.createElement(tag);
  if (className) element.className = className;
  element.textContent = text;
  return element;
}
