import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { moneyPattern } from '@lodestar/contract';
import { requiredRule } from '../../../../shared/ui/validation.ts';

/** A money amount typed as text: whole dollars or cents (docs/product.md#validation). */
export function moneyRules(t: TFunction, required: boolean): FormRule[] {
  return [
    ...(required ? [requiredRule(t)] : []),
    {
      validator: (_rule, value: string | undefined) =>
        !value || moneyPattern.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('deals:validation.money'))),
    },
  ];
}
