import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordActivityProps } from './record-activity-props.ts';
import { NotesPanel } from './notes-panel.tsx';
import { TimelinePanel } from './timeline-panel.tsx';

/**
 * A record's activity on its detail page (contacts, companies, deals, schedules), as two tabs: the notes
 * users write (notes-panel.tsx, /api/notes) and the timeline, the automatic log of every change
 * (timeline-panel.tsx, /api/timeline).
 */
export function RecordActivity(props: RecordActivityProps) {
  const { t } = useTranslation('notes');
  return (
    <Tabs
      items={[
        { key: 'notes', label: t('tabs.notes'), children: <NotesPanel {...props} /> },
        { key: 'timeline', label: t('tabs.timeline'), children: <TimelinePanel {...props} /> },
      ]}
    />
  );
}
