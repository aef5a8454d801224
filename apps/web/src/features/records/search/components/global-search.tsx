import { useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { debounceMs, searchResultTypes, type SearchResult } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { useGlobalSearch } from '../search.api.ts';

const optionValue = /^(contact|company|deal|email):/;

/** Where choosing a result goes: its detail page; an e-mail opens the record it is read on (its E-mail card). */
function pathOf(orgId: string, result: SearchResult): string {
  if (result.email) return `/${orgId}/${result.email.record.entityType}/detail/${result.email.record.id}`;
  return `/${orgId}/${result.type}/detail/${result.id}`;
}

/**
 * What helps tell two results apart: company, phone, email, tax ID; for a deal its client and amount; for an e-mail
 * who wrote it, when, and the record it is on.
 */
function secondLine(result: SearchResult): string {
  if (result.email) {
    const sender = result.email.from.name ?? result.email.from.address;
    // The record is named only when it is not the sender (a contact's own message names them once).
    const record = result.email.record.name === sender ? null : result.email.record.name;
    return [sender, formatDateTime(result.email.sentAt), record].filter(Boolean).join(' · ');
  }
  if (result.type === 'deal') return [result.company, result.customer, formatMoney(result.amount)].filter(Boolean).join(' · ');
  return [result.company, result.phones[0], result.emails[0], result.tax].filter(Boolean).join(' · ');
}

/**
 * The header's global search (docs/product.md#screens): 800 ms after typing stops, contacts, companies, deals and
 * e-mail grouped by type (arrow keys and Enter choose, as everywhere in antd's AutoComplete); choosing one jumps to its
 * detail page.
 */
export function GlobalSearch({ orgId, autoFocus = false, onChosen }: { orgId: string; /** In the phone's full-screen search (app/phone-search-sheet.tsx): focused, its results as wide as the screen. */ autoFocus?: boolean; onChosen?: () => void }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text.trim(), debounceMs.globalSearch);
  const search = useGlobalSearch(orgId, keyword);
  const items = keyword && search.data ? search.data.items : [];
  const byValue = new Map(items.map((item) => [`${item.type}:${item.id}`, item]));
  const options = searchResultTypes
    .map((type) => ({ type, results: items.filter((item) => item.type === type) }))
    .filter((group) => group.results.length > 0)
    .map((group) => ({
      label: <span className="search-group">{t(`types.${group.type}`)}</span>,
      title: t(`types.${group.type}`),
      options: group.results.map((result) => ({
        value: `${result.type}:${result.id}`,
        label: (
          <div className="search-result" data-testid="search-result">
            <div className="search-result__name">{result.name}</div>
            <div className="search-result__meta">{secondLine(result)}</div>
            {result.email?.excerpt ? <div className="search-result__excerpt">{result.email.excerpt}</div> : null}
          </div>
        ),
      })),
    }));
  const waiting = text.trim() !== '' && (text.trim() !== keyword || search.isFetching);
  return (
    <AutoComplete
      className="global-search"
      value={text}
      options={options}
      onChange={(value: string) => setText(optionValue.test(value) ? text : value)}
      onSelect={(value: string) => {
        const result = byValue.get(value);
        if (!result) return;
        setText('');
        navigate(pathOf(orgId, result));
        onChosen?.();
      }}
      popupMatchSelectWidth={autoFocus ? true : 360}
      notFoundContent={keyword && !waiting && search.data ? t('noResults') : null}
    >
      <Input
        allowClear
        autoFocus={autoFocus}
        aria-label={t('label')}
        placeholder={t('placeholder')}
        prefix={<SearchOutlined aria-hidden="true" />}
        suffix={waiting ? <span className="sr-only">{t('searching')}</span> : null}
        data-testid="global-search"
      />
    </AutoComplete>
  );
}
