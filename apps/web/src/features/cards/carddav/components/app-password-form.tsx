import { useState } from 'react';
import { Alert, Button, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppPasswordCreated } from '@lodestar/contract';
import { flattenTags, useTagTree } from '../../../records/tags/index.ts';
import { useCreateAppPassword } from '../carddav.api.ts';
import { CopyField } from './copy-field.tsx';

/** Name a new app password and choose its contacts; the password is shown here once, after it is made. */
export function AppPasswordForm({ orgId }: { orgId: string }) {
  const { t } = useTranslation('carddav');
  const [name, setName] = useState('');
  const [tagId, setTagId] = useState<string>('');
  const [created, setCreated] = useState<AppPasswordCreated | null>(null);
  const tags = useTagTree(orgId, 'customer');
  const create = useCreateAppPassword(orgId);
  const options = [
    { value: '', label: t('form.allContacts') },
    ...flattenTags(tags.data ?? []).filter((tag) => !tag.isType).map((tag) => ({ value: tag.id, label: t('form.tagContacts', { tag: tag.name }) })),
  ];
  const submit = async () => {
    const answer = await create.mutateAsync({ name: name.trim(), tagId: tagId || null });
    setCreated(answer);
    setName('');
    setTagId('');
  };
  return (
    <div className="carddav-create">
      <form
        className="carddav-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="carddav-field">
          <label htmlFor="carddav-name">{t('form.name')}</label>
          <Input id="carddav-name" value={name} maxLength={60} placeholder={t('form.namePlaceholder')} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="carddav-field">
          <label htmlFor="carddav-scope">{t('form.scope')}</label>
          <Select id="carddav-scope" value={tagId} options={options} onChange={setTagId} loading={tags.isLoading} popupMatchSelectWidth={false} />
        </div>
        <Button type="primary" htmlType="submit" loading={create.isPending} disabled={name.trim() === ''}>
          {t('form.create')}
        </Button>
      </form>
      {created ? (
        <Alert
          type="success"
          showIcon
          closable={{ 'aria-label': t('form.hidePassword') }}
          onClose={() => setCreated(null)}
          title={t('form.createdTitle', { name: created.appPassword.name })}
          description={
            <>
              <CopyField id="carddav-new-password" label={t('form.password')} value={created.password} />
              <p className="carddav-hint">{t('form.shownOnce')}</p>
            </>
          }
        />
      ) : null}
    </div>
  );
}
