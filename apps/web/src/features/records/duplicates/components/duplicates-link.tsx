import { Button } from 'antd';
import { MergeCellsOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { DuplicateKind } from '@lodestar/contract';

/**
 * The contact and company lists' way to their possible duplicates: a link drawn as a button (one interactive element,
 * not a button inside a link), followed by the router. The label comes from the list's own catalog: the contact list
 * is a start page, whose first load has only its own namespaces (shared/i18n/catalog-parts.ts).
 */
export function DuplicatesLink({ orgId, kind, label }: { orgId: string; kind: DuplicateKind; label: string }) {
  const navigate = useNavigate();
  const to = `/${orgId}/duplicates?kind=${kind}`;
  return (
    <Button
      href={to}
      icon={<MergeCellsOutlined aria-hidden="true" />}
      onClick={(event) => {
        event.preventDefault();
        void navigate(to);
      }}
    >
      {label}
    </Button>
  );
}
