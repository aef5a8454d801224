import '../line.css';
import { useEffect } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LineRoutingBody } from '@lodestar/contract';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { OrganizationUserSelect } from '../../../access/members/index.ts';
import { useLineRouting, useSaveLineRouting } from '../line-segments.api.ts';

/**
 * /{orgId}/settings/channel/line/routing: who receives new friends and unassigned conversations — keyword rules first,
 * then the chosen members in turn (docs/product.md#line-channel).
 */
export function LineRoutingPage() {
  const { t } = useTranslation('line');
  usePageTitle(t('routing.title'));
  const { orgId = '' } = useParams();
  const routing = useLineRouting(orgId);
  const save = useSaveLineRouting(orgId, t('routing.saved'));
  const [form] = Form.useForm<LineRoutingBody>();
  useEffect(() => {
    if (routing.data) form.setFieldsValue(routing.data);
  }, [routing.data, form]);
  if (routing.isError) return <ErrorState error={routing.error} onRetry={() => void routing.refetch()} />;
  if (!routing.data) return <LoadingState />;
  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('routing.title')}</Typography.Title>} extra={<Link to={`/${orgId}/settings/channel/line`}>{t('routing.back')}</Link>}>
      <Typography.Paragraph type="secondary">{t('routing.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={routing.data} onFinish={(values) => void save.mutateAsync({ memberIds: values.memberIds ?? [], rules: values.rules ?? [] }).catch(() => undefined)}>
        <Typography.Title level={2} className="line-step__title">
          {t('routing.rules')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('routing.rulesHint')}</Typography.Paragraph>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <div key={field.key} className="line-routing__rule">
                  <Form.Item name={[field.name, 'keyword']} rules={[{ required: true, whitespace: true, message: t('routing.keywordRequired') }]} noStyle>
                    <Input placeholder={t('routing.keyword')} aria-label={t('routing.keyword')} maxLength={50} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'userId']} rules={[{ required: true, message: t('routing.memberRequired') }]} noStyle>
                    <OrganizationUserSelect orgId={orgId} aria-label={t('routing.member')} placeholder={t('routing.member')} />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('routing.removeRule')} onClick={() => remove(field.name)} />
                </div>
              ))}
              <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => add({ keyword: '', userId: undefined })}>
                {t('routing.addRule')}
              </Button>
            </>
          )}
        </Form.List>
        <Typography.Title level={2} className="line-step__title line-routing__members-title">
          {t('routing.members')}
        </Typography.Title>
        <Form.Item name="memberIds" extra={t('routing.membersHint')}>
          <OrganizationUserSelect orgId={orgId} mode="multiple" id="line-routing-members" aria-label={t('routing.members')} placeholder={t('routing.membersPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('routing.save')}
        </Button>
      </Form>
    </Card>
  );
}
