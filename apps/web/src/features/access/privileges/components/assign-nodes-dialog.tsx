import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Modal, Tag, Tree, Typography } from 'antd';
import { ApartmentOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Feature } from '@lodestar/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { assignedKeys, buildNodeTree, parseNodeKey, type NodeTreeItem } from '../node-tree.ts';
import { useAssignPrivilegeNodes, usePrivilegeNodes } from '../privileges.api.ts';
import { usePrivilegeLabels } from './privilege-select.tsx';

interface TreeData {
  key: string;
  title: ReactNode;
  icon: ReactNode;
  children: TreeData[];
}

/**
 * Assign this privilege, for one feature, to departments and users (docs/product.md: "assign users to a feature
 * with a node type"). A node held by another privilege for this feature moves here when checked.
 */
export function AssignNodesDialog({
  orgId,
  privilegeId,
  privilegeName,
  feature,
  onClose,
}: {
  orgId: string;
  privilegeId: string;
  privilegeName: string;
  feature: Feature | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('privileges');
  const nodes = usePrivilegeNodes(orgId, feature);
  const labelOf = usePrivilegeLabels(orgId);
  const assign = useAssignPrivilegeNodes(orgId, t('notices.assigned'));
  const [checked, setChecked] = useState<string[]>([]);
  const list = nodes.data?.feature === feature ? nodes.data.nodes : [];
  useEffect(() => {
    if (feature && nodes.data?.feature === feature) setChecked(assignedKeys(nodes.data.nodes, privilegeId));
  }, [feature, nodes.data, privilegeId]);

  const toTreeData = (items: NodeTreeItem[]): TreeData[] =>
    items.map((item) => ({
      key: item.key,
      icon: item.node.nodeType === 'department' ? <ApartmentOutlined aria-hidden="true" /> : <UserOutlined aria-hidden="true" />,
      title: (
        <span className="node-title">
          {item.node.name}
          {item.node.privilegeId && item.node.privilegeId !== privilegeId ? (
            <Tag className="node-title__tag">{t('assign.heldBy', { name: labelOf({ id: item.node.privilegeId, privilegeName: item.node.privilegeName ?? '' }) ?? '' })}</Tag>
          ) : null}
        </span>
      ),
      children: toTreeData(item.children),
    }));

  const featureName = feature ? t(`features.${feature}`) : '';
  return (
    <Modal
      open={feature !== null}
      title={t('assign.title', { feature: featureName, name: privilegeName })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      confirmLoading={assign.isPending}
      okButtonProps={{ disabled: !nodes.isSuccess }}
      destroyOnHidden
      width={560}
      onOk={() => {
        if (!feature) return;
        assign.mutate({ privilegeId, feature, nodes: checked.map(parseNodeKey) }, { onSuccess: onClose });
      }}
    >
      <Typography.Paragraph type="secondary">{t('assign.intro')}</Typography.Paragraph>
      {nodes.isLoading ? <LoadingState /> : null}
      {nodes.isError ? <ErrorState error={nodes.error} onRetry={() => void nodes.refetch()} /> : null}
      {nodes.isSuccess && list.length === 0 ? <EmptyState description={t('assign.empty')} /> : null}
      {list.length > 0 ? (
        <>
          <Alert className="form-tip" type="info" showIcon title={t('assign.precedence')} />
          <Tree
            checkable
            checkStrictly
            showIcon
            defaultExpandAll
            selectable={false}
            className="assign-tree"
            aria-label={t('assign.treeLabel')}
            checkedKeys={checked}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            treeData={toTreeData(buildNodeTree(list, i18n.language))}
          />
        </>
      ) : null}
    </Modal>
  );
}
