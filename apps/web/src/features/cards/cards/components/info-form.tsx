import { useRef } from 'react';
import { Alert, Button, Col, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { cardPhoneTypes, findCardTheme, maxCardLinks, maxCardPhones, resolveLocale, type Card, type CardSaveInput } from '@lodestar/contract';
import { compressImage } from '../../../../shared/format/image.ts';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useRemoveCardPhoto, useSaveCard, useUploadCardPhoto } from '../cards.api.ts';
import { CardPreview, PhoneFrame } from './card-preview.tsx';

const webUrl = /^https?:\/\/\S+$/i;

/** Empty strings as null (the contract's "not given"), list rows without a value dropped. */
function toBody(values: CardSaveInput): CardSaveInput {
  const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  return {
    ...values,
    title: blank(values.title),
    company: blank(values.company),
    email: blank(values.email),
    address: blank(values.address),
    intro: blank(values.intro),
    videoUrl: blank(values.videoUrl),
    lineId: blank(values.lineId),
    phones: (values.phones ?? []).filter((p) => p?.value?.trim()),
    links: (values.links ?? []).filter((l) => l?.url?.trim()),
  };
}

/** businesscard/info: the card's content with a live preview beside it. */
export function InfoForm({ orgId, card }: { orgId: string; card: Card }) {
  const { t, i18n } = useTranslation('cards');
  const [form] = Form.useForm<CardSaveInput>();
  const watched = Form.useWatch([], form) as CardSaveInput | undefined;
  const save = useSaveCard(orgId, t('info.saved'));
  const upload = useUploadCardPhoto(orgId);
  const remove = useRemoveCardPhoto(orgId);
  const photo = useAuthorizedImage(card.photoUrl);
  const fileInput = useRef<HTMLInputElement>(null);
  const familyFirst = resolveLocale(i18n.language) !== 'en-US';
  const urlRule = { pattern: webUrl, message: t('info.urlInvalid') };

  const submit = async (values: CardSaveInput) => {
    try {
      await save.mutateAsync(toBody(values));
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };

  const nameFields = [
    <Col xs={24} sm={12} key="lastName">
      <Form.Item name="lastName" label={t('info.lastName')} rules={[requiredRule(t)]}>
        <Input maxLength={50} autoComplete="family-name" />
      </Form.Item>
    </Col>,
    <Col xs={24} sm={12} key="firstName">
      <Form.Item name="firstName" label={t('info.firstName')}>
        <Input maxLength={50} autoComplete="given-name" />
      </Form.Item>
    </Col>,
  ];

  return (
    <div className="card-editor">
      <Form form={form} layout="vertical" initialValues={card} onFinish={(v) => void submit(v)} className="card-editor__form" aria-label={t('title')}>
        {card.id === null ? <Alert className="card-editor__tip" type="info" showIcon title={t('info.prefilled')} /> : null}
        <Form.Item label={t('info.photo')} extra={t('info.photoHint')}>
          <Space>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) upload.mutate(await compressImage(file));
              }}
            />
            <Button icon={<UploadOutlined aria-hidden="true" />} loading={upload.isPending} onClick={() => fileInput.current?.click()}>
              {t('info.photoUpload')}
            </Button>
            {card.photoUrl ? (
              <Button icon={<DeleteOutlined aria-hidden="true" />} loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
                {t('info.photoRemove')}
              </Button>
            ) : null}
          </Space>
        </Form.Item>
        <Row gutter={12}>{familyFirst ? nameFields : [...nameFields].reverse()}</Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="title" label={t('info.title')}>
              <Input maxLength={80} autoComplete="organization-title" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="company" label={t('info.company')}>
              <Input maxLength={100} autoComplete="organization" />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="phones">
          {(fields, { add, remove: drop }) => (
            <Form.Item label={t('info.phones')}>
              {fields.map((field, index) => (
                <Space.Compact key={field.key} className="card-editor__pair">
                  <Form.Item name={[field.name, 'type']} noStyle initialValue="mobile">
                    <Select
                      aria-label={t('info.phoneType', { index: index + 1 })}
                      className="card-editor__type"
                      options={cardPhoneTypes.map((type) => ({ value: type, label: t(`phoneTypes.${type}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} noStyle>
                    <Input aria-label={t('info.phoneValue', { index: index + 1 })} maxLength={40} inputMode="tel" />
                  </Form.Item>
                  <Button icon={<MinusCircleOutlined aria-hidden="true" />} aria-label={t('info.removePhone', { index: index + 1 })} onClick={() => drop(field.name)} />
                </Space.Compact>
              ))}
              {fields.length < maxCardPhones ? (
                <Button type="dashed" icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ type: 'mobile', value: '' })}>
                  {t('info.addPhone')}
                </Button>
              ) : null}
            </Form.Item>
          )}
        </Form.List>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('info.email')}>
              <Input maxLength={254} type="email" autoComplete="email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="lineId" label={t('info.lineId')}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="address" label={t('info.address')}>
          <Input maxLength={200} autoComplete="street-address" />
        </Form.Item>
        <Form.Item name="videoUrl" label={t('info.videoUrl')} rules={[urlRule]}>
          <Input maxLength={500} placeholder="https://" inputMode="url" />
        </Form.Item>
        <Form.List name="links">
          {(fields, { add, remove: drop }) => (
            <Form.Item label={t('info.links')}>
              {fields.map((field, index) => (
                <Space.Compact key={field.key} className="card-editor__pair">
                  <Form.Item name={[field.name, 'label']} noStyle>
                    <Input aria-label={t('info.linkLabel', { index: index + 1 })} className="card-editor__type" maxLength={40} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'url']} noStyle rules={[urlRule]}>
                    <Input aria-label={t('info.linkUrl', { index: index + 1 })} placeholder="https://" maxLength={500} inputMode="url" />
                  </Form.Item>
                  <Button icon={<MinusCircleOutlined aria-hidden="true" />} aria-label={t('info.removeLink', { index: index + 1 })} onClick={() => drop(field.name)} />
                </Space.Compact>
              ))}
              {fields.length < maxCardLinks ? (
                <Button type="dashed" icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ label: '', url: '' })}>
                  {t('info.addLink')}
                </Button>
              ) : null}
            </Form.Item>
          )}
        </Form.List>
        <Form.Item name="intro" label={t('info.intro')}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="isPublic" label={t('info.isPublic')} valuePropName="checked" extra={t('info.isPublicHint')}>
          <Switch aria-label={t('info.isPublic')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('info.save')}
        </Button>
      </Form>
      <aside className="card-editor__preview" aria-label={t('info.livePreview')}>
        <Typography.Text type="secondary">{t('info.livePreview')}</Typography.Text>
        <PhoneFrame theme={findCardTheme(card.themeId)}>
          <CardPreview card={toBody({ ...card, ...(watched ?? {}) })} theme={findCardTheme(card.themeId)} photoUrl={photo} />
        </PhoneFrame>
      </aside>
    </div>
  );
}
