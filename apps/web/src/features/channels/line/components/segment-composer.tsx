import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Popconfirm, Radio, Select, Statistic, Typography } from 'antd';
import { SendOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fillReplyVariables, lineMessageLimits, lineSegmentKinds, type LineSegmentAudience, type LineSegmentKind, type LineSegmentPreview } from '@lodestar/contract';
import { compressImage } from '../../../../shared/format/image.ts';
import { currentLanguage } from '../../../../shared/i18n.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';
import { flattenTags, useTagTree } from '../../../records/tags/index.ts';
import { useSavedFilters } from '../../../records/contacts/index.ts';
import { useLineSavedReplies } from '../line.api.ts';
import { useLineRichMenu } from '../line-rich-menu.api.ts';
import { useCreateLineSegmentSend, usePreviewLineSegment, useUploadLineSegmentImage } from '../line-segments.api.ts';

function ImagePreview({ url, alt }: { url: string; alt: string }) {
  const src = useAuthorizedImage(url);
  return src ? <img className="line-segments__image" src={src} alt={alt} /> : null;
}

/**
 * Compose a segment message: the audience (a contact tag's or a saved contact filter's linked friends), what is sent
 * (a text — typed, or a saved reply's text in the app's language, variables left out since one text goes to everyone —
 * an image, a member's business card or the booking page, within LINE's limits), the counts and LINE's quota, then send.
 */
