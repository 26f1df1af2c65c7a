/** @jest-environment jsdom */
import '../testing/polyfills.ts';
import { hintedShopper } from '../testing/hintedShopper.ts';
import { act, screen, waitFor } from '@testing-library/react';
import { createFakeService } from '../testing/fakeService.ts';
import type { LiveControl } from '../testing/liveControl.ts';
import { flush, renderAt, setLanguage } from '../testing/render.tsx';
import MyAccountPage from './MyAccountPage.tsx';

// A shopper signed in on an earlier visit opens My Account: the page is live (the shell's
// storefront:live mark) before Firebase is asked for, and Firebase then confirms the shopper.
const mockService = createFakeService();
const mockConnect = jest.fn(() => Promise.resolve(mockService));
jest.mock('../auth/firebaseConnection.ts', () => ({ connectAccountService: () => mockConnect() }));
jest.mock('../auth/afterLive.ts', () => jest.requireActual<typeof import('../testing/liveControl.ts')>('../testing/liveControl.ts').createLiveControl());
const page = jest.requireMock<LiveControl>('../auth/afterLive.ts');

it('greets the hinted shopper at once and loads Firebase only once the page is live', async () => {
  setLanguage('en');
  mockService.records.set('u1', { username: 'Annie', email: hintedShopper.email });
  renderAt(<MyAccountPage />, '/my-account');
  await flush();
  expect(screen.getByTestId('account-greeting').textContent).toBe('Hello Ann (not Ann? Log out)');
  expect(screen.getByRole('status').textContent).toBe('Checking your sign-in…');
  expect(mockConnect).not.toHaveBeenCalled();

  await act(() => page.goLive());
  expect(mockConnect).toHaveBeenCalledTimes(1);
  await act(async () => mockService.emit(hintedShopper));
  await waitFor(() => expect(screen.getByTestId('account-greeting').textContent).toBe('Hello Annie (not Annie? Log out)'));
});
