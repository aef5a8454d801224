import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRedeemCoupon } from '../subscription.api.ts';

/** Coupon redemption (docs/product.md#overview): a percentage or amount off the next charge, or free months. */
export function CouponRedeem({ orgId }: { orgId: string | null }) {
  const { t } = useTranslation('subscription');
  const [code, setCode] = useState('');
  const redeem = useRedeemCoupon(orgId, t('coupon.redeemed'));
  return (
    <Space.Compact className="coupon-redeem">
      <Input aria-label={t('coupon.code')} placeholder={t('coupon.code')} value={code} onChange={(event) => setCode(event.target.value)} maxLength={40} />
      <Button disabled={code.trim().length < 3} loading={redeem.isPending} onClick={() => redeem.mutate(code.trim(), { onSuccess: () => setCode('') })}>
        {t('coupon.redeem')}
      </Button>
    </Space.Compact>
  );
}
