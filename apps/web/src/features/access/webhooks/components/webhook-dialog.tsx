import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { eventTypes, type Webhook } from '@lodestar/contract';
import { EditDialog } from '../../../../shared/ui/edit-dialog.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useCreateWebhook, useUpdateWebhook } from '../webhooks.api.ts';

interface Values {
  name: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
}

/** The event types grouped by what they are about (contact, deal, …) for the picker. */
function eventOptions(t: (key: string) => string) {
  const groups = new Map<string, string[]>();
  for (const type of eventTypes) {
    const kind = type.split('.')[0]!;
    groups.set(kind, [...(groups.get(kind) ?? []), type]);
  }
  return [...groups].map(([kind, types]) => ({ label: t(`kinds.${kind}`), options: types.map((type) => ({ value: type, label: `${t(`events.${type.replace('.', '_')}`)} (${type})` })) }));
}

/** Create a webhook (then its secret is shown once), or edit one. */
export function WebhookDialog({ orgId, open, editing, onClose, onCreated }: { orgId: string; open: boolean; editing: Webhook | null; onClose: () => void; onCreated: (secret: string) => void }) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhook(orgId, t('notices.created'));
  const update = useUpdateWebhook(orgId, t('notices.saved'));
  return (
    <EditDialog<Values>
      open={open}
      title={editing ? t('editTitle') : t('createTitle')}
      name="webhook"
      values={editing ? { name: editing.name, url: editing.url, eventTypes: editing.eventTypes, enabled: editing.enabled } : { name: '', url: 'https://', eventTypes: [], enabled: true }}
      saving={create.isPending || update.isPending}
      onClose={onClose}
      onSave={(values, handlers) => {
        const body = { name: values.name.trim(), url: values.url.trim(), eventTypes: values.eventTypes as Webhook['eventTypes'], filter: editing?.filter ?? {} };
        if (editing) update.mutate({ id: editing.id, ...body, enabled: values.enabled }, handlers);
        else
          create.mutate(body, {
            onSuccess: (created) => {
              handlers.onSuccess();
              onCreated(created.secret);
            },
            onError: handlers.onError,
          });
      }}
    >
      <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(t), { whitespace: true, message: t('common:validation.required') }]}>
        <Input maxLength={100} autoFocus placeholder={t('namePlaceholder')} />
      </Form.Item>
      <Form.Item name="url" label={t('fields.url')} extra={t('urlHelp')} rules={[requiredRule(t)]}>
        <Input maxLength={2000} inputMode="url" />
      </Form.Item>
      <Form.Item name="eventTypes" label={t('fields.eventTypes')} rules={[{ required: true, type: 'array', min: 1, message: t('common:validation.required') }]}>
        <Select mode="multiple" options={eventOptions(t)} placeholder={t('eventsPlaceholder')} optionFilterProp="label" aria-label={t('fields.eventTypes')} />
      </Form.Item>
      {editing ? (
        <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
    </EditDialog>
  );
}
