import type { ErrorEntry } from './entry.ts';

/** Contacts and companies, deal stages, and imports. */
export const recordsErrors = {
  MERGE_UNDO_EXPIRED: {
    status: 409,
    'zh-TW': '此合併已超過 30 天或已復原，無法再復原',
    'zh-CN': '此合并已超过 30 天或已撤销，无法再撤销',
    'en-US': 'This merge is older than 30 days or already undone; it cannot be undone',
  },
  TAX_ID_EXISTS: {
    status: 409,
    'zh-TW': '此統一編號已存在',
    'zh-CN': '此税号已存在',
    'en-US': 'This tax ID already exists',
  },
  COMPANY_ENRICHMENT_RUNNING: {
    status: 409,
    'zh-TW': '已有一批公司正在從商工登記資料補齊，請等它完成',
    'zh-CN': '已有一批公司正在从工商登记资料补齐，请等待完成',
    'en-US': 'Companies are already being filled in from the company registry; wait until it finishes',
  },
  LOST_REASON_EXISTS: {
    status: 409,
    'zh-TW': '已有同名的輸單原因',
    'zh-CN': '已有同名的输单原因',
    'en-US': 'A lost reason with this name already exists',
  },
  QUOTE_CLOSED: {
    status: 409,
    'zh-TW': '此報價單已被接受、拒絕或由新版本取代，無法再變更',
    'zh-CN': '此报价单已被接受、拒绝或由新版本取代，无法再变更',
    'en-US': 'This quote was accepted, declined or replaced by a newer version and can no longer change',
  },
  QUOTE_EXPIRED: {
    status: 409,
    'zh-TW': '此報價單已過有效期限，請聯絡業務取得新報價',
    'zh-CN': '此报价单已过有效期限，请联系业务获取新报价',
    'en-US': 'This quote has expired; ask your contact for a new one',
  },
  QUOTE_NO_LINE_FRIEND: {
    status: 409,
    'zh-TW': '此商機的聯絡人沒有連結到 LINE 好友，無法以 LINE 傳送',
    'zh-CN': '此商机的联系人没有关联到 LINE 好友，无法以 LINE 发送',
    'en-US': "This deal's contact is not linked to a LINE friend, so the quote cannot go by LINE",
  },
  SALES_INVOICE_NOT_BILLABLE: {
    status: 409,
    'zh-TW': '只有已贏單的商機或客戶已接受的報價單可以開立發票',
    'zh-CN': '只有已赢单的商机或客户已接受的报价单可以开立发票',
    'en-US': 'Only a won deal or a quote the customer accepted can be invoiced',
  },
  SALES_INVOICE_NOT_ISSUED: {
    status: 409,
    'zh-TW': '此發票尚未開立或已作廢，無法作廢或折讓',
    'zh-CN': '此发票尚未开立或已作废，无法作废或折让',
    'en-US': 'This invoice is not issued (or already voided), so it cannot be voided or allowed',
  },
  SALES_INVOICE_REFUSED: {
    status: 409,
    'zh-TW': '電子發票服務拒絕了這項操作，請查看錯誤訊息',
    'zh-CN': '电子发票服务拒绝了这项操作，请查看错误信息',
    'en-US': 'The e-invoice service refused this; see its message',
  },
  STAGE_IN_USE: {
    status: 409,
    'zh-TW': '仍有商機使用此階段，請先移動這些商機',
    'zh-CN': '仍有商机使用此阶段，请先移动这些商机',
    'en-US': 'Deals still use this stage; move them first',
  },
  IMPORT_FILE_UNREADABLE: {
    status: 400,
    'zh-TW': '無法讀取檔案：請上傳 CSV 檔（UTF-8、UTF-16、Big5 或 GB18030 編碼）、Excel .xlsx 檔或 vCard .vcf 檔',
    'zh-CN': '无法读取文件：请上传 CSV 文件（UTF-8、UTF-16、Big5 或 GB18030 编码）、Excel .xlsx 文件或 vCard .vcf 文件',
    'en-US': 'The file cannot be read: upload a CSV file (UTF-8, UTF-16, Big5 or GB18030), an Excel .xlsx file or a vCard .vcf file',
  },
  BACKUP_ARCHIVE_UNREADABLE: {
    status: 400,
    'zh-TW': '無法讀取備份檔：請上傳本產品「備份」下載的 .zip 檔',
    'zh-CN': '无法读取备份文件：请上传本产品“备份”下载的 .zip 文件',
    'en-US': 'The backup cannot be read: upload a .zip file downloaded from Backup in this product',
  },
  BACKUP_NOT_READY: {
    status: 409,
    'zh-TW': '備份尚未完成，請稍後再下載',
    'zh-CN': '备份尚未完成，请稍后再下载',
    'en-US': 'The backup is not finished yet; download it when it is done',
  },
  BACKUP_EXPIRED: {
    status: 410,
    'zh-TW': '此備份檔已超過保存期限並已刪除，請重新備份',
    'zh-CN': '此备份文件已超过保存期限并已删除，请重新备份',
    'en-US': 'This backup was removed after its keeping period; back up again',
  },
  IMPORT_XLS_NOT_SUPPORTED: {
    status: 400,
    'zh-TW': '無法讀取 Excel 97–2003 (.xls) 檔：請在 Excel 中「另存新檔」為 .xlsx 後再上傳',
    'zh-CN': '无法读取 Excel 97–2003 (.xls) 文件：请在 Excel 中“另存为” .xlsx 后再上传',
    'en-US': 'Excel 97–2003 (.xls) files cannot be read: open the file in Excel, save it as .xlsx and upload that',
  },
  IMPORT_STATE_CONFLICT: {
    status: 409,
    'zh-TW': '此匯入目前無法執行這個動作',
    'zh-CN': '此导入当前无法执行这个操作',
    'en-US': 'This import cannot do that now',
  },
  PDPA_REQUEST_STATE: {
    status: 409,
    'zh-TW': '此個資請求目前無法執行這個動作（已結案、已延長過或正在刪除）',
    'zh-CN': '此个人信息请求当前无法执行这个操作（已结案、已延长过或正在删除）',
    'en-US': 'This personal data request cannot do that now (closed, already extended, or being erased)',
  },
} as const satisfies Record<string, ErrorEntry>;
