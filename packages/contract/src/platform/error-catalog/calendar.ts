import type { ErrorEntry } from './entry.ts';

/** Calendar sync, booking (businesses, services, add-ons) and reservations. */
export const calendarErrors = {
  CALENDAR_PROVIDER_NOT_CONFIGURED: {
    status: 409,
    'zh-TW': '此伺服器尚未設定這個行事曆服務，請聯絡系統管理員',
    'zh-CN': '此服务器尚未设置这个日历服务，请联系系统管理员',
    'en-US': 'This calendar service is not set up on this server; ask your administrator',
  },
  CALENDAR_ACCOUNT_NOT_FOUND: {
    status: 404,
    'zh-TW': '尚未連結這個行事曆帳號',
    'zh-CN': '尚未连接这个日历账号',
    'en-US': 'No calendar account of this kind is connected',
  },
  CALENDAR_CONNECT_FAILED: {
    status: 400,
    'zh-TW': '行事曆帳號連結失敗，請再試一次',
    'zh-CN': '日历账号连接失败，请再试一次',
    'en-US': 'Connecting the calendar account failed; please try again',
  },
  CALENDAR_PROVIDER_FAILED: {
    status: 502,
    'zh-TW': '行事曆服務暫時無法回應，請稍後再試',
    'zh-CN': '日历服务暂时无法响应，请稍后再试',
    'en-US': 'The calendar service is not answering; please try again later',
  },
  BUSINESS_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此預約商家',
    'zh-CN': '找不到此预约商家',
    'en-US': 'Booking business not found',
  },
  BUSINESS_ID_NAME_TAKEN: {
    status: 409,
    'zh-TW': '此預約網址名稱已被使用',
    'zh-CN': '此预约网址名称已被使用',
    'en-US': 'This booking page name is already taken',
  },
  BOOKING_CATEGORY_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此服務分類',
    'zh-CN': '找不到此服务分类',
    'en-US': 'Service category not found',
  },
  BOOKING_SERVICE_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此服務',
    'zh-CN': '找不到此服务',
    'en-US': 'Service not found',
  },
  BOOKING_GROUP_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此加購服務群組',
    'zh-CN': '找不到此加购服务群组',
    'en-US': 'Additional service group not found',
  },
  BOOKING_ITEM_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此加購服務項目',
    'zh-CN': '找不到此加购服务项目',
    'en-US': 'Additional service item not found',
  },
  BOOKING_ITEM_FIXED: {
    status: 409,
    'zh-TW': '固定的項目不可移動，也不可將項目移到其位置',
    'zh-CN': '固定的项目不可移动，也不可将项目移到其位置',
    'en-US': 'Fixed items cannot be moved, and nothing can be dropped onto them',
  },
  RESERVATION_SERVICE_REQUIRED: {
    status: 400,
    'zh-TW': '請先選擇服務',
    'zh-CN': '请先选择服务',
    'en-US': 'Please select a service first',
  },
  RESERVATION_ADDON_REQUIRED: {
    status: 400,
    'zh-TW': '請選擇「{field}」',
    'zh-CN': '请选择“{field}”',
    'en-US': 'Please choose from "{field}"',
  },
  RESERVATION_FULL: {
    status: 409,
    'zh-TW': '很抱歉，預約已額滿',
    'zh-CN': '很抱歉，预约已满',
    'en-US': 'Unfortunately, reservations are full',
  },
  RESERVATION_TIME_UNAVAILABLE: {
    status: 409,
    'zh-TW': '此時段無法預約，請選擇其他時間',
    'zh-CN': '此时段无法预约，请选择其他时间',
    'en-US': 'This time cannot be booked, please choose another',
  },
  RESERVATION_NOT_FOUND: {
    status: 404,
    'zh-TW': '找不到此預約',
    'zh-CN': '找不到此预约',
    'en-US': 'Reservation not found',
  },
  RESERVATION_NOT_MOVABLE: {
    status: 409,
    'zh-TW': '無法移動已排定的預約',
    'zh-CN': '无法移动已排定的预约',
    'en-US': 'Unable to move the scheduled appointment',
  },
  RESERVATION_STATUS_CONFLICT: {
    status: 409,
    'zh-TW': '此預約已完成或已取消',
    'zh-CN': '此预约已完成或已取消',
    'en-US': 'This reservation is already completed or cancelled',
  },
} as const satisfies Record<string, ErrorEntry>;
