// Drives VS Code's web workbench (code-server) from Playwright, for checks that only the DOM can show:
// what VS Code's own tokenizer made of a file, what a view renders. Every step waits for a visible
// signal (a widget, a status bar text) instead of sleeping.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';

/** A check run by scripts/vscode/runIntegration.mjs against a workbench with the extension loaded. */
export interface WorkbenchCheck {
  /** Shown in the results as `<file> › <name>`; keep it a sentence about behaviour. */
  name: string;
  run(workbench: Workbench): Promise<void>;
}

/** What "Developer: Inspect Editor Tokens and Scopes" showed for the token at the cursor. */
export interface TokenInspection {
  /** The token's text as the widget shows it. */
  text: string;
  /** TextMate scopes, innermost first (as the widget lists them), e.g. `variable.parameter.mxql`, `source.mxql`. */
  scopes: string[];
}

export class Workbench {
  constructor(
    readonly page: Page,
    /** The workspace folder VS Code has open (a temporary copy of test/integration/workspace). */
    readonly workspaceDir: string,
  ) {}

  /** The content of the newest webview (a panel the extension opened): VS Code nests it in two iframes. */
  lastWebview(): FrameLocator {
    return this.page
      .locator('iframe.webview')
      .last()
      .contentFrame()
      .locator('iframe#active-frame')
      .contentFrame();
  }

  /** Resolves once the workbench shell is on screen. */
  async waitUntilLoaded(timeoutMs = 90_000): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
  }

  /** Opens a workspace file through Quick Open and waits until its editor is the active one. */
  async openFile(relativePath: string): Promise<void> {
    await this.quickInput('Control+P', relativePath, relativePath.split('/').pop() ?? relativePath);
    const name = basename(relativePath);
    await this.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ state: 'visible' });
    await this.page.locator('.editor-instance .monaco-editor.focused').waitFor({ state: 'visible' });
  }

  /** Runs a command by its label in the Command Palette, e.g. `Developer: Inspect Editor Tokens and Scopes`. */
  async runCommand(label: string): Promise<void> {
    await this.quickInput('F1', label, label);
  }

  /**
   * Runs a command that opens a quick pick of its own. VS Code reuses the palette's widget for it, so
   * the widget may never hide: wait instead until the palette's `>` query has been replaced.
   */
  async runPickerCommand(label: string): Promise<void> {
    await this.page.keyboard.press('F1');
    const widget = this.page.locator('.quick-input-widget');
    const input = widget.locator('.quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${label}`);
    await widget.locator('.monaco-list-row.focused', { hasText: label }).waitFor({ state: 'visible' });
    await input.press('Enter');
    await this.page.waitForFunction(
      "(document.querySelector('.quick-input-widget .quick-input-box input')?.value ?? '>').startsWith('>') === false",
    );
  }

  /**
   * Runs the item `label` of the open context menu. The menu ignores a click that arrives too soon after
   * it opened (so the right-click's own release cannot pick an item), so a click the menu did not take
   * is repeated, a bounded number of times, until the menu closes.
   */
  async chooseContextMenuItem(label: string): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu');
    const item = menu.locator('.action-label', { hasText: label });
    await item.waitFor({ state: 'visible' });
    for (let attempt = 0; attempt < 3; attempt++) {
      await item.click();
      const closed = await menu
        .waitFor({ state: 'hidden', timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      if (closed) return;
    }
    throw new Error(`the context menu did not run "${label}"`);
  }

  /** Moves the cursor of the active editor to a 1-based line and column and waits for the status bar to agree. */
  async moveCursor(line: number, column: number): Promise<void> {
    await this.page.keyboard.press('Control+G');
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`:${line}:${column}`);
    await input.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await this.statusBarItem('status.editor.selection', `Ln ${line}, Col ${column}`).waitFor({
      state: 'visible',
    });
  }

  /** The status bar entry with the given id, narrowed to one showing `text`. */
  statusBarItem(id: string, text: string): Locator {
    return this.page.locator(`[id="${id}"]`, { hasText: text });
  }

  /** Waits until the status bar's language indicator names `languageName` (e.g. `MXQL`). */
  async waitForLanguage(languageName: string): Promise<void> {
    await this.statusBarItem('status.editor.mode', languageName).waitFor({ state: 'visible' });
  }

  /**
   * Inspects, with VS Code's own token inspector, the token at the first occurrence of `needle` in a workspace
   * file: the token that starts at the needle's first character. `within` narrows the
   * search to the first occurrence of a longer text holding the needle, e.g. `$oid` within `OIDSET {oid:$oid}`.
   */
  async inspectToken(relativePath: string, needle: string, within = needle): Promise<TokenInspection> {
    const { line, column } = locate(
      readFileSync(join(this.workspaceDir, relativePath), 'utf8'),
      needle,
      within,
    );
    await this.openFile(relativePath);
    await this.moveCursor(line, column);
    await this.runCommand('Developer: Inspect Editor Tokens and Scopes');
    const widget = this.page.locator('.token-inspect-widget');
    const scopesCell = widget.locator('td.tiw-metadata-scopes').first();
    await scopesCell.waitFor({ state: 'visible' });
    // The header holds the token's text followed by a "<n> chars" badge.
    const header = await widget.locator('.tiw-token').first().innerText();
    const badge = await widget.locator('.tiw-token-length').first().innerText();
    // The widget draws spaces as middle dots.
    const text = header
      .slice(0, header.length - badge.length)
      .trim()
      .replace(/\u00b7/g, ' ');
    const scopes = (await scopesCell.innerText())
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    await this.page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden' });
    return { text, scopes };
  }

  /** Opens a quick input with `key`, types `query` and accepts the focused row once it shows `expected`. */
  private async quickInput(key: string, query: string, expected: string): Promise<void> {
    const widget = this.page.locator('.quick-input-widget');
    const input = widget.locator('.quick-input-box input');
    // On a loaded machine the key can land while focus is still inside a webview (the results panel),
    // which does not always forward it: press again, a bounded number of times, until the widget shows.
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press(key);
      try {
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        await this.page
          .locator('.monaco-workbench .part.editor')
          .first()
          .click({ position: { x: 5, y: 5 } });
      }
    }
    await input.fill(key === 'F1' ? `>${query}` : query);
    await widget.locator('.monaco-list-row.focused', { hasText: expected }).waitFor({ state: 'visible' });
    await input.press('Enter');
    await widget.waitFor({ state: 'hidden' });
  }
}

/** 1-based line and column of `needle` in the first occurrence of `within`; throws when there is none. */
export function locate(text: string, needle: string, within = needle): { line: number; column: number } {
  const outer = text.indexOf(within);
  const inner = within.indexOf(needle);
  if (outer < 0 || inner < 0) throw new Error(`"${needle}" within "${within}" does not occur in the file`);
  const offset = outer + inner;
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}
