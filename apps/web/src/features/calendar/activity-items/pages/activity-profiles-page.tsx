import { useCallback } from 'react';
import { Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { activityTargets, type ActivityProfile } from '@lodestar/contract';
import { OrganizationUserSelect } from '../../../access/members/index.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useActivityItems, useActivityProfiles, useDeleteActivityProfile, useSaveActivityProfile } from '../activity-items.api.ts';
import { SettingsTable } from '../components/settings-table.tsx';

interface ProfileValues {
  name: string;
  itemIds: string[];
  weightScore: number;
  dailyTargetCount: number;
  userIds: string[];
}

/** settings/activity: activity profiles — items, weight score and daily target count, and the users they apply to. */
export function ActivityProfilesPage() {
  const { t } = useTranslation('activity-items');
  const { orgId = '' } = useParams();
  const list = useActivityProfiles(orgId);
  const items = useActivityItems(orgId);
  const save = useSaveActivityProfile(orgId, t('notices.saved'));
  const remove = useDeleteActivityProfile(orgId, t('notices.deleted'));
  const toValues = useCallback(
    (row: ActivityProfile | null): ProfileValues => ({
      name: row?.name ?? '',
      itemIds: row?.items.map((item) => item.id) ?? [],
      weightScore: row?.weightScore ?? 1,
      dailyTargetCount: row?.dailyTargetCount ?? 0,
      userIds: row?.users.map((user) => user.userId) ?? [],
    }),
    [],
  );
  return (
    <SettingsTable<ActivityProfile, ProfileValues>
      texts="profiles"
      list={list}
      columns={[
        { key: 'name', dataIndex: 'name', title: t('fields.name') },
        { key: 'items', title: t('fields.items'), render: (_value, row) => row.items.map((item) => <Tag key={item.id}>{item.name}</Tag>) },
        { key: 'weightScore', dataIndex: 'weightScore', title: t('fields.weightScore'), align: 'right', width: 110 },
        { key: 'dailyTargetCount', dataIndex: 'dailyTargetCount', title: t('fields.dailyTargetCount'), align: 'right', width: 130 },
        { key: 'targets', title: t('fields.targets'), width: 150, render: (_value, row) => t('targetsValue', { daily: row.dailyTarget, weekly: row.weeklyTarget }) },
        { key: 'users', title: t('fields.users'), render: (_value, row) => row.users.map((user) => user.name).join('、') },
      ]}
      toValues={toValues}
      saving={save.isPending}
      onSave={(id, values) =>
        save.mutateAsync({
          id,
          body: { name: values.name.trim(), itemIds: values.itemIds ?? [], weightScore: values.weightScore ?? 0, dailyTargetCount: values.dailyTargetCount ?? 0, userIds: values.userIds ?? [] },
        })
      }
      onDelete={(id) => remove.mutateAsync(id)}
      fields={() => (
        <>
          <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(t)]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="itemIds" label={t('fields.items')}>
            <Select
              mode="multiple"
              loading={items.isLoading}
              notFoundContent={t('items.empty')}
              options={(items.data?.items ?? []).map((item) => ({ value: item.id, label: t('itemWithPoint', { name: item.name, point: item.point }) }))}
            />
          </Form.Item>
          <Form.Item name="weightScore" label={t('fields.weightScore')}>
            <InputNumber min={0} max={100_000} precision={0} className="full-width" />
          </Form.Item>
          <Form.Item name="dailyTargetCount" label={t('fields.dailyTargetCount')}>
            <InputNumber min={0} max={10_000} precision={0} className="full-width" />
          </Form.Item>
          <Form.Item noStyle shouldUpdate>
            {({ getFieldValue }) => {
              const targets = activityTargets({ weightScore: getFieldValue('weightScore') ?? 0, dailyTargetCount: getFieldValue('dailyTargetCount') ?? 0 });
              return <Typography.Paragraph type="secondary">{t('targetsValue', { daily: targets.dailyTarget, weekly: targets.weeklyTarget })}</Typography.Paragraph>;
            }}
          </Form.Item>
          <Form.Item name="userIds" label={t('fields.users')}>
            <OrganizationUserSelect orgId={orgId} mode="multiple" />
          </Form.Item>
        </>
      )}
    />
  );
}
