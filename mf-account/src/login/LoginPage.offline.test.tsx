/** @jest-environment jsdom */
import '../testing/polyfills.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AccountError } from '../firebase/errors.ts';
import { createFakeService } from '../testing/fakeService.ts';
import { flush, renderAt } from '../testing/render.tsx';
import LoginPage from './LoginPage.tsx';

// The gateway's /app-config.json cannot be fetched at first (gateway down, offline), then comes back.
const mockConnect = jest.fn();
jest.mock('../auth/firebaseConnection.ts', () => ({ connectAccountService: () => mockConnect() }));

describe('LoginPage when the sign-in service is unreachable', () => {
  it('keeps the form, says what is wrong in plain words, and recovers on "Try again"', async () => {
    mockConnect.mockRejectedValue(Object.assign(new Error('Could not load /app-config.json'), { problem: 'unreachable' }));
    renderAt(<LoginPage />, '/login');
    await flush();
    // A visitor's first interaction starts the service.
    expect(mockConnect).not.toHaveBeenCalled();
    fireEvent.focusIn(screen.getByLabelText('Email Address'));
    const notice = await screen.findByTestId('account-connection-problem');
    expect(notice.textContent).toMatch(/could not reach the sign-in service/i);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();

    // Logging in meanwhile says the same, never "wrong password".
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('login-error')).textContent).toMatch(/could not reach the sign-in service/);

    const service = createFakeService();
    mockConnect.mockResolvedValue(service);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('account-connection-problem')).toBeNull());
    service.signIn.mockRejectedValueOnce(new AccountError('invalid-credential'));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Wrong information.! Please Check Your Email and Password');
  });
});
