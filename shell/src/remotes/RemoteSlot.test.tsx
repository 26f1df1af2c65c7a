/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { RemoteSlot } from './RemoteSlot.tsx';
import { loadComponent, resetRemote } from './federation.ts';

jest.mock('./federation.ts', () => ({ loadComponent: jest.fn(), resetRemote: jest.fn(async () => undefined) }));
const load = loadComponent as jest.MockedFunction<typeof loadComponent>;

function Broken(): never {
  throw new Error('render failure');
}

function Working() {
  return <p>Cart contents</p>;
}

describe('RemoteSlot', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the remote once it has loaded', async () => {
    load.mockResolvedValue(Working);
    render(<RemoteSlot remote="cart" exposed="CartPage" />);
    expect(await screen.findByText('Cart contents')).toBeTruthy();
  });

  it('replaces a remote that cannot load with a fallback, and retries it afresh', async () => {
    load.mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce(Working);
    render(<RemoteSlot remote="cart" exposed="CartPage" />);
    expect(await screen.findByText('This part of the shop is unavailable')).toBeTruthy();
    expect(screen.getByText('The cart could not be loaded. The rest of the shop still works.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('Cart contents')).toBeTruthy();
    expect(resetRemote).toHaveBeenCalledWith('cart');
  });

  it('contains a remote that throws while rendering', async () => {
    load.mockResolvedValueOnce(Broken).mockResolvedValueOnce(Working);
    render(
      <div>
        <p>Header stays</p>
        <RemoteSlot remote="checkout" exposed="CheckoutPage" />
      </div>,
    );
    expect(await screen.findByText('This part of the shop is unavailable')).toBeTruthy();
    expect(screen.getByText('Header stays')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('Cart contents')).toBeTruthy();
  });

  it('keeps a failed header widget small: just a retry control', async () => {
    load.mockRejectedValue(new Error('down'));
    render(<RemoteSlot remote="account" exposed="AccountMenu" variant="widget" />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.getAttribute('title')).toBe('The account area could not be loaded. The rest of the shop still works.');
  });
});
