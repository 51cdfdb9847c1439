// The baseline of the end-to-end benchmark's row delivery: a webview whose page hands its extension
// host a payload, which the host posts straight back as ONE postMessage stamped with the time it was
// posted. The page keeps when that message arrived. So one message of the very bytes the results
// panel received travels the same way (extension host → workbench → webview) in the same window.
/* eslint-disable @typescript-eslint/no-require-imports -- an extension's entry point is CommonJS */
const vscode = require('vscode');
const { randomBytes } = require('node:crypto');

function html(nonce) {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}';">
</head><body><p id="probe">post probe</p>
<script nonce="${nonce}">
  const host = acquireVsCodeApi();
  globalThis.__probe = { received: [] };
  globalThis.__probeSend = (payload) => host.postMessage({ type: 'send', payload });
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (m && m.type === 'probe') globalThis.__probe.received.push({ at: Date.now(), sentAt: m.sentAt });
  });
</script></body></html>`;
}

exports.activate = (context) => {
  const open = () => {
    const panel = vscode.window.createWebviewPanel(
      'mxqlBench.postProbe',
      'Post probe',
      { viewColumn: vscode.ViewColumn.Three, preserveFocus: true },
      { enableScripts: true },
    );
    panel.webview.html = html(randomBytes(16).toString('base64'));
    panel.webview.onDidReceiveMessage((message) => {
      if (!message || message.type !== 'send') return;
      void panel.webview.postMessage({ type: 'probe', payload: message.payload, sentAt: Date.now() });
    });
  };
  context.subscriptions.push(vscode.commands.registerCommand('mxqlBench.openPostProbe', open));
};
