import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state for a header dropdown: toggles on its trigger, closes on any click elsewhere
 * (so opening another dropdown closes this one) and on Escape, returning focus to the trigger.
 */
export function useDropdown<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const container = useRef<T>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // composedPath, not contains(target): a click that removes its own target (a remove button)
    // is no longer inside the container by the time this runs, yet it was a click inside.
    const onPointer = (event: MouseEvent) => {
      if (container.current && !event.composedPath().includes(container.current)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('click', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, toggle, close, container, trigger };
}
