import type { NodeType, PrivilegeNode } from '@lodestar/contract';

/**
 * The nodes a privilege can be assigned to for one feature (departments and users) as a tree:
 * departments under their parent, users under their department. Keys are "nodeType:nodeId" because a
 * user and a department may never be confused.
 */
export interface NodeTreeItem {
  key: string;
  node: PrivilegeNode;
  children: NodeTreeItem[];
}

export const nodeKey = (node: { nodeType: NodeType; nodeId: string }) => `${node.nodeType}:${node.nodeId}`;

export function parseNodeKey(key: string): { nodeType: NodeType; nodeId: string } {
  const [nodeType, ...rest] = key.split(':');
  return { nodeType: nodeType === 'department' ? 'department' : 'user', nodeId: rest.join(':') };
}

export function buildNodeTree(nodes: readonly PrivilegeNode[], locale = 'en'): NodeTreeItem[] {
  const collator = new Intl.Collator(locale);
  const departmentIds = new Set(nodes.filter((n) => n.nodeType === 'department').map((n) => n.nodeId));
  const children = new Map<string | null, PrivilegeNode[]>();
  for (const node of nodes) {
    const parent = node.parentId && departmentIds.has(node.parentId) && !(node.nodeType === 'department' && node.parentId === node.nodeId) ? node.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const seen = new Set<string>();
  // Departments first, then users, each by name.
  const order = (a: PrivilegeNode, b: PrivilegeNode) =>
    a.nodeType === b.nodeType ? collator.compare(a.name, b.name) : a.nodeType === 'department' ? -1 : 1;
  const build = (parentId: string | null): NodeTreeItem[] =>
    [...(children.get(parentId) ?? [])]
      .sort(order)
      .filter((node) => !seen.has(nodeKey(node)))
      .map((node) => {
        seen.add(nodeKey(node));
        return { key: nodeKey(node), node, children: node.nodeType === 'department' ? build(node.nodeId) : [] };
      });
  const roots = build(null);
  for (const node of nodes) if (!seen.has(nodeKey(node))) roots.push({ key: nodeKey(node), node, children: [] });
  return roots;
}

/** The keys of the nodes currently assigned to `privilegeId`. */
export function assignedKeys(nodes: readonly PrivilegeNode[], privilegeId: string): string[] {
  return nodes.filter((node) => node.privilegeId === privilegeId).map(nodeKey);
}
