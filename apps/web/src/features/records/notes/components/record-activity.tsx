import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordActivityProps } from './record-activity-props.ts';
import { NotesPanel } from './notes-panel.tsx';
import { TimelinePanel } from './timeline-panel.tsx';
import { HistoryPanel } from '../../history/index.ts';

/**
 * A record's activity on its detail page (contacts, companies, deals, schedules), as three tabs: the notes
 * users write (notes-panel.tsx, /api/notes) and the timeline, the automatic log of every change
 * (timeline-panel.tsx, /api/timeline), and the field history with "restore this value" (records/history).
 */
export function RecordActivity(props: RecordActivityProps) {
  const { t } = useTranslation(['notes', 'history']);
  return (
    <Tabs
      items={[
        { key: 'notes', label: t('tabs.notes'), children: <NotesPanel {...props} /> },
        { key: 'timeline', label: t('tabs.timeline'), children: <TimelinePanel {...props} /> },
        {
          key: 'history',
          label: t('history:tab'),
          children: (
            <HistoryPanel
              orgId={props.orgId}
              kind={props.entityType}
              id={props.entityId}
              canWrite={props.canWrite}
              fieldLabel={props.fieldLabel}
              {...(props.valueLabel ? { valueLabel: props.valueLabel } : {})}
            />
          ),
        },
      ]}
    />
  );
}
