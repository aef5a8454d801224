import { useTranslation } from 'react-i18next';
import { textWidth } from '../../../../shared/format/axis.ts';
import { useElementWidth } from '../../../../shared/ui/use-element-width.ts';
import { formatCount } from '../report-format.ts';

export interface ChartBar {
  key: string;
  label: string;
  value: number;
  target: number | null;
}

/**
 * Bars of points against their targets (a dark tick per bar), drawn as plain SVG: a small chart that
 * needs no charting library. The numbers are in the table beside it, so the SVG is one labelled image
 * for screen readers.
 */
export function PointsChart({ bars, title }: { bars: ChartBar[]; title: string }) {
  const { t, i18n } = useTranslation('activity-report');
  const { ref, width } = useElementWidth<HTMLElement>(640);
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.target ?? 0)));
  const rowHeight = 28;
  const labelOf = (label: string) => (label.length > 14 ? `${label.slice(0, 13)}…` : label);
  // Drawn at the figure's real width: names get the room their longest needs, the bars the rest of the card.
  const labelWidth = Math.min(Math.ceil(width * 0.4), Math.ceil(Math.max(40, ...bars.map((b) => textWidth(labelOf(b.label), 12)))) + 12);
  const valueWidth = Math.ceil(Math.max(...bars.map((b) => textWidth(t('chart.value', { value: formatCount(b.value, i18n.language) }), 12)))) + 12;
  const barArea = Math.max(20, width - labelWidth - valueWidth);
  const height = Math.max(1, bars.length) * rowHeight + 8;
  const x = (value: number) => labelWidth + (value / max) * barArea;
  return (
    <figure className="points-chart" ref={ref}>
      <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
        {bars.map((bar, index) => {
          const y = index * rowHeight + 4;
          const reached = bar.target !== null && bar.target > 0 && bar.value >= bar.target;
          return (
            <g key={bar.key}>
              <text x={labelWidth - 8} y={y + 16} textAnchor="end" className="points-chart__label">
                {labelOf(bar.label)}
              </text>
              <rect x={labelWidth} y={y + 4} width={Math.max(0, x(bar.value) - labelWidth)} height={rowHeight - 12} rx={3} className={reached ? 'points-chart__bar points-chart__bar--met' : 'points-chart__bar'} />
              {bar.target !== null ? <line x1={x(bar.target)} x2={x(bar.target)} y1={y} y2={y + rowHeight - 4} className="points-chart__target" /> : null}
              <text x={x(bar.value) + 6} y={y + 16} className="points-chart__value">
                {t('chart.value', { value: formatCount(bar.value, i18n.language) })}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="points-chart__legend">
        <span className="points-chart__swatch" aria-hidden="true" /> {t('chart.points')}
        <span className="points-chart__tick" aria-hidden="true" /> {t('chart.target')}
      </figcaption>
    </figure>
  );
}
