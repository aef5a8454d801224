import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';

export interface RecordActionsProps {
  editLabel: string;
  deleteLabel: string;
  /** Omitted when the privilege denies it (docs/product.md#permissions: hide what can() denies). */
  onEdit?: () => void;
  onDelete?: () => void;
  /** More buttons, before Edit. */
  children?: ReactNode;
}

/** A detail page's Edit and Delete buttons. */
export function RecordActions({ editLabel, deleteLabel, onEdit, onDelete, children }: RecordActionsProps) {
  return (
    <Space className="detail-header__actions" wrap>
      {children}
      {onEdit ? (
        <Button icon={<EditOutlined aria-hidden="true" />} onClick={onEdit}>
          {editLabel}
        </Button>
      ) : null}
      {onDelete ? (
        <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={onDelete}>
          {deleteLabel}
        </Button>
      ) : null}
    </Space>
  );
}
