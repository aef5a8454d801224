import { Tag } from 'antd';
import { PanelCard } from '../../../../shared/ui/panel-card.tsx';
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
    <PanelCard testId="workspace-card" title={<h2 className="card-title">{t('workspace.title')}</h2>}>
      <dl className="fact-grid">
        {[
          { key: 'name', label: t('workspace.name'), value: organization.name },
          { key: 'industry', label: t('workspace.industry'), value: industry },
          { key: 'plan', label: t('workspace.plan'), value: <Tag color="blue">{t(`common:plans.${organization.plan}`)}</Tag> },
          { key: 'members', label: t('workspace.memberCount'), value: organization.memberCount },
          { key: 'administrator', label: t('workspace.administrator'), value: organization.administrator },
        ].map((fact) => (
          <div key={fact.key} className="fact-grid__item">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </PanelCard>
  );
}
