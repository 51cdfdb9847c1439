// Helpers of the explorer, Open API and dashboard suites: list a node's children through the
// extension's own command, find nodes by label, and a loopback port with nothing listening.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import * as vscode from 'vscode';

/** A node as mxql.explorer.children lists it. */
export interface ListedNode {
  readonly key: string;
  readonly kind: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  readonly contextValue: string;
  readonly node: unknown;
}

/** The children of a node (by key or object; the root when undefined). */
export async function children(node?: ListedNode): Promise<ListedNode[]> {
  const listed = await vscode.commands.executeCommand<ListedNode[] | undefined>(
    'mxql.explorer.children',
    node?.node,
  );
  assert.ok(listed, 'mxql.explorer.children returned nothing (see the MXQL log)');
  return listed;
}

/** The child with this label; fails listing the labels there are. */
export async function child(node: ListedNode | undefined, label: string | RegExp): Promise<ListedNode> {
  const listed = await children(node);
  const found = listed.find((n) => (typeof label === 'string' ? n.label === label : label.test(n.label)));
  assert.ok(
    found,
    `no child ${String(label)} under ${node?.key ?? 'the root'}: ${listed.map((n) => n.label).join(', ')}`,
  );
  return found;
}

/** Every project node of a profile's Projects section (through the group folders). */
export async function projectNodes(profile: string): Promise<ListedNode[]> {
  const projects = await child(await child(undefined, profile), 'Projects');
  const folders = await children(projects);
  const nested = await Promise.all(
    folders.map((f) => (f.kind === 'folder' ? children(f) : Promise.resolve([f]))),
  );
  return nested.flat().filter((n) => n.kind === 'project');
}

/** A loopback port on which nothing listens (it was just closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

/** Runs an explorer command on a node and returns what it resolved to. */
export function onNode<T>(command: string, node: ListedNode, ...rest: unknown[]): Thenable<T> {
  return vscode.commands.executeCommand<T>(command, node.node, ...rest);
}
