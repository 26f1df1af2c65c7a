import { useId, useState, type ReactNode } from 'react';
import { useHydrated } from 'shared-events/react';
import { ChevronDown } from '../ui/icons.tsx';
import styles from './ProductPage.module.css';

/** A disclosure whose open panel is 96px tall, scrolling inside when longer. */
export function Accordion({ title, defaultOpen = false, children }: { title: string; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const live = useHydrated();
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  return (
    <div className={styles.accordion}>
      <h2 className={styles.accordionHeading}>
        <button
          id={buttonId}
          type="button"
          className={styles.accordionButton}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          disabled={!live}
        >
          <span>{title}</span>
          <ChevronDown size={18} className={open ? styles.chevronOpen : styles.chevron} />
        </button>
      </h2>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        className={`${styles.accordionPanel} ${open ? styles.accordionOpen : ''}`}
        hidden={!open}
        tabIndex={open ? 0 : undefined}
      >
        <div className={styles.accordionContent}>{children}</div>
      </div>
    </div>
  );
}
