/**
 * One copy of the LSP protocol package: the language client, the language server and common/ (whose
 * `RequestType`s both ends register and send) must resolve `vscode-languageserver-protocol` to the same
 * file. Two copies would give each end its own protocol version, and a nested copy only shows when an
 * upgrade moves one end: this test fails instead, and the fix is to align the two packages' versions.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '..', '..');
const fromRoot = createRequire(join(root, 'package.json'));

/** Where `vscode-languageserver-protocol` (and its Node entry) resolve from inside `owner`'s package. */
function protocolSeenFrom(owner: string): { main: string; node: string } {
  const ownerRequire = createRequire(fromRoot.resolve(`${owner}/node`));
  return {
    main: ownerRequire.resolve('vscode-languageserver-protocol'),
    node: ownerRequire.resolve('vscode-languageserver-protocol/node'),
  };
}

void test('vscode-languageclient and vscode-languageserver share one vscode-languageserver-protocol', () => {
  const client = protocolSeenFrom('vscode-languageclient');
  const server = protocolSeenFrom('vscode-languageserver');
  assert.deepEqual(server, client);
  assert.equal(fromRoot.resolve('vscode-languageserver-protocol'), client.main, 'common/ reads another copy');
});
