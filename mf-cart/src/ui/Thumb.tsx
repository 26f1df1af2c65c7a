import { useState } from 'react';
import { ImageIcon } from './icons.tsx';
import styles from './Thumb.module.css';

type Props = { src: string; size: number; className?: string };

/**
 * A product thumbnail with explicit dimensions (no layout shift while it loads). It is decorative:
 * the product title always sits beside it. A missing or broken image becomes a neutral tile.
 */
export function Thumb({ src, size, className }: Props) {
  const [broken, setBroken] = useState(false);
  const classes = className ? `${styles.thumb} ${className}` : styles.thumb;
  if (!src || broken) {
    return (
      <span className={`${classes} ${styles.placeholder}`} style={{ width: size, height: size }} aria-hidden="true">
        <ImageIcon size={Math.round(size / 2.4)} />
      </span>
    );
  }
  return <img className={classes} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setBroken(true)} />;
}
