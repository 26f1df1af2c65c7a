import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state of a header dropdown. The header's dropdowns come from different remotes (the
 * shell's categories, the cart, the account menu) and must behave as one: each toggles on its
 * trigger, closes on any click elsewhere (so opening one closes the others) and on Escape, which
 * returns focus to the trigger.
 */
export function useDropdown<C extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const container = useRef<C>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // The composed path, not contains(target): a click that removes its own target (a remove
    // button) is no longer inside the container by the time this runs, yet it was a click inside.
    const onClick = (event: MouseEvent) => {
      const inside = container.current;
      if (inside && !event.composedPath().includes(inside)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, toggle, close, container, trigger };
}
