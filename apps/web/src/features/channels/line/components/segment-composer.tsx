import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Popconfirm, Select, Statistic, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fillReplyVariables, type LineSegmentPreview } from '@lodestar/contract';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { flattenTags, useTagTree } from '../../../records/tags/index.ts';
import { useLineSavedReplies } from '../line.api.ts';
import { useCreateLineSegmentSend, usePreviewLineSegment } from '../line-segments.api.ts';

/**
 * Compose a segment message: a contact tag (its linked friends), a text (typed, or a saved reply's text in the app's
 * language — one text goes to everyone, so its variables are left out), the counts and LINE's quota, then send.
 */
export function SegmentComposer({ orgId }: { orgId: string }) {
  const { t } = useTranslation('line');
  const tags = useTagTree(orgId, 'customer');
  const replies = useLineSavedReplies(orgId);
  const previewing = usePreviewLineSegment(orgId);
  const create = useCreateLineSegmentSend(orgId, t('segments.queued'));
  const [tagId, setTagId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [bookingLink, setBookingLink] = useState(false);
  const [preview, setPreview] = useState<LineSegmentPreview | null>(null);

  const pickTag = (id: string | null) => {
    setTagId(id);
    setPreview(null);
    if (id) void previewing.mutateAsync(id).then(setPreview, () => undefined);
  };
  const pickReply = (id: string) => {
    const reply = replies.data?.find((r) => r.id === id);
    const chosen = reply ? (reply.texts[currentLanguage()] ?? Object.values(reply.texts).find(Boolean) ?? '') : '';
    setText(fillReplyVariables(chosen, {}).trim());
  };
  const send = async () => {
    if (!tagId) return;
    await create.mutateAsync({ tagId, text, bookingLink }).then(() => {
      setText('');
      setPreview(null);
      setTagId(null);
    }, () => undefined);
  };
  const left = preview?.quota && preview.quota.limit !== null ? Math.max(preview.quota.limit - preview.quota.used, 0) : null;
  const overQuota = preview !== null && left !== null && preview.recipients > left;
  const canSend = Boolean(tagId) && text.trim().length > 0 && preview !== null && preview.recipients > 0 && !overQuota;

  return (
    <Card title={t('segments.compose')} className="line-segments__compose">
      <Form layout="vertical" requiredMark="optional" onFinish={() => void send()}>
        <Form.Item label={t('segments.tag')} htmlFor="segment-tag" required extra={t('segments.tagHint')}>
          <Select
            id="segment-tag"
            value={tagId}
            onChange={(value: string | undefined) => pickTag(value ?? null)}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={tags.isLoading}
            placeholder={t('segments.tagPlaceholder')}
            options={flattenTags(tags.data ?? [])
              .filter((tag) => !tag.isType)
              .map((tag) => ({ value: tag.id, label: tag.name }))}
          />
        </Form.Item>
        <Form.Item label={t('segments.savedReply')} htmlFor="segment-saved-reply" extra={t('segments.savedReplyHint')}>
          <Select
            id="segment-saved-reply"
            value={null}
            onChange={(value: string | null) => value && pickReply(value)}
            placeholder={t('segments.savedReplyPlaceholder')}
            loading={replies.isLoading}
            notFoundContent={t('saved.empty')}
            options={(replies.data ?? []).map((reply) => ({ value: reply.id, label: reply.title }))}
          />
        </Form.Item>
        <Form.Item label={t('segments.text')} htmlFor="segment-text" required>
          <Input.TextArea id="segment-text" value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item>
          <Checkbox checked={bookingLink} onChange={(e) => setBookingLink(e.target.checked)}>
            {t('segments.bookingLink')}
          </Checkbox>
        </Form.Item>
        {preview ? (
          <section className="line-segments__preview" aria-label={t('segments.preview')} data-testid="segment-preview">
            <Statistic title={t('segments.reachable')} value={preview.recipients} />
            <Statistic title={t('segments.optedOut')} value={preview.optedOut} />
            <Statistic title={t('segments.blocked')} value={preview.blocked} />
            <Statistic title={t('segments.notLinked')} value={preview.notLinked} />
            <Statistic title={t('segments.quotaLeft')} value={preview.quota === null ? '—' : left === null ? t('segments.unlimited') : left} />
          </section>
        ) : tagId && previewing.isPending ? (
          <Typography.Text type="secondary">{t('segments.counting')}</Typography.Text>
        ) : null}
        {overQuota ? <Alert type="error" showIcon message={t('segments.overQuota', { left, recipients: preview?.recipients })} /> : null}
        {preview && preview.recipients === 0 ? <Alert type="info" showIcon message={t('segments.nobody')} /> : null}
        <div className="line-segments__actions">
          <Popconfirm title={t('segments.confirm', { count: preview?.recipients ?? 0 })} okText={t('segments.send')} cancelText={t('cancel')} onConfirm={() => void send()} disabled={!canSend}>
            <Button type="primary" icon={<SendOutlined aria-hidden="true" />} disabled={!canSend} loading={create.isPending}>
              {t('segments.send')}
            </Button>
          </Popconfirm>
        </div>
      </Form>
    </Card>
  );
}
