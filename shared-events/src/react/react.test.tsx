/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { bus, cart, createTranslator, language } from 'shared-events';
import { useCartItems, useDropdown, useLanguage, useProfile, useSession, useTranslate } from 'shared-events/react';

const translator = createTranslator<'greeting'>({ en: { greeting: 'Hello, {name}' }, ru: { greeting: 'Привет, {name}' } });

function Greeting() {
  const t = useTranslate(translator);
  return (
    <p>
      {useLanguage()}: {t('greeting', { name: 'Ann' })}
    </p>
  );
}

function CartCount() {
  const items = useCartItems();
  return <p>{items.map((item) => `${item.title} x${item.qun}`).join(', ') || 'empty'}</p>;
}

function Who() {
  const session = useSession();
  const profile = useProfile();
  return <p>{session.known ? `${session.user?.email ?? 'nobody'} ${profile?.city ?? '-'}` : 'loading'}</p>;
}

function Menu() {
  const { open, toggle, container, trigger } = useDropdown();
  return (
    <div>
      <div ref={container}>
        <button type="button" ref={trigger} onClick={toggle}>
          Menu
        </button>
        {open && (
          <ul>
            <li>Entry</li>
          </ul>
        )}
      </div>
      <button type="button">elsewhere</button>
    </div>
  );
}

afterEach(() => {
  act(() => {
    cart.clear();
    language.set('en');
  });
});

describe('shared-events/react', () => {
  it('re-renders in the language any remote switches to', () => {
    render(<Greeting />);
    expect(screen.getByText('en: Hello, Ann')).toBeTruthy();
    act(() => bus.publish({ type: 'language:changed', v: 1, language: 'ru' }));
    expect(screen.getByText('ru: Привет, Ann')).toBeTruthy();
  });

  it('after a switch to a language still loading, keeps the words shown and re-renders when they arrive', async () => {
    let arrive: () => void = () => {};
    const russian = new Promise<{ default: { greeting: string } }>((resolve) => {
      arrive = () => resolve({ default: { greeting: 'Привет, {name}' } });
    });
    const loaded = createTranslator<'greeting'>({ en: async () => ({ default: { greeting: 'Hello, {name}' } }), ru: () => russian });
    await loaded.ready();
    function LoadedGreeting() {
      const t = useTranslate(loaded);
      return <p>{t('greeting', { name: 'Ann' })}</p>;
    }
    render(<LoadedGreeting />);
    expect(screen.getByText('Hello, Ann')).toBeTruthy();
    act(() => language.set('ru'));
    expect(screen.getByText('Hello, Ann')).toBeTruthy();
    await act(async () => {
      arrive();
      await loaded.ready(['ru']);
    });
    expect(screen.getByText('Привет, Ann')).toBeTruthy();
  });

  it('shows the page’s one cart, live', () => {
    render(<CartCount />);
    expect(screen.getByText('empty')).toBeTruthy();
    const tote = { id: 1, title: 'Tote', price: 19.99, thumbnail: '/t.svg', stock: 3, brand: 'N', discountPercentage: 0 };
    act(() => void cart.add(tote));
    act(() => void cart.add(tote));
    expect(screen.getByText('Tote x2')).toBeTruthy();
  });

  it('follows who is signed in and their record', () => {
    render(<Who />);
    act(() => bus.publish({ type: 'auth:changed', v: 1, user: { uid: 'u1', email: 'ann@example.com', displayName: null } }));
    expect(screen.getByText('ann@example.com -')).toBeTruthy();
    act(() => bus.publish({ type: 'account:profile', v: 1, uid: 'u1', profile: { city: 'Lisbon' } }));
    expect(screen.getByText('ann@example.com Lisbon')).toBeTruthy();
    act(() => bus.publish({ type: 'auth:changed', v: 1, user: null }));
    expect(screen.getByText('nobody -')).toBeTruthy();
  });

  it('a header dropdown toggles, closes on a click elsewhere, and Escape returns focus to its trigger', () => {
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(trigger);
    expect(screen.queryByText('Entry')).toBeTruthy();
    fireEvent.click(screen.getByText('Entry'));
    expect(screen.queryByText('Entry')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByText('Entry')).toBeNull();
    fireEvent.click(trigger);
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByText('Entry')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    fireEvent.click(trigger);
    fireEvent.click(trigger);
    expect(screen.queryByText('Entry')).toBeNull();
  });
});
