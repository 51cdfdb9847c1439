// Redirect policy: the client follows a redirect only to the same origin over HTTPS (the token stays
// with the host it was meant for and never drops to plain text); any other redirect becomes a typed
// error that names where the service pointed, so the user can decide to change the base URL.
import { apiText, type ApiText } from './apiText';

/** Statuses that redirect, with a Location header. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Hops followed before giving up (a loop or a chain is a configuration problem). */
export const MAX_REDIRECTS = 3;

export type RedirectDecision = { follow: URL } | { refuse: { message: ApiText; hint: ApiText } };

/** Where a redirect points, without query or credentials (they may carry secrets). */
export function redirectLabel(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** Whether to follow a redirect from `from` to `location`. */
export function decideRedirect(from: URL, location: string, status: number): RedirectDecision {
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    return {
      refuse: {
        message: apiText(
          "HTTP {1}: the service redirected to an invalid address '{0}'",
          location.slice(0, 100),
          status,
        ),
        hint: apiText('Check the base URL: a proxy or login page may be in the way.'),
      },
    };
  }
  const label = redirectLabel(target);
  if (target.origin !== from.origin && target.hostname !== from.hostname) {
    return {
      refuse: {
        message: apiText(
          'HTTP {1}: the service redirected to another host, {0}; the request was not repeated there, so the token was not sent to it',
          label,
          status,
        ),
        hint: apiText('If that is the right address, set it as the base URL.'),
      },
    };
  }
  if (target.protocol !== 'https:' || from.protocol !== 'https:') {
    return {
      refuse: {
        message: apiText(
          'HTTP {1}: the service redirected to {0}; redirects are followed only between HTTPS addresses of the same host',
          label,
          status,
        ),
        hint: apiText('Set the base URL to that address (with https://) if you trust it.'),
      },
    };
  }
  if (target.origin !== from.origin) {
    return {
      refuse: {
        message: apiText(
          'HTTP {1}: the service redirected to another port, {0}; the request was not repeated there',
          label,
          status,
        ),
        hint: apiText('If that is the right address, set it as the base URL.'),
      },
    };
  }
  return { follow: target };
}
