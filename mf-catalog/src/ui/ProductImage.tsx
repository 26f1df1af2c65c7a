import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { ImageIcon } from './icons.tsx';
import styles from './ProductImage.module.css';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height' | 'onError'> & {
  src: string;
  alt: string;
  width: number;
  height: number;
};

/**
 * A product picture that may live on another origin (a shop's CDN): when it is missing or fails to
 * load, a neutral tile of the same size takes its place instead of the browser's broken-image icon.
 * A new `src` is tried again.
 */
export function ProductImage({ src, alt, width, height, className, ...rest }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // In a page rendered on the server the browser may have given up on the picture before React
  // listened for its error: a finished picture that cannot be decoded failed.
  useEffect(() => {
    const element = image.current;
    if (!element?.complete || !src || typeof element.decode !== 'function') return;
    let live = true;
    element.decode().catch(() => live && setFailed(src));
    return () => {
      live = false;
    };
  }, [src]);
  if (!src || failed === src) {
    return (
      <span
        className={className ? `${className} ${styles.placeholder}` : styles.placeholder}
        style={{ aspectRatio: `${width} / ${height}` }}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        data-image-missing=""
      >
        <ImageIcon size={Math.max(20, Math.round(Math.min(width, height) / 4))} />
      </span>
    );
  }
  return <img ref={image} src={src} alt={alt} width={width} height={height} className={className} {...rest} onError={() => setFailed(src)} />;
}
