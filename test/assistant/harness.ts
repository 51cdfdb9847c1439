// Shared set-up of the toolset tests: one demo backend per file on a real loopback socket, a client
// with its tokens, and a tool context over the bundled catalog with a fixed clock.
import { createOpenApiClient, type OpenApiClient } from '../../api/index';
import { demoClientOptions, startDemoServer, type DemoServer } from '../../demo/index';
import { bundledCategoryCatalog, bundledPathCatalog } from '../../server/core/catalog/bundledCatalog';
import type { Language } from '../../common/l10n';
import type { ToolContext, ToolTarget } from '../../assistant/toolset';

/** The demo's fixed clock, so data and ranges are reproducible. */
export const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

export interface DemoHarness {
  readonly demo: DemoServer;
  readonly client: OpenApiClient;
  readonly target: ToolTarget;
  /** The first APM project of the demo. */
  readonly pcode: number;
  /** The demo's clock: what `now` is for the tools too. */
  readonly demoNow: number;
  context(locale?: Language, target?: ToolTarget): ToolContext;
  close(): Promise<void>;
}

export function contextFor(target: ToolTarget | undefined, locale: Language = 'en'): ToolContext {
  return {
    target,
    catalogs: { categories: bundledCategoryCatalog, paths: bundledPathCatalog },
    locale,
    now: () => NOW,
    timezone: () => 0,
  };
}

export async function startHarness(options: { slowMs?: number } = {}): Promise<DemoHarness> {
  const demo = await startDemoServer({ now: () => NOW, ...options });
  const client = createOpenApiClient({ ...demoClientOptions(demo), retry: { attempts: 1 } });
  const apm = demo.projects.find((p) => p.productType === 'APM') ?? demo.projects[0];
  if (!apm) throw new Error('the demo has no project');
  const target: ToolTarget = { client, pcode: apm.pcode, label: 'Demo', isDemo: true };
  return {
    demo,
    client,
    target,
    pcode: apm.pcode,
    demoNow: NOW,
    context: (locale = 'en', t: ToolTarget | undefined = target) => contextFor(t, locale),
    close: async () => {
      await client.close();
      await demo.close();
    },
  };
}
