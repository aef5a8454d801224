import type { ReactNode } from 'react';
import { Card, List, Tag, Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecordSummary, SummaryFile } from '@lodestar/contract';
import { formatDate, formatDateTime } from '../../../../shared/format/when.ts';
import { formatMoney } from '../../../../shared/format/money.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';

type Section<K extends 'bookings' | 'cardExchanges' | 'imports' | 'files' | 'quotes' | 'invoices'> = NonNullable<RecordSummary[K]>;

/** One section card: its title with the count, its rows, and what an empty one says. */
function SectionCard<T extends { id: string }>(props: { testId: string; title: string; extra?: ReactNode; items: T[]; empty: string; row: (item: T) => ReactNode }) {
  return (
    <Card
      size="small"
      className="story-card"
      data-testid={props.testId}
      title={<Typography.Title level={2} className="side-title">{props.title}</Typography.Title>}
      extra={props.extra}
    >
      <List size="small" dataSource={props.items} rowKey="id" locale={{ emptyText: props.empty }} renderItem={(item) => <List.Item className="story-row">{props.row(item)}</List.Item>} />
    </Card>
  );
}

function BookingsCard({ orgId, bookings }: { orgId: string; bookings: Section<'bookings'> }) {
  const { t } = useTranslation('notes');
  return (
    <SectionCard
      testId="story-bookings"
      title={t('story.bookings', { count: bookings.total })}
      extra={<Link to={`/${orgId}/business/appointments`}>{t('story.allBookings')}</Link>}
      items={bookings.items}
      empty={t('story.noBookings')}
      row={(booking) => (
        <>
          <div className="story-row__main">
            <span>{booking.services.join('、') || booking.businessName}</span>
            <span className="muted">{t('story.bookingLine', { when: formatDateTime(booking.startsAt), number: booking.number, count: booking.people })}</span>
          </div>
          <div className="story-row__side">
            <Tag className={`story-status story-status--${booking.status === 'completed' ? 'closed' : booking.status === 'cancelled' ? 'failed' : 'developing'}`}>
              {t(`story.bookingStatus.${booking.status}`)}
            </Tag>
          </div>
        </>
      )}
    />
  );
}

const quoteTone = { draft: 'developing', sent: 'developing', accepted: 'closed', declined: 'failed' } as const;

/** The quotes of a contact's or company's deals: number, deal, total, status, valid until. */
function QuotesCard({ orgId, quotes }: { orgId: string; quotes: Section<'quotes'> }) {
  const { t } = useTranslation('notes');
  return (
    <SectionCard
      testId="story-quotes"
      title={t('story.quotes', { count: quotes.total })}
      items={quotes.items}
      empty={t('story.noQuotes')}
      row={(quote) => (
        <>
          <div className="story-row__main">
            <Link to={`/${orgId}/deal/detail/${quote.dealId}`}>{`${quote.number} v${quote.version} · ${quote.dealName}`}</Link>
            <span className="muted">{t('story.quoteLine', { total: formatMoney(quote.total), date: formatDate(quote.validUntil) })}</span>
          </div>
          <div className="story-row__side">
            <Tag className={`story-status story-status--${quoteTone[quote.status]}`}>{t(`story.quoteStatus.${quote.status}`)}</Tag>
          </div>
        </>
      )}
    />
  );
}

const invoiceTone = { draft: 'developing', pending: 'developing', issued: 'closed', allowed: 'closed', failed: 'failed', voided: 'failed' } as const;

/** The e-invoices of a contact's or company's deals (deals/sales-invoices): number, deal, amount, status. */
function InvoicesCard({ orgId, invoices }: { orgId: string; invoices: Section<'invoices'> }) {
  const { t } = useTranslation('notes');
  return (
    <SectionCard
      testId="story-invoices"
      title={t('story.invoices', { count: invoices.total })}
      items={invoices.items}
      empty={t('story.noInvoices')}
      row={(invoice) => (
        <>
          <div className="story-row__main">
            <Link to={`/${orgId}/deal/detail/${invoice.dealId}`}>{`${invoice.number ?? '—'} · ${invoice.dealName}`}</Link>
            <span className="muted">{t('story.invoiceLine', { amount: invoice.amount.toLocaleString(), when: formatDate(invoice.issuedAt) || '—' })}</span>
          </div>
          <div className="story-row__side">
            <Tag className={`story-status story-status--${invoiceTone[invoice.status]}`}>{t(`story.invoiceStatus.${invoice.status}`)}</Tag>
            {invoice.testMode ? <Tag>{t('story.invoiceTestMode')}</Tag> : null}
          </div>
        </>
      )}
    />
  );
}

