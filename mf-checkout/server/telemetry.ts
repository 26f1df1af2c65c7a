// Imported first by main.ts: tracing patches http and pg before the modules that load them, and
// every line the checkout prints is a JSON line of the shop's shape (service-kit, decision 0033).
import { startServiceTelemetry } from 'service-kit';

export const { logger, tracing } = startServiceTelemetry('checkout');
