import { useEffect, useRef, useState } from 'react';
import { Button, Form, Space, Tag } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isRealDate, type ScheduleTimeField } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { useUserActivity } from '../../activity-items/index.ts';
import { RecordActivity } from '../../../records/notes/index.ts';
import { emptyScheduleValues, linkedTimesPatch, scheduleToFormValues, toScheduleBody, type ScheduleFormValues, type SchedulePreset } from '../schedule-form.ts';
import { useCompleteSchedule, useDeleteSchedule, useSaveSchedule, useSchedule } from '../schedules.api.ts';
import { ScheduleFormFields, type PhotosState } from './schedule-form-fields.tsx';
import { useScopeQuestion } from './scope-dialog.tsx';

/** An existing schedule, or one occurrence of a repeating one (named by its original date). */
export interface ScheduleTarget {
  id: string;
  occurrenceDate: string | null;
}

export interface ScheduleDrawerProps {
  orgId: string;
  open: boolean;
  target?: ScheduleTarget | null;
  preset?: SchedulePreset;
  onClose: () => void;
}

const timeFields: ScheduleTimeField[] = ['startDate', 'startTime', 'endDate', 'endTime'];

/** The history names a schedule's stored columns; the drawer's words for those that differ. */
const historyFieldWords: Record<string, string> = { dealId: 'deal', companyId: 'company', clientId: 'client', activityItemIds: 'activity', completed: 'complete', rrule: 'repeatBy' };
const noPhotos: PhotosState = { stored: [], added: [], removedIds: [] };

/**
 * The create/edit schedule drawer (docs/product.md#screens wide). Editing or deleting a repeating schedule asks
 * "this occurrence / this and following / all"; an existing schedule also shows its completion toggle, notes
 * and timeline.
 */
