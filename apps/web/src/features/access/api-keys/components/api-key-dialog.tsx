import { Form, Input, Modal, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiScopeAreas, type ApiKeyCreateBody, type ApiKeyCreated, type ApiScope, type ApiScopeArea } from '@lodestar/contract';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';

type Level = 'none' | 'read' | 'write';
interface Values {
  name: string;
  scopes: Record<ApiScopeArea, Level>;
  expiresInDays: number | 0;
  allowedIps: string[];
}

const expiryChoices = [0, 30, 90, 365] as const;

function scopesOf(levels: Record<ApiScopeArea, Level>): ApiScope[] {
  return apiScopeAreas.filter((area) => levels[area] !== 'none').map((area) => `${area}:${levels[area]}` as ApiScope);
}

/** Name, a level per area (none / read / read and write), an expiry and an optional IP allow-list. */
export function ApiKeyDialog({ title, okText, open, onClose, create, creating, onCreated }: {
  title: string;
  okText: string;
  open: boolean;
  onClose: () => void;
  create: (body: ApiKeyCreateBody) => Promise<ApiKeyCreated>;
  creating: boolean;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const { t } = useTranslation('api-keys');
  const [form] = Form.useForm<Values>();
  const initial: Values = { name: '', scopes: Object.fromEntries(apiScopeAreas.map((a) => [a, a === 'contacts' ? 'read' : 'none'])) as Values['scopes'], expiresInDays: 90, allowedIps: [] };
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async (values: Values) => {
    const scopes = scopesOf(values.scopes);
    if (scopes.length === 0) {
      form.setFields([{ name: ['scopes', 'contacts'], errors: [t('scopesRequired')] }]);
      return;
    }
    const expiresAt = values.expiresInDays ? new Date(Date.now() + values.expiresInDays * 86_400_000).toISOString() : null;
    try {
      const created = await create({ name: values.name.trim(), scopes, expiresAt, allowedIps: values.allowedIps });
      close();
      onCreated(created);
    } catch (error) {
      form.setFields(fieldErrorsOf(error) as never);
    }
  };
  const levels = (['none', 'read', 'write'] as const).map((level) => ({ value: level, label: t(`levels.${level}`) }));
  return (
    <Modal open={open} title={title} okText={okText} cancelText={t('common:actions.cancel')} onCancel={close} onOk={() => form.submit()} confirmLoading={creating} destroyOnHidden forceRender>
      <Form<Values> form={form} name="api-key" layout="vertical" requiredMark={false} initialValues={initial} onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(t), { whitespace: true, message: t('common:validation.required') }]}>
          <Input maxLength={100} autoFocus placeholder={t('namePlaceholder')} />
        </Form.Item>
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px', minWidth: 0 }}>
          <legend style={{ fontSize: 14, marginBottom: 4, border: 0 }}>{t('fields.scopes')}</legend>
          <Typography.Paragraph type="secondary">{t('scopesHelp')}</Typography.Paragraph>
          {apiScopeAreas.map((area) => (
            <Form.Item key={area} name={['scopes', area]} label={t(`areas.${area}`)} layout="horizontal" labelCol={{ flex: '96px' }} labelAlign="left" colon={false} style={{ marginBottom: 8 }}>
              <Segmented options={levels} size="small" aria-label={t(`areas.${area}`)} />
            </Form.Item>
          ))}
        </fieldset>
        <Form.Item name="expiresInDays" label={t('fields.expiry')}>
          <Select options={expiryChoices.map((days) => ({ value: days, label: days ? t('expiresInDays', { count: days }) : t('noExpiry') }))} aria-label={t('fields.expiry')} />
        </Form.Item>
        <Form.Item name="allowedIps" label={t('fields.allowedIps')} extra={t('allowedIpsHelp')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} placeholder="203.0.113.7, 203.0.113.0/24" aria-label={t('fields.allowedIps')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
