import { Button } from 'antd';
import { MergeCellsOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { DuplicateKind } from '@lodestar/contract';

/**
 * The contact and company lists' way to their possible duplicates. The label comes from the list's own catalog: the
 * contact list is a start page, whose first load has only its own namespaces (shared/i18n/catalog-parts.ts).
 */
export function DuplicatesLink({ orgId, kind, label }: { orgId: string; kind: DuplicateKind; label: string }) {
  return (
    <Link to={`/${orgId}/duplicates?kind=${kind}`} className="duplicates-link">
      <Button icon={<MergeCellsOutlined aria-hidden="true" />}>{label}</Button>
    </Link>
  );
}
