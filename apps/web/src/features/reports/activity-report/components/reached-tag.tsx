import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { reachedTone } from '../report-format.ts';

const colors = { success: 'green', warning: 'gold', error: 'red', default: undefined } as const;

/** The percentage of the target reached, coloured; "—" without a target (never 0 %). */
export function ReachedTag({ reached }: { reached: number | null }) {
  const { t } = useTranslation('activity-report');
  if (reached === null) return <span aria-label={t('noTarget')}>—</span>;
  return (
    <Tag color={colors[reachedTone(reached)]} className="report-reached">
      {t('percent', { value: reached })}
    </Tag>
  );
}
