// The contract of the assistant toolset: one tool is a name, a model description, JSON schemas for its
// input and output, and a function from input to a result. The three shells (Language Model Tools in
// the extension, `mxql mcp`, the `@mxql` chat participant) expose exactly these tools and add nothing to
// what they do: they only supply the context (the target to run on, the display language, the
// workspace's own queries) and render the result.
import type { OpenApiClient } from '../api/index';
import type { Language } from '../common/l10n';
import type { LanguageCatalogs } from '../server/core/index';

/** A JSON Schema object (draft 2020-12 subset): what tool inputs and outputs are declared with. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** Where a tool runs queries and reads the service. The shells build it; tokens stay inside `client`. */
export interface ToolTarget {
  readonly client: OpenApiClient;
  /** The project of project-scoped calls when the input names none. */
  readonly pcode: number | undefined;
  /** How the target is named to the user and the model: `Demo`, or a profile's name. Never a token. */
  readonly label: string;
  /** True for the built-in demo backend: nothing reaches a real account, so no confirmation is needed. */
  readonly isDemo: boolean;
}

/** What every tool may read besides its input. */
export interface ToolContext {
  readonly target: ToolTarget | undefined;
  readonly catalogs: LanguageCatalogs;
  /** The language of prose in the tool's output. */
  readonly locale: Language;
  readonly now: () => number;
  /** Minutes east of UTC at an instant, for local times in directives. */
  readonly timezone: (epochMs: number) => number;
  /** Texts of the workspace's own `.mxql` files (and queries found in dashboards), learned by find-data. */
  readonly workspaceQueries?: () => readonly string[];
  /**
   * Reads a workspace file by its path relative to the workspace (`mxql_run`'s `file`); absent when the
   * host has no workspace. The host refuses paths that leave it (absolute, `..`, links outside).
   */
  readonly readWorkspaceFile?: (path: string) => Promise<WorkspaceFileRead>;
}

/** A workspace file's text, or why the host will not read it (in words the model can act on). */
export type WorkspaceFileRead = { ok: true; text: string } | { ok: false; reason: string };

/** What a tool returns: prose for the model (and humans), and the same facts as structured data. */
export interface ToolResult {
  /** Short prose in the context's language; data from the service is fenced and marked as data. */
  readonly text: string;
  /** Matches the tool's output schema. */
  readonly structured: Readonly<Record<string, unknown>>;
  /** True when the tool refused or failed: `text` says what the model should change. */
  readonly isError?: boolean;
}

/** A typed refusal that tells the model what to change; shells turn it into an error result. */
export class ToolInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One tool of the toolset. */
export interface ToolDefinition<I = Record<string, unknown>> {
  /** Fixed: assistants and scripts call tools by name. */
  readonly name: string;
  /** A short human title (confirmation dialogs, tool pickers). */
  readonly title: string;
  /** For the model: what the tool does, when to use it and when not. */
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  /** True when the tool sends a request to the target (confirmation before a real account is read). */
  readonly readsService: boolean;
  /** Runs the tool; a tool that reads nothing answers at once. */
  run(input: I, context: ToolContext, signal: AbortSignal): ToolResult | Promise<ToolResult>;
}
