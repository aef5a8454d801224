import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { CheckSquareOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdditionalGroup } from '@lodestar/contract';
import { GroupDrawer } from './group-drawer.tsx';
import { GroupPickDrawer } from './group-pick-drawer.tsx';

/**
 * The service drawer's additional groups (docs/product.md#screens, "create or pick"): the attached groups as
 * removable tags, a 500-wide drawer to pick existing groups by checkbox, and the group drawer to create
 * one right there (it is attached as soon as it is created; the service save persists the attachment).
 */
export function AdditionalGroupsField({
  orgId,
  groups,
  value = [],
  onChange,
}: {
  orgId: string;
  groups: AdditionalGroup[];
  value?: string[];
  onChange?: (ids: string[]) => void;
}) {
  const { t } = useTranslation('booking');
  const [drawer, setDrawer] = useState<'pick' | 'create' | null>(null);
  const picked = value.map((id) => groups.find((group) => group.id === id)).filter((group): group is AdditionalGroup => group !== undefined);
  const set = (ids: string[]) => onChange?.(ids);
  return (
    <div className="additional-groups-field" data-testid="service-groups">
      {picked.length === 0 ? (
        <Typography.Text type="secondary">{t('group.noneAttached')}</Typography.Text>
      ) : (
        <Space size={[4, 8]} wrap>
          {picked.map((group) => (
            <Tag
              key={group.id}
              closable
              closeIcon={<span aria-label={t('group.detach', { name: group.title })}>×</span>}
              onClose={(event) => {
                event.preventDefault();
                set(value.filter((id) => id !== group.id));
              }}
            >
              {group.title} · {t('group.itemCount', { count: group.items.length })}
            </Tag>
          ))}
        </Space>
      )}
      <Space className="additional-groups-field__actions" wrap>
        <Button icon={<CheckSquareOutlined aria-hidden="true" />} onClick={() => setDrawer('pick')}>
          {t('group.pick')}
        </Button>
        <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setDrawer('create')}>
          {t('group.createHere')}
        </Button>
      </Space>
      <GroupPickDrawer open={drawer === 'pick'} groups={groups} value={value} onPick={set} onClose={() => setDrawer(null)} />
      <GroupDrawer orgId={orgId} open={drawer === 'create'} group={null} services={null} onSaved={(group) => set([...value, group.id])} onClose={() => setDrawer(null)} />
    </div>
  );
}
