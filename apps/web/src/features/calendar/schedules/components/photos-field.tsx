import { useEffect, useMemo } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { scheduleImageUpload } from '@lodestar/contract';
import { compressImage } from '../../../../shared/format/image.ts';
import { useAuthorizedImage } from '../../../../shared/ui/use-authorized-image.ts';

export interface StoredImage {
  id: string;
  name: string;
  url: string;
}

interface PhotosFieldProps {
  id?: string;
  stored: StoredImage[];
  added: File[];
  onAdd: (files: File[]) => void;
  onRemoveStored: (id: string) => void;
  onRemoveAdded: (index: number) => void;
}

function Thumb({ src, name, removeLabel, onRemove }: { src: string | undefined; name: string; removeLabel: string; onRemove: () => void }) {
  return (
    <div className="schedule-photo">
      {src ? <Image src={src} alt={name} width={72} height={72} className="schedule-photo__image" /> : <div className="schedule-photo__image" aria-hidden="true" />}
      <Button size="small" type="text" className="schedule-photo__remove" icon={<CloseOutlined aria-hidden="true" />} aria-label={removeLabel} onClick={onRemove} />
    </div>
  );
}

function StoredThumb({ image, removeLabel, onRemove }: { image: StoredImage; removeLabel: string; onRemove: () => void }) {
  return <Thumb src={useAuthorizedImage(image.url)} name={image.name} removeLabel={removeLabel} onRemove={onRemove} />;
}

function AddedThumb({ file, removeLabel, onRemove }: { file: File; removeLabel: string; onRemove: () => void }) {
  const src = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  return <Thumb src={src} name={file.name} removeLabel={removeLabel} onRemove={onRemove} />;
}

/** Photos of a schedule: several at once, each compressed in the browser (max width 1024, quality 0.92) before upload. */
export function PhotosField({ id, stored, added, onAdd, onRemoveStored, onRemoveAdded }: PhotosFieldProps) {
  const { t } = useTranslation('schedules');
  const room = scheduleImageUpload.maxFiles - stored.length - added.length;
  return (
    <Space orientation="vertical" className="full-width">
      <Space wrap>
        {stored.map((image) => (
          <StoredThumb key={image.id} image={image} removeLabel={t('photos.remove', { name: image.name })} onRemove={() => onRemoveStored(image.id)} />
        ))}
        {added.map((file, index) => (
          <AddedThumb key={`${file.name}-${index}`} file={file} removeLabel={t('photos.remove', { name: file.name })} onRemove={() => onRemoveAdded(index)} />
        ))}
      </Space>
      <Upload
        accept="image/*"
        multiple
        showUploadList={false}
        disabled={room <= 0}
        beforeUpload={(file, batch) => {
          // Every file of the batch comes through here; handle the batch once, at its first file.
          if (file === batch[0]) void Promise.all(batch.slice(0, Math.max(0, room)).map((one) => compressImage(one))).then(onAdd);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined aria-hidden="true" />} disabled={room <= 0}>
          {t('photos.add')}
        </Button>
      </Upload>
    </Space>
  );
}
