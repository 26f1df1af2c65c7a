import type { EventBus } from '../bus/bus.ts';
import type { ToastKind, ToastPosition } from '../bus/contract.ts';

export interface ToastOptions {
  readonly kind?: ToastKind;
  readonly position?: ToastPosition;
  /** Defaults to TOAST_DURATION_MS (2500). */
  readonly durationMs?: number;
}

/** Remotes ask for toasts; the shell owns the toast container and shows them. */
export interface Toaster {
  show(message: string, options?: ToastOptions): void;
}

export function createToaster(bus: EventBus): Toaster {
  return {
    show(message, { kind = 'info', position, durationMs } = {}) {
      bus.publish({ type: 'toast:requested', v: 1, message, kind, position, durationMs });
    },
  };
}
