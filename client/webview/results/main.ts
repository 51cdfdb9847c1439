// Entry point of the results webview (bundled to dist/webview/results.js and results.css).
import 'slickgrid/dist/styles/css/slick.grid.css';
import 'slickgrid/dist/styles/css/slick.columnpicker.css';
import './results.css';
import { appRoot, listenToHost } from '../page';
import { ResultsApp } from './app';

// The nonce lets SlickGrid's generated <style> element pass the CSP without 'unsafe-inline'.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
const app = new ResultsApp(appRoot(), acquireVsCodeApi(), nonce);
listenToHost((data) => app.receive(data));
app.start();
