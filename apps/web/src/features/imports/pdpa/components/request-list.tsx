import { useState } from 'react';
import { Button, Flex, Form, Input, List, Modal, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PdpaRequest } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useActOnPdpaRequest } from '../pdpa.api.ts';

type Action = 'complete' | 'extend' | 'refuse' | 'lift';

/** The actions a request offers in its state (the server checks them again). */
function actionsOf(request: PdpaRequest, isAdministrator: boolean): Action[] {
  if (request.state === 'open') {
    const complete = request.type !== 'erase' || isAdministrator ? (['complete'] as const) : [];
    return [...complete, ...(request.extended ? [] : (['extend'] as const)), 'refuse'];
  }
  return request.state === 'done' && request.type === 'restrict' && request.contactId ? ['lift'] : [];
}

/**
 * Requests as a list: type, state, received and due dates (overdue flagged), what was done; the actions of each open
 * one ask for a note first (the reason of an extension or refusal, what was done).
 */
export function RequestList({ orgId, requests, showContact, isAdministrator, emptyText }: { orgId: string; requests: PdpaRequest[]; showContact: boolean; isAdministrator: boolean; emptyText: string }) {
  const { t } = useTranslation('pdpa');
  const act = useActOnPdpaRequest(orgId, t('notices.saved'));
  const [pending, setPending] = useState<{ request: PdpaRequest; action: Action } | null>(null);
  const [form] = Form.useForm<{ note?: string }>();
  const confirm = async () => {
    const { note } = await form.validateFields();
    await act.mutateAsync({ id: pending!.request.id, body: { action: pending!.action, note: note?.trim() || null } });
    setPending(null);
    form.resetFields();
  };
  return (
    <>
      <List
        className="pdpa-requests"
        dataSource={requests}
        locale={{ emptyText }}
        renderItem={(request) => (
          <List.Item className={request.overdue ? 'pdpa-request pdpa-request--overdue' : 'pdpa-request'} data-testid={`pdpa-request-${request.type}`}>
            <Flex vertical gap={6} style={{ width: '100%' }}>
              <Flex gap="small" align="center" wrap>
                <Typography.Text strong>{t(`types.${request.type}`)}</Typography.Text>
                <Tag className={`pdpa-state pdpa-state--${request.state}`}>{t(`states.${request.state}`)}</Tag>
                {request.overdue ? <Tag color="error">{t('overdue')}</Tag> : null}
                {request.extended ? <Tag>{t('extended')}</Tag> : null}
              </Flex>
              {showContact ? (
                <Typography.Text>
                  {request.contactId && request.contactName ? <Link to={`/${orgId}/contact/detail/${request.contactId}`}>{request.contactName}</Link> : t('erasedPerson')}
                </Typography.Text>
              ) : null}
              <Typography.Text type="secondary">
                {t('dates', { received: request.receivedOn, due: request.dueOn })}
              </Typography.Text>
              {request.note ? <Typography.Text className="preserve-lines">{request.note}</Typography.Text> : null}
              {request.doneAt ? (
                <Typography.Text type="secondary">
                  {t('closed', { when: formatDateTime(request.doneAt), who: request.doneByName ?? '—' })}
                  {request.resolution ? ` · ${request.resolution}` : ''}
                </Typography.Text>
              ) : null}
              {actionsOf(request, isAdministrator).length > 0 ? (
                <Flex gap="small" wrap>
                  {actionsOf(request, isAdministrator).map((action) => (
                    <Button
                      key={action}
                      className="touch-target"
                      type={action === 'complete' ? 'primary' : 'default'}
                      danger={action === 'complete' && request.type === 'erase'}
                      onClick={() => setPending({ request, action })}
                    >
                      {t(action === 'complete' ? `complete.${request.type}` : `actions.${action}`)}
                    </Button>
                  ))}
                </Flex>
              ) : null}
            </Flex>
          </List.Item>
        )}
      />
      <Modal
        open={pending !== null}
        title={pending ? t(pending.action === 'complete' ? `complete.${pending.request.type}` : `actions.${pending.action}`) : ''}
        okText={t('confirm')}
        okButtonProps={{ danger: pending?.action === 'complete' && pending.request.type === 'erase', loading: act.isPending }}
        onOk={() => void confirm()}
        onCancel={() => setPending(null)}
        destroyOnHidden
      >
        {pending ? <Typography.Paragraph>{t(pending.action === 'complete' ? `explain.${pending.request.type}` : `explain.${pending.action}`)}</Typography.Paragraph> : null}
        <Form form={form} layout="vertical">
          <Form.Item
            name="note"
            label={t(pending?.action === 'extend' || pending?.action === 'refuse' ? 'reason' : 'resolution')}
            rules={pending?.action === 'extend' || pending?.action === 'refuse' ? [{ required: true, whitespace: true, message: t('reasonRequired') }] : []}
          >
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
