import '../line.css';
import { Button, Card, Descriptions, Popconfirm, Typography } from 'antd';
import type { LineRichMenu } from '@lodestar/contract';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';
import { useLineRichMenu, useRemoveLineRichMenu } from '../line-rich-menu.api.ts';
import { RichMenuEditor } from '../components/rich-menu-editor.tsx';
import { RichMenuPreview } from '../components/rich-menu-preview.tsx';

/** The published image is a file of the workspace: fetched with the session, then shown with its areas. */
function PublishedPreview({ menu, alt }: { menu: LineRichMenu; alt: string }) {
  const src = useAuthorizedImage(menu.imageUrl);
  return src ? <RichMenuPreview src={src} width={menu.width} height={menu.height} areas={menu.areas} alt={alt} /> : null;
}

/**
 * /{orgId}/settings/channel/line/rich-menu: the menu LINE shows under the official account's chat — booking, business
 * card, contact us — published from here (docs/product.md#line-channel).
 */
export function LineRichMenuPage() {
  const { t } = useTranslation('line');
  usePageTitle(t('richMenu.title'));
  const { orgId = '' } = useParams();
  const view = useLineRichMenu(orgId);
  const remove = useRemoveLineRichMenu(orgId, t('richMenu.removed'));
  if (view.isError) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  if (!view.data) return <LoadingState />;
  const menu = view.data.menu;
  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('richMenu.title')}</Typography.Title>} extra={<Link to={`/${orgId}/settings/channel/line`}>{t('routing.back')}</Link>} className="line-rich-menu">
      <Typography.Paragraph type="secondary">{t('richMenu.hint')}</Typography.Paragraph>
      <section aria-labelledby="rich-menu-current" className="line-rich-menu__current" data-testid="rich-menu-current">
        <Typography.Title level={2} id="rich-menu-current" className="line-step__title">
          {t('richMenu.current')}
        </Typography.Title>
        {menu ? (
          <>
            <PublishedPreview menu={menu} alt={t('richMenu.previewAlt')} />
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'bar', label: t('richMenu.chatBarText'), children: menu.chatBarText },
                { key: 'size', label: t('richMenu.size'), children: `${menu.width}×${menu.height}` },
                { key: 'when', label: t('richMenu.publishedAt'), children: formatDateTime(menu.publishedAt) },
                ...menu.areas.map((area, i) => ({ key: `area-${i}`, label: `${i + 1}. ${area.label}`, children: <span className="line-rich-menu__target">{area.target}</span> })),
              ]}
            />
            <Popconfirm title={t('richMenu.removeConfirm')} okText={t('richMenu.remove')} cancelText={t('cancel')} onConfirm={() => void remove.mutateAsync().catch(() => undefined)}>
              <Button danger loading={remove.isPending}>
                {t('richMenu.remove')}
              </Button>
            </Popconfirm>
          </>
        ) : (
          <Typography.Paragraph type="secondary">{t('richMenu.none')}</Typography.Paragraph>
        )}
      </section>
      <section aria-labelledby="rich-menu-new">
        <Typography.Title level={2} id="rich-menu-new" className="line-step__title">
          {menu ? t('richMenu.replace') : t('richMenu.create')}
        </Typography.Title>
        <RichMenuEditor orgId={orgId} view={view.data} />
      </section>
    </Card>
  );
}
