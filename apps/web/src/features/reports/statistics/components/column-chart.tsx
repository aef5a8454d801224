import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryLabelLayout, formatAxisValue, textWidth } from '../../../../shared/format/axis.ts';
import { useElementWidth } from '../../../../shared/ui/use-element-width.ts';

/**
 * A column chart drawn as SVG (grouped bars, optionally one series as a line). ECharts is not installed in this
 * workspace yet; this component is the one place a statistics screen draws axes, so swapping it for ECharts
 * (echarts/core with BarChart + LineChart, loaded by the lazy statistics pages only) touches nothing else.
 * Every bar and point is a keyboard-reachable link to the deals behind it; the table beside the chart carries
 * the same figures for readers who do not use the chart.
 */
export interface ChartSeries {
  key: string;
  name: string;
  values: number[];
  color: string;
  type: 'bar' | 'line';
}

interface Props {
  label: string;
  categories: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** Put before the axis's short numbers ("$" for amounts): the axis abbreviates, the tooltips and table do not. */
  axisPrefix?: string;
  onSelect?: ((categoryIndex: number, seriesKey: string) => void) | undefined;
}

const plotHeight = 220;
const fontSize = 12;
const pad = { right: 16, top: 16 };

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value / 1) ?? 10;
  return step * power;
}

export function ColumnChart({ label, categories, series, format, axisPrefix = '', onSelect }: Props) {
  const { i18n } = useTranslation();
  const { ref, width } = useElementWidth<HTMLElement>(720);
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => ({ f, text: formatAxisValue(max * f, i18n.language, axisPrefix) }));
  // The y-axis is as wide as its longest label (never clipped), the plot takes the rest of the card's width.
  const left = Math.ceil(Math.max(...ticks.map((tick) => textWidth(tick.text, fontSize)))) + 14;
  const plotWidth = Math.max(40, width - left - pad.right);
  const slot = plotWidth / Math.max(1, categories.length);
  const labels = categoryLabelLayout(categories, slot, fontSize);
  const height = pad.top + plotHeight + labels.height;
  const bars = series.filter((s) => s.type === 'bar');
  const barWidth = Math.min(36, (slot * 0.7) / Math.max(1, bars.length));
  const y = (value: number) => pad.top + plotHeight - (value / max) * plotHeight;
  const baseline = pad.top + plotHeight;
  const select = (i: number, key: string) => onSelect?.(i, key);
  const onKey = (i: number, key: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select(i, key);
    }
  };
  const interactive = (i: number, s: ChartSeries, value: number) =>
    onSelect
      ? { role: 'link', tabIndex: 0, 'aria-label': `${categories[i]} · ${s.name}: ${format(value)}`, onClick: () => select(i, s.key), onKeyDown: onKey(i, s.key), className: 'stat-chart__mark' }
      : { 'aria-hidden': true };

  return (
    <figure className="stat-chart" ref={ref}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="group" aria-label={label} className="stat-chart__svg">
        {ticks.map(({ f, text }) => (
          <g key={f} aria-hidden="true">
            <line x1={left} x2={width - pad.right} y1={y(max * f)} y2={y(max * f)} className="stat-chart__grid" />
            <text x={left - 8} y={y(max * f) + 4} textAnchor="end" className="stat-chart__axis">
              {text}
            </text>
          </g>
        ))}
        {categories.map((category, i) => {
          if (i % labels.step !== 0) return null;
          const x = left + slot * i + slot / 2;
          return labels.rotate ? (
            <text key={category} x={x} y={baseline + fontSize + 4} textAnchor="end" transform={`rotate(-45 ${x} ${baseline + fontSize + 4})`} className="stat-chart__axis" aria-hidden="true">
              {category}
            </text>
          ) : (
            <text key={category} x={x} y={baseline + fontSize + 8} textAnchor="middle" className="stat-chart__axis" aria-hidden="true">
              {category}
            </text>
          );
        })}
        {bars.map((s, b) =>
          s.values.map((value, i) => {
            const x = left + slot * i + slot / 2 - (barWidth * bars.length) / 2 + barWidth * b;
            return (
              <rect key={`${s.key}-${i}`} x={x} y={y(value)} width={barWidth - 2} height={Math.max(0, y(0) - y(value))} fill={s.color} {...interactive(i, s, value)}>
                <title>{`${categories[i]} · ${s.name}: ${format(value)}`}</title>
              </rect>
            );
          }),
        )}
        {series
          .filter((s) => s.type === 'line')
          .map((s) => (
            <g key={s.key}>
              <polyline
                aria-hidden="true"
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                points={s.values.map((value, i) => `${left + slot * i + slot / 2},${y(value)}`).join(' ')}
              />
              {s.values.map((value, i) => (
                <circle key={i} cx={left + slot * i + slot / 2} cy={y(value)} r={5} fill={s.color} {...interactive(i, s, value)}>
                  <title>{`${categories[i]} · ${s.name}: ${format(value)}`}</title>
                </circle>
              ))}
            </g>
          ))}
      </svg>
      <figcaption className="stat-chart__legend">
        {series.map((s) => (
          <span key={s.key} className="stat-chart__legend-item">
            <span className="stat-chart__swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
