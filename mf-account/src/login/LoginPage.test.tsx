/** @jest-environment jsdom */
import '../testing/polyfills.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bus } from 'shared-events';
import { accountSession } from '../auth/instance.ts';
import { AccountError } from '../firebase/errors.ts';
import { createFakeService, type FakeService } from '../testing/fakeService.ts';
import { flush, recordToasts, renderAt, setLanguage } from '../testing/render.tsx';
import LoginPage from './LoginPage.tsx';

const mockService: FakeService = createFakeService();
jest.mock('../auth/firebaseConnection.ts', () => ({ connectAccountService: () => Promise.resolve(mockService) }));

/** The checkout service's reset endpoint, as the page's fetch sees it: each call's body, and the answer to give. */
const resetCalls: unknown[] = [];
let resetAnswer: number | Error = 202;
const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
  if (input !== '/api/checkout/password-reset') throw new TypeError('offline');
  resetCalls.push(JSON.parse(String(init?.body)));
  if (resetAnswer instanceof Error) throw resetAnswer;
  return { status: resetAnswer, ok: resetAnswer < 300, json: async () => ({}) } as Response;
});

const email = () => screen.getByLabelText('Email Address') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const logIn = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
const forgot = () => fireEvent.click(screen.getByRole('button', { name: 'Forget pasword' }));

async function renderLogin(path = '/login', state?: unknown) {
  const view = renderAt(<LoginPage />, path, state);
  await flush();
  return view;
}

beforeEach(async () => {
  setLanguage('en');
  // Firebase starts on the first interaction (or at once for a signed-in shopper); start it here.
  await act(async () => {
    await accountSession.connect();
    mockService.emit(null);
  });
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  resetCalls.length = 0;
  resetAnswer = 202;
});

