import { Button, Drawer, Empty, Space, Typography } from 'antd';
import { CalendarOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { centsToMoney, moneyToCents, type BookableService } from '@lodestar/contract';
import { formatDuration } from '../../../../shared/booking/format.ts';
import { selectionMinutes, toggleItem, toggleService, type Selection } from '../../../../shared/booking/selection.ts';
import { formatMoney } from '../../../../shared/format/money.ts';
import { PriceAndDuration, useBookingWords } from './price-text.tsx';

/** The picked services with their picked add-ons, in the order chosen. */
function pickedLines(selection: Selection, services: BookableService[]) {
  return selection.flatMap((pick) => {
    const service = services.find((s) => s.id === pick.serviceId);
    if (!service) return [];
    const items = service.groups.flatMap((group) => group.items.filter((item) => pick.groups[group.id]?.includes(item.id)).map((item) => ({ group, item })));
    return [{ service, items }];
  });
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation('booking');
  return <Button type="text" size="small" icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('reservation.removeItem', { name })} onClick={onClick} />;
}

/**
 * Selected service items drawer (docs/product.md#screens; 500 wide): what the reservation has chosen so far —
 * services and add-ons with duration and price, the total time and estimated amount — where the user
 * removes what is not wanted before picking a time. Removals apply at once (the time chosen before is
 * cleared by the dialog, as for any change of services).
 */
export function SelectedItemsDrawer({
  open,
  services,
  selection,
  onChange,
  onSelectService,
  onSelectTime,
  onClose,
}: {
  open: boolean;
  services: BookableService[];
  selection: Selection;
  onChange: (next: Selection) => void;
  onSelectService: () => void;
  onSelectTime: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('booking');
  const words = useBookingWords();
  const lines = pickedLines(selection, services);
  const minutes = selectionMinutes(selection, services);
  const amount = lines.reduce((cents, line) => line.items.reduce((sum, { item }) => sum + moneyToCents(item.estimatedAmount), cents + moneyToCents(line.service.estimatedAmount)), 0n);
  return (
    <Drawer
      title={t('reservation.selectedItems')}
      size={500}
      open={open}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space className="drawer-footer">
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
          <Button type="primary" icon={<CalendarOutlined aria-hidden="true" />} disabled={lines.length === 0} onClick={onSelectTime}>
            {t('reservation.selectTime')}
          </Button>
        </Space>
      }
    >
      {lines.length === 0 ? (
        <Empty description={t('reservation.noItemsSelected')}>
          <Button onClick={onSelectService}>{t('reservation.selectService')}</Button>
        </Empty>
      ) : (
        <>
          <ul className="selected-items" aria-label={t('reservation.selectedItems')} data-testid="selected-items">
            {lines.map(({ service, items }) => (
              <li key={service.id} className="selected-items__service">
                <div className="selected-items__row">
                  <div className="booking-row__main">
                    <span className="booking-row__title">{service.title}</span>
                    <PriceAndDuration record={service} />
                  </div>
                  <RemoveButton name={service.title} onClick={() => onChange(toggleService(selection, service.id))} />
                </div>
                {items.length > 0 ? (
                  <ul className="selected-items__addons">
                    {items.map(({ group, item }) => (
                      <li key={item.id} className="selected-items__row">
                        <div className="booking-row__main">
                          <span>
                            {item.title} <Typography.Text type="secondary">({group.title})</Typography.Text>
                          </span>
                          <PriceAndDuration record={item} />
                        </div>
                        <RemoveButton name={item.title} onClick={() => onChange(toggleItem(selection, service.id, group.id, item.id, group.selectionType))} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          <dl className="selected-items__total" data-testid="selected-items-total">
            <dt>{t('reservation.totalTime')}</dt>
            <dd>{formatDuration(minutes, words.duration)}</dd>
            <dt>{t('appointments.amount')}</dt>
            <dd>{formatMoney(centsToMoney(amount))}</dd>
          </dl>
        </>
      )}
    </Drawer>
  );
}
