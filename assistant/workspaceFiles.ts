// The one rule both hosts apply before reading a workspace file for a tool (`mxql_run`'s `file`): the
// path is relative to the workspace and stays inside it. A model's path is untrusted input: an absolute
// path, a drive, `..` or an empty segment would let it read files the user never opened to it.

/** The path's segments, or why it is refused (in words the model can act on). */
export function workspaceSegments(
  path: string,
): { ok: true; segments: string[] } | { ok: false; reason: string } {
  const trimmed = path.trim();
  if (trimmed === '' || trimmed.includes('\0')) return { ok: false, reason: 'the path is empty' };
  if (/^([a-zA-Z]:|[\\/]|~)/.test(trimmed) || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed))
    return { ok: false, reason: 'the path must be relative to the workspace folder, not absolute' };
  const segments = trimmed.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
  if (segments.includes('..'))
    return { ok: false, reason: 'the path must stay inside the workspace folder (no ..)' };
  if (segments.length === 0) return { ok: false, reason: 'the path names no file' };
  return { ok: true, segments };
}
