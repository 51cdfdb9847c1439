// Reads of the rendered results panel, evaluated in the page (as strings: the test program has no DOM types).

import { type Page } from 'playwright-core';

/** Texts of the first `count` grid rows in screen order, each a list of cell texts left to right. */
export function gridRows(page: Page, count: number): Promise<string[][]> {
  return page.evaluate(`[...document.querySelectorAll('.mxql-grid .slick-row')]
    .sort((a, b) => a.offsetTop - b.offsetTop)
    .slice(0, ${count})
    .map((row) => [...row.querySelectorAll('.slick-cell')]
      .sort((a, b) => a.offsetLeft - b.offsetLeft)
      .map((cell) => cell.textContent))`);
}

/** Header names in screen order. */
export function headerNames(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.mxql-grid .slick-header-column')]
    .sort((a, b) => a.offsetLeft - b.offsetLeft)
    .map((h) => h.querySelector('.slick-column-name').textContent)`);
}

/** A computed style property of the first element matching `selector`. */
export function computed(page: Page, selector: string, property: string): Promise<string> {
  return page.evaluate(
    `getComputedStyle(document.querySelector(${JSON.stringify(selector)})).getPropertyValue(${JSON.stringify(property)})`,
  );
}

/** Text content of the first element matching `selector`, or null. */
export function textOf(page: Page, selector: string): Promise<string | null> {
  return page.evaluate(`document.querySelector(${JSON.stringify(selector)})?.textContent ?? null`);
}

/** Sets the VS Code theme as the workbench does: a body class plus --vscode-* variables. */
export async function setTheme(
  page: Page,
  bodyClass: string,
  variables: Readonly<Record<string, string>>,
): Promise<void> {
  await page.evaluate(`(() => {
    const vars = ${JSON.stringify(variables)};
    for (const [name, value] of Object.entries(vars)) document.documentElement.style.setProperty(name, value);
    document.body.className = ${JSON.stringify(bodyClass)};
  })()`);
}
