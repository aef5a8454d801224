import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A lost deal's reason and note, one line beside its status (the deal page). */
export function LostReasonText({ reason, note }: { reason: { label: string } | null; note: string | null }) {
  const { t } = useTranslation('deals');
  const text = reason ? t('lostReasons.shown', { reason: reason.label }) : t('lostReasons.noReason');
  return (
    <Typography.Text type="secondary" className="deal-lost-reason" data-testid="deal-lost-reason">
      {note ? `${text} · ${note}` : text}
    </Typography.Text>
  );
}
