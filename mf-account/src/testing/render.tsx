import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { bus, language, type EventOf } from 'shared-events';

export function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `element` at `path` inside a router, with a probe showing where the app went. */
export function renderAt(element: ReactElement, path: string, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path.split('?')[0] ?? path, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
      <Routes>
        <Route path="*" element={element} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** Collects the toasts asked for on the bus. */
export function recordToasts() {
  const toasts: Array<EventOf<'toast:requested'>> = [];
  const subscription = bus.on('toast:requested').subscribe((event) => toasts.push(event));
  return { toasts, stop: () => subscription.unsubscribe() };
}

/** Collects auth:changed events. */
export function recordAuth() {
  const events: Array<EventOf<'auth:changed'>['user']> = [];
  const subscription = bus.on('auth:changed').subscribe((event) => events.push(event.user));
  return { events, stop: () => subscription.unsubscribe() };
}

export const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

export function setLanguage(lang: 'en' | 'ru') {
  act(() => language.set(lang));
}
