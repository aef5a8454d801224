import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultColor } from '@lodestar/contract';
import { formatMoney } from '../../../../shared/format/money.ts';
import { ColorSwatches } from '../../../../shared/ui/color-swatches.tsx';
import { showServerFieldErrors } from '../../../../shared/ui/form-errors.ts';
import { EmptyState, ErrorState } from '../../../../shared/ui/query-state.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useCosts, useDeleteCost, useDeleteProduct, useProducts, useSaveCost, useSaveProduct } from '../sales-items.api.ts';
import { moneyRules } from './deal-money.ts';
import { useConfirmDelete } from '../../../../shared/ui/use-confirm-delete.ts';

export type SalesItemKind = 'product' | 'cost';
export interface SalesItem {
  id: string;
  name: string;
  defaultPrice: string;
  color?: string;
}
interface ItemFormValues {
  name: string;
  defaultPrice: string;
  color?: string;
}

/** Products and costs have the same settings screen; products add a colour (docs/product.md#screens create dialogs). */
function useKind(orgId: string, kind: SalesItemKind, t: (key: string) => string) {
  const products = useProducts(orgId);
  const costs = useCosts(orgId);
  const saveProduct = useSaveProduct(orgId, t('notices.saved'));
  const saveCost = useSaveCost(orgId, t('notices.saved'));
  const deleteProduct = useDeleteProduct(orgId, t('notices.deleted'));
  const deleteCost = useDeleteCost(orgId, t('notices.deleted'));
  const list = kind === 'product' ? products : costs;
  return {
    list,
    items: (list.data?.items ?? []) as SalesItem[],
    save: kind === 'product' ? saveProduct : saveCost,
    remove: kind === 'product' ? deleteProduct : deleteCost,
  };
}

/**
 * Create or edit one product or cost: name, (colour,) default price, saved through the settings API. Used by the
 * settings lists, the first-run guide and the deal form's "new product / new cost" (created in place).
 */
export function SalesItemDialog({
  orgId,
  kind,
  item,
  open,
  onClose,
  onSaved,
}: {
  orgId: string;
  kind: SalesItemKind;
  item: SalesItem | null;
  open: boolean;
  onClose: () => void;
  onSaved?: (saved: SalesItem) => void;
}) {
  const { t } = useTranslation('deals');
  const [form] = Form.useForm<ItemFormValues>();
  const { save } = useKind(orgId, kind, t);
  useEffect(() => {
    if (open) form.setFieldsValue(item ? { name: item.name, defaultPrice: item.defaultPrice, color: item.color } : { name: '', defaultPrice: '', color: defaultColor });
  }, [open, item, form]);
  const title = t(item ? `settings.${kind}.edit` : `settings.${kind}.create`);
  const submit = async (values: ItemFormValues) => {
    const body = { name: values.name.trim(), defaultPrice: values.defaultPrice?.trim() || '0', ...(kind === 'product' ? { color: values.color ?? defaultColor } : {}) };
    try {
      const saved = (await save.mutateAsync({ id: item?.id, body })) as SalesItem;
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error);
    }
  };
  return (
    <Modal title={title} open={open} onCancel={onClose} onOk={() => form.submit()} okText={t('common:actions.submit')} cancelText={t('common:actions.cancel')} confirmLoading={save.isPending} destroyOnHidden>
      {/* Named, so its field ids (sales-item-product_name…) differ from the deal form's underneath ("name"): its labels focus its own fields. */}
      <Form form={form} name={`sales-item-${kind}`} layout="vertical" onFinish={submit} aria-label={title}>
        <Form.Item name="name" label={t('settings.itemName')} rules={[requiredRule(t)]}>
          <Input maxLength={100} />
        </Form.Item>
        {kind === 'product' ? (
          <Form.Item name="color" label={t('settings.color')}>
            <ColorSwatches label={t('settings.color')} />
          </Form.Item>
        ) : null}
        <Form.Item name="defaultPrice" label={t('settings.defaultPrice')} rules={moneyRules(t, false)}>
          <Input inputMode="decimal" prefix="$" maxLength={15} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The products or costs list with create, edit and delete (settings/productList, settings/costs, the first-run guide). */
export function SalesItemsEditor({ orgId, kind }: { orgId: string; kind: SalesItemKind }) {
  const { t } = useTranslation('deals');
  const confirmDelete = useConfirmDelete();
  const { list, items, remove } = useKind(orgId, kind, t);
  const [editing, setEditing] = useState<SalesItem | null>(null);
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<SalesItem> = [
    {
      key: 'name',
      title: t('settings.itemName'),
      render: (_v, row) => (
        <Space size={8}>
          {kind === 'product' ? <span className="swatch-dot" style={{ background: row.color }} aria-hidden="true" /> : null}
          {row.name}
        </Space>
      ),
    },
    { key: 'defaultPrice', title: t('settings.defaultPrice'), align: 'right', width: 180, render: (_v, row) => formatMoney(row.defaultPrice) },
    {
      key: 'actions',
      title: t('settings.actions'),
      width: 120,
      render: (_v, row) => (
        <Space size={0}>
          <Button type="text" size="small" icon={<EditOutlined aria-hidden="true" />} aria-label={t('settings.editOne', { name: row.name })} onClick={() => setEditing(row)} />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            aria-label={t('settings.deleteOne', { name: row.name })}
            onClick={() =>
              confirmDelete({
                title: t('settings.deleteItemTitle', { name: row.name }),
                content: t('settings.deleteItemText'),
                onOk: () => remove.mutateAsync(row.id),
              })
            }
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space className="settings-toolbar" wrap>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t(`settings.${kind}.create`)}
        </Button>
      </Space>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<SalesItem>
          rowKey="id"
          size="middle"
          pagination={false}
          loading={list.isLoading}
          columns={columns}
          dataSource={items}
          locale={{ emptyText: <EmptyState description={t(`settings.${kind}.empty`)} /> }}
        />
      )}
      <SalesItemDialog
        orgId={orgId}
        kind={kind}
        item={editing}
        open={creating || editing !== null}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </>
  );
}
