// The HTTP layer: undici dispatchers (a keep-alive pool per origin, one per proxy), timeouts,
// cancellation that closes the socket, bounded retries, a response size cap, and the mapping of
// every transport failure onto a typed OpenApiError. It knows nothing about endpoints.
import { EventEmitter } from 'node:events';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { apiText, type ApiText } from './apiText';
import { Deadlines, type Expiring } from './deadlines';
import { decodeContentEncoding } from './encoding';
import { OpenApiError, type OpenApiErrorKind } from './errors';
import { insecureReasonText, proxyFor, type ProxyOptions } from './proxy';
import { decideRedirect, MAX_REDIRECTS, REDIRECT_STATUSES } from './redirect';
import { backoffDelay, retryAfterMs, RETRY_STATUSES, sleep, type RetryOptions } from './retry';

export interface Timeouts {
  /** TCP/TLS connect. */
  connectMs: number;
  /** From sending the request to the end of the response headers. */
  headersMs: number;
  /** The longest silence between two body chunks. */
  bodyMs: number;
  /** One attempt from start to the last body byte: catches a slow drip that never goes silent. */
  totalMs: number;
}
export const defaultTimeouts: Timeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 30_000,
  totalMs: 120_000,
};
/**
 * Timeouts from one "wait at most N ms" figure (the CLI's --timeout-ms, the extension's setting): N
 * for the headers and for each silence in the body, and 4·N for a whole response, so a slow drip
 * also ends.
 */
export function timeoutsFor(waitMs: number): Partial<Timeouts> {
  return { headersMs: waitMs, bodyMs: waitMs, totalMs: 4 * waitMs };
}
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

export interface TransportOptions {
  timeouts: Timeouts;
  retry: RetryOptions;
  proxy: ProxyOptions;
  maxResponseBytes: number;
  /** How a user of this host raises the timeout, e.g. "raise --timeout-ms"; ends every timeout hint. */
  timeoutAdvice: string;
}
/** Timeout advice when the host gives none. */
export const DEFAULT_TIMEOUT_ADVICE = "raise the client's timeout";
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string | undefined;
  retryable: boolean;
  signal?: AbortSignal | undefined;
}
export interface HttpResponse {
  status: number;
  contentType: string;
  headers: Dispatcher.ResponseData['headers'];
  body: Buffer;
  attempts: number;
}

type Fail = (
  kind: OpenApiErrorKind,
  message: ApiText,
  extra?: { status?: number; cause?: unknown; hints?: readonly ApiText[] },
) => OpenApiError;

/** OpenSSL and Node codes of certificate verification failures. */
const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS/;
const TRUNCATED_HINT = apiText(
  'The service or a proxy cut the answer short: retry, or narrow the time range for a smaller answer.',
);
const NARROW_HINT = apiText('Narrow the time range or lower the row limit.');
const RETRYABLE_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ETIMEDOUT']);

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** The cancel signal of one attempt, in the EventEmitter form undici accepts. */
class AttemptCancel extends EventEmitter implements Expiring {
  aborted = false;
  expire(): void {
    this.abort();
  }
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit('abort');
  }
}

export class Transport {
  private readonly direct: Agent;
  private readonly proxies = new Map<string, ProxyAgent>();
  /** The total deadline of every attempt in flight, on one timer. */
  private readonly deadlines = new Deadlines();

