import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Radio, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lostReasonNoteMaxLength } from '@lodestar/contract';
import { LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useLostReasons } from '../lost-reasons.api.ts';

export interface LostReasonChoice {
  lostReasonId: string | null;
  lostReasonNote: string | null;
}

interface Values {
  lostReasonId?: string;
  lostReasonNote?: string;
}

/**
 * "Close as lost": why, from the workspace's short list (Settings → Lost reasons), and optional free text. The deal
 * page's button and a drag to the board's lost column open it; nothing moves until it is confirmed. A workspace
 * without any reason can still close (the note alone), and administrators are pointed to the settings.
 */
export function LostReasonDialog({
  orgId,
  dealName,
  open,
  initial,
  canConfigure,
  onCancel,
  onConfirm,
}: {
  orgId: string;
  dealName: string;
  open: boolean;
  initial?: LostReasonChoice | null;
  canConfigure: boolean;
  onCancel: () => void;
  onConfirm: (choice: LostReasonChoice) => Promise<unknown>;
}) {
  const { t } = useTranslation('deals');
  const [form] = Form.useForm<Values>();
  const reasons = useLostReasons(orgId, open);
  const items = reasons.data?.items ?? [];
  useEffect(() => {
    if (open) form.setFieldsValue({ lostReasonId: initial?.lostReasonId ?? undefined, lostReasonNote: initial?.lostReasonNote ?? '' });
  }, [open, initial, form]);
  const submit = async () => {
    const values = await form.validateFields();
    await onConfirm({ lostReasonId: values.lostReasonId ?? null, lostReasonNote: values.lostReasonNote?.trim() || null });
  };
  return (
    <Modal
      open={open}
      title={t('detail.loseTitle', { name: dealName })}
      okText={t('detail.lose')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:actions.cancel')}
      onCancel={onCancel}
      onOk={submit}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" className="lost-reason-form">
        <p className="lost-reason-form__text">{t('detail.loseText')}</p>
        {reasons.isLoading ? <LoadingState /> : null}
        {reasons.isSuccess && items.length === 0 ? (
          <Alert
            type="info"
            showIcon
            message={t('lostReasons.none')}
            action={canConfigure ? <Link to={`/${orgId}/settings/lostReasons`}>{t('lostReasons.manage')}</Link> : null}
          />
        ) : null}
        {items.length > 0 ? (
          <Form.Item name="lostReasonId" label={t('lostReasons.reason')} rules={[{ required: true, message: t('lostReasons.pick') }]}>
            <Radio.Group className="lost-reason-form__choices">
              <Space direction="vertical" size={4}>
                {items.map((reason) => (
                  <Radio key={reason.id} value={reason.id}>
                    {reason.label}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        ) : null}
        <Form.Item name="lostReasonNote" label={t('lostReasons.note')}>
          <Input.TextArea rows={3} maxLength={lostReasonNoteMaxLength} showCount placeholder={t('lostReasons.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
