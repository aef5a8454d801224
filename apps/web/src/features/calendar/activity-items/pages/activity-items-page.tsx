import { useCallback } from 'react';
import { Form, Input, InputNumber } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivityItem } from '@lodestar/contract';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useActivityItems, useDeleteActivityItem, useSaveActivityItem } from '../activity-items.api.ts';
import { SettingsTable } from '../components/settings-table.tsx';

interface ItemValues {
  name: string;
  point: number;
  targetNum: number;
}

/** settings/activityList: activity items (phone, visit…) with their point and daily target number. */
export function ActivityItemsPage() {
  const { t } = useTranslation('activity-items');
  const { orgId = '' } = useParams();
  const list = useActivityItems(orgId);
  const save = useSaveActivityItem(orgId, t('notices.saved'));
  const remove = useDeleteActivityItem(orgId, t('notices.deleted'));
  const toValues = useCallback((row: ActivityItem | null): ItemValues => ({ name: row?.name ?? '', point: row?.point ?? 1, targetNum: row?.targetNum ?? 0 }), []);
  return (
    <SettingsTable<ActivityItem, ItemValues>
      texts="items"
      list={list}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('fields.name') },
        { key: 'point', dataIndex: 'point', title: t('fields.point'), align: 'right', width: 120 },
        { key: 'targetNum', dataIndex: 'targetNum', title: t('fields.targetNum'), align: 'right', width: 140 },
      ]}
      toValues={toValues}
      saving={save.isPending}
      onSave={(id, values) => save.mutateAsync({ id, body: { name: values.name.trim(), point: values.point ?? 0, targetNum: values.targetNum ?? 0 } })}
      onDelete={(id) => remove.mutateAsync(id)}
      fields={() => (
        <>
          <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(t)]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="point" label={t('fields.point')} rules={[{ required: true, message: t('common:validation.required') }]}>
            <InputNumber min={0} max={10_000} precision={0} className="full-width" />
          </Form.Item>
          <Form.Item name="targetNum" label={t('fields.targetNum')}>
            <InputNumber min={0} max={10_000} precision={0} className="full-width" />
          </Form.Item>
        </>
      )}
    />
  );
}
