import { useEffect, useState } from 'react';
import { Button, Checkbox, Drawer, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdditionalGroup } from '@lodestar/contract';

/**
 * Pick additional groups by checkbox (500 wide, spec section 2): the choice applies only on Confirm, so
 * Cancel leaves the service form as it was.
 */
export function GroupPickDrawer({
  open,
  groups,
  value,
  onPick,
  onClose,
}: {
  open: boolean;
  groups: AdditionalGroup[];
  value: string[];
  onPick: (ids: string[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('booking');
  const { t: tc } = useTranslation('common');
  const [checked, setChecked] = useState<string[]>(value);
  useEffect(() => {
    if (open) setChecked(value);
  }, [open, value]);
  return (
    <Drawer
      title={t('group.pick')}
      size={500}
      open={open}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="drawer-footer">
          <Button onClick={onClose}>{tc('actions.cancel')}</Button>
          <Button
            type="primary"
            onClick={() => {
              // Keep the groups' own order whatever the click order was.
              onPick(groups.filter((group) => checked.includes(group.id)).map((group) => group.id));
              onClose();
            }}
          >
            {tc('actions.confirm')}
          </Button>
        </Space>
      }
    >
      {groups.length === 0 ? (
        <Typography.Text type="secondary">{t('group.pickEmpty')}</Typography.Text>
      ) : (
        <Checkbox.Group
          className="checkbox-column"
          aria-label={t('group.pick')}
          value={checked}
          onChange={(ids) => setChecked(ids as string[])}
          options={groups.map((group) => ({
            value: group.id,
            label: (
              <span>
                {group.title}
                <Typography.Text type="secondary" className="group-pick__meta">
                  {' · '}
                  {t(`selectionTypes.${group.selectionType}`)} · {t('group.itemCount', { count: group.items.length })}
                </Typography.Text>
              </span>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
