/**
 * INJECT fragments may themselves contain INJECT lines. A fragment that reaches itself again
 * (`-- @inject default = INJECT default`, or a → b → a) can never be expanded; every consumer (the
 * directive parser, column flow, the CLI and the run command) asks this module instead of expanding
 * blindly.
 */
import { parse } from './parser';

/** The fragment names each fragment's INJECT lines use (a bare INJECT is `default`). */
function injectedNames(fragment: string): string[] {
  if (!/inject/i.test(fragment)) return [];
  const names: string[] = [];
  for (const node of parse(fragment).ast.injects)
    if ('keywordRange' in node) names.push(node.name ?? 'default');
  return names;
}

/**
 * The first cycle among `fragments` (name → MXQL text) as the names along it, first name repeated at
 * the end (`['a', 'b', 'a']`), or null when every fragment expands to a finite text. Iterative, so a
 * long chain costs no call depth. Never throws.
 */
export function findInjectCycle(fragments: Readonly<Record<string, string>>): string[] | null {
  const uses = new Map<string, string[]>();
  for (const [name, text] of Object.entries(fragments)) uses.set(name, injectedNames(text));
  const done = new Set<string>();
  for (const root of uses.keys()) {
    if (done.has(root)) continue;
    const path: { name: string; next: number }[] = [{ name: root, next: 0 }];
    const onPath = new Set([root]);
    while (path.length > 0) {
      const top = path[path.length - 1] as { name: string; next: number };
      const dep = uses.get(top.name)?.[top.next++];
      if (dep === undefined) {
        path.pop();
        onPath.delete(top.name);
        done.add(top.name);
      } else if (onPath.has(dep)) {
        const from = path.findIndex((p) => p.name === dep);
        return [...path.slice(from).map((p) => p.name), dep];
      } else if (!done.has(dep) && uses.has(dep)) {
        onPath.add(dep);
        path.push({ name: dep, next: 0 });
      }
    }
  }
  return null;
}

/** `a → b → a`: a cycle as users read it in messages. */
export function describeInjectCycle(cycle: readonly string[]): string {
  return cycle.join(' → ');
}
