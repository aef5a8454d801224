import { fullName, type CardTheme } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { renderBusinessCard, type BusinessCardContent, type BusinessCardLabels } from '../../../../shared/business-card/business-card.ts';

export type PreviewContent = BusinessCardContent & { firstName?: string; lastName?: string };

export function useCardLabels(): BusinessCardLabels {
  const { t } = useTranslation('cards');
  return {
    phoneTypes: { mobile: t('phoneTypes.mobile'), work: t('phoneTypes.work'), fax: t('phoneTypes.fax'), other: t('phoneTypes.other') },
    email: t('labels.email'),
    address: t('labels.address'),
    line: t('labels.line'),
    video: t('labels.video'),
  };
}

/** The staff side's rendering of the one card component (the public page renders the same). */
export function CardPreview({ card, theme, photoUrl, compact }: { card: PreviewContent; theme: CardTheme; photoUrl: string | undefined; compact?: boolean }) {
  const labels = useCardLabels();
  // The renderer escapes every value (shared/business-card/business-card.ts): the same markup as the public page.
  const html = renderBusinessCard({ name: fullName(card.firstName, card.lastName) || '—', card, theme, photoUrl: photoUrl ?? null, labels, compact, heading: compact ? 3 : 2 });
  return <div className="card-preview" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A phone-shaped frame around a preview, with the theme's page colour behind the card. */
export function PhoneFrame({ theme, children }: { theme: CardTheme; children: React.ReactNode }) {
  return (
    <div className="card-phone" style={{ background: theme.colors.page }}>
      <div className="card-phone__screen">{children}</div>
    </div>
  );
}
