import type { FastifyPluginAsync } from 'fastify';
import proxy from '@fastify/http-proxy';
import type { GatewayConfig } from './config.ts';
import { forwardShopper, passOn, unavailable } from './upstreamReplies.ts';

/** The checkout service's routes (the spec's token call, payments, orders, Stripe's webhook), and offline the local Stripe. */
export const serviceProxies: FastifyPluginAsync<{ config: GatewayConfig }> = async (app, { config }) => {
  const checkoutReplyOptions = { rewriteRequestHeaders: forwardShopper, onResponse: passOn('checkout'), onError: unavailable('Checkout', 'checkout') };
  await app.register(proxy, {
    upstream: config.checkoutUrl,
    prefix: '/save-stripe-token',
    rewritePrefix: '/save-stripe-token',
    replyOptions: checkoutReplyOptions,
  });
  await app.register(proxy, { upstream: config.checkoutUrl, prefix: '/api/checkout', rewritePrefix: '/api/checkout', replyOptions: checkoutReplyOptions });
  if (config.localStripeUrl) {
    // Offline only (refused in production): the page's Stripe.js stand-in talks to the local Stripe here.
    await app.register(proxy, {
      upstream: config.localStripeUrl,
      prefix: '/local-stripe',
      rewritePrefix: '',
      replyOptions: { rewriteRequestHeaders: forwardShopper, onResponse: passOn('local_stripe'), onError: unavailable('The local Stripe', 'local_stripe') },
    });
  }
};
