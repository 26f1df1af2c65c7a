import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useHydrated } from 'shared-events/react';
import { CATALOG_API_BASE } from '../api/client.ts';
import { useT } from '../i18n/useT.ts';
import { PauseIcon, PlayIcon } from '../ui/icons.tsx';
import { usePrefersReducedMotion } from '../ui/useMedia.ts';
import { HERO_INTERVAL_MS, HERO_SPEED_MS, wrapIndex } from './carousel.ts';
import styles from './HeroCarousel.module.css';

const SLIDES = [
  { image: 1, eyebrow: 'hero.1.eyebrow', title: 'hero.1.title', text: 'hero.1.text' },
  { image: 2, eyebrow: 'hero.2.eyebrow', title: 'hero.2.title', text: 'hero.2.text' },
  { image: 3, eyebrow: 'hero.3.eyebrow', title: 'hero.3.title', text: 'hero.3.text' },
] as const;

/** The banners are 1600 x 600 (mf-catalog/server images/banners.ts). */
const BANNER_WIDTH = 1600;
const BANNER_HEIGHT = 600;

export const bannerUrl = (n: number) => `${CATALOG_API_BASE}/images/banners/${n}.svg`;

type Slide = (typeof SLIDES)[number];

/** One banner on the track; index `count` is the copy of the first slide, which the assistive tech never hears. */
function HeroSlide({ slide, index, count, current }: { slide: Slide; index: number; count: number; current: boolean }) {
  const t = useT();
  const isCopy = index === count;
  return (
    <div
      className={styles.slide}
      role={isCopy ? undefined : 'group'}
      aria-roledescription={isCopy ? undefined : t('hero.slide')}
      aria-label={isCopy ? undefined : t('hero.slideLabel', { n: index + 1, count })}
      aria-hidden={current ? undefined : true}
      inert={!current}
    >
      <img
        className={styles.image}
        src={bannerUrl(slide.image)}
        alt=""
        width={BANNER_WIDTH}
        height={BANNER_HEIGHT}
        fetchPriority={index === 0 ? 'high' : 'low'}
        loading={index === 0 ? 'eager' : 'lazy'}
        decoding={index === 0 ? 'sync' : 'async'}
      />
      <div className={styles.copy}>
        <div className={styles.copyInner}>
          <p className={styles.eyebrow}>{t(slide.eyebrow)}</p>
          <h2 className={styles.title}>{t(slide.title)}</h2>
          <p className={styles.text}>{t(slide.text)}</p>
          <Link to="/shop" className={styles.cta}>
            {t('hero.cta')}
            <span className={styles.visuallyHidden}>: {t(slide.title)}</span>
          </Link>
        </div>
      </div>
    </div>
  );
}

/**
 * The home hero: vertical, one slide at a time, three slides, 1000 ms per move,
 * 2500 ms between moves, infinite (a copy of the first slide follows the last, so it keeps moving
 * up). It pauses while hovered or focused and on the pause button, and with
 * prefers-reduced-motion it neither animates nor plays by itself.
 */
export function HeroCarousel() {
  const t = useT();
  const live = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const count = SLIDES.length;
  // Position on the track: 0..count, where `count` is the copy of slide 0.
  const [position, setPosition] = useState(0);
  const [animate, setAnimate] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  // When the last move started; null after a pause, so playing resumes with a full interval.
  const lastMove = useRef<number | null>(null);
  const current = wrapIndex(position, count);
  const playing = !stopped && !reducedMotion;
  const paused = hovered || focused;

  const goTo = useCallback(
    (target: number) => {
      if (target < 0 || target > count) return;
      if (reducedMotion) {
        setAnimate(false);
        setPosition(wrapIndex(target, count));
        return;
      }
      lastMove.current = Date.now();
      setAnimate(true);
      setPosition(target);
    },
    [count, reducedMotion],
  );

  // After a move settles, the copy of slide 0 is swapped for the real one, without animation.
  useEffect(() => {
    if (!animate) return;
    const timer = setTimeout(() => {
      setAnimate(false);
      setPosition((p) => (p >= count ? p - count : p < 0 ? p + count : p));
    }, HERO_SPEED_MS);
    return () => clearTimeout(timer);
  }, [animate, position, count]);

  // Autoplay: the next move starts 2500 ms after the last one started.
  useEffect(() => {
    if (!playing || paused) {
      lastMove.current = null;
      return;
    }
    const since = lastMove.current === null ? 0 : Date.now() - lastMove.current;
    const timer = setTimeout(() => goTo(position + 1), Math.max(HERO_INTERVAL_MS - since, 0));
    return () => clearTimeout(timer);
  }, [playing, paused, position, animate, goTo]);

  const show = (index: number) => {
    if (index === current) return;
    // Moving forward past the end goes through the copy of slide 0.
    goTo(index === 0 && current === count - 1 ? count : index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') {
      event.preventDefault();
      show(wrapIndex(current + 1, count));
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') {
      event.preventDefault();
      show(wrapIndex(current - 1, count));
    }
  };

  const track = [...SLIDES, SLIDES[0]];

  return (
    <section
      className={styles.hero}
      aria-roledescription={t('hero.roledescription')}
      aria-label={t('hero.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className={styles.viewport} aria-live={playing && !paused ? 'off' : 'polite'}>
        <div
          className={`${styles.track} ${animate ? styles.animate : ''}`}
          style={{ transform: `translateY(${-position * 100}%)`, transitionDuration: animate ? `${HERO_SPEED_MS}ms` : '0ms' }}
        >
          {track.map((slide, index) => (
            <HeroSlide key={index === count ? 'copy' : slide.image} slide={slide} index={index} count={count} current={index === position} />
          ))}
        </div>
      </div>

      <div className={styles.controls}>
        <button
          type="button"
          className={styles.playButton}
          onClick={() => setStopped((s) => !s)}
          aria-label={playing ? t('hero.pause') : t('hero.play')}
          title={playing ? t('hero.pause') : t('hero.play')}
          hidden={reducedMotion}
          disabled={!live}
        >
          {playing ? <PauseIcon size={16} /> : <PlayIcon size={14} />}
        </button>
        <div className={styles.dots} role="group" aria-label={t('hero.choose')}>
          {SLIDES.map((slide, index) => (
            <button
              key={slide.image}
              type="button"
              className={`${styles.dot} ${index === current ? styles.dotActive : ''}`}
              aria-label={t('hero.goTo', { n: index + 1 })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => show(index)}
              disabled={!live}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
