import { Button, Card, Result, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { guideSteps, type GuideState, type GuideStep } from '@lodestar/contract';
import { useDismissGuide, useFinishGuide, useGuide, useGuideStep } from '../guide.api.ts';
import { GuideStepBody } from './guide-step-body.tsx';

function stepStatus(state: GuideState, step: GuideStep): 'finish' | 'process' | 'wait' | 'error' {
  if (state.current === step) return 'process';
  if (state.done.includes(step)) return 'finish';
  return 'wait';
}

/**
 * The first-run guide (docs/product.md "First-run guide"): seven steps then finish, on the home page of a
 * workspace's creator while it is open. Each step shows the setting's own form or list; Skip and Next record the
 * step on the server, so the guide resumes where it was left in any browser.
 */
export function FirstRunGuide({ orgId }: { orgId: string }) {
  const { t } = useTranslation('guide');
  const guide = useGuide(orgId);
  const step = useGuideStep(orgId);
  const finish = useFinishGuide(orgId, t('finished'));
  const dismiss = useDismissGuide(orgId);
  const state = guide.data;
  if (!state || state.status !== 'open') return null;

  const current = state.current;
  const index = current === 'finish' ? guideSteps.length : guideSteps.indexOf(current);
  const record = (at: GuideStep, outcome: 'done' | 'skipped' | 'visited') => step.mutate({ step: at, outcome });
  const headingId = 'first-run-guide-title';

  return (
    <Card
      className="first-run-guide"
      data-testid="first-run-guide"
      aria-labelledby={headingId}
      title={
        <Typography.Title level={2} className="card-title" id={headingId}>
          {t('title')}
        </Typography.Title>
      }
      extra={
        <Button type="text" onClick={() => dismiss.mutate(undefined)} loading={dismiss.isPending}>
          {t('hide')}
        </Button>
      }
    >
      <div className="first-run-guide__layout">
        <nav aria-label={t('stepsLabel')} className="first-run-guide__nav">
          <Steps
            orientation="vertical"
            size="small"
            current={index}
            onChange={(to) => record(guideSteps[to] ?? guideSteps[0], 'visited')}
            items={[
              ...guideSteps.map((key) => ({
                title: t(`steps.${key}.title`),
                status: stepStatus(state, key),
                description: state.skipped.includes(key) ? t('skippedMark') : undefined,
              })),
              { title: t('finishTitle'), status: current === 'finish' ? ('process' as const) : ('wait' as const), disabled: true },
            ]}
          />
        </nav>
        <section className="first-run-guide__body" aria-live="polite">
          {current === 'finish' ? (
            <Result
              status="success"
              title={t('finishTitle')}
              subTitle={t('finishText', { done: state.done.length, skipped: state.skipped.length, total: guideSteps.length })}
              extra={
                <Button type="primary" onClick={() => finish.mutate(undefined)} loading={finish.isPending}>
                  {t('finish')}
                </Button>
              }
            />
          ) : (
            <>
              <Typography.Title level={3} className="first-run-guide__step-title">
                {t('stepOf', { index: index + 1, total: guideSteps.length })} · {t(`steps.${current}.title`)}
              </Typography.Title>
              <Typography.Paragraph type="secondary">{t(`steps.${current}.hint`)}</Typography.Paragraph>
              <GuideStepBody key={current} orgId={orgId} step={current} onSaved={() => record(current, 'done')} />
              <Space className="first-run-guide__actions" wrap>
                {index > 0 ? <Button onClick={() => record(guideSteps[index - 1] ?? current, 'visited')}>{t('back')}</Button> : null}
                <Button onClick={() => record(current, 'skipped')} disabled={step.isPending}>
                  {t('skip')}
                </Button>
                {current === 'companyName' || current === 'contactImport' ? null : (
                  <Button type="primary" onClick={() => record(current, 'done')} loading={step.isPending}>
                    {t('next')}
                  </Button>
                )}
              </Space>
            </>
          )}
        </section>
      </div>
    </Card>
  );
}
