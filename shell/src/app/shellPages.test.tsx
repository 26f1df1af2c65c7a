/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { preloadShellPage, ShellPageSlot } from './shellPages.tsx';

it('renders the page the address names at once once it was preloaded, as hydrating its markup needs', async () => {
  await preloadShellPage('/about');
  render(<ShellPageSlot page="about" />);
  expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeTruthy();
});

it('renders a page reached by navigation when its code has arrived', async () => {
  render(<ShellPageSlot page="contact" />);
  expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy();
});

it('preloads nothing for an address that is not a shell page', async () => {
  await expect(preloadShellPage('/shop/1')).resolves.toBeUndefined();
  await expect(preloadShellPage('/no/such/page')).resolves.toBeUndefined();
});
