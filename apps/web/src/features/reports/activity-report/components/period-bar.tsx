import { Button, DatePicker, Segmented, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dateShortcuts, formatPeriod, periodOf, periodRange, parsePeriod, shortcutRange, stepSymbol, type DateRange, type PeriodKind } from '@lodestar/contract';
import { todayInTaipei } from '../report-format.ts';

export interface PeriodBarProps {
  kind: PeriodKind;
  symbol: string;
  /** A custom range replaces the period while set. */
  custom: DateRange | null;
  /** Where a kind's page is (team or personal), keeping the page's other parameters. */
  hrefOf: (kind: PeriodKind) => string;
  onPeriod: (symbol: string) => void;
  onCustom: (range: DateRange | null) => void;
}

/**
 * Week / month / quarter tabs, arrows stepping the period by its symbol (2024W1 ← 2023W52), the period's
 * dates, and a custom range with the date shortcuts (docs/product.md#limits).
 */
export function PeriodBar({ kind, symbol, custom, hrefOf, onPeriod, onCustom }: PeriodBarProps) {
  const { t } = useTranslation('activity-report');
  const navigate = useNavigate();
  const range = custom ?? (parsePeriod(symbol) ? periodRange(parsePeriod(symbol)!) : null);
  const today = todayInTaipei();
  const presets = dateShortcuts.map((shortcut) => {
    const r = shortcutRange(shortcut, today);
    return { label: t(`shortcuts.${shortcut}`), value: [dayjs(r.from), dayjs(r.to)] as [Dayjs, Dayjs] };
  });
  return (
    <div className="period-bar">
      <Segmented<PeriodKind>
        aria-label={t('periodKind')}
        value={kind}
        onChange={(value) => navigate(hrefOf(value))}
        options={(['week', 'month', 'quarter'] as const).map((value) => ({ value, label: t(`kinds.${value}`) }))}
      />
      <Space.Compact>
        <Button icon={<LeftOutlined aria-hidden="true" />} aria-label={t('previous')} disabled={Boolean(custom)} onClick={() => onPeriod(stepSymbol(symbol, -1))} />
        <span className="period-bar__symbol" aria-live="polite">
          {custom ? t('customPeriod') : t(`symbol.${kind}`, { symbol, year: symbol.slice(0, 4), index: symbol.slice(5) })}
        </span>
        <Button icon={<RightOutlined aria-hidden="true" />} aria-label={t('next')} disabled={Boolean(custom)} onClick={() => onPeriod(stepSymbol(symbol, 1))} />
      </Space.Compact>
      <Button onClick={() => onPeriod(formatPeriod(periodOf(kind, today)))} disabled={!custom && symbol === formatPeriod(periodOf(kind, today))}>
        {t(`current.${kind}`)}
      </Button>
      {range ? (
        <Typography.Text type="secondary" className="period-bar__dates">
          {t('dates', { from: range.from, to: range.to })}
        </Typography.Text>
      ) : null}
      <DatePicker.RangePicker
        aria-label={t('customRange')}
        placeholder={[t('from'), t('to')]}
        presets={presets}
        allowClear
        value={custom ? [dayjs(custom.from), dayjs(custom.to)] : null}
        onChange={(values) => {
          const [from, to] = values ?? [];
          onCustom(from && to ? { from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') } : null);
        }}
      />
    </div>
  );
}
