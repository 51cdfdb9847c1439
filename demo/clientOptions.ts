// How an Open API client reaches a running demo backend: its two hosts, its account token, and the
// token of each of its projects by pcode. One place, so the extension, the CLI and the tests connect
// to the demo the same way.
import type { OpenApiClientOptions } from '../api/index';
import type { DemoServer } from './index';

/** The client options that point at a demo server; spread them into `createOpenApiClient`. */
export type DemoClientOptions = Required<
  Pick<OpenApiClientOptions, 'baseUrl' | 'serviceUrl' | 'accountToken' | 'tokenForPcode'>
>;

/** Options for a client of `server` that can call any of its projects with that project's token. */
export function demoClientOptions(
  server: Pick<DemoServer, 'baseUrl' | 'serviceUrl' | 'accountToken' | 'projects'>,
): DemoClientOptions {
  const tokens = new Map(server.projects.map((p) => [p.pcode, p.token]));
  return {
    baseUrl: server.baseUrl,
    serviceUrl: server.serviceUrl,
    accountToken: server.accountToken,
    tokenForPcode: (pcode) => tokens.get(pcode),
  };
}
