import { useEffect, useState } from 'react';
import { AutoComplete, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DynamicFieldInputs } from '../../../records/custom-fields/index.ts';
import { debounceMs, recordField } from '@lodestar/contract';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { QuickCreateDialog } from '../../../../shared/ui/quick-create-dialog.tsx';
import { FieldItem } from '../../../../shared/ui/field-item.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useThrottledValue } from '../../../../shared/use-throttled-value.ts';
import { useDealPickerList, useSaveDeal } from '../deals.api.ts';
import { DealDrawer } from './deal-drawer.tsx';
import { DealBasicFields, emptyDealValues, toDealBody, useStageChoices, type DealFormValues } from './deal-form.tsx';

/** Suggestions start at 2 characters and ask the server at most once per 2000 ms (docs/product.md#validation, #limits). */
function useNameSuggestions(orgId: string, name: string) {
  const text = name.trim();
  const throttled = useThrottledValue(text.length >= 2 ? text : '', debounceMs.dealNameSuggestion);
  const list = useDealPickerList(orgId, throttled, throttled.length >= 2, 10);
  if (text.length < 2 || !list.data) return [];
  const names = [...new Set(list.data.items.map((item) => item.title))];
  return names.map((value) => ({ value }));
}

/**
 * The simple deal dialog of the fast-create menu (docs/product.md#screens): name with suggestions, dates, price
 * and stage; "All fields" continues in the 600-wide drawer with what was typed.
 */
export function SimpleDealDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('deals');
  const [form] = Form.useForm<DealFormValues>();
  const { stageTypeId, choices } = useStageChoices(orgId);
  const save = useSaveDeal(orgId, t('notices.created'));
  const [name, setName] = useState('');
  const suggestions = useNameSuggestions(orgId, name);

  useEffect(() => {
    if (open && choices.length > 0 && form.getFieldValue('stage') === undefined) form.setFieldsValue(emptyDealValues(choices));
  }, [open, choices, form]);

  return (
    <QuickCreateDialog<DealFormValues>
      title={t('simpleTitle')}
      moreFieldsLabel={t('moreFields')}
      open={open}
      form={form}
      onClose={() => {
        setName('');
        onClose();
      }}
      saving={save.isPending}
      create={async (values) => ({ id: (await save.mutateAsync({ body: toDealBody(values, stageTypeId) })).dealId })}
      detailPath={(id) => `/${orgId}/deal/detail/${id}`}
      openIn="sameTab"
      showErrors={showServerFieldErrors}
      renderDrawer={(values, close) => <DealDrawer orgId={orgId} open={values !== null} initialValues={values ?? undefined} onClose={close} />}
    >
      <FieldItem kind="deal" field="name" rules={[requiredRule(t)]} extra={t('form.suggestionHint')}>
        <AutoComplete options={suggestions} onChange={(value: string) => setName(value)} maxLength={recordField('deal', 'name')?.max} />
      </FieldItem>
      <DealBasicFields choices={choices} form={form} />
      <DynamicFieldInputs orgId={orgId} entity="deal" requiredOnly />
    </QuickCreateDialog>
  );
}
