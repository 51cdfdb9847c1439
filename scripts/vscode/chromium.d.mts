// Types of chromium.mjs for the TypeScript tests that import it.
import type { Browser, LaunchOptions } from 'playwright-core';

/** The Chromium flags that work headless on these machines. */
export declare const chromiumArgs: readonly string[];

/** Launches Debian's Chromium (or `CHROMIUM_PATH`) through playwright-core; nothing is downloaded. */
export declare function launchChromium(options?: LaunchOptions): Promise<Browser>;
