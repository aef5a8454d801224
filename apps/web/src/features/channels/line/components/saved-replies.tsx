import { useState } from 'react';
import { Button, Dropdown, Form, Input, List, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lineQuickReplyMax, locales, type LineSavedReply, type LineSavedReplyBody } from '@lodestar/contract';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { useLineSavedReplies, useRenderLineReply, useSaveLineSavedReply } from '../line.api.ts';

type FormValues = { title: string; quickReplies: string[] } & Record<(typeof locales)[number], string | undefined>;

/** The saved replies' editor: the list, and a form with a text per language and the quick-reply buttons. */
function SavedRepliesDialog({ orgId, open, onClose }: { orgId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('line');
  const replies = useLineSavedReplies(orgId);
  const save = useSaveLineSavedReply(orgId, t('saved.saved'));
  const [editing, setEditing] = useState<LineSavedReply | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();
  const edit = (reply: LineSavedReply | 'new') => {
    setEditing(reply);
    form.setFieldsValue(reply === 'new' ? { title: '', quickReplies: [], 'zh-TW': '', 'zh-CN': '', 'en-US': '' } : { title: reply.title, quickReplies: reply.quickReplies, ...reply.texts });
  };
  const submit = async (values: FormValues) => {
    const body: LineSavedReplyBody = { title: values.title, quickReplies: values.quickReplies ?? [], texts: Object.fromEntries(locales.map((l) => [l, values[l] ?? ''])) };
    await save.mutateAsync({ id: editing === 'new' || !editing ? undefined : editing.id, body }).then(() => setEditing(null), () => undefined);
  };
  return (
    <Modal open={open} title={t('saved.manage')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {editing ? (
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional">
          <Form.Item name="title" label={t('saved.name')} rules={[{ required: true, whitespace: true, message: t('saved.nameRequired') }, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('saved.variables')}</Typography.Paragraph>
          {locales.map((locale) => (
            <Form.Item key={locale} name={locale} label={t(`saved.language.${locale}`)}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
            </Form.Item>
          ))}
          <Form.Item name="quickReplies" label={t('saved.quickReplies')} extra={t('saved.quickRepliesHint', { max: lineQuickReplyMax })}>
            <Select mode="tags" maxCount={lineQuickReplyMax} open={false} suffixIcon={null} aria-label={t('saved.quickReplies')} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('saved.save')}
            </Button>
            <Button onClick={() => setEditing(null)}>{t('cancel')}</Button>
          </Space>
        </Form>
      ) : (
        <>
          <List
            dataSource={replies.data ?? []}
            loading={replies.isLoading}
            locale={{ emptyText: t('saved.empty') }}
            renderItem={(reply) => (
              <List.Item
                actions={[
                  <Button key="edit" type="text" icon={<EditOutlined aria-hidden="true" />} aria-label={t('saved.edit', { name: reply.title })} onClick={() => edit(reply)} />,
                  <Popconfirm key="delete" title={t('saved.deleteConfirm', { name: reply.title })} okText={t('saved.delete')} cancelText={t('cancel')} onConfirm={() => save.mutateAsync({ id: reply.id, body: null }).catch(() => undefined)}>
                    <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('saved.delete')} />
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta title={reply.title} description={<span className="line-saved__preview">{reply.texts[currentLanguage()] ?? Object.values(reply.texts).find(Boolean)}</span>} />
              </List.Item>
            )}
          />
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => edit('new')}>
            {t('saved.add')}
          </Button>
        </>
      )}
    </Modal>
  );
}

/**
 * "Saved replies" beside the reply box: choosing one fills the box for this conversation (in the app's language) and
 * sets its quick-reply buttons; sending is the second tap. Editors manage the list from here.
 */
export function SavedRepliesButton({ orgId, conversationId, canManage, onPick }: { orgId: string; conversationId: string; canManage: boolean; onPick: (text: string, quickReplies: string[]) => void }) {
  const { t } = useTranslation('line');
  const replies = useLineSavedReplies(orgId);
  const render = useRenderLineReply(orgId, conversationId);
  const [managing, setManaging] = useState(false);
  const items = [
    ...(replies.data ?? []).map((reply) => ({ key: reply.id, label: reply.title })),
    ...((replies.data ?? []).length === 0 ? [{ key: 'none', label: t('saved.empty'), disabled: true }] : []),
    ...(canManage ? [{ type: 'divider' as const }, { key: 'manage', label: t('saved.manage') }] : []),
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        // A colleague may have added one since: the list is read again on each opening.
        onOpenChange={(open) => {
          if (open) void replies.refetch();
        }}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'manage') return setManaging(true);
            void render.mutateAsync({ savedReplyId: key, locale: currentLanguage() }).then((filled) => onPick(filled.text, filled.quickReplies), () => undefined);
          },
        }}
      >
        <Button icon={<MessageOutlined aria-hidden="true" />} loading={render.isPending}>
          {t('saved.button')}
        </Button>
      </Dropdown>
      {canManage ? <SavedRepliesDialog orgId={orgId} open={managing} onClose={() => setManaging(false)} /> : null}
    </>
  );
}
