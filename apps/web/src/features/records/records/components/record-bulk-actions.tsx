import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../../shared/permissions.ts';
import { BulkDeleteButton } from '../../../../shared/ui/record-list-layout.tsx';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { TransferOwnerButton } from '../../../access/members/index.ts';
import { ApplyTagsButton } from '../../tags/index.ts';
import type { RecordEntity } from '../record-entities.ts';

/** A record list's actions on the selected rows, as the privileges allow: apply tags, transfer the owner, delete to the trash. */
export function RecordBulkActions({
  orgId,
  entity,
  selected,
  onDone,
  remove,
  transfer,
}: {
  orgId: string;
  entity: RecordEntity;
  selected: string[];
  /** Clears the selection after an action. */
  onDone: () => void;
  remove: (ids: string[]) => Promise<unknown>;
  transfer: (input: { ids: string[]; ownerUserId: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation(entity.namespace);
  const { can } = usePermissions(orgId);
  const confirmDelete = useConfirmDelete();
  if (selected.length === 0) return null;
  return (
    <>
      {can(entity.feature, 'edit') ? <ApplyTagsButton orgId={orgId} kind={entity.tagKind} ids={selected} onDone={onDone} /> : null}
      {can(entity.feature, 'transfer') ? (
        <TransferOwnerButton
          orgId={orgId}
          size="small"
          count={selected.length}
          onTransfer={async (ownerUserId) => {
            await transfer({ ids: selected, ownerUserId });
            onDone();
          }}
        />
      ) : null}
      {can(entity.feature, 'delete') ? (
        <BulkDeleteButton
          label={t('deleteSelected')}
          count={selected.length}
          onClick={() =>
            confirmDelete({
              title: t('deleteSelectedTitle', { count: selected.length }),
              content: t('deleteText'),
              onOk: async () => {
                await remove(selected);
                onDone();
              },
            })
          }
        />
      ) : null}
    </>
  );
}
