import { useEffect } from 'react';
import { Checkbox, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdditionalGroup } from '@lodestar/contract';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';

/**
 * Pick additional groups by checkbox (500 wide, docs/product.md#screens): the choice applies only on Submit, so
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
  const [form] = Form.useForm<{ groupIds: string[] }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ groupIds: value });
  }, [open, value, form]);
  const submit = ({ groupIds = [] }: { groupIds?: string[] }) => {
    // Keep the groups' own order whatever the click order was.
    onPick(groups.filter((group) => groupIds.includes(group.id)).map((group) => group.id));
    onClose();
  };
  return (
    <FormDrawer title={t('group.pick')} open={open} size={500} form={form} saving={false} onSubmit={submit} onClose={onClose}>
      {groups.length === 0 ? (
        <Typography.Text type="secondary">{t('group.pickEmpty')}</Typography.Text>
      ) : (
        <Form.Item name="groupIds" label={t('fields.additionalGroups')}>
          <Checkbox.Group
            className="checkbox-column"
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
        </Form.Item>
      )}
    </FormDrawer>
  );
}
