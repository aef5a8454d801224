import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Department } from '@lodestar/contract';
import { buildDepartmentTree, type DepartmentNode } from '../department-tree.ts';
import { useDepartments } from '../departments.api.ts';

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

export function toTreeOptions(nodes: DepartmentNode<Department>[]): TreeOption[] {
  return nodes.map((node) => ({ value: node.department.id, title: node.department.name, children: toTreeOptions(node.children) }));
}

/** Pick one department from the hierarchy (or none); `departments` given → those only, else the workspace's. */
export function DepartmentTreeSelect({
  orgId,
  departments,
  value,
  onChange,
  placeholder,
  id,
}: {
  orgId: string;
  departments?: Department[];
  value?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  id?: string;
}) {
  const { t, i18n } = useTranslation('departments');
  const all = useDepartments(orgId);
  const list = departments ?? all.data ?? [];
  return (
    <TreeSelect
      id={id}
      allowClear
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      loading={all.isLoading}
      value={value ?? null}
      onChange={(next: string | null | undefined) => onChange?.(next ?? null)}
      placeholder={placeholder ?? t('fields.noDepartment')}
      notFoundContent={t('selectEmpty')}
      treeData={toTreeOptions(buildDepartmentTree(list, i18n.language))}
    />
  );
}
