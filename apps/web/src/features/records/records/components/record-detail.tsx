import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recordFieldOfBody, type Note, type TagRef, type TimelineEvent } from '@lodestar/contract';
import { useExtensionPoints, type ScheduleLinks } from '../../../../shared/extension-points.tsx';
import { usePermissions } from '../../../../shared/permissions.ts';
import { useFieldTitle } from '../../../../shared/use-field-title.ts';
import { RecordActions } from '../../../../shared/ui/record-actions.tsx';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';
import { TransferOwnerButton } from '../../../access/members/index.ts';
import { RecordActivity, RecordFigures, RecordSections, useRecordSummary } from '../../notes/index.ts';
import { RecordTags } from '../../tags/index.ts';
import type { RecordEntity } from '../record-entities.ts';

export interface RecordDetailProps {
  orgId: string;
  entity: RecordEntity;
  record: { id: string; name: string; tags: TagRef[]; owner: { userId: string } | null };
  /** Left of the title (the contact's photo). */
  avatar?: ReactNode;
  /** After the name in the title (the important star). */
  titleExtra?: ReactNode;
  subtitle: string;
  /**
   * A warning that belongs with the name (the company registry's "dissolved"): under the title, so a phone shows it
   * first rather than after the timeline with the side column.
   */
  notice?: ReactNode;
  /** Record-specific buttons before transfer/edit/delete, shown to editors. */
  editActions?: ReactNode;
  /** What "add schedule" presets in the schedule drawer (this record, and the contact's company). */
  schedulePreset: ScheduleLinks;
  /** From the view call: custom field titles (for the timeline's field names), notes and the timeline. */
  activity: { fields: { id: string; title: string }[]; notes: Note[]; timeline: TimelineEvent[] };
  onEdit: () => void;
  remove: (ids: string[]) => Promise<unknown>;
  transfer: (input: { ids: string[]; ownerUserId: string }) => Promise<unknown>;
  /** The side column (details card and more). */
  side: ReactNode;
  /** The edit drawer. */
  drawer: ReactNode;
}

/**
 * The contact and company detail pages (docs/product.md#screens): header with actions allowed by the
 * privileges, the key figures, tags, the deals and schedules around the record, notes and the merged timeline, a
 * side column; delete goes to the trash and back to the list.
 */
export function RecordDetail(props: RecordDetailProps) {
  const { orgId, entity, record, avatar, titleExtra, subtitle, notice, editActions, schedulePreset, activity, onEdit, remove, transfer, side, drawer } = props;
  const { t } = useTranslation(entity.namespace);
  const fieldTitle = useFieldTitle(entity.entityType);
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const { can } = usePermissions(orgId);
  const { AddScheduleButton, LogActivityButton, RecordConversation, RecordMail } = useExtensionPoints();
  // The conversation's and mail's code loads only for a record that has the section (LINE or a mailbox connected).
  const summary = useRecordSummary(orgId, entity.entityType, record.id).data;
  const hasConversation = Boolean(summary?.conversation);
  const canEdit = can(entity.feature, 'edit');
  const askDelete = () =>
    confirmDelete({
      title: t('deleteTitle', { name: record.name }),
      content: t('deleteText'),
      onOk: async () => {
        await remove([record.id]);
        navigate(`/${orgId}/${entity.path}/list`);
      },
    });
  return (
    <div className="detail-layout">
      <Card className="detail-layout__main">
        <div className="detail-header">
          {avatar}
          <div className="detail-header__text">
            <Typography.Title level={1} className="detail-header__title">
              {record.name}
              {titleExtra}
            </Typography.Title>
            <Typography.Text type="secondary">{subtitle}</Typography.Text>
          </div>
          <RecordActions
            editLabel={t('actions.edit')}
            deleteLabel={t('actions.delete')}
            onEdit={canEdit ? onEdit : undefined}
            onDelete={can(entity.feature, 'delete') ? askDelete : undefined}
          >
            {canEdit ? editActions : null}
            {can('calendar', 'create') && AddScheduleButton ? <AddScheduleButton orgId={orgId} preset={schedulePreset} /> : null}
            {LogActivityButton ? <LogActivityButton orgId={orgId} preset={schedulePreset} /> : null}
            {can(entity.feature, 'transfer') ? (
              <TransferOwnerButton
                orgId={orgId}
                count={1}
                currentOwnerId={record.owner?.userId}
                onTransfer={(ownerUserId) => transfer({ ids: [record.id], ownerUserId })}
              />
            ) : null}
          </RecordActions>
        </div>
        {notice ? <div className="detail-notice">{notice}</div> : null}
        <RecordFigures orgId={orgId} entityType={entity.entityType} entityId={record.id} />
        <section aria-label={t('fields.tags')} className="detail-tags">
          <RecordTags orgId={orgId} kind={entity.tagKind} recordId={record.id} tags={record.tags} canEdit={canEdit} />
        </section>
        <RecordSections orgId={orgId} entityType={entity.entityType} entityId={record.id} />
        {hasConversation && RecordConversation ? <RecordConversation orgId={orgId} entityType={entity.entityType} entityId={record.id} /> : null}
        {summary?.mail && RecordMail ? <RecordMail orgId={orgId} entityType={entity.entityType} entityId={record.id} /> : null}
        <RecordActivity
          orgId={orgId}
          entityType={entity.entityType}
          entityId={record.id}
          canWrite={canEdit}
          // A custom field by its title; a field of the field list by its title there (a save body's key, tax → taxId).
          fieldLabel={(field) =>
            t(`fields.${field}`, { defaultValue: activity.fields.find((f) => f.id === field)?.title ?? fieldTitle(recordFieldOfBody(entity.entityType, field)?.key ?? field) })
          }
          initialNotes={activity.notes}
        />
      </Card>
      {side}
      {drawer}
    </div>
  );
}
