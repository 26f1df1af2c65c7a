import { LIVE_MARK } from './liveMark.ts';

type LiveMark = typeof import('./liveMark.ts');

/** A fresh copy of the module per case: the mark is once per page, kept in the module. */
function freshModule(): LiveMark {
  let loaded: LiveMark | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<LiveMark>('./liveMark.ts');
  });
  return loaded!;
}

const marks = () => performance.getEntriesByName(LIVE_MARK).length;

beforeEach(() => performance.clearMarks(LIVE_MARK));

test('a page whose screen the server rendered is live when the shell hydrates after it', () => {
  const { noteLive } = freshModule();
  noteLive('screen');
  expect(marks()).toBe(0);
  noteLive('shell', { screenExpected: true });
  expect(marks()).toBe(1);
});

test('a screen that loads only in the browser makes the page live when it arrives, not when the shell hydrates', () => {
  const { noteLive } = freshModule();
  noteLive('shell', { screenExpected: true });
  expect(marks()).toBe(0);
  noteLive('screen');
  expect(marks()).toBe(1);
});

test("a shell page is its own screen: live with the shell's tree", () => {
  const { noteLive } = freshModule();
  noteLive('shell', { screenExpected: false });
  expect(marks()).toBe(1);
});

test('the page goes live once, however often a screen renders later', () => {
  const { noteLive } = freshModule();
  noteLive('shell', { screenExpected: false });
  noteLive('screen');
  noteLive('screen');
  expect(marks()).toBe(1);
});

test('what waits for the page to be live starts once the mark is set', async () => {
  const { noteLive, whenLive } = freshModule();
  let started = false;
  const waiting = whenLive().then(() => {
    started = true;
  });
  noteLive('shell', { screenExpected: true });
  await Promise.resolve();
  expect(started).toBe(false);
  noteLive('screen');
  await waiting;
  expect(started).toBe(true);
});
