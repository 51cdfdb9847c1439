// The numbers behind the dashboard's sparklines: the recent values of each live field. Pure.
import type { DashboardField } from '../../../common/dashboardMessages';

/** Points kept per sparkline. */
export const SPARK_POINTS = 30;

/** Adds one spot answer to the per-field history (numbers only; at most SPARK_POINTS each). */
export function addToHistory(
  history: Map<string, number[]>,
  values: readonly Pick<DashboardField, 'key' | 'label' | 'value'>[],
): DashboardField[] {
  return values.map((value) => {
    const list = history.get(value.key) ?? [];
    const n = Number(value.value);
    if (value.value !== '-' && Number.isFinite(n)) list.push(n);
    if (list.length > SPARK_POINTS) list.splice(0, list.length - SPARK_POINTS);
    history.set(value.key, list);
    return { key: value.key, label: value.label, value: value.value, history: [...list] };
  });
}
