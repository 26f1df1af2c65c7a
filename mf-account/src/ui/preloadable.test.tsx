/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadable } from './preloadable.ts';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

function renderPart(Part: (props: { name: string }) => React.ReactElement) {
  return render(
    <Suspense fallback={<p>Loading…</p>}>
      <Part name="Ann" />
    </Suspense>,
  );
}

describe('preloadable', () => {
  it('shows the fallback while its code loads, then the part', async () => {
    const Part = preloadable(() => Promise.resolve(Greeting));
    renderPart(Part);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Hello Ann')).toBeTruthy();
  });

  it('renders at once when its code was preloaded', async () => {
    const load = jest.fn(() => Promise.resolve(Greeting));
    const Part = preloadable(load);
    await act(() => Part.preload());
    renderPart(Part);
    expect(screen.getByText('Hello Ann')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a load that failed', async () => {
    const load = jest.fn<Promise<typeof Greeting>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const Part = preloadable(load);
    await act(() => Part.preload());
    await act(() => Part.preload());
    renderPart(Part);
    expect(screen.getByText('Hello Ann')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
