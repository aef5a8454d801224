import { useState } from 'react';
import { Button, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { apiBlob, saveBlob } from '../../../../shared/api-client.ts';
import { useTranslation } from 'react-i18next';
import type { LineMessage } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';

function Sticker({ stickerId }: { stickerId: string }) {
  const { t } = useTranslation('line');
  const [failed, setFailed] = useState(false);
  // LINE's public sticker images; offline (or a sticker LINE does not publish) the words stand in.
  if (failed) return <span className="line-message__placeholder">{t('kinds.sticker')}</span>;
  return <img className="line-message__sticker" src={`https://stickershop.line-scdn.net/stickershop/v1/sticker/${encodeURIComponent(stickerId)}/android/sticker.png`} alt={t('kinds.sticker')} onError={() => setFailed(true)} />;
}

function Picture({ url }: { url: string }) {
  const { t } = useTranslation('line');
  const src = useAuthorizedImage(url);
  return src ? <img className="line-message__image" src={src} alt={t('kinds.image')} /> : <span className="line-message__placeholder">{t('kinds.image')}</span>;
}

/** A file, video or audio: its name and size, downloaded on demand (a friend's: fetched from LINE then). */
function FileLink({ file }: { file: NonNullable<LineMessage['file']> }) {
  const { t } = useTranslation('line');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = () => {
    setBusy(true);
    setFailed(false);
    apiBlob(file.url)
      .then((blob) => saveBlob(blob, file.name), () => setFailed(true))
      .finally(() => setBusy(false));
  };
  return (
    <span className="line-message__file">
      <Button icon={<PaperClipOutlined aria-hidden="true" />} loading={busy} onClick={download} aria-label={t('attach.download', { name: file.name })}>
        <span className="line-message__file-name">{file.name}</span>
      </Button>
      {file.size !== null ? <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text> : null}
      {failed ? <Typography.Text type="danger">{t('attach.unavailable')}</Typography.Text> : null}
    </span>
  );
}

const formatBytes = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** One message: the friend's on the left, ours on the right (with who sent it and how), follow events centred. */
export function MessageItem({ message, friendName }: { message: LineMessage; friendName: string }) {
  const { t } = useTranslation('line');
  if (message.kind === 'follow' || message.kind === 'unfollow') {
    return (
      <li className="line-message line-message--event">
        <Typography.Text type="secondary">
          {t(`events.${message.kind}`, { name: friendName })} · {formatDateTime(message.createdAt)}
        </Typography.Text>
      </li>
    );
  }
  const body =
    message.kind === 'text' ? (
      <span className="line-message__text">{message.text}</span>
    ) : message.kind === 'sticker' && message.sticker ? (
      <Sticker stickerId={message.sticker.stickerId} />
    ) : message.kind === 'image' && message.imageUrl ? (
      <Picture url={message.imageUrl} />
    ) : message.file ? (
      <FileLink file={message.file} />
    ) : (
      <span className="line-message__placeholder">{t(`kinds.${message.kind}`)}</span>
    );
  // "Sent" is all LINE tells an official account about its own messages: no delivery or read receipts (docs/product.md).
  const meta =
    message.direction === 'out' ? [message.sentBy?.name, message.via ? t(`via.${message.via}`) : null, t('via.sent'), formatDateTime(message.createdAt)] : [formatDateTime(message.createdAt)];
  return (
    <li className={`line-message line-message--${message.direction}`}>
      <div className="line-message__bubble">{body}</div>
      <Typography.Text type="secondary" className="line-message__meta">
        {meta.filter(Boolean).join(' · ')}
      </Typography.Text>
    </li>
  );
}
