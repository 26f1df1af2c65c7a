/** @jest-environment jsdom */
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { HydrateLater } from 'shared-events/react';

// jsdom has no IntersectionObserver: a stand-in that lets the test say when a part nears the viewport.
const watched: { element: Element; callback: IntersectionObserverCallback }[] = [];
class FakeIntersectionObserver {
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe(element: Element) {
    watched.push({ element, callback: this.callback });
  }
  disconnect() {}
}
Object.assign(window, { IntersectionObserver: FakeIntersectionObserver });
const nearViewport = (element: Element) =>
  act(async () => {
    for (const watch of watched.filter((w) => w.element === element))
      watch.callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver);
  });

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

function Page() {
  return (
    <main>
      <Counter label="top" />
      <ul>
        <HydrateLater as="li" className="cell">
          <Counter label="below" />
        </HydrateLater>
      </ul>
    </main>
  );
}

/** React's own mark on a node it has hydrated or rendered. */
const hydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber'));

/**
 * The server's markup in the page, then hydrated as the shell does it. Each test's page has ids of
 * its own (`page`): an opened gate stays open for the rest of a page's life.
 */
async function serverRenderedPage(page: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />, { identifierPrefix: page });
  document.body.replaceChildren(container);
  const [top, below] = [...container.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
  await act(async () => {
    hydrateRoot(container, <Page />, { identifierPrefix: page });
  });
  return { container, top, below };
}

afterEach(() => {
  watched.length = 0;
  document.body.replaceChildren();
});

it('leaves a part as the server sent it while the rest of the page hydrates, and adopts that markup when it nears the viewport', async () => {
  const { container, top, below } = await serverRenderedPage('first');
  expect(hydrated(top)).toBe(true);
  expect(hydrated(below)).toBe(false);
  const cell = container.querySelector('li')!;
  expect(cell.className).toBe('cell');
  await nearViewport(cell);
  expect(hydrated(below)).toBe(true);
  expect(container.querySelectorAll('button')[1]).toBe(below);
  await act(async () => below.click());
  expect(below.textContent).toBe('below 1');
});

it('opens at the first input anywhere, before React sees that input, and the input reaches the part', async () => {
  const { below } = await serverRenderedPage('second');
  expect(hydrated(below)).toBe(false);
  await act(async () => {
    below.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    below.click();
  });
  expect(hydrated(below)).toBe(true);
  expect(below.textContent).toBe('below 1');
});

it('renders straight away where there is no server markup (a later visit to the screen), and stays when the page renders again', async () => {
  const { rerender } = render(<Page />);
  expect(screen.getByRole('button', { name: 'below 0' })).toBeTruthy();
  expect(screen.getByRole('listitem').className).toBe('cell');
  // Its own element is in the page now: it is not server markup to wait for.
  await act(async () => rerender(<Page />));
  expect(screen.getByRole('button', { name: 'below 0' })).toBeTruthy();
});
