/** @jest-environment jsdom */
import '../testing/polyfills.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { bus, language } from 'shared-events';
import { accountSession } from '../auth/instance.ts';
import { AccountError } from '../firebase/errors.ts';
import { createFakeService, type FakeService } from '../testing/fakeService.ts';
import { flush, renderAt, setLanguage } from '../testing/render.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';

const mockService: FakeService = createFakeService();
jest.mock('../auth/firebaseConnection.ts', () => ({ connectAccountService: () => Promise.resolve(mockService) }));

const link = '/reset-password?mode=resetPassword&oobCode=code-1&lang=en';
const newPassword = () => screen.getByLabelText('New Password') as HTMLInputElement;
const repeat = () => screen.getByLabelText('Repeat Password') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));

async function renderPage(path = link) {
  const view = renderAt(<ResetPasswordPage />, path);
  await flush();
  return view;
}

beforeEach(async () => {
  setLanguage('en');
  await act(async () => {
    await accountSession.connect();
    mockService.emit(null);
  });
  jest.clearAllMocks();
});

describe('ResetPasswordPage', () => {
  it('checks the link’s code and names the account, on the shared bus', async () => {
    const { container } = await renderPage();
    expect(container.querySelector('[data-remote="account"]')?.getAttribute('data-bus-id')).toBe(bus.instanceId);
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    expect(mockService.verifyResetCode).toHaveBeenCalledWith('code-1');
    expect(screen.getByTestId('reset-email').textContent).toBe('ann@example.com');
    expect(newPassword().getAttribute('autocomplete')).toBe('new-password');
  });

  it('says it is checking the link until the answer comes', async () => {
    let answer: (email: string) => void = () => undefined;
    mockService.verifyResetCode.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await renderPage();
    expect(screen.getByRole('status').textContent).toBe('Checking your link…');
    await act(async () => answer('bo@example.com'));
    expect(screen.getByTestId('reset-email').textContent).toBe('bo@example.com');
  });

  it('holds the new password to sign-up’s rules and messages, at the fields', async () => {
    await renderPage();
    save();
    expect(newPassword().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a password')).toBeTruthy();
    expect(screen.getByText('Please repeat your password')).toBeTruthy();
    expect(document.activeElement).toBe(newPassword());
    fireEvent.change(newPassword(), { target: { value: 'abcdefgh' } });
    fireEvent.change(repeat(), { target: { value: 'abcdefgh' } });
    save();
    expect(screen.getByText('Password must contain at least one letter and one digit')).toBeTruthy();
    fireEvent.change(newPassword(), { target: { value: 'abcd1234' } });
    fireEvent.change(repeat(), { target: { value: 'abcd12345' } });
    save();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(document.activeElement).toBe(repeat());
    expect(mockService.confirmReset).not.toHaveBeenCalled();
  });

  it('sets the password, then says so and leads to the login page', async () => {
    await renderPage();
    fireEvent.change(newPassword(), { target: { value: 'new-pass-22' } });
    fireEvent.change(repeat(), { target: { value: 'new-pass-22' } });
    save();
    const done = await screen.findByTestId('reset-done');
    expect(mockService.confirmReset).toHaveBeenCalledWith('code-1', 'new-pass-22');
    expect(done.textContent).toContain('Your password has been changed.');
    expect(document.activeElement).toBe(done);
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('explains an expired or used link and offers a new one, also when it is used up meanwhile', async () => {
    mockService.verifyResetCode.mockRejectedValueOnce(new AccountError('invalid-action-code'));
    await renderPage();
    const problem = screen.getByTestId('reset-link-problem');
    expect(problem.getAttribute('role')).toBe('alert');
    expect(problem.textContent).toContain('This link has expired or has already been used.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('New Password')).toBeNull();

    await renderPage('/reset-password?oobCode=code-2');
    mockService.confirmReset.mockRejectedValueOnce(new AccountError('invalid-action-code'));
    fireEvent.change(newPassword(), { target: { value: 'new-pass-22' } });
    fireEvent.change(repeat(), { target: { value: 'new-pass-22' } });
    save();
    await waitFor(() => expect(screen.getAllByTestId('reset-link-problem')).toHaveLength(2));
  });

  it('explains a link without a code or for another account action, without asking Firebase', async () => {
    await renderPage('/reset-password');
    expect(screen.getByTestId('reset-link-problem').textContent).toContain('This link is incomplete.');
    await renderPage('/reset-password?mode=verifyEmail&oobCode=code-3');
    expect(screen.getByText(/This link is not for resetting a password\./)).toBeTruthy();
    expect(mockService.verifyResetCode).not.toHaveBeenCalled();
  });

  it('offers a retry when the sign-in service cannot be reached, and reports other failures on the form', async () => {
    mockService.verifyResetCode.mockRejectedValueOnce(new AccountError('network'));
    await renderPage();
    expect(screen.getByTestId('reset-error').textContent).toMatch(/could not reach the sign-in service/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    mockService.confirmReset.mockRejectedValueOnce(new AccountError('unavailable'));
    fireEvent.change(newPassword(), { target: { value: 'new-pass-22' } });
    fireEvent.change(repeat(), { target: { value: 'new-pass-22' } });
    save();
    expect((await screen.findByTestId('reset-form-error')).textContent).toMatch(/unavailable right now/);
    expect((screen.getByRole('button', { name: 'Save the new password' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('speaks the language the mail’s link names', async () => {
    await renderPage('/reset-password?mode=resetPassword&oobCode=code-1&lang=ru');
    expect(language.current).toBe('ru');
    expect(screen.getByRole('heading', { level: 1, name: 'Задайте новый пароль' })).toBeTruthy();
    expect(screen.getByLabelText('Новый пароль')).toBeTruthy();
  });
});