export function SegmentComposer({ orgId }: { orgId: string }) {
  const { t } = useTranslation('line');
  const tags = useTagTree(orgId, 'customer');
  const filters = useSavedFilters(orgId);
  const replies = useLineSavedReplies(orgId);
  const richMenu = useLineRichMenu(orgId);
  const previewing = usePreviewLineSegment(orgId);
  const uploadImage = useUploadLineSegmentImage(orgId);
  const create = useCreateLineSegmentSend(orgId, t('segments.queued'));
  const [by, setBy] = useState<'tag' | 'filter'>('tag');
  const [audienceId, setAudienceId] = useState<string | null>(null);
  const [kind, setKind] = useState<LineSegmentKind>('text');
  const [text, setText] = useState('');
  const [bookingLink, setBookingLink] = useState(false);
  const [image, setImage] = useState<{ fileId: string; imageUrl: string } | null>(null);
  const [cardUserId, setCardUserId] = useState<string | null>(null);
  const [linkLabel, setLinkLabel] = useState('');
  const [preview, setPreview] = useState<LineSegmentPreview | null>(null);
  const audience: LineSegmentAudience | null = audienceId ? (by === 'tag' ? { tagId: audienceId } : { savedFilterId: audienceId }) : null;

  const pickAudience = (id: string | null, kindOf = by) => {
    setAudienceId(id);
    setPreview(null);
    if (id) void previewing.mutateAsync(kindOf === 'tag' ? { tagId: id } : { savedFilterId: id }).then(setPreview, () => undefined);
  };
  const pickImage = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    input.value = '';
    if (!chosen) return;
    await uploadImage.mutateAsync(await compressImage(chosen)).then(setImage, () => undefined);
  };
  const linkKind = kind === 'card' || kind === 'booking';
  const textMax = linkKind ? lineMessageLimits.templateTextWithTitleMax : lineMessageLimits.textMax;
  const pickReply = (id: string) => {
    const reply = replies.data?.find((r) => r.id === id);
    const chosen = reply ? (reply.texts[currentLanguage()] ?? Object.values(reply.texts).find(Boolean) ?? '') : '';
    setText(fillReplyVariables(chosen, {}).trim());
  };
  const send = async () => {
    if (!audience) return;
    const label = linkLabel.trim() || t(`segments.defaultLabel.${kind === 'card' ? 'card' : 'booking'}`);
    await create
      .mutateAsync({
        ...audience,
        kind,
        text,
        ...(kind === 'text' ? { bookingLink } : {}),
        ...(kind === 'image' && image ? { imageFileId: image.fileId } : {}),
        ...(kind === 'card' && cardUserId ? { cardUserId } : {}),
        ...(linkKind ? { linkLabel: label } : {}),
      })
      .then(() => {
        setText('');
        setPreview(null);
        setAudienceId(null);
        setImage(null);
      }, () => undefined);
  };
  const left = preview?.quota && preview.quota.limit !== null ? Math.max(preview.quota.limit - preview.quota.used, 0) : null;
  const overQuota = preview !== null && left !== null && preview.recipients > left;
  const ready = kind === 'text' ? text.trim().length > 0 : kind === 'image' ? image !== null : kind === 'card' ? cardUserId !== null : Boolean(richMenu.data?.bookingUrl);
  const canSend = Boolean(audience) && ready && [...text].length <= textMax && preview !== null && preview.recipients > 0 && !overQuota;

  return (
    <Card title={t('segments.compose')} className="line-segments__compose">
      <Form layout="vertical" requiredMark="optional" onFinish={() => void send()}>
        <Form.Item label={t('segments.audience')} required>
          <Radio.Group
            optionType="button"
            value={by}
            onChange={(event) => {
              setBy(event.target.value as 'tag' | 'filter');
              pickAudience(null, event.target.value as 'tag' | 'filter');
            }}
            options={[
              { value: 'tag', label: t('segments.byTag') },
              { value: 'filter', label: t('segments.byFilter') },
            ]}
          />
        </Form.Item>
        {by === 'tag' ? (
          <Form.Item label={t('segments.tag')} htmlFor="segment-tag" required extra={t('segments.tagHint')}>
            <Select
              id="segment-tag"
              value={audienceId}
              onChange={(value: string | undefined) => pickAudience(value ?? null)}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={tags.isLoading}
              placeholder={t('segments.tagPlaceholder')}
              options={flattenTags(tags.data ?? [])
                .filter((tag) => !tag.isType)
                .map((tag) => ({ value: tag.id, label: tag.name }))}
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('segments.filter')} htmlFor="segment-filter" required extra={t('segments.filterHint')}>
            <Select
              id="segment-filter"
              value={audienceId}
              onChange={(value: string | undefined) => pickAudience(value ?? null)}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={filters.isLoading}
              placeholder={t('segments.filterPlaceholder')}
              notFoundContent={t('segments.noFilters')}
              options={(filters.data?.items ?? []).map((filter) => ({ value: filter.id, label: filter.name }))}
            />
          </Form.Item>
        )}
        <Form.Item label={t('segments.kind')} required>
          <Radio.Group
            className="line-segments__kinds"
            optionType="button"
            value={kind}
            onChange={(event) => setKind(event.target.value as LineSegmentKind)}
            options={lineSegmentKinds.map((value) => ({ value, label: t(`segments.kinds.${value}`) }))}
          />
        </Form.Item>
        {kind === 'image' ? (
          <Form.Item label={t('segments.image')} required extra={t('segments.imageHint')}>
            <div className="line-segments__image-pick">
              <input id="segment-image" type="file" accept="image/jpeg,image/png" hidden data-testid="segment-image-input" onChange={(event) => void pickImage(event.currentTarget)} />
              <Button icon={<UploadOutlined aria-hidden="true" />} loading={uploadImage.isPending} onClick={() => document.getElementById('segment-image')?.click()}>
                {image ? t('segments.imageReplace') : t('segments.imagePick')}
              </Button>
              {image ? <ImagePreview url={image.imageUrl} alt={t('segments.image')} /> : null}
            </div>
          </Form.Item>
        ) : null}
        {kind === 'card' ? (
          <Form.Item label={t('segments.card')} htmlFor="segment-card" required extra={richMenu.data && richMenu.data.cards.length === 0 ? t('segments.noCards') : t('segments.cardHint')}>
            <Select
              id="segment-card"
              value={cardUserId}
              onChange={(value: string) => setCardUserId(value)}
              loading={richMenu.isLoading}
              placeholder={t('segments.cardPlaceholder')}
              options={(richMenu.data?.cards ?? []).map((card) => ({ value: card.userId, label: card.name }))}
            />
          </Form.Item>
        ) : null}
        {kind === 'booking' && richMenu.data && !richMenu.data.bookingUrl ? <Alert type="warning" showIcon message={t('segments.noBookingPage')} /> : null}
        {linkKind ? (
          <Form.Item label={t('segments.linkLabel')} htmlFor="segment-link-label" extra={t('segments.linkLabelHint')}>
            <Input id="segment-link-label" value={linkLabel} maxLength={lineMessageLimits.actionLabelMax} placeholder={t(`segments.defaultLabel.${kind === 'card' ? 'card' : 'booking'}`)} onChange={(e) => setLinkLabel(e.target.value)} />
          </Form.Item>
        ) : null}
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
        <Form.Item label={kind === 'text' ? t('segments.text') : t('segments.words')} htmlFor="segment-text" required={kind === 'text'} extra={linkKind ? t('segments.wordsHint', { max: textMax }) : undefined}>
          <Input.TextArea id="segment-text" value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: linkKind ? 2 : 3, maxRows: 10 }} maxLength={textMax} showCount />
        </Form.Item>
        {kind === 'text' ? (
          <Form.Item>
            <Checkbox checked={bookingLink} onChange={(e) => setBookingLink(e.target.checked)}>
              {t('segments.bookingLink')}
            </Checkbox>
          </Form.Item>
        ) : null}
        {preview ? (
          <section className="line-segments__preview" aria-label={t('segments.preview')} data-testid="segment-preview">
            <Statistic title={t('segments.reachable')} value={preview.recipients} />
            <Statistic title={t('segments.optedOut')} value={preview.optedOut} />
            <Statistic title={t('segments.blocked')} value={preview.blocked} />
            <Statistic title={t('segments.notLinked')} value={preview.notLinked} />
            <Statistic title={t('segments.quotaLeft')} value={preview.quota === null ? '—' : left === null ? t('segments.unlimited') : left} />
          </section>
        ) : audienceId && previewing.isPending ? (
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
