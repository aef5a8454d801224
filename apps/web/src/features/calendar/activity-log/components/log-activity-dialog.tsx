import { useId, useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Typography } from 'antd';
import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { schedulesEndpoints, type ActivityItem } from '@lodestar/contract';
import type { ScheduleLinks } from '../../../../shared/extension-points.tsx';
import { compressImage } from '../../../../shared/format/image.ts';
import { toMultipart } from '../../../../shared/multipart.ts';
import { sendOrQueue } from '../../../../shared/outbox/send-or-queue.ts';
import { LoadingState } from '../../../../shared/ui/query-state.tsx';
import { useUserActivity } from '../../activity-items/index.ts';
import { logActivityBody, pointsOf } from '../log-activity.ts';
import '../activity-log.css';

interface LogActivityDialogProps {
  orgId: string;
  links: ScheduleLinks;
  open: boolean;
  onClose: () => void;
}

/**
 * "Log activity": tap the activity items done (each with its points), Save — three taps from the button. A note and a
 * photo (the phone's camera) are optional. Offline, the activity waits in the outbox (shared/outbox) and is sent later.
 */
export function LogActivityDialog({ orgId, links, open, onClose }: LogActivityDialogProps) {
  const { t } = useTranslation('activity-log');
  const queryClient = useQueryClient();
  const activity = useUserActivity(orgId, open);
  const [picked, setPicked] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const noteId = useId();
  const photoId = useId();
  const items = activity.data?.items ?? [];
  const chosen = items.filter((item) => picked.includes(item.id));
  const linked = links.client ?? links.company ?? links.deal ?? null;

  const close = () => {
    setPicked([]);
    setNote('');
    setPhoto(null);
    onClose();
  };
  const toggle = (item: ActivityItem) => setPicked((ids) => (ids.includes(item.id) ? ids.filter((id) => id !== item.id) : [...ids, item.id]));

  const save = async () => {
    setSaving(true);
    try {
      const body = logActivityBody({ items: chosen, note, links, now: new Date(), separator: t('separator') });
      const images = photo ? [await compressImage(photo)] : [];
      const form = toMultipart({ ...body, imagesName: images.map((image) => image.name) });
      for (const image of images) form.append('images', image, image.name);
      const label = linked ? t('outboxLabel', { title: body.title, name: linked.name }) : body.title;
      const sent = await sendOrQueue(
        schedulesEndpoints.create,
        { orgId, body: form, successMessage: t('saved', { points: pointsOf(chosen) }) },
        { kind: 'activity', label },
      );
      // The report, the header's points ring and the calendar all read these schedules.
      if (sent) void queryClient.invalidateQueries();
      close();
    } catch {
      // The error was shown (sendOrQueue); the dialog stays open with what was picked.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('title')}
      open={open}
      onCancel={close}
      destroyOnHidden
      className="log-activity"
      footer={[
        <Typography.Text key="total" className="log-activity__total" aria-live="polite">
          {t('total', { points: pointsOf(chosen) })}
        </Typography.Text>,
        <Button key="cancel" onClick={close}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={chosen.length === 0} onClick={() => void save()} data-testid="log-activity-save">
          {t('save')}
        </Button>,
      ]}
    >
      {linked ? <Typography.Paragraph type="secondary">{t('with', { name: linked.name })}</Typography.Paragraph> : null}
      {activity.isLoading ? <LoadingState /> : null}
      {activity.isError ? <Alert type="error" showIcon title={t('loadFailed')} /> : null}
      {!activity.data && activity.fetchStatus === 'paused' ? <Alert type="warning" showIcon title={t('offlineNoItems')} /> : null}
      {activity.data && items.length === 0 ? <Empty description={t('noItems')} /> : null}
      {items.length > 0 ? (
        <fieldset className="log-activity__items">
          <legend className="log-activity__legend">{t('pick')}</legend>
          {items.map((item) => {
            const on = picked.includes(item.id);
            return (
              <button
                key={item.id}
                type="button"
                aria-pressed={on}
                className={on ? 'log-activity__item log-activity__item--on' : 'log-activity__item'}
                onClick={() => toggle(item)}
              >
                <span className="log-activity__item-name">{item.name}</span>
                <span className="log-activity__item-points">{t('points', { points: item.point })}</span>
              </button>
            );
          })}
        </fieldset>
      ) : null}
      <label htmlFor={noteId} className="log-activity__label">
        {t('note')}
      </label>
      <Input.TextArea id={noteId} value={note} onChange={(event) => setNote(event.target.value)} maxLength={10_000} autoSize={{ minRows: 2, maxRows: 5 }} />
      <div className="log-activity__photo">
        <input
          id={photoId}
          className="log-activity__file"
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
        />
        <label htmlFor={photoId} className="log-activity__photo-button">
          <CameraOutlined aria-hidden="true" /> {photo ? t('photoChange') : t('photo')}
        </label>
        {photo ? (
          <span className="log-activity__photo-name">
            {photo.name}
            <Button type="text" size="small" icon={<CloseOutlined aria-hidden="true" />} aria-label={t('photoRemove')} onClick={() => setPhoto(null)} />
          </span>
        ) : null}
      </div>
    </Modal>
  );
}
