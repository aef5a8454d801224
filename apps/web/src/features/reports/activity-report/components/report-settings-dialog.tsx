import { useState } from 'react';
import { Checkbox, Form, Modal, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportColumns, type ReportColumn, type ReportSetting } from '@lodestar/contract';
import { useSaveReportSetting } from '../activity-report.api.ts';

/** report/setting: which activity items (all, or those picked) and which columns the workspace's report shows. */
export function ReportSettingsDialog({
  orgId,
  open,
  onClose,
  setting,
  items,
}: {
  orgId: string;
  open: boolean;
  onClose: () => void;
  setting: ReportSetting;
  items: { id: string; name: string }[];
}) {
  const { t } = useTranslation('activity-report');
  const save = useSaveReportSetting(orgId, t('saved'));
  const [allItems, setAllItems] = useState(setting.itemIds === null);
  const [itemIds, setItemIds] = useState<string[]>(setting.itemIds ?? items.map((i) => i.id));
  const [columns, setColumns] = useState<ReportColumn[]>(setting.columns);
  return (
    <Modal
      open={open}
      title={t('settings.title')}
      okText={t('settings.save')}
      cancelText={t('settings.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        await save.mutateAsync({ itemIds: allItems ? null : itemIds, columns });
        onClose();
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('settings.items')}>
          <Radio.Group value={allItems} onChange={(event) => setAllItems(event.target.value as boolean)}>
            <Space direction="vertical">
              <Radio value={true}>{t('settings.allItems')}</Radio>
              <Radio value={false}>{t('settings.someItems')}</Radio>
            </Space>
          </Radio.Group>
          {!allItems ? (
            <Checkbox.Group className="report-settings__items" value={itemIds} onChange={(values) => setItemIds(values as string[])} options={items.map((i) => ({ value: i.id, label: i.name }))} />
          ) : null}
        </Form.Item>
        <Form.Item label={t('settings.columns')}>
          <Checkbox.Group value={columns} onChange={(values) => setColumns(values as ReportColumn[])} options={reportColumns.map((c) => ({ value: c, label: t(`columns.${c}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
