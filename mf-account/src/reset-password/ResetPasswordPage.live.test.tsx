/** @jest-environment jsdom */
import '../testing/polyfills.ts';
import { act, screen } from '@testing-library/react';
import { createFakeService } from '../testing/fakeService.ts';
import type { LiveControl } from '../testing/liveControl.ts';
import { flush, renderAt, setLanguage } from '../testing/render.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';

// Firebase is not part of the page's first load: a link without a code never needs it, and a
// link's code is checked once the page is live (the shell's storefront:live mark).
const mockService = createFakeService();
const mockConnect = jest.fn(() => Promise.resolve(mockService));
jest.mock('../auth/firebaseConnection.ts', () => ({ connectAccountService: () => mockConnect() }));
jest.mock('../auth/afterLive.ts', () => jest.requireActual<typeof import('../testing/liveControl.ts')>('../testing/liveControl.ts').createLiveControl());
const page = jest.requireMock<LiveControl>('../auth/afterLive.ts');

beforeEach(() => {
  setLanguage('en');
  page.reset();
});

it('answers a link without a code, which takes the focus, without Firebase', async () => {
  const view = renderAt(<ResetPasswordPage />, '/reset-password');
  await flush();
  expect(document.activeElement).toBe(screen.getByTestId('reset-link-problem'));
  await act(() => page.goLive());
  await flush();
  expect(mockConnect).not.toHaveBeenCalled();
  view.unmount();
});

it('checks a link’s code once the page is live, saying it is checking meanwhile', async () => {
  renderAt(<ResetPasswordPage />, '/reset-password?mode=resetPassword&oobCode=code-1&lang=en');
  await flush();
  expect(screen.getByRole('status').textContent).toBe('Checking your link…');
  await act(() => page.goLive());
  expect(await screen.findByTestId('reset-email')).toBeTruthy();
  expect(mockService.verifyResetCode).toHaveBeenCalledWith('code-1');
});
