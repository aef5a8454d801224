import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultColor, type Tag, type TagKind } from '@lodestar/contract';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { requiredRule } from '../../../../shared/ui/validation.ts';
import { useCreateTag, useCreateTagType, useTagTree } from '../tags.api.ts';
import { ColorSwatches } from '../../../../shared/ui/color-swatches.tsx';

interface TagValues {
  name: string;
  color: string;
  parentId?: string;
  noticeDay?: number;
}

function parentOptions(tags: Tag[]): { value: string; title: string; children: ReturnType<typeof parentOptions> }[] {
  return tags.map((tag) => ({ value: tag.id, title: tag.name, children: parentOptions(tag.children) }));
}

/** Create-tag dialog (docs/product.md#screens): name and colour, optionally under a tag type or parent tag. */
export function CreateTagDialog({ orgId, kind, open, onClose }: { orgId: string; kind: TagKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tags');
  const [form] = Form.useForm<TagValues>();
  const tree = useTagTree(orgId, kind);
  const create = useCreateTag(orgId, kind, t('notices.created'));
  return (
    <FormDialog
      title={t('createTag')}
      open={open}
      form={form}
      saving={create.isPending}
      initialValues={{ color: defaultColor, noticeDay: 0 }}
      onClose={onClose}
      onSubmit={async (values) => {
        await create.mutateAsync({ name: values.name.trim(), color: values.color, parentId: values.parentId ?? null, noticeDay: values.noticeDay ?? 0 });
        form.resetFields();
        onClose();
      }}
    >
      <Form.Item name="name" label={t('fields.name')} rules={[requiredRule(t)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="color" label={t('fields.color')}>
        <ColorSwatches />
      </Form.Item>
      <Form.Item name="parentId" label={t('fields.parent')}>
        <TreeSelect allowClear treeDefaultExpandAll treeData={parentOptions(tree.data ?? [])} placeholder={t('noParent')} />
      </Form.Item>
      {kind === 'customer' ? (
        <Form.Item name="noticeDay" label={t('fields.noticeDay')} extra={t('noticeDayHint')}>
          <InputNumber min={0} max={3650} precision={0} />
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}

/** Create tag-type dialog: a named group of tags. */
export function CreateTagTypeDialog({ orgId, kind, open, onClose }: { orgId: string; kind: TagKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tags');
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateTagType(orgId, kind, t('notices.typeCreated'));
  return (
    <FormDialog
      title={t('createTagType')}
      open={open}
      form={form}
      saving={create.isPending}
      onClose={onClose}
      onSubmit={async (values) => {
        await create.mutateAsync({ name: values.name.trim() });
        form.resetFields();
        onClose();
      }}
    >
      <Form.Item name="name" label={t('fields.typeName')} rules={[requiredRule(t)]}>
        <Input maxLength={50} />
      </Form.Item>
    </FormDialog>
  );
}
