import { Checkbox, Col, Form, Input, Row, Select, Switch, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { activityScore, reminderOptionsSeconds, repeatByOptions, repeatCountMaxLength, repeatDuringOptions, scheduleCategories, type ActivityItem, type ScheduleSuggestion } from '@lodestar/contract';
import { ColorSwatches } from '../../../../shared/ui/color-swatches.tsx';
import { DateMaskInput, dateRules } from '../../../../shared/ui/date-mask-input.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { CompanyPickerField } from '../../../records/companies/index.ts';
import { ContactPickerField } from '../../../records/contacts/index.ts';
import { DealPickerField } from '../../../deals/deals/index.ts';
import { maskRepeatCount, timeSlots, type ScheduleFormValues } from '../schedule-form.ts';
import { PhotosField, type StoredImage } from './photos-field.tsx';
import { TitleField } from './title-field.tsx';

export interface PhotosState {
  stored: StoredImage[];
  added: File[];
  removedIds: string[];
}

interface ScheduleFormFieldsProps {
  orgId: string;
  form: FormInstance<ScheduleFormValues>;
  activityItems: ActivityItem[];
  photos: PhotosState;
  /** Takes an update: photos arrive after compression, when other changes may have happened. */
  onPhotosChange: (update: (photos: PhotosState) => PhotosState) => void;
}

function TimeSelect({ id, value, onChange, label }: { id?: string; value?: string; onChange?: (value: string) => void; label: string }) {
  const options = (value && !timeSlots.includes(value) ? [value, ...timeSlots] : timeSlots).map((slot) => ({ value: slot, label: slot }));
  return <Select id={id} aria-label={label} value={value} onChange={onChange} options={options} showSearch={{ optionFilterProp: 'label' }} />;
}

/** A start or end: its date, and its time unless the schedule is all-day. */
function DateTimeRow({ edge, fullDay }: { edge: 'start' | 'end'; fullDay: boolean }) {
  const { t } = useTranslation('schedules');
  return (
    <Row gutter={12}>
      <Col span={fullDay ? 24 : 14}>
        <Form.Item name={`${edge}Date`} label={t(`fields.${edge}Date`)} rules={[requiredRule(t), ...dateRules(t)]} validateTrigger="onBlur">
          <DateMaskInput />
        </Form.Item>
      </Col>
      {fullDay ? null : (
        <Col span={10}>
          <Form.Item name={`${edge}Time`} label={t(`fields.${edge}Time`)} rules={[requiredRule(t)]}>
            <TimeSelect label={t(`fields.${edge}Time`)} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

/** The create/edit schedule fields in the product's order (section 2): title … photos. */
export function ScheduleFormFields({ orgId, form, activityItems, photos, onPhotosChange }: ScheduleFormFieldsProps) {
  const { t } = useTranslation('schedules');
  const fullDay = Form.useWatch('fullDay', form);
  const repeatBy = Form.useWatch('repeatBy', form);
  const repeatDuring = Form.useWatch('repeatDuring', form);
  const picked = Form.useWatch('activity', form) ?? [];

  const applySuggestion = (suggestion: ScheduleSuggestion) => {
    form.setFieldsValue({
      ...(suggestion.category ? { category: suggestion.category } : {}),
      ...(suggestion.location ? { address: suggestion.location } : {}),
      ...(suggestion.customer ? { client: suggestion.customer } : {}),
      ...(suggestion.company ? { company: suggestion.company } : {}),
      color: suggestion.color,
    });
  };

  return (
    <>
      <Form.Item name="title" label={t('fields.title')} rules={[requiredRule(t)]}>
        <TitleField orgId={orgId} onSuggestion={applySuggestion} />
      </Form.Item>
      <Form.Item name="category" label={t('fields.category')}>
        <Select allowClear placeholder={t('placeholders.category')} options={scheduleCategories.map((category) => ({ value: category, label: t(`categories.${category}`) }))} />
      </Form.Item>
      <Form.Item
        name="activity"
        label={t('fields.activity')}
        extra={activityItems.length ? t('activityScore', { score: activityScore(activityItems.filter((item) => picked.includes(item.id))) }) : t('noActivityItems')}
      >
        <Checkbox.Group options={activityItems.map((item) => ({ value: item.id, label: t('activityOption', { name: item.name, point: item.point }) }))} />
      </Form.Item>
      <Form.Item name="fullDay" label={t('fields.fullDay')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <DateTimeRow edge="start" fullDay={Boolean(fullDay)} />
      <DateTimeRow edge="end" fullDay={Boolean(fullDay)} />
      <Row gutter={12}>
        <Col span={repeatBy && repeatBy !== 'none' ? 8 : 24}>
          <Form.Item name="repeatBy" label={t('fields.repeatBy')}>
            <Select options={repeatByOptions.map((option) => ({ value: option, label: t(`repeatBy.${option}`) }))} />
          </Form.Item>
        </Col>
        {repeatBy && repeatBy !== 'none' ? (
          <>
            <Col span={8}>
              <Form.Item name="repeatDuring" label={t('fields.repeatDuring')}>
                <Select options={repeatDuringOptions.map((option) => ({ value: option, label: t(`repeatDuring.${option}`) }))} />
              </Form.Item>
            </Col>
            <Col span={8}>
              {/* docs/product.md#validation: the count input only for "number" (digits, at most 3), the until date only for "date". */}
              {repeatDuring === 'number' ? (
                <Form.Item name="repeatDuringVal" label={t('fields.repeatCount')} rules={[requiredRule(t)]} getValueFromEvent={(event: { target: { value: string } }) => maskRepeatCount(event.target.value)}>
                  <Input inputMode="numeric" maxLength={repeatCountMaxLength} suffix={t('times')} />
                </Form.Item>
              ) : null}
              {repeatDuring === 'date' ? (
                <Form.Item name="repeatDuringVal" label={t('fields.repeatUntil')} rules={[requiredRule(t), ...dateRules(t)]} validateTrigger="onBlur">
                  <DateMaskInput />
                </Form.Item>
              ) : null}
            </Col>
          </>
        ) : null}
      </Row>
      <Form.Item name="client" label={t('fields.client')}>
        <ContactPickerField orgId={orgId} />
      </Form.Item>
      <Form.Item name="company" label={t('fields.company')}>
        <CompanyPickerField orgId={orgId} />
      </Form.Item>
      <Form.Item name="deal" label={t('fields.deal')}>
        <DealPickerField orgId={orgId} />
      </Form.Item>
      <Form.Item name="address" label={t('fields.address')}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="notice" label={t('fields.notice')}>
        <Select options={reminderOptionsSeconds.map((seconds) => ({ value: seconds, label: t(`notice.${seconds}`) }))} />
      </Form.Item>
      <Form.Item name="color" label={t('fields.color')}>
        <ColorSwatches label={t('fields.color')} />
      </Form.Item>
      <Form.Item name="taskNote" label={t('fields.taskNote')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={10_000} />
      </Form.Item>
      <Form.Item label={t('fields.photos')} htmlFor="schedule-photos">
        <PhotosField
          id="schedule-photos"
          stored={photos.stored}
          added={photos.added}
          onAdd={(files) => onPhotosChange((current) => ({ ...current, added: [...current.added, ...files] }))}
          onRemoveStored={(id) => onPhotosChange((current) => ({ ...current, stored: current.stored.filter((image) => image.id !== id), removedIds: [...current.removedIds, id] }))}
          onRemoveAdded={(index) => onPhotosChange((current) => ({ ...current, added: current.added.filter((_, at) => at !== index) }))}
        />
        <Typography.Text type="secondary" className="schedule-photos__hint">
          {t('photos.hint')}
        </Typography.Text>
      </Form.Item>
    </>
  );
}
