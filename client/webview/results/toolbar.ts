// The static toolbar: run controls, copy/export, time display mode, quick filter and tabs.
// Built once so focus and typed filter text survive re-renders of the header.

import { el, iconButton } from './dom';
import { type TimeMode, type ViewState } from './state';
import { strings } from './strings';

/** What the toolbar's controls do. */
export interface ToolbarActions {
  readonly rerun: () => void;
  readonly cancel: () => void;
  readonly copy: (what: 'cell' | 'row' | 'selection') => void;
  readonly exportAs: (format: 'csv' | 'json') => void;
  readonly openJson: () => void;
  readonly timeMode: (mode: TimeMode) => void;
  readonly filter: (query: string) => void;
  readonly tab: (tab: ViewState['tab']) => void;
  readonly toggleDetail: () => void;
  /** Compare with…: the host asks which baseline. */
  readonly compare: () => void;
}

/** Handles to the controls the app enables, disables or updates. */
export interface Toolbar {
  readonly root: HTMLElement;
  readonly cancel: HTMLButtonElement;
  readonly rerun: HTMLButtonElement;
  readonly dataButtons: readonly HTMLButtonElement[];
  readonly filter: HTMLInputElement;
  readonly filterCount: HTMLElement;
  readonly time: HTMLSelectElement;
  readonly tabs: Readonly<Record<ViewState['tab'], HTMLButtonElement>>;
  readonly detail: HTMLButtonElement;
  readonly compare: HTMLButtonElement;
}

const FILTER_DELAY_MS = 120;

function timeSelect(actions: ToolbarActions): HTMLSelectElement {
  const t = strings.toolbar;
  const select = el('select', { className: 'mxql-time-mode', attrs: { 'aria-label': t.timeLabel } }, [
    el('option', { text: t.timeLocal, attrs: { value: 'local' } }),
    el('option', { text: t.timeUtc, attrs: { value: 'utc' } }),
    el('option', { text: t.timeRaw, attrs: { value: 'raw' } }),
  ]);
  select.addEventListener('change', () => actions.timeMode(select.value as TimeMode));
  return select;
}

function filterInput(actions: ToolbarActions): HTMLInputElement {
  const t = strings.toolbar;
  const input = el('input', {
    className: 'mxql-filter',
    attrs: { type: 'search', placeholder: t.filter, 'aria-label': t.filter, spellcheck: 'false' },
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Filtering 200k rows takes tens of milliseconds: wait until typing pauses.
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => actions.filter(input.value), FILTER_DELAY_MS);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    clearTimeout(timer);
    actions.filter(input.value);
  });
  return input;
}

function tabButton(tab: ViewState['tab'], label: string, actions: ToolbarActions): HTMLButtonElement {
  return el('button', {
    className: 'mxql-tab',
    text: label,
    attrs: { type: 'button', role: 'tab', 'data-tab': tab },
    onClick: () => actions.tab(tab),
  });
}

/** Builds the toolbar. */
export function buildToolbar(actions: ToolbarActions): Toolbar {
  const t = strings.toolbar;
  const rerun = iconButton('refresh', t.rerun, actions.rerun);
  const cancel = iconButton('debug-stop', t.cancel, actions.cancel);
  const dataButtons = [
    iconButton('copy', t.copyCell, () => actions.copy('cell'), t.copyCellText),
    iconButton('list-flat', t.copyRow, () => actions.copy('row'), t.copyRowText),
    iconButton('selection', t.copySelection, () => actions.copy('selection'), t.copySelectionText),
    iconButton('export', t.exportCsv, () => actions.exportAs('csv'), t.exportCsvText),
    iconButton('json', t.exportJson, () => actions.exportAs('json'), t.exportJsonText),
    iconButton('go-to-file', t.openJson, actions.openJson, t.openJsonText),
  ];
  const filter = filterInput(actions);
  const filterCount = el('span', { className: 'mxql-filter-count', attrs: { 'aria-live': 'polite' } });
  const time = timeSelect(actions);
  const tabs = {
    grid: tabButton('grid', t.grid, actions),
    chart: tabButton('chart', t.chart, actions),
    compare: tabButton('compare', strings.compare.tab, actions),
  };
  // The Changes tab exists once a result was compared with a baseline.
  tabs.compare.hidden = true;
  const compare = iconButton('diff', strings.compare.button, actions.compare, strings.compare.buttonText);
  const detail = iconButton('layout-sidebar-right', strings.detailToggle, actions.toggleDetail, t.detail);
  const root = el('div', { className: 'mxql-toolbar', attrs: { role: 'toolbar' } }, [
    el('div', { className: 'mxql-tabs', attrs: { role: 'tablist' } }, [tabs.grid, tabs.chart, tabs.compare]),
    rerun,
    cancel,
    compare,
    el('span', { className: 'mxql-separator' }),
    ...dataButtons,
    el('span', { className: 'mxql-separator' }),
    time,
    filter,
    filterCount,
    detail,
  ]);
  return { root, cancel, rerun, dataButtons, filter, filterCount, time, tabs, detail, compare };
}