describe('LoginPage', () => {
  it('marks its root as the account remote on the shared bus', async () => {
    const { container } = await renderLogin();
    expect(container.querySelector('[data-remote="account"]')?.getAttribute('data-bus-id')).toBe(bus.instanceId);
  });

  it('shows the spec’s login form and the New Customer block', async () => {
    await renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Returning Customer' })).toBeTruthy();
    expect(email().placeholder).toMatch(/@example\.com$/);
    expect(password().placeholder).toBe('minimum 8 digits');
    expect(password().type).toBe('password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forget pasword' })).toBeTruthy();
    const newCustomer = screen.getByRole('region', { name: 'New Customer' });
    expect(within(newCustomer).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/sign-up');
  });

  it('flips the password between hidden and plain text with the eye toggle', async () => {
    await renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().type).toBe('password');
  });

  it('asks for the email, under the email field, without calling the service', async () => {
    await renderLogin();
    logIn();
    const message = screen.getByText('Please fill it with your Email');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toContain(message.closest('p')?.id);
    expect(document.activeElement).toBe(email());
    fireEvent.change(email(), { target: { value: 'ann@' } });
    expect(screen.queryByText('Please fill it with your Email')).toBeNull();
    logIn();
    expect(screen.getByText('Please enter the valid email')).toBeTruthy();
    expect(mockService.signIn).not.toHaveBeenCalled();
  });

  it('says the spec’s words when the sign-in fails, and typing clears them', async () => {
    await renderLogin();
    mockService.signIn.mockRejectedValueOnce(new AccountError('invalid-credential'));
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    fireEvent.change(password(), { target: { value: 'wrong-pass' } });
    logIn();
    expect(await screen.findByText('Wrong information.! Please Check Your Email and Password')).toBeTruthy();
    expect(mockService.signIn).toHaveBeenCalledWith('ann@example.com', 'wrong-pass');
    fireEvent.change(password(), { target: { value: 'wrong-pass2' } });
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('does not blame the password when the service is unreachable', async () => {
    await renderLogin();
    mockService.signIn.mockRejectedValueOnce(new AccountError('network'));
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    fireEvent.change(password(), { target: { value: 'abcd1234' } });
    logIn();
    expect((await screen.findByTestId('login-error')).textContent).toMatch(/could not reach the sign-in service/);
  });

  it('logs in: a success toast top-left for 2500 ms, then back where the shopper came from', async () => {
    const { toasts, stop } = recordToasts();
    await renderLogin('/login', { from: { pathname: '/checkout', search: '', hash: '' } });
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    fireEvent.change(password(), { target: { value: 'abcd1234' } });
    logIn();
    // The first sign-in of this file loads the session's Firebase side and the dashboard lazily, which
    // ts-jest compiles on first use: on a loaded machine that alone can outlast waitFor's default 1 s.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/checkout'), { timeout: 10_000 });
    expect(toasts).toEqual([expect.objectContaining({ kind: 'success', position: 'top-left', durationMs: 2500 })]);
    expect(toasts[0]?.message).toContain('Ann');
    stop();
  });

  it('goes to /my-account (or ?next=) by default', async () => {
    await renderLogin('/login?next=/cart-list');
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    fireEvent.change(password(), { target: { value: 'abcd1234' } });
    logIn();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cart-list'));
  });

  it('resets: a toast bottom-left on success, the spec’s message for a malformed email', async () => {
    const { toasts, stop } = recordToasts();
    await renderLogin();
    fireEvent.change(email(), { target: { value: 'not-an-email' } });
    forgot();
    expect(screen.getByText('Firstly, Enter your valid email')).toBeTruthy();
    expect(resetCalls).toEqual([]);
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    expect(screen.queryByText('Firstly, Enter your valid email')).toBeNull();
    forgot();
    await waitFor(() => expect(toasts).toHaveLength(1));
    // The shop's own mail, in the shopper's language; Firebase's mail is not asked for.
    expect(resetCalls).toEqual([{ email: 'ann@example.com', lang: 'en' }]);
    expect(mockService.sendReset).not.toHaveBeenCalled();
    expect(toasts[0]).toMatchObject({ kind: 'success', position: 'bottom-left', durationMs: 2500 });
    expect(toasts[0]?.message).toBe('If an account exists for ann@example.com, a link to reset its password is on its way.');
    stop();
  });

  it('falls back to Firebase’s own mail when the checkout service has no reset endpoint yet (an older release)', async () => {
    const { toasts, stop } = recordToasts();
    await renderLogin();
    resetAnswer = 404;
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    forgot();
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(mockService.sendReset).toHaveBeenCalledWith('ann@example.com');
    stop();
  });

  it('asks for the reset mail in Russian when the shopper reads Russian', async () => {
    await renderLogin();
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    setLanguage('ru');
    fireEvent.click(screen.getByRole('button', { name: 'Забыли пароль' }));
    await waitFor(() => expect(resetCalls).toEqual([{ email: 'ann@example.com', lang: 'ru' }]));
  });

  it('says so when the reset cannot be asked for: too many requests, no connection, the service away', async () => {
    const { toasts, stop } = recordToasts();
    await renderLogin();
    fireEvent.change(email(), { target: { value: 'ann@example.com' } });
    resetAnswer = 429;
    forgot();
    expect((await screen.findByTestId('login-error')).textContent).toBe('Too many attempts. Please wait a moment and try again.');
    resetAnswer = new TypeError('Failed to fetch');
    forgot();
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toMatch(/could not reach the sign-in service/));
    resetAnswer = 503;
    forgot();
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toMatch(/unavailable right now/));
    expect(toasts).toEqual([]);
    // The button is back for another try.
    expect((screen.getByRole('button', { name: 'Forget pasword' }) as HTMLButtonElement).disabled).toBe(false);
    stop();
  });

  it('shows the account dashboard to a signed-in shopper (the spec’s second reading)', async () => {
    await renderLogin();
    await act(async () => {
      mockService.emit({ uid: 'u1', email: 'ann@example.com', displayName: 'Ann' });
    });
    mockService.records.set('u1', { username: 'Ann', email: 'ann@example.com' });
    expect(await screen.findByText('Hello Ann')).toBeTruthy();
    expect(screen.getByTestId('account-greeting').textContent).toBe('Hello Ann (not Ann? Log out)');
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('switches language live', async () => {
    await renderLogin();
    setLanguage('ru');
    expect(screen.getByRole('heading', { level: 1, name: 'Вход' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByText('Пожалуйста, укажите ваш email')).toBeTruthy();
    setLanguage('en');
    expect(screen.getByText('Please fill it with your Email')).toBeTruthy();
  });
});
