/** @jest-environment jsdom */
import '../testing/polyfills.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus } from 'shared-events';
import { accountSession } from '../auth/instance.ts';
import { createFakeService, type FakeService } from '../testing/fakeService.ts';
import { flush, recordAuth, recordToasts, renderAt, setLanguage } from '../testing/render.tsx';
import AccountMenu from './AccountMenu.tsx';

const mockService: FakeService = createFakeService();
const mockLoads = jest.fn();
jest.mock('../auth/firebaseConnection.ts', () => ({
  connectAccountService: () => {
    mockLoads();
    return Promise.resolve(mockService);
  },
}));

const ann = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann' };
const trigger = () => screen.getByRole('button', { name: /^Account menu/ });

function renderMenu() {
  const view = renderAt(
    <>
      <AccountMenu />
      <button type="button">elsewhere</button>
    </>,
    '/shop',
  );
  return view;
}

beforeEach(() => {
  setLanguage('en');
  localStorage.clear();
});

describe('AccountMenu', () => {
  it('renders at once for a visitor, without loading Firebase, and offers Sign Up and Log In', async () => {
    const { container } = renderMenu();
    expect(container.querySelector('[data-remote="account"]')?.getAttribute('data-bus-id')).toBe(bus.instanceId);
    expect(trigger().getAttribute('aria-label')).toBe('Account menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await flush();
    expect(mockLoads).not.toHaveBeenCalled();

    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Account' });
    expect(within(panel).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/sign-up');
    expect(within(panel).getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    // The first interaction starts Firebase, so the real state is ready in time.
    await flush();
    expect(mockLoads).toHaveBeenCalled();
  });

  it('closes on Escape (focus back on the trigger), on a click elsewhere, and when a link is chosen', async () => {
    renderMenu();
    fireEvent.click(trigger());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Account' })).toBeNull();
    expect(document.activeElement).toBe(trigger());

    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('region', { name: 'Account' })).toBeNull();

    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('link', { name: 'Sign Up' }));
    expect(screen.getByTestId('where').textContent).toBe('/sign-up');
    expect(screen.queryByRole('region', { name: 'Account' })).toBeNull();
    await flush();
  });

  it('follows the auth state on the bus: My Account and Log Out when signed in', async () => {
    renderMenu();
    await act(async () => {
      await accountSession.connect();
      mockService.emit(ann);
    });
    await flush();
    expect(trigger().getAttribute('aria-label')).toBe('Account menu, logged in as Ann');
    fireEvent.click(trigger());
    const panel = screen.getByRole('region', { name: 'Account' });
    expect(within(panel).getByText('Hello, Ann')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/my-account');
    expect(within(panel).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(within(panel).queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it('really logs out: Firebase signs out, the bus hears it, the menu switches back', async () => {
    const auth = recordAuth();
    const { toasts, stop } = recordToasts();
    renderMenu();
    await act(async () => {
      await accountSession.connect();
      mockService.emit(ann);
    });
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(trigger().getAttribute('aria-label')).toBe('Account menu'));
    expect(mockService.signOut).toHaveBeenCalledTimes(1);
    expect(auth.events.at(-1)).toBeNull();
    expect(localStorage.getItem('auth-hint')).toBeNull();
    expect(toasts.at(-1)?.message).toBe('You have been logged out.');
    expect(document.activeElement).toBe(trigger());
    auth.stop();
    stop();
  });

  it('speaks Russian when the shop does', async () => {
    renderMenu();
    await act(async () => mockService.emit(null));
    setLanguage('ru');
    fireEvent.click(screen.getByRole('button', { name: 'Меню аккаунта' }));
    expect(screen.getByRole('link', { name: 'Регистрация' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Войти' })).toBeTruthy();
  });
});
