import { Button, Tag, Typography } from 'antd';
import { CheckOutlined, LockOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Card } from '@lodestar/contract';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';
import { useCardThemes, useSetCardTheme } from '../cards.api.ts';
import { CardPreview } from './card-preview.tsx';

/**
 * businesscard/themes: the theme store, each theme previewed with the member's own card. A theme the plan lacks
 * shows its plan; applying it anyway answers the server's upgrade message (PLAN_LIMIT_REACHED).
 */
export function ThemeStore({ orgId, card }: { orgId: string; card: Card }) {
  const { t } = useTranslation('cards');
  const store = useCardThemes(orgId);
  const apply = useSetCardTheme(orgId, t('themes.applied'));
  const photo = useAuthorizedImage(card.photoUrl);
  if (store.isLoading) return <LoadingState />;
  if (store.isError || !store.data) return <ErrorState error={store.error} onRetry={() => void store.refetch()} />;
  const current = card.themeId;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('themes.lead')}</Typography.Paragraph>
      <ul className="theme-store" aria-label={t('tabs.theme')}>
        {store.data.themes.map((theme) => {
          const name = t(`themes.names.${theme.id}`);
          const inUse = theme.id === current;
          return (
            <li key={theme.id} className={`theme-store__tile${inUse ? ' theme-store__tile--current' : ''}`} data-testid={`theme-${theme.id}`}>
              <div className="theme-store__stage" style={{ background: theme.colors.page }}>
                <CardPreview card={card} theme={theme} photoUrl={photo} compact />
              </div>
              <div className="theme-store__meta">
                <div>
                  <Typography.Text strong>{name}</Typography.Text>
                  <div className="theme-store__tags">
                    <Tag>{theme.dark ? t('themes.dark') : t('themes.light')}</Tag>
                    {theme.included ? null : (
                      <Tag icon={<LockOutlined aria-hidden="true" />}>
                        {t('themes.needsPlan', { plan: t(`planNames.${theme.minPlan}`) })}
                      </Tag>
                    )}
                  </div>
                </div>
                {inUse ? (
                  <Tag icon={<CheckOutlined aria-hidden="true" />} className="theme-store__current">
                    {t('themes.current')}
                  </Tag>
                ) : (
                  <Button
                    size="small"
                    type={theme.included ? 'default' : 'dashed'}
                    aria-label={t('themes.applyNamed', { name })}
                    loading={apply.isPending && apply.variables === theme.id}
                    onClick={() => apply.mutate(theme.id)}
                  >
                    {t('themes.apply')}
                  </Button>
                )}
              </div>
              {!theme.included ? (
                <Link className="theme-store__upgrade" to={`/subscription?orgId=${orgId}`}>
                  {t('themes.upgrade')}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
