import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { completeColumnSetting, type ColumnSettingEntity } from '@lodestar/contract';
import { CustomFieldsPage } from '../../custom-fields/index.ts';
import { useColumnSetting, useSaveColumnSetting } from '../column-settings.api.ts';
import { BuiltInColumnsCard } from '../components/built-in-columns-card.tsx';
import { useColumnTitle } from '../field-columns.tsx';

/** settings/columnContactDisplay and columnCompanyDisplay: the list's built-in columns, then which custom fields show as columns. */
export function RecordColumnsPage({ entity }: { entity: ColumnSettingEntity }) {
  const { t } = useTranslation('column-settings');
  const { orgId = '' } = useParams();
  const setting = useColumnSetting(orgId, entity);
  const columnTitle = useColumnTitle(entity);
  const save = useSaveColumnSetting(orgId, entity, t('saved'));
  const columns = setting.data?.columns ?? completeColumnSetting(entity, null).columns;
  return (
    <CustomFieldsPage entity={entity} display>
      <BuiltInColumnsCard
        hint={t(`hint.${entity}`)}
        columns={columns}
        loading={setting.isLoading}
        error={setting.isError ? setting.error : null}
        onRetry={() => void setting.refetch()}
        labelOf={columnTitle}
        onSave={(next) => void save.mutateAsync({ columns: next })}
      />
    </CustomFieldsPage>
  );
}
