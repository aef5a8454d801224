import { useEffect, useState } from 'react';
import { Button, Checkbox, Empty, Modal, Tag } from 'antd';
import { AppstoreAddOutlined, EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookableService } from '@lodestar/contract';
import { isItemPicked, isServicePicked, toggleItem, toggleService, type Selection } from '../../../../shared/booking/selection.ts';
import { PriceAndDuration } from './price-text.tsx';

/** A dialog's working copy of the selection: taken afresh each time it opens, handed back on OK. */
function useDraft(open: boolean, selection: Selection) {
  const [draft, setDraft] = useState(selection);
  useEffect(() => {
    if (open) setDraft(selection);
  }, [open, selection]);
  return [draft, setDraft] as const;
}

/** Select additional services: the service's groups with checkboxes (single-choice groups keep one pick). */
export function AdditionalServicesDialog({ open, service, selection, onOk, onClose }: { open: boolean; service: BookableService | null; selection: Selection; onOk: (next: Selection) => void; onClose: () => void }) {
  const { t } = useTranslation('booking');
  const [draft, setDraft] = useDraft(open, selection);
  return (
    <Modal
      title={t('reservation.additionalTitle', { service: service?.title ?? '' })}
      open={open}
      onCancel={onClose}
      onOk={() => onOk(draft)}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      destroyOnHidden
    >
      {service?.groups.map((group) => (
        <fieldset key={group.id} className="addon-group">
          <legend className="addon-group__title">
            {group.title} <Tag>{t(`selectionTypes.${group.selectionType}`)}</Tag>
            {group.isRequired ? <Tag className="booking-tag booking-tag--red">{t('group.required')}</Tag> : null}
          </legend>
          {group.description ? <p className="muted">{group.description}</p> : null}
          {group.items.map((item) => (
            <div key={item.id} className="addon-group__item">
              <Checkbox
                checked={isItemPicked(draft, service.id, group.id, item.id)}
                onChange={() => setDraft((current) => toggleItem(current, service.id, group.id, item.id, group.selectionType))}
              >
                {item.title}
              </Checkbox>
              <PriceAndDuration record={item} />
            </div>
          ))}
        </fieldset>
      ))}
    </Modal>
  );
}

/**
 * Select service: a checkbox list, an Edit button (manage service items), a per-service additional
 * services button, and a link to create service items.
 */
export function SelectServiceDialog({
  orgId,
  open,
  services,
  selection,
  onOk,
  onManage,
  onClose,
}: {
  orgId: string;
  open: boolean;
  services: BookableService[];
  selection: Selection;
  onOk: (next: Selection) => void;
  /** Null: no Edit button (service items are managed by system administrators). */
  onManage: (() => void) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('booking');
  const [draft, setDraft] = useDraft(open, selection);
  const [addOnsOf, setAddOnsOf] = useState<BookableService | null>(null);
  return (
    <Modal
      title={t('reservation.selectService')}
      open={open}
      onCancel={onClose}
      onOk={() => onOk(draft)}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      destroyOnHidden
    >
      {onManage ? (
        <div className="select-service__toolbar">
          <Button size="small" icon={<EditOutlined aria-hidden="true" />} onClick={onManage}>
            {t('common:actions.edit')}
          </Button>
        </div>
      ) : null}
      {services.length === 0 ? (
        <Empty description={t('reservation.noServices')} />
      ) : (
        <ul className="select-service__list" aria-label={t('reservation.services')}>
          {services.map((service) => {
            const picked = isServicePicked(draft, service.id);
            const addOnCount = Object.values(draft.find((pick) => pick.serviceId === service.id)?.groups ?? {}).flat().length;
            return (
              <li key={service.id} className="select-service__row">
                <Checkbox checked={picked} onChange={() => setDraft((current) => toggleService(current, service.id))}>
                  {service.title}
                </Checkbox>
                <PriceAndDuration record={service} />
                {service.groups.length > 0 ? (
                  <Button size="small" type={addOnCount ? 'primary' : 'default'} ghost={addOnCount > 0} icon={<AppstoreAddOutlined aria-hidden="true" />} disabled={!picked} onClick={() => setAddOnsOf(service)}>
                    {addOnCount ? t('reservation.addOnsCount', { count: addOnCount }) : t('reservation.addOns')}
                    <span className="sr-only"> {service.title}</span>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Link to={`/${orgId}/business/service`} onClick={onClose}>
        {t('reservation.createServiceItems')}
      </Link>
      <AdditionalServicesDialog
        open={addOnsOf !== null}
        service={addOnsOf}
        selection={draft}
        onOk={(next) => {
          setDraft(next);
          setAddOnsOf(null);
        }}
        onClose={() => setAddOnsOf(null)}
      />
    </Modal>
  );
}
