// Shared set-up of the tests that run the client against the demo backend: one demo server and
// client per test file, shape assertions for the specification's response fields, and a record of
// which endpoints a file exercised so it can assert that its groups of the table are covered.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createOpenApiClient,
  endpoints,
  type EndpointGroup,
  type EndpointId,
  type OpenApiClient,
} from '../../api/index';
import { demoClientOptions, startDemoServer, type DemoServer } from '../../demo/index';
import { recordUnhandledRejections } from '../support/unhandledRejections';

export type Kind = 'number' | 'string' | 'boolean' | 'array' | 'object';
export type Shape = Record<string, Kind>;
export const num = 'number' as const;
export const str = 'string' as const;
export const bool = 'boolean' as const;
export const arr = 'array' as const;
export const obj = 'object' as const;

/** The demo's fixed clock, so data and ranges are reproducible. */
export const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
export const H = 3_600_000;
export const range = { stime: NOW - H, etime: NOW };

function kindOf(v: unknown): string {
  return Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
}

/** Asserts that `value` has every field of `shape` with the given kind. */
export function hasShape(value: unknown, shape: Shape, where: string): void {
  assert.equal(kindOf(value), 'object', `${where} is an object`);
  const record = value as Record<string, unknown>;
  for (const [field, kind] of Object.entries(shape)) {
    assert.equal(kindOf(record[field]), kind, `${where}.${field} is ${kind}`);
  }
}

/** Asserts a non-empty list whose first item has `shape`. */
export function listOf(value: unknown, shape: Shape, where: string): void {
  assert.ok(Array.isArray(value) && value.length > 0, `${where} is a non-empty array`);
  hasShape(value[0], shape, `${where}[0]`);
}

export interface DemoContext {
  demo: DemoServer;
  client: OpenApiClient;
  /** pcodes of the demo's application, server and database monitoring projects. */
  apm: number;
  sms: number;
  db: number;
  /** Declares the test of one endpoint and records it as covered. */
  endpointTest(id: EndpointId, body: () => Promise<void>): void;
  /** Declares a test asserting that every endpoint of these groups was declared above. */
  assertCovers(groups: readonly EndpointGroup[]): void;
}

/** Starts a demo and a client for this test file (fields are set once `before` has run). */
export function useDemo(): DemoContext {
  const covered = new Set<string>();
  const unhandled = recordUnhandledRejections();
  const ctx = {
    endpointTest: (id: EndpointId, body: () => Promise<void>) => {
      covered.add(id);
      void test(id, body);
    },
    assertCovers: (groups: readonly EndpointGroup[]) => {
      void test(`every endpoint of ${groups.join(', ')} is exercised`, () => {
        const ids = endpoints.filter((e) => groups.includes(e.group)).map((e) => e.id);
        assert.deepEqual(
          ids.filter((id) => !covered.has(id)),
          [],
        );
      });
    },
  } as DemoContext;
  before(async () => {
    ctx.demo = await startDemoServer({ now: () => NOW, slowMs: 60_000 });
    ctx.client = createOpenApiClient({
      ...demoClientOptions(ctx.demo),
      retry: { attempts: 1 },
    });
    const pcodeOf = (productType: string) => {
      const p = ctx.demo.projects.find((x) => x.productType === productType);
      assert.ok(p, `the demo has a ${productType} project`);
      return p.pcode;
    };
    [ctx.apm, ctx.sms, ctx.db] = [pcodeOf('APM'), pcodeOf('SMS'), pcodeOf('DB')];
  });
  after(async () => {
    await ctx.client.close();
    await ctx.demo.close();
    unhandled.assertNone();
  });
  return ctx;
}
