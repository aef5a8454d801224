import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pdpaAnswerDays, pdpaRequestTypes, type PdpaRequestType } from '@lodestar/contract';
import { usePermissions } from '../../../../shared/permissions.ts';
import { DateMaskInput, dateRules } from '../../../../shared/ui/date-mask-input.tsx';
import { useCreatePdpaRequest, usePdpaRequests, useUnsubscribeLink } from '../pdpa.api.ts';
import { RequestList } from './request-list.tsx';

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * A contact's PDPA requests on its page (shared/extension-points.tsx `ContactPdpa`): record one the person made (by
 * phone, letter, e-mail) with the day it arrived; its due date follows the act; answer it here.
 */
export function ContactPdpaCard({ orgId, contactId }: { orgId: string; contactId: string }) {
  const { t } = useTranslation('pdpa');
  const { can, isSystemAdministrator } = usePermissions(orgId);
  const requests = usePdpaRequests(orgId, 'all', contactId);
  const create = useCreatePdpaRequest(orgId, t('notices.recorded'));
  const [open, setOpen] = useState(false);
  const [showLink, setShowLink] = useState(false);
  const link = useUnsubscribeLink(orgId, contactId, showLink);
  const [form] = Form.useForm<{ type: PdpaRequestType; receivedOn: string; note?: string }>();
  const submit = async () => {
    const values = await form.validateFields();
    await create.mutateAsync({ contactId, type: values.type, receivedOn: values.receivedOn, note: values.note?.trim() || null });
    setOpen(false);
    form.resetFields();
  };
  return (
    <Card
      className="contact-pdpa-card"
      title={<Typography.Title level={2} className="side-title">{t('contactTitle')}</Typography.Title>}
      extra={
        can('contact', 'edit') ? (
          <Button className="touch-target" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
            {t('record')}
          </Button>
        ) : null
      }
    >
      <RequestList orgId={orgId} requests={requests.data ?? []} showContact={false} isAdministrator={isSystemAdministrator} emptyText={t('contactEmpty')} />
      <Flex vertical gap={4} className="contact-pdpa-card__link">
        {showLink && link.data ? (
          <>
            <Typography.Text type="secondary">{t('unsubscribeHint')}</Typography.Text>
            <Typography.Paragraph copyable={{ text: link.data, tooltips: [t('copy'), t('copied')] }} className="contact-pdpa-card__url">{link.data}</Typography.Paragraph>
          </>
        ) : (
          <Button type="link" className="touch-target" icon={<LinkOutlined aria-hidden="true" />} loading={link.isFetching} onClick={() => setShowLink(true)}>
            {t('unsubscribeLink')}
          </Button>
        )}
      </Flex>
      <Modal open={open} title={t('record')} okText={t('recordOk')} okButtonProps={{ loading: create.isPending }} onOk={() => void submit()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ type: 'access', receivedOn: today() }}>
          <Form.Item name="type" label={t('type')} rules={[{ required: true }]}>
            <Select options={pdpaRequestTypes.map((type) => ({ value: type, label: `${t(`types.${type}`)} · ${t('days', { days: pdpaAnswerDays[type] })}` }))} />
          </Form.Item>
          <Form.Item name="receivedOn" label={t('receivedOn')} rules={[{ required: true, message: t('receivedRequired') }, ...dateRules(t)]}>
            <DateMaskInput />
          </Form.Item>
          <Form.Item name="note" label={t('note')} extra={t('noteHint')}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