export function ScheduleDrawer({ orgId, open, target, preset, onClose }: ScheduleDrawerProps) {
  const { t } = useTranslation('schedules');
  const [form] = Form.useForm<ScheduleFormValues>();
  const { can } = usePermissions(orgId);
  const isEdit = Boolean(target);
  const schedule = useSchedule(orgId, open && target ? target.id : null, target?.occurrenceDate ?? null);
  const userActivity = useUserActivity(orgId, open && !isEdit);
  const save = useSaveSchedule(orgId, isEdit ? t('notices.updated') : t('notices.created'));
  const remove = useDeleteSchedule(orgId, t('notices.deleted'));
  const complete = useCompleteSchedule(orgId, t('notices.updated'));
  const { ask, dialog } = useScopeQuestion();
  const [photos, setPhotos] = useState<PhotosState>(noPhotos);
  const data = isEdit ? schedule.data : undefined;

  // Values are filled once per opening: a preset given inline, or a refetch after the completion toggle,
  // must not wipe what the user is typing. A schedule changed meanwhile (a value restored from its history) shows
  // the values that changed, and only those: whatever else the user is typing stays. (Asking antd whether the form
  // was touched did not work: a control reporting its value on mount counts as a touch.)
  const filled = useRef<{ at: string; values: ScheduleFormValues } | 'new' | false>(false);
  useEffect(() => {
    if (!open) {
      filled.current = false;
      return;
    }
    if (isEdit) {
      if (!data) return;
      const before = filled.current;
      if (typeof before === 'object' && before.at === data.updatedAt) return;
      const values = scheduleToFormValues(data);
      if (typeof before === 'object') {
        const previous = before.values as unknown as Record<string, unknown>;
        form.setFieldsValue(Object.fromEntries(Object.entries(values).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(previous[key]))));
      } else {
        form.setFieldsValue(values);
        setPhotos({ stored: data.images, added: [], removedIds: [] });
      }
      filled.current = { at: data.updatedAt, values };
    } else {
      if (filled.current) return;
      form.setFieldsValue(emptyScheduleValues(preset));
      setPhotos(noPhotos);
      filled.current = 'new';
    }
  }, [open, isEdit, data, preset, form]);

  // The history's values in the drawer's words: a type or reminder by its name, a linked record by its name when it
  // is the one linked now (an id alone says nothing to a person).
  const historyValue = (field: string, value: unknown): string => {
    if (field === 'category') return t(`categories.${String(value)}`, { defaultValue: String(value) });
    if (field === 'notice') return t(`notice.${String(value)}`, { defaultValue: String(value) });
    if (field === 'fullDay' || field === 'completed') return value ? t('history.yes') : t('history.no');
    if (typeof value === 'string' && (field === 'startTime' || field === 'endTime')) return value.slice(0, 5);
    const linked = { dealId: data?.deal, companyId: data?.company, clientId: data?.client }[field];
    if (linked !== undefined) return linked && linked.id === value ? linked.name : t('history.otherRecord');
    return String(value);
  };

  const close = () => {
    form.resetFields();
    setPhotos(noPhotos);
    onClose();
  };

  const submit = async (values: ScheduleFormValues) => {
    // onFinish brings only the fields on screen; hidden ones (times of an all-day schedule…) come from the store.
    // Completion has its own toggle (saved at once): the body carries the schedule's current state.
    const body = toScheduleBody({ ...(form.getFieldsValue(true) as ScheduleFormValues), ...values, complete: data?.complete ?? false });
    try {
      if (data && target) {
        const scope = data.isRecurring ? await ask('edit') : 'all';
        if (!scope) return;
        await save.mutateAsync({
          id: target.id,
          body: { ...body, scope, ...(target.occurrenceDate ? { occurrenceDate: target.occurrenceDate } : {}), removeImageIds: photos.removedIds },
          images: photos.added,
        });
      } else {
        await save.mutateAsync({ body, images: photos.added });
      }
      close();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  const deleteSchedule = async () => {
    if (!data || !target) return;
    const scope = data.isRecurring ? await ask('delete') : 'all';
    if (!scope) return;
    await remove.mutateAsync({ id: target.id, scope, occurrenceDate: target.occurrenceDate });
    close();
  };

  const canEdit = !isEdit || Boolean(data?.canEdit);
  const activityItems = isEdit ? (data?.activity ?? []) : (userActivity.data?.items ?? []);
  const title = isEdit ? t('editTitle') : t('createTitle');

  return (
    <>
      <FormDrawer<ScheduleFormValues>
        title={title}
        open={open}
        size={500}
        form={form}
        loading={isEdit && schedule.isLoading}
        saving={save.isPending}
        onSubmit={submit}
        onClose={close}
        readOnly={!canEdit}
        onValuesChange={(changed: Partial<ScheduleFormValues>) => {
          // docs/product.md#states: the start and end follow each other, once both dates are real dates.
          const field = timeFields.find((name) => name in changed);
          if (!field) return;
          const values = form.getFieldsValue(timeFields) as Pick<ScheduleFormValues, ScheduleTimeField>;
          if (!isRealDate(values.startDate) || !isRealDate(values.endDate)) return;
          form.setFieldsValue(linkedTimesPatch(values, field));
        }}
        footerStart={
          data && canEdit && can('calendar', 'delete') ? (
            <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={() => void deleteSchedule()} loading={remove.isPending}>
              {t('common:actions.delete')}
            </Button>
          ) : null
        }
        after={
          data && target ? (
            <div className="schedule-drawer__history">
              <RecordActivity
                orgId={orgId}
                entityType="schedule"
                entityId={target.id}
                canWrite={canEdit}
                fieldLabel={(field) => t(`fields.${historyFieldWords[field] ?? field}`, { defaultValue: field })}
                valueLabel={historyValue}
              />
            </div>
          ) : null
        }
      >
        {data && target ? (
          <Space className="schedule-drawer__status" wrap>
            <Tag color={data.complete ? 'success' : 'default'}>{data.complete ? t('status.completed') : t('status.uncompleted')}</Tag>
            {canEdit ? (
              <Button
                size="small"
                icon={data.complete ? <UndoOutlined aria-hidden="true" /> : <CheckCircleOutlined aria-hidden="true" />}
                loading={complete.isPending}
                onClick={() => void complete.mutateAsync({ id: target.id, occurrenceDate: target.occurrenceDate, complete: !data.complete, title: data.title })}
              >
                {data.complete ? t('markUncompleted') : t('markCompleted')}
              </Button>
            ) : null}
            {data.isRecurring && target.occurrenceDate ? <Tag>{t('occurrenceOf', { date: target.occurrenceDate })}</Tag> : null}
          </Space>
        ) : null}
        <ScheduleFormFields orgId={orgId} form={form} activityItems={activityItems} photos={photos} onPhotosChange={setPhotos} />
      </FormDrawer>
      {dialog}
    </>
  );
}
