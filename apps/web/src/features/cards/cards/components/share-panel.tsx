import { useEffect, useRef } from 'react';
import { Alert, Button, Card as Panel, Empty, Input, QRCode, Space, Table, Tag, Typography } from 'antd';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { CopyOutlined, DownloadOutlined, PrinterOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fullName, type Card, type CardLead } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useCardLeads } from '../cards.api.ts';
import { openPrintSheet } from './print-sheet.ts';

export function publicCardUrl(slug: string): string {
  return `${window.location.origin}/card/${slug}`;
}

/** businesscard/share: the public link, its QR code (PNG, print sheet), LINE, vCard, and who exchanged cards. */
export function SharePanel({ orgId, card }: { orgId: string; card: Card }) {
  const { t } = useTranslation('cards');
  const { message } = feedback;
  const qrBox = useRef<HTMLDivElement>(null);
  const leads = useCardLeads(orgId);
  // antd's QR canvas carries role="img" without a name: name it (the link itself is shown beside it).
  useEffect(() => {
    qrBox.current?.querySelector('canvas')?.setAttribute('aria-label', t('share.qrAlt'));
  });
  if (!card.slug) {
    return (
      <Empty description={t('share.saveFirst')}>
        <Link to={`/${orgId}/businesscard/info`}>{t('share.goToInfo')}</Link>
      </Empty>
    );
  }
  const url = publicCardUrl(card.slug);
  const name = fullName(card.firstName, card.lastName);
  const qrPng = () => qrBox.current?.querySelector('canvas')?.toDataURL('image/png') ?? '';
  const copy = async () => {
    await navigator.clipboard.writeText(url);
    void message.success(t('share.copied'));
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = qrPng();
    link.download = `${name || 'card'}-qr.png`;
    link.click();
  };
  return (
    <div className="card-share">
      {!card.isPublic ? <Alert type="warning" showIcon title={t('preview.off')} /> : null}
      <Panel title={t('share.link')} size="small">
        <Space.Compact className="card-share__link">
          <Input value={url} readOnly aria-label={t('share.link')} data-testid="card-public-link" />
          <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
            {t('share.copy')}
          </Button>
        </Space.Compact>
        <Space wrap className="card-share__actions">
          <Button icon={<ShareAltOutlined aria-hidden="true" />} href={`https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(url)}`} target="_blank" rel="noopener noreferrer">
            {t('share.line')}
          </Button>
          <Button icon={<DownloadOutlined aria-hidden="true" />} href={`/api/public/card/${card.slug}/vcard`} download>
            {t('share.vcard')}
          </Button>
        </Space>
      </Panel>
      <Panel title={t('share.qr')} size="small">
        <div className="card-share__qr" ref={qrBox}>
          <QRCode value={url} type="canvas" size={200} errorLevel="M" bgColor="#ffffff" />
        </div>
        <Space wrap>
          <Button icon={<DownloadOutlined aria-hidden="true" />} onClick={download}>
            {t('share.downloadQr')}
          </Button>
          <Button icon={<PrinterOutlined aria-hidden="true" />} onClick={() => openPrintSheet({ qr: qrPng(), name, company: card.company ?? '', url, title: t('share.printTitle') })}>
            {t('share.print')}
          </Button>
        </Space>
      </Panel>
      <Panel title={t('share.exchanges')} size="small" className="card-share__leads">
        <Table<CardLead>
          rowKey="id"
          size="small"
          loading={leads.isLoading}
          dataSource={leads.data ?? []}
          pagination={false}
          locale={{ emptyText: <Typography.Text type="secondary">{t('share.exchangesEmpty')}</Typography.Text> }}
          scroll={{ x: 640 }}
          columns={[
            { key: 'name', title: t('share.name'), render: (_, lead) => (lead.contactId ? <Link to={`/${orgId}/contact/detail/${lead.contactId}`}>{lead.name}</Link> : lead.name) },
            { key: 'phone', title: t('share.phone'), dataIndex: 'phone' },
            { key: 'email', title: t('share.email'), dataIndex: 'email' },
            { key: 'note', title: t('share.note'), dataIndex: 'note', ellipsis: true },
            { key: 'contact', title: t('share.contactLinked'), render: (_, lead) => (lead.contactId ? <Tag>{t('share.contactLinked')}</Tag> : <Tag>{t('share.noContact')}</Tag>) },
            { key: 'when', title: t('share.when'), render: (_, lead) => formatDateTime(lead.createdAt) },
          ]}
        />
      </Panel>
    </div>
  );
}
