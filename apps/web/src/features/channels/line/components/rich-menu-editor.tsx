import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Segmented, Select, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  imagePixelSize,
  lineRichMenuImageProblems,
  lineRichMenuLayoutBounds,
  lineRichMenuLayouts,
  lineRichMenuRules,
  type LineRichMenuAction,
  type LineRichMenuLayout,
  type LineRichMenuView,
} from '@lodestar/contract';
import { usePublishLineRichMenu } from '../line-rich-menu.api.ts';
import { RichMenuPreview } from './rich-menu-preview.tsx';

type Kind = LineRichMenuAction['kind'];
interface AreaValues {
  label: string;
  kind: Kind;
  userId?: string;
  text?: string;
  uri?: string;
}
interface Values {
  chatBarText: string;
  areas: AreaValues[];
}
interface Chosen {
  file: File;
  url: string;
  width: number | null;
  height: number | null;
  problems: ReturnType<typeof lineRichMenuImageProblems>;
}

const areaCount: Record<LineRichMenuLayout, number> = { one: 1, two: 2, three: 3, four: 4, six: 6 };

function toAction(area: AreaValues): LineRichMenuAction {
  if (area.kind === 'card') return { kind: 'card', userId: area.userId ?? '' };
  if (area.kind === 'message') return { kind: 'message', text: area.text ?? '' };
  if (area.kind === 'uri') return { kind: 'uri', uri: area.uri ?? '' };
  return { kind: 'booking' };
}

