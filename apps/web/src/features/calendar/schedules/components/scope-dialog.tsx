import { useCallback, useRef, useState } from 'react';
import { Modal, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { scheduleScopes, type ScheduleScope } from '@lodestar/contract';

export type ScopeAction = 'edit' | 'delete' | 'move';

/**
 * docs/product.md#states: an edit, delete or move of a repeating schedule applies to this occurrence, this and the
 * following ones, or all. `ask` resolves with the choice, or null when cancelled; render `dialog` once.
 */
export function useScopeQuestion() {
  const { t } = useTranslation('schedules');
  const [action, setAction] = useState<ScopeAction | null>(null);
  const [scope, setScope] = useState<ScheduleScope>('this');
  // The Modal renders from the first question on (and stays, for its closing animation), not with the calendar's first
  // paint: antd generates a component's styles in its first render.
  const [asked, setAsked] = useState(false);
  const resolver = useRef<((scope: ScheduleScope | null) => void) | null>(null);

  const ask = useCallback((next: ScopeAction) => {
    resolver.current?.(null);
    setScope('this');
    setAsked(true);
    setAction(next);
    return new Promise<ScheduleScope | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: ScheduleScope | null) => {
    resolver.current?.(value);
    resolver.current = null;
    setAction(null);
  };

  const dialog = asked ? (
    <Modal
      title={action ? t(`scope.${action}Title`) : ''}
      open={action !== null}
      onOk={() => answer(scope)}
      onCancel={() => answer(null)}
      okText={action === 'delete' ? t('common:actions.delete') : t('common:actions.submit')}
      okButtonProps={{ danger: action === 'delete' }}
      cancelText={t('common:actions.cancel')}
      destroyOnHidden
      width={400}
    >
      <Radio.Group value={scope} onChange={(event) => setScope(event.target.value as ScheduleScope)} aria-label={action ? t(`scope.${action}Title`) : undefined}>
        <Space orientation="vertical">
          {scheduleScopes.map((option) => (
            <Radio key={option} value={option}>
              {t(`scope.${option}`)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  ) : null;
  return { ask, dialog };
}
