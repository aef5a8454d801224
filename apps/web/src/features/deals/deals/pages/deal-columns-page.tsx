import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultDealFieldSetting, type DealFieldSetting } from '@lodestar/contract';
import { BuiltInColumnsCard } from '../../../records/column-settings/index.ts';
import { CustomFieldsPage } from '../../../records/custom-fields/index.ts';
import { useDealFieldSetting, useSaveDealFieldSetting } from '../deal-field-settings.api.ts';

/** settings/columnOpportunityDisplay: the built-in deal list columns (dealFieldSetting), then which custom fields show as columns. */
export function DealColumnsPage() {
  const { t } = useTranslation('deals');
  const { orgId = '' } = useParams();
  const setting = useDealFieldSetting(orgId);
  const save = useSaveDealFieldSetting(orgId, t('notices.saved'));
  return (
    <CustomFieldsPage entity="deal" display>
      <BuiltInColumnsCard
        hint={t('settings.columnsHint')}
        columns={(setting.data ?? defaultDealFieldSetting).columns}
        loading={setting.isLoading}
        error={setting.isError ? setting.error : null}
        onRetry={() => void setting.refetch()}
        labelOf={(key) => t(`fields.${key}`)}
        onSave={(columns) => void save.mutateAsync({ columns: columns as DealFieldSetting['columns'] })}
      />
    </CustomFieldsPage>
  );
}
