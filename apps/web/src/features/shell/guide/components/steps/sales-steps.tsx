import { SalesItemsEditor, SalesStagesEditor } from '../../../../deals/deals/index.ts';
import type { StepBodyProps } from './step-body.ts';

export function SalesStagesStep({ orgId }: StepBodyProps) {
  return <SalesStagesEditor orgId={orgId} />;
}

export function SalesCostsStep({ orgId }: StepBodyProps) {
  return <SalesItemsEditor orgId={orgId} kind="cost" />;
}
