import { useState } from 'react';
import { Button, Card, Space, Table, Tooltip, Typography } from 'antd';
import { feedback } from '../../../../shared/ui/feedback.ts';
import { DeleteOutlined, EditOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Department } from '@lodestar/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { buildDepartmentTree, type DepartmentNode } from '../department-tree.ts';
import { useDeleteDepartment, useDepartments } from '../departments.api.ts';
import { DepartmentFormDialog } from './department-form-dialog.tsx';

interface Row {
  key: string;
  department: Department;
  parentName: string | null;
  children?: Row[];
}

function toRows(nodes: DepartmentNode<Department>[], names: Map<string, string>): Row[] {
  return nodes.map((node) => ({
    key: node.department.id,
    department: node.department,
    parentName: node.department.parentId ? (names.get(node.department.parentId) ?? null) : null,
    children: node.children.length > 0 ? toRows(node.children, names) : undefined,
  }));
}

type DialogState = { open: false } | { open: true; editing: Department | null; parentId: string | null };

/** The department hierarchy (name, parent, direct supervisor): create, add a sub-department, edit, delete. */
export function DepartmentsCard({ orgId }: { orgId: string }) {
  const { t, i18n } = useTranslation('departments');
  const { modal } = feedback;
  const departments = useDepartments(orgId);
  const remove = useDeleteDepartment(orgId, t('notices.deleted'));
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const list = departments.data ?? [];
  const tree = buildDepartmentTree(list, i18n.language);
  const names = new Map(list.map((d) => [d.id, d.name]));
  const rows = toRows(tree, names);

  const confirmDelete = (department: Department) =>
    modal.confirm({
      title: t('deleteTitle', { name: department.name }),
      content: t('deleteText'),
      okText: t('common:actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => remove.mutateAsync(department.id),
    });

  const createButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setDialog({ open: true, editing: null, parentId: null })}>
      {t('createButton')}
    </Button>
  );

  return (
    <Card title={<Typography.Title level={2} className="card-title">{t('title')}</Typography.Title>} extra={list.length > 0 ? createButton : null}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {departments.isLoading ? <LoadingState /> : null}
      {departments.isError ? <ErrorState error={departments.error} onRetry={() => void departments.refetch()} /> : null}
      {departments.isSuccess && list.length === 0 ? <EmptyState description={t('empty')} action={createButton} /> : null}
      {list.length > 0 ? (
        <Table<Row>
          size="middle"
          pagination={false}
          dataSource={rows}
          expandable={{ defaultExpandAllRows: true }}
          columns={[
            { key: 'name', title: t('fields.name'), render: (_, row) => <Typography.Text strong>{row.department.name}</Typography.Text> },
            { key: 'parent', title: t('fields.parent'), render: (_, row) => row.parentName ?? <Typography.Text type="secondary">{t('topLevel')}</Typography.Text> },
            {
              key: 'supervisor',
              title: t('fields.supervisor'),
              render: (_, row) => row.department.supervisorName ?? <Typography.Text type="secondary">{t('noSupervisor')}</Typography.Text>,
            },
            { key: 'members', title: t('fields.members'), align: 'right', render: (_, row) => row.department.memberCount },
            {
              key: 'actions',
              title: <span className="sr-only">{t('common:actions.edit')}</span>,
              align: 'right',
              render: (_, row) => (
                <Space size={4}>
                  <Tooltip title={t('addChild')}>
                    <Button
                      type="text"
                      icon={<SubnodeOutlined aria-hidden="true" />}
                      aria-label={t('addChildOf', { name: row.department.name })}
                      onClick={() => setDialog({ open: true, editing: null, parentId: row.department.id })}
                    />
                  </Tooltip>
                  <Tooltip title={t('common:actions.edit')}>
                    <Button
                      type="text"
                      icon={<EditOutlined aria-hidden="true" />}
                      aria-label={t('editOf', { name: row.department.name })}
                      onClick={() => setDialog({ open: true, editing: row.department, parentId: row.department.parentId })}
                    />
                  </Tooltip>
                  <Tooltip title={t('common:actions.delete')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden="true" />}
                      aria-label={t('deleteOf', { name: row.department.name })}
                      onClick={() => confirmDelete(row.department)}
                    />
                  </Tooltip>
                </Space>
              ),
            },
          ]}
        />
      ) : null}
      <DepartmentFormDialog
        orgId={orgId}
        open={dialog.open}
        editing={dialog.open ? dialog.editing : null}
        parentId={dialog.open ? dialog.parentId : null}
        departments={list}
        onClose={() => setDialog({ open: false })}
      />
    </Card>
  );
}
