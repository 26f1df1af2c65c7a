/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { toast } from 'shared-events';
import { Toasts } from './Toasts.tsx';

describe('Toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a toast where it was asked for and closes it after its duration', () => {
    render(<Toasts />);
    act(() => toast.show('Reset email sent', { kind: 'success', position: 'bottom-left', durationMs: 2500 }));
    const message = screen.getByText('Reset email sent');
    expect(message.closest('[role="status"]')?.className).toContain('bottomLeft');
    act(() => jest.advanceTimersByTime(2499));
    expect(screen.queryByText('Reset email sent')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Reset email sent')).toBeNull();
  });
});