  constructor(private readonly options: TransportOptions) {
    this.direct = new Agent(this.agentOptions());
    // Proxy variables are read once, as most tools do, rather than on every request.
    const env = options.proxy.env ?? process.env;
    const names = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];
    this.options = {
      ...options,
      proxy: { ...options.proxy, env: Object.fromEntries(names.map((n) => [n, env[n]])) },
    };
  }

  private agentOptions(): Agent.Options {
    const { timeouts, proxy } = this.options;
    return {
      keepAliveTimeout: 10_000,
      connect: { timeout: timeouts.connectMs, rejectUnauthorized: proxy.strictSSL ?? true },
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyMs,
    };
  }

  /** Per origin: the dispatcher to use, decided once (proxy settings are read when first needed). */
  private readonly byOrigin = new Map<string, Dispatcher>();

  private dispatcherFor(url: URL, origin: string): Dispatcher {
    let dispatcher = this.byOrigin.get(origin);
    if (!dispatcher) {
      dispatcher = this.chooseDispatcher(url);
      this.byOrigin.set(origin, dispatcher);
    }
    return dispatcher;
  }

  private chooseDispatcher(url: URL): Dispatcher {
    const proxyUrl = proxyFor(url, this.options.proxy);
    if (!proxyUrl) return this.direct;
    let agent = this.proxies.get(proxyUrl);
    if (!agent) {
      const tls = { rejectUnauthorized: this.options.proxy.strictSSL ?? true };
      agent = new ProxyAgent({
        ...this.agentOptions(),
        uri: proxyUrl,
        proxyTunnel: false,
        requestTls: tls,
        proxyTls: tls,
      });
      this.proxies.set(proxyUrl, agent);
    }
    return agent;
  }

  /**
   * Sends with retries, following same-origin HTTPS redirects; resolves with any other status (the
   * caller maps non-2xx), rejects with OpenApiError (a redirect it will not follow included).
   */
  async send(request: HttpRequest, fail: Fail, hops = 0): Promise<HttpResponse> {
    const insecure = insecureReasonText(request.url);
    if (insecure) throw fail('insecure', insecure);
    const { retry } = this.options;
    for (let attempt = 1; ; attempt++) {
      const canRetry = request.retryable && attempt < retry.attempts;
      let response: HttpResponse;
      try {
        response = await this.attempt(request, attempt, fail);
      } catch (error) {
        const retryableNetwork =
          error instanceof OpenApiError &&
          (error.kind === 'network' || error.kind === 'truncated') &&
          RETRYABLE_CODES.has(errorCode(error) ?? '');
        if (!canRetry || !retryableNetwork) throw error;
        await this.wait(backoffDelay(retry, attempt), request.signal, fail);
        continue;
      }
      if (!canRetry || !RETRY_STATUSES.has(response.status)) {
        return REDIRECT_STATUSES.has(response.status)
          ? this.redirect(request, response, fail, hops)
          : response;
      }
      const after = retryAfterMs(headerText(response.headers['retry-after']), Date.now());
      if (after !== undefined && after > retry.maxRetryAfterMs) return response;
      await this.wait(after ?? backoffDelay(retry, attempt), request.signal, fail);
    }
  }

  /** Follows a same-origin HTTPS redirect (with the same token); any other is a typed error. */
  private redirect(
    request: HttpRequest,
    response: HttpResponse,
    fail: Fail,
    hops: number,
  ): Promise<HttpResponse> {
    const location = headerText(response.headers['location']);
    if (location === '') return Promise.resolve(response);
    const decision = decideRedirect(request.url, location, response.status);
    if ('refuse' in decision) {
      const { message, hint } = decision.refuse;
      throw fail('redirect', message, {
        status: response.status,
        hints: [hint],
      });
    }
    if (hops >= MAX_REDIRECTS) {
      throw fail('redirect', apiText('more than {0} redirects', MAX_REDIRECTS), {
        status: response.status,
        hints: [apiText('The service redirects in a loop; check the base URL.')],
      });
    }
    // 303 means "see other": fetch it with GET. 301/302 keep the method here (an MXQL POST must stay
    // a POST on the same host), as 307/308 require.
    const next: HttpRequest =
      response.status === 303
        ? { ...request, url: decision.follow, method: 'GET', body: undefined }
        : { ...request, url: decision.follow };
    return this.send(next, fail, hops + 1);
  }

  private async wait(ms: number, signal: AbortSignal | undefined, fail: Fail): Promise<void> {
    if (!(await sleep(ms, signal))) throw fail('aborted', apiText('cancelled while waiting to retry'));
  }

  private async attempt(request: HttpRequest, attempt: number, fail: Fail): Promise<HttpResponse> {
    const user = request.signal;
    if (user?.aborted) throw fail('aborted', apiText('cancelled before sending'));
    // One emitter per attempt carries both the total deadline and the caller's cancel; undici accepts
    // an EventEmitter as signal, and it costs far less per request than an AbortController.
    const cancel = new AttemptCancel();
    const deadline = this.deadlines.add(cancel, this.options.timeouts.totalMs);
    const forward = () => cancel.abort();
    user?.addEventListener('abort', forward, { once: true });
    try {
      // URL getters build a new string on each read: the origin is read once.
      const origin = request.url.origin;
      const res = await this.dispatcherFor(request.url, origin).request({
        origin,
        path: request.url.pathname + request.url.search,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal: cancel,
      });
      const body = this.decode(await this.readBody(res, fail), res, fail);
      const contentType = headerText(res.headers['content-type']);
      return { status: res.statusCode, contentType, headers: res.headers, body, attempts: attempt };
    } catch (error) {
      throw this.classify(error, user, cancel.aborted, fail);
    } finally {
      this.deadlines.leave(deadline);
      user?.removeEventListener('abort', forward);
    }
  }

  /** Undoes the Content-Encoding (gzip, deflate), capping the decoded size as the raw one. */
  private decode(body: Buffer, res: Dispatcher.ResponseData, fail: Fail): Buffer {
    const header = headerText(res.headers['content-encoding']);
    if (header === '' || body.length === 0) return body;
    const decoded = decodeContentEncoding(body, header, this.options.maxResponseBytes);
    if (decoded.ok) return decoded.body;
    const status = res.statusCode;
    if (decoded.reason === 'too-large') {
      const max = this.options.maxResponseBytes;
      throw fail(
        'too-large',
        apiText('the {0} response expands beyond the size cap of {1} bytes', decoded.encoding, max),
        { status, hints: [NARROW_HINT] },
      );
    }
    const what =
      decoded.reason === 'unsupported'
        ? apiText(
            "the response uses the content encoding '{0}', which the client did not ask for",
            decoded.encoding,
          )
        : apiText('the {0}-encoded response could not be decoded (corrupt or cut)', decoded.encoding);
    throw fail('invalid-encoding', what, {
      status,
      hints: [apiText('Retry; if it repeats, a proxy is rewriting the response: check the proxy.')],
    });
  }

  /** Reads the whole body, enforcing the size cap while it streams in. */
  private readBody(res: Dispatcher.ResponseData, fail: Fail): Promise<Buffer> {
    const max = this.options.maxResponseBytes;
    const declared = Number(headerText(res.headers['content-length']) || NaN);
    const tooLarge = (size: ApiText) =>
      fail('too-large', size, {
        status: res.statusCode,
        hints: [apiText('Narrow the time range or lower the row limit, or raise maxResponseBytes.')],
      });
    if (declared > max) {
      res.body.destroy();
      return Promise.reject(
        tooLarge(
          apiText('the response ({0} bytes declared) exceeds the size cap of {1} bytes', declared, max),
        ),
      );
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= max) return void chunks.push(chunk);
        res.body.destroy();
        reject(
          tooLarge(
            apiText('the response (more than {0} bytes received) exceeds the size cap of {0} bytes', max),
          ),
        );
      });
      res.body.once('end', () =>
        resolve(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size)),
      );
      res.body.once('error', (error: Error) => {
        // A connection that closes before the declared length is a cut body, whatever undici calls it.
        const cut = declared > size && RETRYABLE_CODES.has(errorCode(error) ?? '');
        reject(
          cut
            ? fail('truncated', apiText('the connection closed after {0} of {1} bytes', size, declared), {
                status: res.statusCode,
                cause: error,
                hints: [TRUNCATED_HINT],
              })
            : error,
        );
      });
    });
  }

  private classify(
    error: unknown,
    user: AbortSignal | undefined,
    cancelled: boolean,
    fail: Fail,
  ): OpenApiError {
    if (error instanceof OpenApiError) return error;
    if (user?.aborted) return fail('aborted', apiText('cancelled'), { cause: error });
    const { timeouts, timeoutAdvice } = this.options;
    if (cancelled)
      return fail('timeout', apiText('no complete response within {0} ms', timeouts.totalMs), {
        cause: error,
        hints: [
          apiText(
            'The service is slow or sends its answer in a slow trickle: narrow the time range or lower the row limit, or {0}.',
            timeoutAdvice,
          ),
        ],
      });
    const code = errorCode(error);
    const message = error instanceof Error ? error.message : String(error);
    const timeouts_: Record<string, [ApiText, ApiText]> = {
      UND_ERR_CONNECT_TIMEOUT: [
        apiText('could not connect within {0} ms', timeouts.connectMs),
        apiText('Check the base URL, the network and the proxy.'),
      ],
      UND_ERR_HEADERS_TIMEOUT: [
        apiText('no response headers within {0} ms', timeouts.headersMs),
        apiText(
          'The service is slow to answer: narrow the time range or lower the row limit, or {0}.',
          timeoutAdvice,
        ),
      ],
      UND_ERR_BODY_TIMEOUT: [
        apiText('the response body stalled for {0} ms', timeouts.bodyMs),
        apiText(
          'The service stopped sending mid-answer: retry, narrow the time range, or {0}.',
          timeoutAdvice,
        ),
      ],
    };
    const timeout = code ? timeouts_[code] : undefined;
    if (timeout) return fail('timeout', timeout[0], { cause: error, hints: [timeout[1]] });
    if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
      return fail('truncated', apiText('the response body ended before its declared length'), {
        cause: error,
        hints: [TRUNCATED_HINT],
      });
    }
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
      return fail('network', apiText('the connection was closed by the service or a proxy ({0})', code), {
        cause: error,
        hints: [apiText('Retry; if it repeats, check the proxy and the base URL.')],
      });
    }
    if (code && TLS_CODES.test(code)) {
      return fail('network', apiText('the TLS certificate was not accepted: {0} ({1})', message, code), {
        cause: error,
        hints: [
          apiText(
            'A proxy or private CA signs this connection: add its CA (NODE_EXTRA_CA_CERTS) or, knowingly, turn off strict SSL.',
          ),
        ],
      });
    }
    if (code === 'ECONNREFUSED') {
      return fail('network', apiText('connection refused'), {
        cause: error,
        hints: [apiText('Check the base URL and that the service is reachable.')],
      });
    }
    return fail('network', code ? apiText('{0} ({1})', message, code) : apiText('{0}', message), {
      cause: error,
      hints: [apiText('Check the network, proxy and base URL.')],
    });
  }

  /** Closes every pooled connection. */
  async close(): Promise<void> {
    await Promise.all([this.direct.close(), ...[...this.proxies.values()].map((p) => p.close())]);
  }
}
