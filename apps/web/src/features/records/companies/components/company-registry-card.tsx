import type { ReactNode } from 'react';
import { Alert, Button, Descriptions, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { debounceMs, isTaiwanTaxId } from '@lodestar/contract';
import { useDebouncedValue } from '../../../../shared/use-debounced-value.ts';
import { formatTwd } from '../../../../shared/format/money.ts';
import { useCompanyRegistry } from '../companies.api.ts';

/**
 * Under the tax ID (Taiwan unified business number) field: once it holds a checksum-valid number, the company registry's entry (name, status,
 * representative, address, capital, set-up date) with "use these details", which fills the name and the address.
 * A dissolved or suspended company is said plainly; a registry that cannot be reached is said too, and the form
 * stays usable (the lookup is advice, the save does not depend on it).
 */
export function CompanyRegistryCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation('companies');
  const form = Form.useFormInstance();
  const tax = ((Form.useWatch('tax', form) as string | undefined) ?? '').trim();
  const taxId = useDebouncedValue(tax, debounceMs.duplicateCheck);
  const registry = useCompanyRegistry(orgId, taxId === tax ? taxId : '');
  if (!isTaiwanTaxId(tax) || taxId !== tax) return null;
  const answer = registry.data;
  let body: ReactNode = null;
  if (registry.isLoading) body = <Typography.Text type="secondary">{t('registry.looking')}</Typography.Text>;
  else if (registry.isError || answer?.status === 'unavailable') body = <Typography.Text type="secondary">{t('registry.unavailable')}</Typography.Text>;
  else if (answer?.status === 'notFound') body = <Typography.Text type="secondary">{t('registry.notFound')}</Typography.Text>;
  else if (answer?.entry) {
    const entry = answer.entry;
    body = (
      <>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'name', label: t('registry.name'), children: entry.name },
            {
              key: 'status',
              label: t('registry.status'),
              children: entry.active ? entry.statusText : <Typography.Text type="warning">{t('registry.inactive', { status: entry.statusText })}</Typography.Text>,
            },
            ...(entry.representative ? [{ key: 'representative', label: t('registry.representative'), children: entry.representative }] : []),
            ...(entry.address ? [{ key: 'address', label: t('registry.address'), children: entry.address }] : []),
            ...(entry.capital !== null ? [{ key: 'capital', label: t('registry.capital'), children: formatTwd(entry.capital) }] : []),
            ...(entry.setupDate ? [{ key: 'setupDate', label: t('registry.setupDate'), children: entry.setupDate }] : []),
          ]}
        />
        <Button
          size="small"
          onClick={() => form.setFieldsValue({ name: entry.name, ...(entry.address ? { address: entry.address } : {}) })}
        >
          {t('registry.use')}
        </Button>
      </>
    );
  }
  return (
    <section className="company-registry-card" aria-label={t('registry.title')} aria-live="polite" data-testid="company-registry">
      <Typography.Text strong>{t('registry.title')}</Typography.Text>
      {body}
      <Typography.Text type="secondary" className="company-registry-card__source">
        {t('registry.source')}
      </Typography.Text>
    </section>
  );
}

/** On a company's page: a dissolved, revoked or suspended company is flagged (the registry's own words and date). */
export function CompanyRegistryFlag({ orgId, taxId }: { orgId: string; taxId: string | null }) {
  const { t } = useTranslation('companies');
  const registry = useCompanyRegistry(orgId, taxId ?? '');
  const entry = registry.data?.entry;
  if (!entry || entry.active) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="company-registry-flag"
      title={t('registry.flag', { status: entry.statusText })}
      description={t('registry.flagHint', { date: entry.lastChangeDate ?? '—' })}
    />
  );
}
