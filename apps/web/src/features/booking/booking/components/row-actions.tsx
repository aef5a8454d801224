import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Edit and delete icon buttons of a service, group or item row (named after the row for screen readers). */
export function RowActions({ name, onEdit, onDelete, children }: { name: string; onEdit: () => void; onDelete: () => void; children?: ReactNode }) {
  const { t } = useTranslation('booking');
  return (
    <Space size={0} className="booking-row__actions">
      {children}
      <Button type="text" size="small" icon={<EditOutlined aria-hidden="true" />} aria-label={t('actions.editOne', { name })} onClick={onEdit} />
      <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('actions.deleteOne', { name })} onClick={onDelete} />
    </Space>
  );
}
