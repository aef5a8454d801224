import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSavePickedUsers, useScheduleViewer } from '../schedules.api.ts';

/**
 * Colleagues' calendars to show beside one's own (viewer, within the caller's visibility); the pick is saved
 * on the server (saveUserSchedulePickUser), so it is still there next time.
 */
export function ColleaguePicker({ orgId }: { orgId: string }) {
  const { t } = useTranslation('schedules');
  const viewer = useScheduleViewer(orgId);
  const savePick = useSavePickedUsers(orgId);
  const colleagues = (viewer.data?.users ?? []).filter((user) => !user.isSelf);
  if (viewer.isSuccess && colleagues.length === 0) return null;
  return (
    <Select<string[]>
      mode="multiple"
      className="calendar-toolbar__colleagues"
      aria-label={t('colleagues.label')}
      placeholder={t('colleagues.placeholder')}
      loading={viewer.isLoading || savePick.isPending}
      value={viewer.data?.pickedUserIds.filter((id) => colleagues.some((user) => user.userId === id)) ?? []}
      onChange={(userIds) => savePick.mutate(userIds)}
      options={colleagues.map((user) => ({ value: user.userId, label: user.name }))}
      maxTagCount="responsive"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
