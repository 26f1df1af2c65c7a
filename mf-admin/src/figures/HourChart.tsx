import { useId } from 'react';
import { useLanguage } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { barLayout, niceScale, tickY, type Box } from './chart.ts';
import styles from './FiguresPage.module.css';

const BOX: Box = { width: 720, height: 200, left: 76, bottom: 24, top: 8 };
const locales = { en: 'en-GB', ru: 'ru-RU' } as const;

export interface HourChartProps {
  title: string;
  /** Each hour's start (ISO) and value, oldest first. */
  hours: readonly { start: string; value: number }[];
  format: (value: number) => string;
  /** Counts get whole ticks; money in cents gets round amounts. */
  whole: boolean;
}

/**
 * One figure per hour as SVG bars. The drawing is hidden from assistive technology: the caption
 * sums it up and the table of every hour (behind "Show the numbers", so a keyboard reaches it too)
 * is its text alternative.
 */
export function HourChart({ title, hours, format, whole }: HourChartProps) {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const hourLabel = new Intl.DateTimeFormat(locales[language], { hour: '2-digit', minute: '2-digit' });
  const values = hours.map((hour) => hour.value);
  const scale = niceScale(Math.max(0, ...values), 4, whole);
  const bars = barLayout(values, scale, BOX);
  const total = values.reduce((sum, value) => sum + value, 0);
  const peak = hours.reduce<(typeof hours)[number] | undefined>((best, hour) => (hour.value > (best?.value ?? 0) ? hour : best), undefined);
  const label = (start: string) => hourLabel.format(new Date(start));

  return (
    <figure className={styles.chart} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        <span className={styles.chartTitle}>{title}</span>{' '}
        <span className={styles.summary}>
          {peak ? t('figures.summary', { total: format(total), hour: label(peak.start), value: format(peak.value) }) : t('figures.summaryNone')}
        </span>
      </figcaption>
      <svg className={styles.svg} viewBox={`0 0 ${BOX.width} ${BOX.height}`} aria-hidden="true" focusable="false">
        {scale.ticks.map((tick) => {
          const y = tickY(tick, scale, BOX);
          return (
            <g key={tick}>
              <line className={styles.grid} x1={BOX.left} x2={BOX.width} y1={y} y2={y} />
              <text className={styles.axis} x={BOX.left - 6} y={y} textAnchor="end" dominantBaseline="middle">
                {format(tick)}
              </text>
            </g>
          );
        })}
        {bars.map((bar, index) => (
          <g key={hours[index]!.start} data-hour={hours[index]!.start}>
            <rect className={styles.bar} x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
              <title>{`${label(hours[index]!.start)}: ${format(bar.value)}`}</title>
            </rect>
            {index % 6 === 0 || index === bars.length - 1 ? (
              // The last hour's label ends at its bar, so the drawing's right edge never cuts it.
              <text
                className={styles.axis}
                x={index === bars.length - 1 ? bar.x + bar.width : bar.x + bar.width / 2}
                y={BOX.height - 6}
                textAnchor={index === bars.length - 1 ? 'end' : 'middle'}
              >
                {label(hours[index]!.start)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <details className={styles.numbers}>
        <summary>{t('figures.showNumbers')}</summary>
        <table className={styles.table}>
          <caption className={styles.tableCaption}>{t('figures.tableCaption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('figures.hour')}</th>
              <th scope="col" className={styles.amount}>
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour.start}>
                <th scope="row">{label(hour.start)}</th>
                <td className={styles.amount}>{format(hour.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
