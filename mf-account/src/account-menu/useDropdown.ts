import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state of a header dropdown, behaving like the shell's own (shell/src/header/dropdown):
 * toggles on its trigger, closes on any click elsewhere (judged on the event's composed path, so a
 * click on something that re-rendered away still counts as inside) and on Escape, which returns
 * focus to the trigger.
 */
export function useDropdown<C extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const container = useRef<C>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
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
