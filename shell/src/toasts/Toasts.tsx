import { useEffect, useState } from 'react';
import { bus } from 'shared-events';
import { useT } from '../i18n/useT.ts';
import styles from './Toasts.module.css';

type Position = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
type Toast = { id: number; message: string; kind: 'success' | 'error' | 'info'; position: Position };

const positions: Position[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
const positionClass: Record<Position, string | undefined> = {
  'top-left': styles.topLeft,
  'top-right': styles.topRight,
  'bottom-left': styles.bottomLeft,
  'bottom-right': styles.bottomRight,
};
let nextId = 1;

/** Shows every toast any remote asks for on the bus, where it asks, for as long as it asks. */
export function Toasts() {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const subscription = bus.on('toast:requested').subscribe((event) => {
      const toast: Toast = { id: nextId++, message: event.message, kind: event.kind, position: event.position ?? 'top-right' };
      setToasts((current) => [...current, toast]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((shown) => shown.id !== toast.id));
      }, event.durationMs ?? 2500);
      timers.add(timer);
    });
    return () => {
      subscription.unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);

  const dismiss = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));

  return (
    <>
      {positions.map((position) => (
        <div key={position} className={`${styles.region} ${positionClass[position]}`} aria-live="polite" role="status">
          {toasts
            .filter((toast) => toast.position === position)
            .map((toast) => (
              <div key={toast.id} className={`${styles.toast} ${styles[toast.kind]}`}>
                <span>{toast.message}</span>
                <button type="button" className={styles.close} aria-label={t('toast.close')} onClick={() => dismiss(toast.id)}>
                  ×
                </button>
              </div>
            ))}
        </div>
      ))}
    </>
  );
}
