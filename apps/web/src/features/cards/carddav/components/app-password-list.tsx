import { Button, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppPassword } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';

/** The member's app passwords: which contacts each opens, when it was made and last used, and revoke. */
export function AppPasswordList({ items, onRevoke }: { items: AppPassword[]; onRevoke: (id: string) => Promise<unknown> }) {
  const { t } = useTranslation('carddav');
  const confirmDelete = useConfirmDelete();
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />;
  return (
    <List
      className="carddav-list"
      dataSource={items}
      renderItem={(item) => (
        <List.Item
          actions={[
            <Button
              key="revoke"
              danger
              aria-label={t('list.revokeNamed', { name: item.name })}
              onClick={() => confirmDelete({ title: t('list.revokeTitle', { name: item.name }), content: t('list.revokeBody'), okText: t('list.revoke'), onOk: () => onRevoke(item.id) })}
            >
              {t('list.revoke')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={item.name}
            description={
              <>
                <div>{item.tagId ? (item.tagName ? t('form.tagContacts', { tag: item.tagName }) : t('list.deletedTag')) : t('form.allContacts')}</div>
                <div>
                  {t('list.created', { when: formatDateTime(item.createdAt) })} · {item.lastUsedAt ? t('list.lastUsed', { when: formatDateTime(item.lastUsedAt) }) : t('list.neverUsed')}
                </div>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
