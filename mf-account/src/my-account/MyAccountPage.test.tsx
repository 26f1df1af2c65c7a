/** @jest-environment jsdom */
import '../testing/polyfills.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountSession } from '../auth/instance.ts';
import { AccountError } from '../firebase/errors.ts';
import { createFakeService, type FakeService } from '../testing/fakeService.ts';
import { flush, renderAt, setLanguage } from '../testing/render.tsx';
import MyAccountPage from './MyAccountPage.tsx';

const mockService: FakeService = createFakeService();
jest.mock('../auth/firebaseConnection.ts', () => ({ connectAccountService: () => Promise.resolve(mockService) }));

const ann = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann' };
const record = {
  username: 'Ann',
  email: 'ann@example.com',
  lastName: 'Lee',
  telephone: '+1 555 0100',
  address1: '12 Market Street',
  city: 'Springfield',
  postCode: '62701',
  country: 'United States',
  region: 'Illinois',
  newsletter: false,
};

async function signIn() {
  mockService.records.set('u1', { ...record });
  await act(async () => mockService.emit(ann));
}

async function renderPage(path = '/my-account') {
  const view = renderAt(<MyAccountPage />, path);
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

describe('MyAccountPage', () => {
  it('gives an anonymous visitor the login form, and stays put after logging in', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    mockService.records.set('u1', { ...record });
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcd1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/my-account');
  });

  it('greets the real user and lists the spec’s sections plus Orders', async () => {
    await signIn();
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('account-greeting').textContent).toBe('Hello Ann (not Ann? Log out)'));
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Dashboard', 'Orders', 'Others', 'Downloads', 'Addresses', 'Account details']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('keeps the open section in the address and moves between tabs with the arrow keys', async () => {
    await signIn();
    await renderPage('/my-account?tab=addresses');
    expect(screen.getByRole('tab', { name: 'Addresses' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Addresses' }), { key: 'ArrowDown' });
    expect(screen.getByTestId('where').textContent).toBe('/my-account?tab=details');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Account details' }));
  });

  it('shows and edits the stored address', async () => {
    await signIn();
    await renderPage('/my-account?tab=addresses');
    const saved = await screen.findByTestId('saved-address');
    expect(saved.textContent).toContain('12 Market Street');
    fireEvent.click(screen.getByRole('button', { name: 'Edit address' }));
    fireEvent.change(screen.getByLabelText('City'), { target: { value: ' Chicago ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your address was saved.')).toBeTruthy();
    expect(mockService.updateOwnRecord).toHaveBeenCalledWith('u1', expect.objectContaining({ city: 'Chicago', address1: '12 Market Street' }));
    expect(screen.getByTestId('saved-address').textContent).toContain('Chicago');
  });

  it('validates account details and says clearly when the database refuses', async () => {
    await signIn();
    await renderPage('/my-account?tab=details');
    const first = (await screen.findByLabelText('First Name')) as HTMLInputElement;
    expect(first.value).toBe('Ann');
    fireEvent.change(first, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Please enter your first name')).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(mockService.updateOwnRecord).not.toHaveBeenCalled();

    fireEvent.change(first, { target: { value: 'Annie' } });
    mockService.updateOwnRecord.mockRejectedValueOnce(new AccountError('permission_denied'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByTestId('save-error')).textContent).toBe('You do not have permission to access this account data. Please log in again.');
    mockService.updateOwnRecord.mockRejectedValueOnce(new AccountError('unavailable'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('save-error').textContent).toMatch(/unavailable right now/));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your account details were saved.')).toBeTruthy();
    expect(mockService.updateOwnRecord).toHaveBeenLastCalledWith('u1', { username: 'Annie', lastName: 'Lee', telephone: '+1 555 0100' });
  });

  it('says so, with a retry, when the record cannot be read', async () => {
    await signIn();
    mockService.readOwnRecord.mockRejectedValueOnce(new AccountError('unavailable'));
    await renderPage('/my-account?tab=addresses');
    const alert = await screen.findByTestId('record-error');
    expect(alert.textContent).toMatch(/unavailable right now/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('saved-address')).toBeTruthy();
  });

  it('logs out from the dashboard', async () => {
    await signIn();
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(mockService.signOut).toHaveBeenCalled();
  });
});
