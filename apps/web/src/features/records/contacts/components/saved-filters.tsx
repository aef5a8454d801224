import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdvanceFilter, SavedFilter } from '@lodestar/contract';
import { LazySelect } from '../../../../shared/ui/lazy-select.tsx';
import { useCreateSavedFilter, useDeleteSavedFilter, useSavedFilters } from '../saved-filters.api.ts';

/**
 * The list's saved filters: open one (its toolbar choices and tags come back), save the current filter under a name,
 * delete the open one. Shared by the workspace; LINE segment messages take them as audiences.
 */
export function SavedFilters({ orgId, current, onApply }: { orgId: string; current: AdvanceFilter; onApply: (filter: SavedFilter) => void }) {
  const { t } = useTranslation('contacts');
  const saved = useSavedFilters(orgId);
  const create = useCreateSavedFilter(orgId, t('savedFilters.saved'));
  const remove = useDeleteSavedFilter(orgId, t('savedFilters.deleted'));
  const [openId, setOpenId] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const items = saved.data?.items ?? [];
  const empty = Object.keys(current).length === 0;

  const save = () => {
    void create.mutateAsync({ name: name.trim(), filter: current }).then((row) => {
      setNaming(false);
      setName('');
      setOpenId(row.id);
    }, () => undefined);
  };
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
        <Popconfirm
          title={t('savedFilters.deleteConfirm')}
          okText={t('savedFilters.delete')}
          cancelText={t('savedFilters.cancel')}
          onConfirm={() => remove.mutateAsync(openId).then(() => setOpenId(null), () => undefined)}
        >
          <Button icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('savedFilters.delete')} />
        </Popconfirm>
      ) : null}
      <Modal
        open={naming}
        title={t('savedFilters.save')}
        okText={t('savedFilters.save')}
        cancelText={t('savedFilters.cancel')}
        okButtonProps={{ disabled: !name.trim(), loading: create.isPending }}
        onOk={save}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={save}>
          <Form.Item label={t('savedFilters.name')} htmlFor="saved-filter-name" extra={t('savedFilters.hint')}>
            <Input id="saved-filter-name" value={name} maxLength={50} onChange={(event) => setName(event.target.value)} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
