// Entry point of the results webview.
const api = acquireVsCodeApi();
api.postMessage({ type: 'ready' });
