import { useEffect, useState } from 'react';
import { Alert, Breadcrumb, Button, Card, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Feature, PrivilegeFeatures } from '@lodestar/contract';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { AssignNodesDialog } from '../components/assign-nodes-dialog.tsx';
import { DeletePrivilegeDialog } from '../components/delete-privilege-dialog.tsx';
import { FeatureMatrix } from '../components/feature-matrix.tsx';
import { PrivilegeHolders } from '../components/privilege-holders.tsx';
import { PrivilegeNameDialog } from '../components/privilege-name-dialog.tsx';
import { privilegeLabel } from '../components/privilege-select.tsx';
import { changedFeatures, normalizeFeatures } from '../privilege-editor.ts';
import { usePrivilege, usePrivilegeUsers, useSavePrivilegeFeatures } from '../privileges.api.ts';
import { tagColors } from '../../../../shared/ui/tag-colors.ts';

/** /{orgId}/settings/privilege/{id}: methods and scope per feature, assignments per feature, holders. */
export function PrivilegePage() {
  const { t } = useTranslation('privileges');
  const { orgId = '', privilegeId = '' } = useParams();
  const navigate = useNavigate();
  const privilege = usePrivilege(orgId, privilegeId);
  const users = usePrivilegeUsers(orgId, privilegeId);
  const save = useSavePrivilegeFeatures(orgId, t('notices.saved'));
  const [draft, setDraft] = useState<PrivilegeFeatures | null>(null);
  const [assigning, setAssigning] = useState<Feature | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const label = privilege.data ? privilegeLabel(t, privilege.data) : '';
  usePageTitle(label || t('title'));

  const saved = privilege.data ? normalizeFeatures(privilege.data.features) : null;
  useEffect(() => {
    if (privilege.data) setDraft(normalizeFeatures(privilege.data.features));
  }, [privilege.data]);

  if (privilege.isLoading) return <LoadingState />;
  if (privilege.isError) return <ErrorState error={privilege.error} onRetry={() => void privilege.refetch()} />;
  if (!privilege.data || !draft || !saved) return null;

  const detail = privilege.data;
  const changes = changedFeatures(saved, draft);
  const readOnly = detail.isAdministrator;
  const assignments = users.data?.assignments ?? [];
  const assignedCount = (feature: Feature) => assignments.filter((a) => a.feature === feature).length;

  return (
    <div className="page-stack">
      <Breadcrumb
        items={[{ title: <Link to={`/${orgId}/settings/privilege`}>{t('title')}</Link> }, { title: label }]}
      />
      <Card
        title={
          <Space size={8} wrap>
            <Typography.Title level={1} className="card-title">
              {label}
            </Typography.Title>
            {detail.isAdministrator ? <Tag color={tagColors.highlight}>{t('tags.administrator')}</Tag> : null}
            {detail.isDefault ? <Tag color={tagColors.info}>{t('tags.default')}</Tag> : null}
          </Space>
        }
        extra={
          <Space size={8}>
            <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setRenaming(true)}>
              {t('rename')}
            </Button>
            {detail.isAdministrator || detail.isDefault ? null : (
              <Button danger onClick={() => setDeleting(true)}>
                {t('common:actions.delete')}
              </Button>
            )}
          </Space>
        }
      >
        {readOnly ? <Alert className="form-tip" type="info" showIcon title={t('administratorReadOnly')} /> : null}
        <Typography.Paragraph type="secondary">{t('matrix.intro')}</Typography.Paragraph>
        <FeatureMatrix
          value={draft}
          onChange={setDraft}
          readOnly={readOnly || save.isPending}
          assignedCount={assignedCount}
          onAssign={readOnly ? null : setAssigning}
        />
        {readOnly ? null : (
          <div className="form-actions form-actions--end">
            <Typography.Text type="secondary" aria-live="polite">
              {changes.length > 0 ? t('unsaved', { count: changes.length }) : t('noChanges')}
            </Typography.Text>
            <Button disabled={changes.length === 0 || save.isPending} onClick={() => setDraft(saved)}>
              {t('reset')}
            </Button>
            <Button
              type="primary"
              disabled={changes.length === 0}
              loading={save.isPending}
              onClick={() =>
                save.mutate({ id: detail.id, changes: changes.map((feature) => ({ feature, ...draft[feature] })) })
              }
            >
              {t('common:actions.save')}
            </Button>
          </div>
        )}
      </Card>
      <Card title={<Typography.Title level={2} className="card-title">{t('holders.title', { count: users.data?.holders.length ?? detail.userCount })}</Typography.Title>}>
        <Typography.Paragraph type="secondary">{t('holders.intro')}</Typography.Paragraph>
        {users.isLoading ? <LoadingState /> : null}
        {users.isError ? <ErrorState error={users.error} onRetry={() => void users.refetch()} /> : null}
        {users.data ? <PrivilegeHolders orgId={orgId} privilegeId={detail.id} holders={users.data.holders} /> : null}
      </Card>
      <AssignNodesDialog orgId={orgId} privilegeId={detail.id} privilegeName={label} feature={assigning} onClose={() => setAssigning(null)} />
      <PrivilegeNameDialog orgId={orgId} open={renaming} renaming={detail} onClose={() => setRenaming(false)} />
      <DeletePrivilegeDialog
        orgId={orgId}
        privilege={deleting ? detail : null}
        label={label}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(`/${orgId}/settings/privilege`, { replace: true })}
      />
    </div>
  );
}
