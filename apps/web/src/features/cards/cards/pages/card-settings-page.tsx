import { Button, Card as Panel, Tabs, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findCardTheme } from '@lodestar/contract';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';
import { useCard } from '../cards.api.ts';
import { CardPreview, PhoneFrame } from '../components/card-preview.tsx';
import { InfoForm } from '../components/info-form.tsx';
import { SharePanel } from '../components/share-panel.tsx';
import { ThemeStore } from '../components/theme-store.tsx';
import '../cards.css';

/** The tabs and their addresses: /{orgId}/businesscard/info and /themes (docs/product.md#screens), /preview, /share. */
export const cardTabs = { info: 'info', theme: 'themes', preview: 'preview', share: 'share' } as const;
type TabKey = keyof typeof cardTabs;

/** Business card setting (the avatar menu's entry): info, theme, preview, share. */
export function CardSettingsPage() {
  const { t } = useTranslation('cards');
  const { orgId = '', tab = 'info' } = useParams();
  const navigate = useNavigate();
  const card = useCard(orgId);
  const photo = useAuthorizedImage(card.data?.photoUrl);
  usePageTitle(t('title'));
  const active = (Object.keys(cardTabs) as TabKey[]).find((key) => cardTabs[key] === tab);
  if (!active) return <Navigate to={`/${orgId}/businesscard/info`} replace />;
  if (card.isLoading) return <LoadingState />;
  if (card.isError || !card.data) return <ErrorState error={card.error} onRetry={() => void card.refetch()} />;
  const data = card.data;
  const theme = findCardTheme(data.themeId);
  const content: Record<TabKey, React.ReactNode> = {
    info: <InfoForm key={data.id ?? 'new'} orgId={orgId} card={data} />,
    theme: <ThemeStore orgId={orgId} card={data} />,
    preview: (
      <div className="card-preview-tab">
        <Typography.Paragraph type="secondary">{data.isPublic ? t('preview.lead') : t('preview.off')}</Typography.Paragraph>
        <PhoneFrame theme={theme}>
          <CardPreview card={data} theme={theme} photoUrl={photo} />
        </PhoneFrame>
        {data.slug && data.isPublic ? (
          <Button icon={<ExportOutlined aria-hidden="true" />} href={`/card/${data.slug}`} target="_blank" rel="noopener noreferrer">
            {t('preview.open')}
          </Button>
        ) : null}
      </div>
    ),
    share: <SharePanel orgId={orgId} card={data} />,
  };
  return (
    <Panel title={<Typography.Title level={1} className="card-title">{t('title')}</Typography.Title>} className="card-settings">
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(`/${orgId}/businesscard/${cardTabs[key as TabKey]}`)}
        items={(Object.keys(cardTabs) as TabKey[]).map((key) => ({ key, label: t(`tabs.${key}`), children: key === active ? content[key] : null }))}
      />
    </Panel>
  );
}
