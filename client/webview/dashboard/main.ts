// The live dashboard webview: one card per live value with its text and a sparkline. Every value is
// set as text (textContent) and sparklines are built with DOM calls, so nothing from the service is
// ever parsed as HTML.
import '../page.css';
import './dashboard.css';
import { fillTemplate } from '../../../common/l10n';
import {
  DASHBOARD_TEXTS,
  parseExtensionToDashboard,
  sparklinePoints,
  type DashboardField,
  type DashboardToExtension,
  type ExtensionToDashboard,
} from '../../../common/dashboardMessages';
import { appRoot, hostPoster, listenToHost } from '../page';
import { pageTexts } from '../pageTexts';

const post = hostPoster<DashboardToExtension>();
const texts = pageTexts(DASHBOARD_TEXTS);
const SVG = 'http://www.w3.org/2000/svg';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function sparkline(values: readonly number[]): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 120 28');
  svg.setAttribute('class', 'spark');
  svg.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', sparklinePoints(values, 120, 28));
  svg.append(line);
  return svg;
}

function card(field: DashboardField): HTMLElement {
  const box = element('section', 'card');
  box.dataset['key'] = field.key;
  box.append(
    element('div', 'label', field.label),
    element('div', 'value', field.value),
    sparkline(field.history),
  );
  return box;
}

function layout(): { title: HTMLElement; status: HTMLElement; grid: HTMLElement } {
  const app = appRoot();
  const header = element('header', 'head');
  const title = element('h1', 'title', texts.heading);
  const status = element('span', 'status', texts.waiting);
  const refresh = element('button', 'refresh', texts.refresh);
  refresh.title = texts.refreshTitle;
  refresh.addEventListener('click', () => post({ type: 'refresh' }));
  header.append(title, status, refresh);
  const grid = element('main', 'grid');
  app.replaceChildren(header, grid);
  return { title, status, grid };
}

const view = layout();

function show(message: ExtensionToDashboard): void {
  if (message.type === 'error') {
    view.status.textContent = fillTemplate(texts.refreshFailed, message.message);
    view.status.classList.add('failed');
    return;
  }
  view.title.textContent = message.title;
  view.status.classList.remove('failed');
  view.status.textContent = fillTemplate(texts.updated, new Date(message.updatedAt).toLocaleTimeString());
  view.grid.replaceChildren(
    ...(message.fields.length > 0 ? message.fields.map(card) : [element('p', 'empty', texts.empty)]),
  );
}

listenToHost((data) => {
  const message = parseExtensionToDashboard(data);
  if (message) show(message);
});
post({ type: 'ready' });
