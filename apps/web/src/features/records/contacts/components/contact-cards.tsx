import { StarFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContactRow } from '@lodestar/contract';
import { telHref } from '../../../../shared/format/text.ts';
import { RecordCardLine, RecordCardList, type RecordRowsProps } from '../../records/index.ts';

export type ContactCardsProps = RecordRowsProps<ContactRow>;

/**
 * The contact list at phone width: what a salesperson needs between visits (the company, a phone to tap and call, an
 * e-mail, the owner, the tags) on one card each. The table's configurable columns stay on the desktop: a card has no
 * room for them, and reading the column settings and custom fields would cost the phone's first load.
 */
export function ContactCards({ orgId, rows, loading, selected, onSelect, emptyText }: ContactCardsProps) {
  const { t } = useTranslation('contacts');
  return (
    <RecordCardList<ContactRow>
      label={t('listTitle')}
      rows={rows}
      loading={loading}
      selected={selected}
      onSelect={onSelect}
      selectLabel={(row) => t('selectRecord', { name: row.name })}
      selectAllLabel={t('selectAll')}
      emptyText={emptyText}
      renderTitle={(row) => (
        <>
          {/* No tooltip here (a finger cannot hover): the star's name is read out. */}
          {row.isImportant ? <StarFilled className="important-star" aria-label={t('fields.important')} /> : null}
          <Link to={`/${orgId}/contact/detail/${row.id}`}>{row.name}</Link>
        </>
      )}
      renderDetails={(row) => {
        const phone = row.phones[0]?.value;
        const email = row.emails[0]?.value;
        return (
          <>
            {row.companyId ? (
              <RecordCardLine label={t('fields.company')}>
                <Link to={`/${orgId}/company/detail/${row.companyId}`}>{row.companyName}</Link>
              </RecordCardLine>
            ) : null}
            {phone ? (
              <RecordCardLine label={t('fields.phones')}>
                <a href={telHref(phone)}>{phone}</a>
              </RecordCardLine>
            ) : null}
            {email ? (
              <RecordCardLine label={t('fields.emails')}>
                <a href={`mailto:${email}`}>{email}</a>
              </RecordCardLine>
            ) : null}
            {row.ownerName ? (
              <RecordCardLine label={t('fields.owner')} showLabel>
                <span className="record-card__text">{row.ownerName}</span>
              </RecordCardLine>
            ) : null}
          </>
        );
      }}
    />
  );
}
