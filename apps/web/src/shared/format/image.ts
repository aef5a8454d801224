/** docs/product.md#limits: uploaded images are scaled to at most 1024 px wide and re-encoded at quality 0.92. */
export const imageUpload = { maxWidth: 1024, quality: 0.92 } as const;

export async function compressImage(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, imageUpload.maxWidth / bitmap.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, imageUpload.quality));
  if (!blob) return file;
  const name = file.name.replace(/\.[^.]+$/, type === 'image/png' ? '.png' : '.jpg');
  return new File([blob], name, { type });
}
