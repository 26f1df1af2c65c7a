/** @jest-environment jsdom */
import '../testing/polyfills.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { bus } from 'shared-events';
import { accountSession } from '../auth/instance.ts';
import { AccountError } from '../firebase/errors.ts';
import { createFakeService, type FakeService } from '../testing/fakeService.ts';
import { flush, recordToasts, renderAt, setLanguage } from '../testing/render.tsx';
import SignUpPage, { REDIRECT_AFTER_SIGN_UP_MS } from './SignUpPage.tsx';

const mockService: FakeService = createFakeService();
jest.mock('../auth/firebaseConnection.ts', () => ({ connectAccountService: () => Promise.resolve(mockService) }));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
const errorOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.id.endsWith('-error'))?.textContent;
};

function fillValid(email = 'ann@example.com') {
  type('First Name', 'Ann');
  type('Last Name', 'Lee');
  type('Email Address', email);
  type('Telephone', '+1 555 0100');
  type('Address 1', '12 Market Street');
  type('City', 'Springfield');
  type('Post Code', '62701');
  fireEvent.change(field('Country'), { target: { value: 'United States' } });
  fireEvent.change(field('Region/State'), { target: { value: 'Illinois' } });
  type('Password', 'abcd1234');
  type('Repeat Password', 'abcd1234');
  fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree to the Privacy Policy/ }));
}

async function renderSignUp() {
  const view = renderAt(<SignUpPage />, '/sign-up');
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
});

describe('SignUpPage', () => {
  it('has every field of the spec, a submit button and a link to /login', async () => {
    const { container } = await renderSignUp();
    expect(container.querySelector('[data-remote="account"]')?.getAttribute('data-bus-id')).toBe(bus.instanceId);
    for (const label of [
      'First Name',
      'Last Name',
      'Email Address',
      'Telephone',
      'Address 1',
      'Address 2',
      'City',
      'Post Code',
      'Country',
      'Region/State',
      'Password',
      'Repeat Password',
    ]) {
      expect(field(label)).toBeTruthy();
    }
    expect(field('Country').tagName).toBe('SELECT');
    expect(field('Region/State').tagName).toBe('SELECT');
    expect(screen.getByRole('group', { name: 'Subscribe Newsletter' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: /Privacy Policy/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Log in here|Log In/ })[0]?.getAttribute('href')).toBe('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').type).toBe('text');
  });

  it('blocks an empty form with a message per field and focuses the first one', async () => {
    await renderSignUp();
    submit();
    expect(errorOf('Email Address')).toBe('Please fill it with your Email');
    expect(errorOf('First Name')).toBe('Please enter your first name');
    expect(errorOf('Password')).toBe('Please enter a password');
    expect(errorOf('Repeat Password')).toBe('Please repeat your password');
    expect(screen.getByText('Please agree to the Privacy Policy to create an account')).toBeTruthy();
    expect(field('Email Address').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('First Name')));
    expect(mockService.signUp).not.toHaveBeenCalled();
  });

  it('blocks a malformed email, mismatched passwords, a weak password and a missing agreement', async () => {
    await renderSignUp();
    fillValid('ann@');
    type('Password', 'abcdefgh');
    type('Repeat Password', 'abcdefgX');
    fireEvent.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    submit();
    expect(errorOf('Email Address')).toBe('Please enter the valid email');
    expect(errorOf('Password')).toBe('Password must contain at least one letter and one digit');
    expect(errorOf('Repeat Password')).toBe('Passwords do not match');
    expect(screen.getByText('Please agree to the Privacy Policy to create an account')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Email Address')));
    expect(mockService.signUp).not.toHaveBeenCalled();
  });

  it('shows Firebase’s refusals where they belong', async () => {
    await renderSignUp();
    fillValid();
    mockService.signUp.mockRejectedValueOnce(new AccountError('email-already-in-use'));
    submit();
    await waitFor(() => expect(errorOf('Email Address')).toBe('An account with this email already exists. Log in or use another email.'));
    mockService.signUp.mockRejectedValueOnce(new AccountError('weak-password'));
    submit();
    await waitFor(() => expect(errorOf('Password')).toMatch(/too weak/));
    mockService.signUp.mockRejectedValueOnce(new AccountError('permission_denied'));
    submit();
    expect((await screen.findByTestId('signup-error')).textContent).toMatch(/do not have permission/);
    mockService.signUp.mockRejectedValueOnce(new AccountError('unavailable'));
    submit();
    await waitFor(() => expect(screen.getByTestId('signup-error').textContent).toMatch(/unavailable right now/));
  });

  it('succeeds: sends the whole form, toasts, clears the form and goes to /login after 2.5 s', async () => {
    const { toasts, stop } = recordToasts();
    await renderSignUp();
    fillValid();
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      submit();
      await act(async () => {
        await Promise.resolve();
      });
      await waitFor(() => expect(toasts).toHaveLength(1));
      expect(mockService.signUp).toHaveBeenCalledWith({
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        telephone: '+1 555 0100',
        address1: '12 Market Street',
        address2: '',
        city: 'Springfield',
        postCode: '62701',
        country: 'United States',
        region: 'Illinois',
        newsletter: true,
        password: 'abcd1234',
      });
      expect(toasts[0]).toMatchObject({ message: 'Congratulations, SignUp Done!', kind: 'success' });
      expect(field('First Name').value).toBe('');
      expect(field('Email Address').value).toBe('');
      expect(screen.getByRole('status').textContent).toMatch(/Taking you to the login page/);
      act(() => jest.advanceTimersByTime(REDIRECT_AFTER_SIGN_UP_MS - 100));
      expect(screen.getByTestId('where').textContent).toBe('/sign-up');
      act(() => jest.advanceTimersByTime(100));
      expect(screen.getByTestId('where').textContent).toBe('/login');
    } finally {
      jest.useRealTimers();
      stop();
    }
  });

  it('speaks Russian when the shop does', async () => {
    await renderSignUp();
    setLanguage('ru');
    fireEvent.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    expect(screen.getByText('Пожалуйста, укажите ваш email')).toBeTruthy();
    expect(screen.getByLabelText('Повторите пароль')).toBeTruthy();
  });
});
