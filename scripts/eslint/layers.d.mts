// Types of scripts/eslint/layers.mjs (the layer table ESLint enforces and ARCHITECTURE.md states).

/** One layer: a folder (or one file) and what it may import. */
export interface Layer {
  readonly folder: string;
  /** One sentence: why the layer may import only this. */
  readonly why: string;
  /** Folders or modules (without extension) it may import; `*` any. */
  readonly paths: readonly string[];
  /** Folders or modules it may import only as types. */
  readonly typePaths?: readonly string[];
  /** Packages (with their subpaths) it may import; `node:*` Node's built-ins; `*` any. */
  readonly packages: readonly string[];
}

export const CORE_INDEX: string;
export const BUNDLED_CATALOG: string;
export const LAYERS: readonly Layer[];
