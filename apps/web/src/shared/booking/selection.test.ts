import { describe, expect, it } from 'vitest';
import type { BookableService } from '@lodestar/contract';
import { missingRequiredGroups, selectionMinutes, toReservationServices, toggleItem, toggleService } from './selection.ts';

const price = { isFree: true, payType: 'free' as const, priceType: null, price: null, priceBase: null, priceMin: null, priceMax: null, priceStr: '', estimatedAmount: '0' };
const services: BookableService[] = [
  {
    id: 's1',
    title: 'Cut',
    categoryId: null,
    hour: 1,
    minute: 0,
    ...price,
    groups: [
      {
        id: 'g1',
        title: 'Length',
        selectionType: 'single',
        isRequired: true,
        description: null,
        items: [
          { id: 'i1', groupId: 'g1', title: 'Short', hour: 0, minute: 0, ...price },
          { id: 'i2', groupId: 'g1', title: 'Long', hour: 0, minute: 30, ...price },
        ],
      },
      {
        id: 'g2',
        title: 'Extras',
        selectionType: 'multiple',
        isRequired: false,
        description: null,
        items: [
          { id: 'i3', groupId: 'g2', title: 'Wash', hour: 0, minute: 30, ...price },
          { id: 'i4', groupId: 'g2', title: 'Dry', hour: 0, minute: 30, ...price },
        ],
      },
    ],
  },
];

describe('booking selection', () => {
  it('single-choice groups keep one pick; multiple-choice groups toggle each; an emptied group goes away', () => {
    let selection = toggleService([], 's1');
    selection = toggleItem(selection, 's1', 'g1', 'i1', 'single');
    selection = toggleItem(selection, 's1', 'g1', 'i2', 'single');
    expect(selection[0]!.groups).toEqual({ g1: ['i2'] });
    selection = toggleItem(selection, 's1', 'g2', 'i3', 'multiple');
    selection = toggleItem(selection, 's1', 'g2', 'i4', 'multiple');
    expect(selection[0]!.groups.g2).toEqual(['i3', 'i4']);
    selection = toggleItem(selection, 's1', 'g2', 'i3', 'multiple');
    selection = toggleItem(selection, 's1', 'g2', 'i4', 'multiple');
    expect(selection[0]!.groups).toEqual({ g1: ['i2'] });
  });

  it('builds the payload, counts minutes and lists required groups left unpicked', () => {
    let selection = toggleService([], 's1');
    expect(missingRequiredGroups(selection, services).map((m) => m.title)).toEqual(['Length']);
    selection = toggleItem(selection, 's1', 'g1', 'i2', 'single');
    selection = toggleItem(selection, 's1', 'g2', 'i3', 'multiple');
    expect(missingRequiredGroups(selection, services)).toEqual([]);
    expect(selectionMinutes(selection, services)).toBe(120);
    expect(toReservationServices(selection)).toEqual([
      {
        serviceId: 's1',
        additionalServices: [
          { mainServiceId: 's1', groupId: 'g1', serviceIds: ['i2'] },
          { mainServiceId: 's1', groupId: 'g2', serviceIds: ['i3'] },
        ],
      },
    ]);
    expect(toggleService(selection, 's1')).toEqual([]);
  });
});
