// Number formats of the panel. Pure: used by the texts in strings.ts, which node tests read.

/** `1,234,567` in the user's locale. */
export function formatCount(n: number): string {
  return n.toLocaleString();
}

/** `12.3 KB`, `4.5 MB` … */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
