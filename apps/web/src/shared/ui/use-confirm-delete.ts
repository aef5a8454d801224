import { feedback } from './feedback.ts';
import { useTranslation } from 'react-i18next';

/** A red "Delete" confirmation (the texts say what happens: trash for 30 days, or gone for good). */
export function useConfirmDelete() {
  const { modal } = feedback;
  const { t } = useTranslation('common');
  return ({ title, content, okText, onOk }: { title: string; content?: string; okText?: string; onOk: () => Promise<unknown> }) =>
    modal.confirm({
      title,
      content,
      okText: okText ?? t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk,
    });
}
