import { useRef } from 'react';
import { Button, Tooltip } from 'antd';
import { CameraOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { compressImage } from '../../../../shared/format/image.ts';
import { useSendLineFile } from '../line.api.ts';

/**
 * Photo or file into the conversation: a file from the device, or a photo from the phone's camera. Photos are scaled in
 * the browser first (shared/format/image.ts), so they stay within LINE's 1 MB image preview and go as image messages;
 * anything else goes as a link LINE shows in the chat.
 */
export function AttachButtons({ orgId, conversationId, disabled }: { orgId: string; conversationId: string; disabled: boolean }) {
  const { t } = useTranslation('line');
  const sendFile = useSendLineFile(orgId, conversationId);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const pick = async (input: HTMLInputElement | null) => {
    const chosen = input?.files?.[0];
    if (input) input.value = '';
    if (!chosen) return;
    const file = chosen.type.startsWith('image/') && chosen.type !== 'image/gif' ? await compressImage(chosen) : chosen;
    await sendFile.mutateAsync(file).catch(() => undefined);
  };
  return (
    <>
      <input ref={fileInput} type="file" hidden data-testid="line-attach-input" onChange={(event) => void pick(event.currentTarget)} />
      <input ref={cameraInput} type="file" accept="image/*" capture="environment" hidden onChange={(event) => void pick(event.currentTarget)} />
      <Tooltip title={t('attach.file')}>
        <Button className="line-reply__attach" icon={<PaperClipOutlined aria-hidden="true" />} aria-label={t('attach.file')} loading={sendFile.isPending} disabled={disabled} onClick={() => fileInput.current?.click()} />
      </Tooltip>
      <Tooltip title={t('attach.camera')}>
        <Button className="line-reply__attach line-reply__camera" icon={<CameraOutlined aria-hidden="true" />} aria-label={t('attach.camera')} disabled={disabled || sendFile.isPending} onClick={() => cameraInput.current?.click()} />
      </Tooltip>
    </>
  );
}
