import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@lodestar/contract';

export function WorkspaceCard({ organization }: { organization: Organization }) {
  const { t } = useTranslation('home');
  const industry =
    organization.industry === 'other' && organization.otherIndustry
      ? organization.otherIndustry
      : organization.industry
        ? t(`common:industries.${organization.industry}`)
        : t('workspace.notSet');
  return (
    <Card
      data-testid="workspace-card"
      title={<Typography.Title level={2} className="card-title">{t('workspace.title')}</Typography.Title>}
    >
      <Descriptions
        column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 3 }}
        items={[
          { key: 'name', label: t('workspace.name'), children: organization.name },
          { key: 'industry', label: t('workspace.industry'), children: industry },
          { key: 'plan', label: t('workspace.plan'), children: <Tag color="blue">{t(`common:plans.${organization.plan}`)}</Tag> },
          { key: 'members', label: t('workspace.memberCount'), children: organization.memberCount },
          { key: 'administrator', label: t('workspace.administrator'), children: organization.administrator },
        ]}
      />
    </Card>
  );
}
