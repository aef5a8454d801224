import { Suspense } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GuideStep } from '@lodestar/contract';
import { LoadingState } from '../../../../shared/ui/query-state.tsx';
import { stepBodies } from './step-bodies.ts';

/**
 * One step's body: the settings form or list that step is about, the same component the settings page shows, so
 * every change is saved through that setting's own API. The current step's chunk comes with the guide's own
 * (../guide-loader.ts loadFirstRunGuide); another step's loads when the guide moves to it.
 */
export function GuideStepBody({ orgId, step, onSaved }: { orgId: string; step: GuideStep; onSaved: () => void }) {
  const { t } = useTranslation('guide');
  if (step === 'contactImport') {
    return (
      <Link to={`/${orgId}/import/contact`} onClick={onSaved}>
        <Button type="primary" icon={<UploadOutlined aria-hidden="true" />} tabIndex={-1}>
          {t('steps.contactImport.action')}
        </Button>
      </Link>
    );
  }
  const Body = stepBodies[step];
  return (
    <Suspense fallback={<LoadingState />}>
      <Body orgId={orgId} onSaved={onSaved} />
    </Suspense>
  );
}
