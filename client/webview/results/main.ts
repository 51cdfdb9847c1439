// Entry point of the results webview (bundled to dist/webview/results.js and results.css).
import 'slickgrid/dist/styles/css/slick.grid.css';
import 'slickgrid/dist/styles/css/slick.columnpicker.css';
import './results.css';
import { ResultsApp } from './app';

// The nonce lets SlickGrid's generated <style> element pass the CSP without 'unsafe-inline'.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
const root = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'));
const app = new ResultsApp(root, acquireVsCodeApi(), nonce);
window.addEventListener('message', (event: MessageEvent<unknown>) => app.receive(event.data));
app.start();
