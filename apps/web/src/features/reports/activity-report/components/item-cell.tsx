import { useTranslation } from 'react-i18next';
import { formatCount } from '../report-format.ts';
import type { ItemCell } from '../report-table.ts';

/**
 * One activity item's cell: the count first (the column is named after the activity, e.g. visit or call), then the
 * points beside it, each labelled (the itemCell catalog keys), so the two are never read for each other.
 */
export function ItemCellText({ item, cell }: { item: string; cell: ItemCell | undefined }) {
  const { t, i18n } = useTranslation('activity-report');
  const count = cell?.count ?? 0;
  const points = cell?.points ?? 0;
  if (count === 0 && points === 0) return <span className="report-item-cell report-item-cell--none">—</span>;
  const values = { item, count: formatCount(count, i18n.language), points: formatCount(points, i18n.language) } as Record<string, string>;
  return (
    <span className="report-item-cell" data-testid="report-item-cell">
      {t('itemCell.both', values)}
    </span>
  );
}
