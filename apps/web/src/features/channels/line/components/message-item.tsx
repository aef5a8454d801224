import { useState } from 'react';
import { Typography } from 'antd';
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
