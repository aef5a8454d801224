import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { tagColors } from '@lodestar/contract';

/** The ten palette colours (default #828B91) as a radio group of swatches: tags and products. */
export function ColorSwatches({ value, onChange, label }: { value?: string; onChange?: (color: string) => void; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="radiogroup" aria-label={label ?? t('colors.label')} className="color-swatches">
      {tagColors.map((color, index) => {
        const checked = value?.toUpperCase() === color.toUpperCase();
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={t('colors.colorNumber', { number: index + 1, color })}
            className={`color-swatch${checked ? ' color-swatch--checked' : ''}`}
            style={{ background: color }}
            onClick={() => onChange?.(color)}
          >
            {checked ? <CheckOutlined aria-hidden="true" /> : null}
          </button>
        );
      })}
    </div>
  );
}
