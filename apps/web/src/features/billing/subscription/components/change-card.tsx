import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import type { BillingCatalog } from '@lodestar/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../shared/session.ts';
import { useBindCard, useCatalog } from '../subscription.api.ts';
import { CardEntry, useTapPayFields } from './card-entry.tsx';

interface CardValues {
  name: string;
  email: string;
  cardNumber?: string;
  cardExpiry?: string;
  cardCvc?: string;
}

/** Plan info → "Change card": a new card on file for the renewals, nothing charged now (TapPay bind card). */
export function ChangeCardButton({ orgId }: { orgId: string }) {
  const { t } = useTranslation('subscription');
  const [open, setOpen] = useState(false);
  const catalog = useCatalog();
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={!catalog.data}>
        {t('changeCard.action')}
      </Button>
      {open && catalog.data ? <ChangeCardDialog orgId={orgId} catalog={catalog.data} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ChangeCardDialog({ orgId, catalog, onClose }: { orgId: string; catalog: BillingCatalog; onClose: () => void }) {
  const { t } = useTranslation('subscription');
  const session = useSession();
  const [form] = Form.useForm<CardValues>();
  const bind = useBindCard(orgId, t('changeCard.saved'));
  const tappay = useTapPayFields(catalog.provider === 'tappay' ? catalog.tappay : null);
  const [cardError, setCardError] = useState<string | null>(null);

  const save = async (values: CardValues) => {
    setCardError(null);
    let payment;
    if (catalog.provider === 'tappay') {
      try {
        payment = { kind: 'prime' as const, prime: await tappay.getPrime() };
      } catch {
        setCardError(t('card.invalid'));
        return;
      }
    } else {
      payment = { kind: 'sandboxCard' as const, number: values.cardNumber ?? '', expiry: values.cardExpiry ?? '', cvc: values.cardCvc ?? '' };
    }
    await bind.mutateAsync({ payment, cardholder: { name: values.name, email: values.email, phone: '' } });
    onClose();
  };

  return (
    <Modal
      open
      title={t('changeCard.title')}
      onCancel={onClose}
      okText={t('changeCard.submit')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'change-card', loading: bind.isPending, disabled: catalog.provider === 'tappay' && !tappay.ready }}
      destroyOnHidden
    >
      <Form<CardValues>
        form={form}
        id="change-card"
        name="change-card"
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: session.profile ? `${session.profile.firstName} ${session.profile.lastName}`.trim() : '', email: session.profile?.email ?? '' }}
        onFinish={(values) => void save(values).catch(() => {})}
      >
        <Alert className="form-tip" type="info" showIcon title={t('changeCard.text')} />
        <Form.Item name="name" label={t('card.holder')} rules={[{ required: true, message: t('common:validation.required') }]}>
          <Input autoComplete="cc-name" />
        </Form.Item>
        <Form.Item name="email" label={t('card.email')} rules={[{ required: true, type: 'email', message: t('common:validation.invalidEmail') }]}>
          <Input autoComplete="email" />
        </Form.Item>
        <CardEntry catalog={catalog} tapPayFailed={tappay.failed} />
        {cardError ? <Alert type="error" showIcon title={cardError} /> : null}
      </Form>
    </Modal>
  );
}