/** Choose the image (checked against LINE's rules as soon as it is chosen), a layout, and what each area does. */
export function RichMenuEditor({ orgId, view }: { orgId: string; view: LineRichMenuView }) {
  const { t } = useTranslation('line');
  const [form] = Form.useForm<Values>();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [layout, setLayout] = useState<LineRichMenuLayout>('three');
  const publish = usePublishLineRichMenu(orgId, t('richMenu.published'));
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const defaults = useMemo((): AreaValues[] => {
    const card = view.cards[0];
    return [
      view.bookingUrl ? { label: t('richMenu.defaults.booking'), kind: 'booking' } : { label: t('richMenu.defaults.contact'), kind: 'message', text: t('richMenu.defaults.contactText') },
      card ? { label: t('richMenu.defaults.card'), kind: 'card', userId: card.userId } : { label: t('richMenu.defaults.website'), kind: 'uri', uri: 'https://' },
      { label: t('richMenu.defaults.contact'), kind: 'message', text: t('richMenu.defaults.contactText') },
    ];
  }, [view, t]);
  const areaDefault = (index: number): AreaValues => defaults[index] ?? { label: t('richMenu.areaN', { n: index + 1 }), kind: 'message', text: t('richMenu.defaults.contactText') };

  function changeLayout(next: LineRichMenuLayout) {
    setLayout(next);
    const current = (form.getFieldValue('areas') as AreaValues[] | undefined) ?? [];
    form.setFieldValue('areas', Array.from({ length: areaCount[next] }, (_, i) => current[i] ?? areaDefault(i)));
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    const size = imagePixelSize(new Uint8Array(await file.arrayBuffer()));
    const problems = lineRichMenuImageProblems({ mimeType: size?.mimeType ?? file.type, bytes: file.size, width: size?.width ?? null, height: size?.height ?? null });
    setChosen({ file, url: URL.createObjectURL(file), width: size?.width ?? null, height: size?.height ?? null, problems });
  }

  const watched = Form.useWatch('areas', form) as AreaValues[] | undefined;
  const ready = chosen && chosen.problems.length === 0 && chosen.width !== null && chosen.height !== null;
  const bounds = ready ? lineRichMenuLayoutBounds(layout, chosen.width!, chosen.height!) : [];

  async function submit(values: Values) {
    if (!ready) return;
    const menu = { chatBarText: values.chatBarText, areas: values.areas.map((area, i) => ({ bounds: bounds[i]!, label: area.label, action: toAction(area) })) };
    await publish.mutateAsync({ image: chosen.file, menu }).catch(() => undefined);
  }

  const kinds: { value: Kind; label: string; disabled?: boolean }[] = [
    { value: 'booking', label: t('richMenu.kinds.booking'), disabled: !view.bookingUrl },
    { value: 'card', label: t('richMenu.kinds.card'), disabled: view.cards.length === 0 },
    { value: 'message', label: t('richMenu.kinds.message') },
    { value: 'uri', label: t('richMenu.kinds.uri') },
  ];

  return (
    <Form form={form} layout="vertical" initialValues={{ chatBarText: t('richMenu.defaults.chatBar'), areas: Array.from({ length: 3 }, (_, i) => areaDefault(i)) }} onFinish={(values) => void submit(values)}>
      <Typography.Paragraph type="secondary">{t('richMenu.rules', { ...lineRichMenuRules, maxMb: 1 })}</Typography.Paragraph>
      <input ref={input} type="file" accept={lineRichMenuRules.mimeTypes.join(',')} aria-label={t('richMenu.chooseImage')} className="line-rich-menu__file" onChange={(event) => void choose(event.target.files?.[0])} />
      <Button icon={<PictureOutlined aria-hidden="true" />} onClick={() => input.current?.click()}>
        {chosen ? t('richMenu.changeImage') : t('richMenu.chooseImage')}
      </Button>
      {chosen ? (
        <Typography.Text type="secondary" className="line-rich-menu__facts" data-testid="rich-menu-facts">
          {chosen.width !== null ? `${chosen.width}×${chosen.height} · ` : ''}
          {Math.ceil(chosen.file.size / 1024)} KB
        </Typography.Text>
      ) : null}
      {chosen && chosen.problems.length > 0 ? (
        <Alert type="error" showIcon className="line-rich-menu__problems" message={t('richMenu.imageRefused')} description={chosen.problems.map((p) => t(`richMenu.problems.${p}`)).join(t('richMenu.separator'))} />
      ) : null}
      {ready ? <RichMenuPreview src={chosen.url} width={chosen.width!} height={chosen.height!} areas={bounds.map((b, i) => ({ bounds: b, label: watched?.[i]?.label ?? '' }))} alt={t('richMenu.previewAlt')} /> : null}

      <Form.Item label={t('richMenu.layout')} className="line-rich-menu__layout">
        <Segmented<LineRichMenuLayout> value={layout} onChange={changeLayout} options={lineRichMenuLayouts.map((value) => ({ value, label: t(`richMenu.layouts.${value}`) }))} aria-label={t('richMenu.layout')} />
      </Form.Item>
      <Form.Item name="chatBarText" label={t('richMenu.chatBarText')} extra={t('richMenu.chatBarHint')} rules={[{ required: true, whitespace: true, message: t('richMenu.chatBarRequired') }]}>
        <Input maxLength={lineRichMenuRules.chatBarTextMax} showCount />
      </Form.Item>
      <Form.List name="areas">
        {(fields) =>
          fields.map((field) => {
            const kind = watched?.[field.name]?.kind;
            return (
              <fieldset key={field.key} className="line-rich-menu__area-form" data-testid="rich-menu-area">
                <legend>{t('richMenu.areaN', { n: field.name + 1 })}</legend>
                <Form.Item name={[field.name, 'label']} label={t('richMenu.label')} rules={[{ required: true, whitespace: true, message: t('richMenu.labelRequired') }]}>
                  <Input maxLength={20} />
                </Form.Item>
                <Form.Item name={[field.name, 'kind']} label={t('richMenu.action')}>
                  <Select options={kinds} />
                </Form.Item>
                {kind === 'card' ? (
                  <Form.Item name={[field.name, 'userId']} label={t('richMenu.whoseCard')} rules={[{ required: true, message: t('richMenu.whoseCardRequired') }]}>
                    <Select options={view.cards.map((card) => ({ value: card.userId, label: card.name }))} />
                  </Form.Item>
                ) : null}
                {kind === 'message' ? (
                  <Form.Item name={[field.name, 'text']} label={t('richMenu.messageText')} extra={t('richMenu.messageHint')} rules={[{ required: true, whitespace: true, message: t('richMenu.messageRequired') }]}>
                    <Input maxLength={300} />
                  </Form.Item>
                ) : null}
                {kind === 'uri' ? (
                  <Form.Item name={[field.name, 'uri']} label={t('richMenu.uri')} rules={[{ required: true, pattern: /^(https?:\/\/.+|tel:.+)$/i, message: t('richMenu.uriRequired') }]}>
                    <Input inputMode="url" maxLength={1000} />
                  </Form.Item>
                ) : null}
              </fieldset>
            );
          })
        }
      </Form.List>
      <Button type="primary" htmlType="submit" loading={publish.isPending} disabled={!ready}>
        {t('richMenu.publish')}
      </Button>
      {!chosen ? <Typography.Text type="secondary" className="line-rich-menu__need-image">{t('richMenu.needImage')}</Typography.Text> : null}
    </Form>
  );
}
