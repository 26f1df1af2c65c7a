/**
 * @jest-environment jsdom
 */
import type { Metric } from 'web-vitals';
import type { VitalsBeacon } from './beacon.ts';
import { reportVitals } from './reportVitals.ts';
import { startVitals } from './startVitals.ts';

// web-vitals itself needs a real browser's performance entries: here it hands over what the test gives.
const callbacks = new Map<string, (metric: Metric) => void>();
let generateTarget: ((element: Node | null) => string | undefined) | undefined;
jest.mock('web-vitals/onLCP.js', () => ({ onLCP: (callback: (metric: Metric) => void) => callbacks.set('LCP', callback) }));
jest.mock('web-vitals/onCLS.js', () => ({ onCLS: (callback: (metric: Metric) => void) => callbacks.set('CLS', callback) }));
jest.mock('web-vitals/onTTFB.js', () => ({ onTTFB: (callback: (metric: Metric) => void) => callbacks.set('TTFB', callback) }));
jest.mock('web-vitals/attribution/onINP.js', () => ({
  onINP: (callback: (metric: Metric) => void, options: { generateTarget?: typeof generateTarget }) => {
    callbacks.set('INP', callback);
    generateTarget = options.generateTarget;
  },
}));

const settle = (name: string, value: number) => callbacks.get(name)!({ name, value, attribution: {} } as unknown as Metric);
/** INP as the attribution build reports it: the target string comes from generateTarget, given the element. */
const interact = (element: Node | null, value: number) =>
  callbacks.get('INP')!({ name: 'INP', value, attribution: { interactionTarget: generateTarget?.(element) ?? '' } } as unknown as Metric);
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
};

describe('reportVitals', () => {
  it('sends what settled in one beacon when the page is hidden, then only what came after', () => {
    const sent: unknown[] = [];
    reportVitals('/shop/:id', (body) => sent.push(JSON.parse(body)) > 0);
    settle('TTFB', 120);
    settle('LCP', 1830);
    expect(sent).toEqual([]);
    settle('CLS', 0.02);
    settle('INP', 96);
    hide();
    expect(sent).toEqual([
      {
        route: '/shop/:id',
        vitals: [
          { name: 'TTFB', value: 120 },
          { name: 'LCP', value: 1830 },
          { name: 'CLS', value: 0.02 },
          { name: 'INP', value: 96 },
        ],
      },
    ]);
    hide();
    expect(sent).toHaveLength(1);
    settle('CLS', 0.05);
    dispatchEvent(new Event('pagehide'));
    expect(sent[1]).toEqual({ route: '/shop/:id', vitals: [{ name: 'CLS', value: 0.05 }] });
    expect(document.documentElement.dataset.vitals).toBe('on');
  });

  it("names INP's interaction by its element's role and the listed interaction around it, never by its text", () => {
    const sent: VitalsBeacon[] = [];
    reportVitals('/shop/:id', (body) => sent.push(JSON.parse(body) as VitalsBeacon) > 0);
    document.body.innerHTML = `
      <div data-interaction="add-to-cart"><button id="add"><svg id="icon"></svg>Add To Cart</button></div>
      <form data-interaction="header-search"><input id="search" role="combobox" value="my secret"></form>
      <a id="plain" href="/about">About us</a>`;
    interact(document.getElementById('icon'), 180);
    hide();
    interact(document.getElementById('search'), 96);
    hide();
    interact(document.getElementById('plain'), 40);
    hide();
    // The element left the page before web-vitals could look at it: INP without an interaction.
    interact(null, 64);
    hide();
    expect(sent.map((beacon) => beacon.vitals)).toEqual([
      [{ name: 'INP', value: 180, interaction: { role: 'button', name: 'add-to-cart' } }],
      [{ name: 'INP', value: 96, interaction: { role: 'combobox', name: 'header-search' } }],
      [{ name: 'INP', value: 40, interaction: { role: 'link' } }],
      [{ name: 'INP', value: 64 }],
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/secret|About|Add To/);
  });

  it('never sends more than a beacon may carry, nor a metric it does not know', () => {
    const sent: { vitals: unknown[] }[] = [];
    reportVitals('/', (body) => sent.push(JSON.parse(body)) > 0);
    callbacks.get('LCP')!({ name: 'FCP', value: 1 } as unknown as Metric);
    for (let i = 0; i < 40; i++) settle('CLS', i / 100);
    hide();
    expect(sent[0]!.vitals).toHaveLength(16);
  });
});

describe('startVitals', () => {
  const configWith = (vitalsSampleRate: unknown) => jest.fn(async () => ({ json: async () => ({ vitalsSampleRate }) })) as unknown as typeof fetch;
  /** Past the idle time after live (jsdom has no requestIdleCallback: a second) and the chunk's loading. */
  const idle = () => new Promise((resolve) => setTimeout(resolve, 1_500));
  const live = Promise.resolve();

  beforeEach(() => {
    Object.defineProperty(navigator, 'sendBeacon', { value: jest.fn(() => true), configurable: true });
    delete document.documentElement.dataset.vitals;
  });

  it('loads the measuring part for a sampled view of a known page, once the page is live', async () => {
    global.fetch = configWith(1);
    let goLive = () => {};
    startVitals(
      '/shop/12',
      () => 0.5,
      new Promise<void>((resolve) => {
        goLive = resolve;
      }),
    );
    await idle();
    expect(global.fetch).not.toHaveBeenCalled();
    goLive();
    await idle();
    expect(global.fetch).toHaveBeenCalledWith('/app-config.json', { cache: 'no-cache' });
    expect(document.documentElement.dataset.vitals).toBe('on');
  });

  it('measures nothing for a view left out of the sample, a not-found page, or an unreadable config', async () => {
    global.fetch = configWith(0.1);
    startVitals('/shop/12', () => 0.5, live);
    startVitals('/no/such/page', () => 0, live);
    await idle();
    global.fetch = configWith('all');
    startVitals('/', () => 0, live);
    await idle();
    expect(document.documentElement.dataset.vitals).toBeUndefined();
  });
});
