// Tiny DOM builder. Text goes in with textContent only, so data can never become markup.

/** Attributes and content of an element built by {@link el}. */
export interface ElOptions {
  readonly className?: string;
  readonly text?: string;
  readonly title?: string;
  readonly attrs?: Readonly<Record<string, string>>;
  readonly onClick?: () => void;
}

/** Creates an element; `text` is assigned as textContent, never parsed as HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElOptions = {},
  children: readonly (Node | undefined)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.className) node.className = options.className;
  if (options.text !== undefined) node.textContent = options.text;
  if (options.title !== undefined) node.title = options.title;
  for (const [name, value] of Object.entries(options.attrs ?? {})) node.setAttribute(name, value);
  if (options.onClick) node.addEventListener('click', options.onClick);
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

/** A toolbar button with a codicon and an accessible label. */
export function iconButton(
  icon: string,
  label: string,
  onClick: () => void,
  text?: string,
): HTMLButtonElement {
  const button = el('button', {
    className: 'mxql-button',
    title: label,
    attrs: { type: 'button', 'aria-label': label, 'data-action': icon },
    onClick: () => onClick(),
  });
  button.appendChild(el('span', { className: `codicon codicon-${icon}`, attrs: { 'aria-hidden': 'true' } }));
  if (text) button.appendChild(el('span', { className: 'mxql-button-text', text }));
  return button;
}

/** Replaces the children of `node`. */
export function setChildren(node: Element, children: readonly (Node | undefined)[]): void {
  node.replaceChildren(...children.filter((c): c is Node => c !== undefined));
}
