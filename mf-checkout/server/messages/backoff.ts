/**
 * The wait before the next attempt after `attempts` failed ones: doubling from `baseMs`, capped at
 * `maxMs`, with "equal jitter" (half fixed, half random) so that messages that failed together
 * (the mail server was down) do not all come back in the same second, yet never right away.
 */
export function retryDelayMs(attempts: number, options: { baseMs: number; maxMs: number }, random: () => number = Math.random): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
