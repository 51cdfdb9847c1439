// The one way this project launches a browser: Debian's Chromium (or CHROMIUM_PATH) through
// playwright-core, headless, with the flags that work on these machines. Used by the webview tests, the
// integration harness, the end-to-end rig and the benchmarks.
import { existsSync } from 'node:fs';

/** The Chromium flags that work headless on these machines (no GPU, no sandbox as root, no network chatter). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launches Debian's Chromium (or `CHROMIUM_PATH`) through playwright-core; nothing is downloaded.
 * @param {import('playwright-core').LaunchOptions} [options]
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium(options = {}) {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH`,
    );
  }
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: chromiumArgs, ...options });
}
