import { LIVE_MARK, whenLive, type LiveEnv } from './afterLive.ts';

/** A page whose host sets the mark when the test says, with a timer the test fires. */
function page({ observable = true } = {}) {
  let marked = false;
  let onMark: (() => void) | undefined;
  let timer: (() => void) | undefined;
  const env: LiveEnv = {
    isMarked: () => marked,
    observe: (listener) => {
      if (!observable) return null;
      onMark = listener;
      return () => (onMark = undefined);
    },
    setTimer: (task) => {
      timer = task;
      return () => (timer = undefined);
    },
  };
  return {
    env,
    goLive: () => {
      marked = true;
      onMark?.();
    },
    fireTimer: () => timer?.(),
    watching: () => onMark !== undefined || timer !== undefined,
  };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('whenLive', () => {
  it('waits for the shell to mark the page live, then lets go of the page', async () => {
    const host = page();
    const live = whenLive(3000, host.env);
    expect(await settled(live)).toBe(false);
    host.goLive();
    expect(await settled(live)).toBe(true);
    expect(host.watching()).toBe(false);
  });

  it('answers at once on a page that is live already', async () => {
    const host = page();
    host.goLive();
    expect(await settled(whenLive(3000, host.env))).toBe(true);
  });

  it('holds nothing back for longer than the cap where no host sets the mark', async () => {
    const host = page();
    const live = whenLive(3000, host.env);
    expect(await settled(live)).toBe(false);
    host.fireTimer();
    expect(await settled(live)).toBe(true);
  });

  it('waits for nothing where marks cannot be observed', async () => {
    expect(await settled(whenLive(3000, page({ observable: false }).env))).toBe(true);
  });

  it('hears the real mark in this runtime', async () => {
    performance.clearMarks(LIVE_MARK);
    const live = whenLive(60_000);
    expect(await settled(live)).toBe(false);
    performance.mark(LIVE_MARK);
    await live;
    performance.clearMarks(LIVE_MARK);
  });
});
