import type { ErrorEntry } from './entry.ts';

/** Plans, subscriptions, cards, coupons and the payment provider. */
export const billingErrors = {
  BILLING_SUBSCRIPTION_FAILED: {
    status: 409,
    'zh-TW': '訂閱失敗',
    'zh-CN': '订阅失败',
    'en-US': 'Subscription Failed',
  },
  BILLING_PLAN_NOT_PURCHASABLE: {
    status: 400,
    'zh-TW': '此方案無法直接購買，請與我們聯絡',
    'zh-CN': '此方案无法直接购买，请与我们联系',
    'en-US': 'This plan cannot be bought here, please contact us',
  },
  BILLING_NO_SAVED_CARD: {
    status: 409,
    'zh-TW': '尚未儲存信用卡，請輸入卡片',
    'zh-CN': '尚未保存信用卡，请输入卡片',
    'en-US': 'No saved card, please enter a card',
  },
  BILLING_PROVIDER_UNAVAILABLE: {
    status: 502,
    'zh-TW': '付款服務暫時無法使用，請稍後再試',
    'zh-CN': '付款服务暂时无法使用，请稍后再试',
    'en-US': 'The payment service is unavailable, please try again later',
  },
  BILLING_COUPON_INVALID: {
    status: 400,
    'zh-TW': '優惠碼無效或已過期',
    'zh-CN': '优惠码无效或已过期',
    'en-US': 'This coupon code is invalid or has expired',
  },
  BILLING_COUPON_ALREADY_REDEEMED: {
    status: 409,
    'zh-TW': '此工作區已使用過此優惠碼',
    'zh-CN': '此工作区已使用过此优惠码',
    'en-US': 'This workspace has already redeemed this coupon',
  },
  BILLING_NOT_SUBSCRIBED: {
    status: 409,
    'zh-TW': '此工作區尚未訂閱',
    'zh-CN': '此工作区尚未订阅',
    'en-US': 'This workspace has no subscription',
  },
  BILLING_CHARGE_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到付款紀錄',
    'zh-CN': '找不到付款记录',
    'en-US': 'Payment record not found',
  },
  BILLING_NOTIFY_REFUSED: {
    status: 400,
    'zh-TW': '通知無法驗證',
    'zh-CN': '通知无法验证',
    'en-US': 'The notification could not be verified',
  },
  BILLING_CARD_DECLINED: {
    status: 400,
    'zh-TW': '付款失敗：此卡未通過驗證，請換一張卡',
    'zh-CN': '付款失败：此卡未通过验证，请换一张卡',
    'en-US': 'Payment Failed: the card was declined, please use another card',
  },
  BILLING_AMOUNT_CHANGED: {
    status: 409,
    'zh-TW': '金額已變更（例如優惠碼已用完），目前應付 {amount}，請確認後再付款',
    'zh-CN': '金额已变更（例如优惠码已用完），目前应付 {amount}，请确认后再付款',
    'en-US': 'The amount has changed (the coupon may have run out): it is now {amount}. Please check and pay again',
  },
  BILLING_COUPON_EXISTS: {
    status: 409,
    'zh-TW': '此優惠碼已存在',
    'zh-CN': '此优惠码已存在',
    'en-US': 'This coupon code already exists',
  },
  BILLING_COUPON_NOT_FOR_PLAN: {
    status: 400,
    'zh-TW': '此優惠碼不適用於這個方案',
    'zh-CN': '此优惠码不适用于这个方案',
    'en-US': 'This coupon does not apply to this plan',
  },
  OPERATOR_WORKSPACE_SUBSCRIBED: {
    status: 409,
    'zh-TW': '此工作區以信用卡訂閱中，方案由其管理員變更（或先取消訂閱）',
    'zh-CN': '此工作区以信用卡订阅中，方案由其管理员变更（或先取消订阅）',
    'en-US': 'This workspace pays by card subscription: its administrator changes the plan (or cancels first)',
  },
} as const satisfies Record<string, ErrorEntry>;
