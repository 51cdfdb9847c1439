/** The server's settings, pulled from the `mxql` configuration section and validated. */

/** Settings the server acts on (`mxql.trace.server` is handled by the client). */
export interface ServerSettings {
  /** `mxql.diagnostics.enabled`. */
  readonly diagnosticsEnabled: boolean;
  /** `mxql.diagnostics.disabledCodes`: codes (`inject/bare`) or whole groups (`column`). */
  readonly disabledCodes: readonly string[];
}

/** Defaults, used until the client answers and for any invalid value. */
export const DEFAULT_SETTINGS: ServerSettings = { diagnosticsEnabled: true, disabledCodes: [] };

/** Reads the `mxql` section as sent by the client; anything malformed falls back to the default. */
export function readSettings(section: unknown): ServerSettings {
  if (typeof section !== 'object' || section === null) return DEFAULT_SETTINGS;
  const diagnostics = (section as { diagnostics?: unknown }).diagnostics;
  if (typeof diagnostics !== 'object' || diagnostics === null) return DEFAULT_SETTINGS;
  const { enabled, disabledCodes } = diagnostics as { enabled?: unknown; disabledCodes?: unknown };
  return {
    diagnosticsEnabled: typeof enabled === 'boolean' ? enabled : true,
    disabledCodes: Array.isArray(disabledCodes)
      ? disabledCodes.filter((c): c is string => typeof c === 'string')
      : [],
  };
}
