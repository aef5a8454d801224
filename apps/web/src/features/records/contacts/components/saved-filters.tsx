import { useState } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdvanceFilter, SavedFilter } from '@lodestar/contract';
import { lazyDialog } from '../../../../shared/ui/lazy-dialog.tsx';
import { LazySelect } from '../../../../shared/ui/lazy-select.tsx';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { useDeleteSavedFilter, useSavedFilters } from '../saved-filters.api.ts';

// The naming dialog loads when first opened: the list's first load stays free of antd's form code.
const SaveFilterDialog = lazyDialog(() => import('./save-filter-dialog.tsx').then((m) => m.SaveFilterDialog));

/**
 * The list's saved filters: open one (its toolbar choices and tags come back), save the current filter under a name,
 * delete the open one. Shared by the workspace; LINE segment messages take them as audiences.
 */
export function SavedFilters({ orgId, current, onApply }: { orgId: string; current: AdvanceFilter; onApply: (filter: SavedFilter) => void }) {
  const { t } = useTranslation('contacts');
  const saved = useSavedFilters(orgId);
  const remove = useDeleteSavedFilter(orgId, t('savedFilters.deleted'));
  const confirmDelete = useConfirmDelete();
  const [openId, setOpenId] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const items = saved.data?.items ?? [];
  const empty = Object.keys(current).length === 0;

  return (
    <Space wrap size={[8, 8]} className="saved-filters">
      <LazySelect
        aria-label={t('savedFilters.label')}
        className="list-toolbar__select"
        allowClear
        placeholder={t('savedFilters.placeholder')}
        value={openId ?? undefined}
        notFoundContent={t('savedFilters.none')}
        onChange={(id: string | undefined) => {
          setOpenId(id ?? null);
          const row = items.find((item) => item.id === id);
          if (row) onApply(row);
        }}
        options={items.map((item) => ({ value: item.id, label: item.name }))}
      />
      <Button icon={<SaveOutlined aria-hidden="true" />} disabled={empty} onClick={() => setNaming(true)}>
        {t('savedFilters.save')}
      </Button>
      {openId ? (
        <Button
          icon={<DeleteOutlined aria-hidden="true" />}
          aria-label={t('savedFilters.delete')}
          onClick={() =>
            confirmDelete({ title: t('savedFilters.deleteConfirm'), okText: t('savedFilters.delete'), onOk: () => remove.mutateAsync(openId).then(() => setOpenId(null), () => undefined) })
          }
        />
      ) : null}
      <SaveFilterDialog
        orgId={orgId}
        current={current}
        open={naming}
        onSaved={(id) => {
          setNaming(false);
          setOpenId(id);
        }}
        onClose={() => setNaming(false)}
      />
    </Space>
  );
}
