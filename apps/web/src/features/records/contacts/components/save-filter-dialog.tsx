import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdvanceFilter } from '@lodestar/contract';
import { useCreateSavedFilter } from '../saved-filters.api.ts';

/** Names and saves the list's current filter (saved-filters.tsx); loaded when first opened, not with the list. */
export function SaveFilterDialog({ orgId, current, open, onSaved, onClose }: { orgId: string; current: AdvanceFilter; open: boolean; onSaved: (id: string) => void; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const create = useCreateSavedFilter(orgId, t('savedFilters.saved'));
  const [name, setName] = useState('');
  const save = () => {
    void create.mutateAsync({ name: name.trim(), filter: current }).then((row) => {
      setName('');
      onSaved(row.id);
    }, () => undefined);
  };
  return (
    <Modal
      open={open}
      title={t('savedFilters.save')}
      okText={t('savedFilters.save')}
      cancelText={t('savedFilters.cancel')}
      okButtonProps={{ disabled: !name.trim(), loading: create.isPending }}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={save}>
        <Form.Item label={t('savedFilters.name')} htmlFor="saved-filter-name" extra={t('savedFilters.hint')}>
          <Input id="saved-filter-name" value={name} maxLength={50} onChange={(event) => setName(event.target.value)} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
