// Redirect policy: the client follows a redirect only to the same origin over HTTPS (the token stays
// with the host it was meant for and never drops to plain text); any other redirect becomes a typed
// error that names where the service pointed, so the user can decide to change the base URL.

/** Statuses that redirect, with a Location header. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Hops followed before giving up (a loop or a chain is a configuration problem). */
export const MAX_REDIRECTS = 3;

export type RedirectDecision = { follow: URL } | { refuse: { message: string; hint: string } };

/** Where a redirect points, without query or credentials (they may carry secrets). */
export function redirectLabel(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** Whether to follow a redirect from `from` to `location`. */
export function decideRedirect(from: URL, location: string): RedirectDecision {
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    return {
      refuse: {
        message: `the service redirected to an invalid address '${location.slice(0, 100)}'`,
        hint: 'Check the base URL: a proxy or login page may be in the way.',
      },
    };
  }
  const label = redirectLabel(target);
  if (target.origin !== from.origin && target.hostname !== from.hostname) {
    return {
      refuse: {
        message: `the service redirected to another host, ${label}; the request was not repeated there, so the token was not sent to it`,
        hint: 'If that is the right address, set it as the base URL.',
      },
    };
  }
  if (target.protocol !== 'https:' || from.protocol !== 'https:') {
    return {
      refuse: {
        message: `the service redirected to ${label}; redirects are followed only between HTTPS addresses of the same host`,
        hint: 'Set the base URL to that address (with https://) if you trust it.',
      },
    };
  }
  if (target.origin !== from.origin) {
    return {
      refuse: {
        message: `the service redirected to another port, ${label}; the request was not repeated there`,
        hint: 'If that is the right address, set it as the base URL.',
      },
    };
  }
  return { follow: target };
}
