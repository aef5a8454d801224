import { useEffect } from 'react';
import { Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonNameFields } from '../../../../shared/ui/person-name-fields.tsx';
import { locales, type Locale } from '@lodestar/contract';
import { fieldErrorsOf } from '../../../../shared/api-client.ts';
import { currentLanguage, languageNames, saveLanguage } from '../../../../shared/i18n.ts';
import { useProfile, useUpdateProfile } from '../../../../shared/profile.api.ts';
import { ErrorState, LoadingState } from '../../../../shared/ui/query-state.tsx';
import { UserAvatar } from '../../../../shared/ui/user-avatar.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { requiredRule } from '../../../../shared/ui/validation.ts';

interface ProfileValues {
  firstName: string;
  lastName: string;
  avatar: string;
  language: Locale;
}

export function ProfilePage() {
  const { t } = useTranslation('account');
  usePageTitle(t('profile.title'));
  const profile = useProfile();
  const update = useUpdateProfile();
  const [form] = Form.useForm<ProfileValues>();
  const avatar = Form.useWatch('avatar', form);
  const firstName = Form.useWatch('firstName', form);

  useEffect(() => {
    if (profile.data) {
      form.setFieldsValue({
        firstName: profile.data.firstName,
        lastName: profile.data.lastName,
        avatar: profile.data.avatar ?? '',
        language: currentLanguage(),
      });
    }
  }, [profile.data, form]);

  return (
    <Card title={<Typography.Title level={1} className="card-title">{t('profile.title')}</Typography.Title>}>
      {profile.isLoading ? <LoadingState /> : null}
      {profile.isError ? <ErrorState error={profile.error} onRetry={() => void profile.refetch()} /> : null}
      {profile.data ? (
        <Form<ProfileValues>
          form={form}
          name="profile"
          layout="vertical"
          requiredMark={false}
          className="narrow-form"
          onFinish={(values) => {
            const languageChanged = values.language !== currentLanguage();
            update.mutate(
              {
                firstName: values.firstName.trim(),
                lastName: values.lastName.trim(),
                avatar: values.avatar.trim() || null,
                language: values.language,
              },
              {
                onSuccess: () => {
                  if (languageChanged) {
                    saveLanguage(values.language);
                    window.location.reload();
                  }
                },
                onError: (error) => form.setFields(fieldErrorsOf(error) as never),
              },
            );
          }}
        >
          <Space align="center" size={16} className="profile-header">
            <UserAvatar avatar={avatar ?? profile.data.avatar} name={firstName ?? profile.data.firstName} size={64} />
            <div>
              <Typography.Text strong>{profile.data.email}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('profile.emailHint')}</Typography.Text>
            </div>
          </Space>
          <PersonNameFields firstLabel={t('profile.firstName')} lastLabel={t('profile.lastName')} rules={[requiredRule(t)]} maxLength={50} autofill />
          <Form.Item name="avatar" label={t('profile.avatar')} extra={t('profile.avatarHint')}>
            <Input maxLength={2048} />
          </Form.Item>
          <Form.Item name="language" label={t('profile.language')}>
            <Select options={locales.map((value) => ({ value, label: languageNames[value] }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
