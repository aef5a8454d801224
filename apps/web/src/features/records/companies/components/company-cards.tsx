import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CompanyRow } from '@lodestar/contract';
import { telHref } from '../../../../shared/format/text.ts';
import { useFieldTitle } from '../../../../shared/use-field-title.ts';
import { RecordCardLine, RecordCardList, type RecordRowsProps } from '../../records/index.ts';

export type CompanyCardsProps = RecordRowsProps<CompanyRow>;

/** The company list at phone width: the name, a phone to tap and call, the address, the owner and the tags on one card each. */
export function CompanyCards({ orgId, rows, loading, selected, onSelect, emptyText }: CompanyCardsProps) {
  const { t } = useTranslation('companies');
  const title = useFieldTitle('company');
  return (
    <RecordCardList<CompanyRow>
      label={t('listTitle')}
      rows={rows}
      loading={loading}
      selected={selected}
      onSelect={onSelect}
      selectLabel={(row) => t('selectRecord', { name: row.company })}
      selectAllLabel={t('selectAll')}
      emptyText={emptyText}
      renderTitle={(row) => <Link to={`/${orgId}/company/detail/${row.id}`}>{row.company}</Link>}
      renderDetails={(row) => {
        const phone = row.phones[0]?.value;
        return (
          <>
            {phone ? (
              <RecordCardLine label={title('phone')}>
                <a href={telHref(phone)}>{phone}</a>
              </RecordCardLine>
            ) : null}
            {row.address ? (
              <RecordCardLine label={title('address')}>
                <span className="record-card__text">{row.address}</span>
              </RecordCardLine>
            ) : null}
            {row.owner ? (
              <RecordCardLine label={t('fields.owner')} showLabel>
                <span className="record-card__text">{row.owner.name}</span>
              </RecordCardLine>
            ) : null}
          </>
        );
      }}
    />
  );
}
