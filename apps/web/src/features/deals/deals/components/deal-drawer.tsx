import { useEffect } from 'react';
import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../../shared/ui/form-drawer.tsx';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { useDeal, useSaveDeal } from '../deals.api.ts';
import { DealFormFields, dealToFormValues, emptyDealValues, toDealBody, useStageChoices, type DealFormValues } from './deal-form.tsx';

export interface DealDrawerProps {
  orgId: string;
  open: boolean;
  dealId?: string | null;
  initialValues?: Partial<DealFormValues>;
  onClose: () => void;
}

/** The 600-wide create/edit deal drawer (docs/product.md#screens) with every field; a new deal's page opens after saving. */
export function DealDrawer({ orgId, open, dealId, initialValues, onClose }: DealDrawerProps) {
  const { t } = useTranslation('deals');
  const navigate = useNavigate();
  const [form] = Form.useForm<DealFormValues>();
  const isEdit = Boolean(dealId);
  const deal = useDeal(orgId, open ? dealId : null);
  const { stageTypeId, choices, isLoading } = useStageChoices(orgId);
  const save = useSaveDeal(orgId, isEdit ? t('notices.updated') : t('notices.created'));

  useEffect(() => {
    if (!open || isLoading) return;
    if (deal.data) form.setFieldsValue(dealToFormValues(deal.data));
    else if (!isEdit) form.setFieldsValue({ ...emptyDealValues(choices), ...initialValues });
  }, [open, isLoading, deal.data, isEdit, choices, initialValues, form]);

  const submit = async (values: DealFormValues) => {
    try {
      const saved = await save.mutateAsync({ id: dealId ?? undefined, body: toDealBody(values, isEdit ? null : stageTypeId) });
      form.resetFields();
      onClose();
      if (!isEdit) navigate(`/${orgId}/deal/detail/${saved.dealId}`);
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  return (
    <FormDrawer
      title={isEdit ? t('editTitle') : t('createTitle')}
      open={open}
      size={600}
      form={form}
      loading={isLoading || (isEdit && deal.isLoading)}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <DealFormFields orgId={orgId} choices={choices} form={form} />
    </FormDrawer>
  );
}
