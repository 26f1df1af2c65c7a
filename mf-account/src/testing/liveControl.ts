/**
 * A stand-in for src/auth/afterLive.ts in component tests, where the test says when the page goes
 * live: `jest.mock('../auth/afterLive.ts', () => jest.requireActual('../testing/liveControl.ts').createLiveControl())`,
 * then `jest.requireMock<LiveControl>('../auth/afterLive.ts')` to drive it.
 */
export interface LiveControl {
  afterLive(): Promise<void>;
  /** The shell marks the page live. */
  goLive(): Promise<void>;
  /** A new page, not live yet. */
  reset(): void;
}

export function createLiveControl(): LiveControl {
  let live!: Promise<void>;
  let resolve!: () => void;
  const reset = () => {
    live = new Promise<void>((done) => (resolve = done));
  };
  reset();
  return {
    afterLive: () => live,
    goLive: () => {
      resolve();
      return live;
    },
    reset,
  };
}
