import type { GatewayConfig } from './config.ts';

/**
 * The Content-Security-Policy allows only what the shop loads: its own origin, the origins its
 * remotes are served from (`remoteOrigins`: the live and canary releases hosted elsewhere), the
 * Firebase endpoints it is configured with, Stripe's origins only when Stripe is configured, and
 * pictures from the origins a shop's catalogue keeps them on (IMAGE_ORIGINS).
 */
export function contentSecurityPolicy(config: GatewayConfig, remoteOrigins: readonly string[] = []): string {
  const connect = new Set(["'self'", ...remoteOrigins]);
  const frames = new Set<string>();
  const scripts = new Set(["'self'", ...remoteOrigins]);
  const fromRemotes = remoteOrigins.length ? ` ${remoteOrigins.join(' ')}` : '';
  const { firebase, stripePublishableKey } = config.client;
  if (firebase.authEmulatorUrl) connect.add(new URL(firebase.authEmulatorUrl).origin);
  if (firebase.databaseEmulatorHost) {
    connect.add(`http://${firebase.databaseEmulatorHost}`);
    connect.add(`ws://${firebase.databaseEmulatorHost}`);
  } else {
    const database = new URL(firebase.databaseURL);
    connect.add(database.origin);
    connect.add(`wss://${database.host}`);
    connect.add('https://identitytoolkit.googleapis.com');
    connect.add('https://securetoken.googleapis.com');
  }
  if (stripePublishableKey) {
    scripts.add('https://js.stripe.com');
    frames.add('https://js.stripe.com');
    frames.add('https://hooks.stripe.com');
    connect.add('https://api.stripe.com');
  }
  const directives = [
    "default-src 'self'",
    `script-src ${[...scripts].join(' ')}`,
    `style-src 'self'${fromRemotes}`,
    // Style attributes only (a swatch's colour, a carousel's offset), as a server-rendered page
    // carries them in its HTML; they cannot run script or load anything. <style> elements stay refused.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${fromRemotes}${config.imageOrigins.map((origin) => ` ${origin}`).join('')}`,
    `font-src 'self'${fromRemotes}`,
    `connect-src ${[...connect].join(' ')}`,
    `frame-src ${frames.size ? [...frames].join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

export function securityHeaders(config: GatewayConfig, remoteOrigins: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config, remoteOrigins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  };
  if (config.production) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}