function CardExchangesCard({ exchanges }: { exchanges: Section<'cardExchanges'> }) {
  const { t } = useTranslation('notes');
  return (
    <SectionCard
      testId="story-card-exchanges"
      title={t('story.cardExchanges', { count: exchanges.total })}
      items={exchanges.items}
      empty={t('story.noCardExchanges')}
      row={(exchange) => (
        <div className="story-row__main">
          <span>{t('story.exchangedOn', { owner: exchange.cardOwner })}</span>
          <span className="muted">{[formatDateTime(exchange.createdAt), exchange.note].filter(Boolean).join(' · ')}</span>
        </div>
      )}
    />
  );
}

function ImportsCard({ imports }: { imports: Section<'imports'> }) {
  const { t } = useTranslation('notes');
  return (
    <SectionCard
      testId="story-imports"
      title={t('story.imports', { count: imports.total })}
      items={imports.items}
      empty={t('story.noImports')}
      row={(item) => (
        <div className="story-row__main">
          <span>{item.fileName}</span>
          <span className="muted">{t(`story.import_${item.action}`, { when: formatDate(item.at), who: item.by ?? t('story.someone') })}</span>
        </div>
      )}
    />
  );
}

/** A photo as a thumbnail (fetched with the session: files are not public), any other file as its name. */
function FileTile({ orgId, file }: { orgId: string; file: SummaryFile }) {
  const isImage = file.mimeType.startsWith('image/');
  const src = useAuthorizedImage(isImage ? `/api/files/${file.id}?orgId=${orgId}` : null);
  return (
    <figure className="story-file">
      {isImage && src ? <img src={src} alt={file.name} className="story-file__image" /> : <FileOutlined aria-hidden="true" className="story-file__icon" />}
      <figcaption className="story-file__caption">
        <span className="story-file__name">{file.name}</span>
        <span className="muted">{file.source.name}</span>
      </figcaption>
    </figure>
  );
}

function FilesCard({ orgId, files }: { orgId: string; files: Section<'files'> }) {
  const { t } = useTranslation('notes');
  return (
    <Card
      size="small"
      className="story-card"
      data-testid="story-files"
      title={<Typography.Title level={2} className="side-title">{t('story.files', { count: files.total })}</Typography.Title>}
    >
      {files.items.length === 0 ? (
        <Typography.Text type="secondary">{t('story.noFiles')}</Typography.Text>
      ) : (
        <div className="story-files">
          {files.items.map((file) => (
            <FileTile key={`${file.source.id}:${file.id}`} orgId={orgId} file={file} />
          ))}
        </div>
      )}
    </Card>
  );
}

/**
 * The sections other contexts add around a record (records/record-summary): the quotes of its deals, a contact's bookings and card
 * exchanges, the imports that created or changed it, the photos and files of its schedules. An empty section
 * is left out, except files (a place to look for the photos of a visit).
 */
export function RecordMoreSections({ orgId, summary }: { orgId: string; summary: RecordSummary }) {
  return (
    <>
      {summary.quotes && summary.quotes.total > 0 ? <QuotesCard orgId={orgId} quotes={summary.quotes} /> : null}
      {summary.invoices && summary.invoices.total > 0 ? <InvoicesCard orgId={orgId} invoices={summary.invoices} /> : null}
      {summary.bookings && summary.bookings.total > 0 ? <BookingsCard orgId={orgId} bookings={summary.bookings} /> : null}
      {summary.cardExchanges && summary.cardExchanges.total > 0 ? <CardExchangesCard exchanges={summary.cardExchanges} /> : null}
      {summary.files && summary.files.total > 0 ? <FilesCard orgId={orgId} files={summary.files} /> : null}
      {summary.imports && summary.imports.total > 0 ? <ImportsCard imports={summary.imports} /> : null}
    </>
  );
}
