import type { BookableService, ReservationServiceChoiceInput } from '@lodestar/contract';

/**
 * What a reservation picks (docs/product.md#fields, #states): services in the order chosen, each with its add-on
 * picks by group. Single-choice groups keep one item (another pick replaces it); multiple-choice groups
 * toggle each item; a group whose last item is removed is removed. Shared by the staff dialog and the
 * public page, so it imports only types from the contract (the public bundle stays small).
 */
export interface ServicePick {
  serviceId: string;
  /** groupId → picked item ids, in the order picked. */
  groups: Record<string, string[]>;
}

export type Selection = ServicePick[];

export function isServicePicked(selection: Selection, serviceId: string): boolean {
  return selection.some((pick) => pick.serviceId === serviceId);
}

export function toggleService(selection: Selection, serviceId: string): Selection {
  return isServicePicked(selection, serviceId) ? selection.filter((pick) => pick.serviceId !== serviceId) : [...selection, { serviceId, groups: {} }];
}

/** Picks or unpicks one add-on item of a service's group. */
export function toggleItem(selection: Selection, serviceId: string, groupId: string, itemId: string, selectionType: 'single' | 'multiple'): Selection {
  return selection.map((pick) => {
    if (pick.serviceId !== serviceId) return pick;
    const current = pick.groups[groupId] ?? [];
    let next: string[];
    if (current.includes(itemId)) next = current.filter((id) => id !== itemId);
    else next = selectionType === 'single' ? [itemId] : [...current, itemId];
    const groups = { ...pick.groups };
    if (next.length === 0) delete groups[groupId];
    else groups[groupId] = next;
    return { ...pick, groups };
  });
}

export function isItemPicked(selection: Selection, serviceId: string, groupId: string, itemId: string): boolean {
  return selection.find((pick) => pick.serviceId === serviceId)?.groups[groupId]?.includes(itemId) ?? false;
}

/** The reservation payload's `services`: serviceId and additionalServices {mainServiceId, groupId, serviceIds}. */
export function toReservationServices(selection: Selection): ReservationServiceChoiceInput[] {
  return selection.map((pick) => ({
    serviceId: pick.serviceId,
    additionalServices: Object.entries(pick.groups).map(([groupId, serviceIds]) => ({ mainServiceId: pick.serviceId, groupId, serviceIds })),
  }));
}

/** Required groups of the picked services that have no pick yet: [service, group title]. */
export function missingRequiredGroups(selection: Selection, services: BookableService[]): { serviceId: string; groupId: string; title: string }[] {
  const missing: { serviceId: string; groupId: string; title: string }[] = [];
  for (const pick of selection) {
    const service = services.find((s) => s.id === pick.serviceId);
    for (const group of service?.groups ?? []) {
      if (group.isRequired && group.items.length > 0 && !(pick.groups[group.id]?.length)) missing.push({ serviceId: pick.serviceId, groupId: group.id, title: group.title });
    }
  }
  return missing;
}

/** Minutes of the picked services and add-ons (docs/product.md#limits: hours × 60 + minutes). */
export function selectionMinutes(selection: Selection, services: BookableService[]): number {
  let total = 0;
  for (const pick of selection) {
    const service = services.find((s) => s.id === pick.serviceId);
    if (!service) continue;
    total += service.hour * 60 + service.minute;
    for (const group of service.groups) {
      for (const item of group.items) if (pick.groups[group.id]?.includes(item.id)) total += item.hour * 60 + item.minute;
    }
  }
  return total;
}

/** Drops picks of services or items the offer no longer has (e.g. after the owner edits them). */
export function pruneSelection(selection: Selection, services: BookableService[]): Selection {
  return selection
    .filter((pick) => services.some((s) => s.id === pick.serviceId))
    .map((pick) => {
      const service = services.find((s) => s.id === pick.serviceId)!;
      const groups: Record<string, string[]> = {};
      for (const [groupId, ids] of Object.entries(pick.groups)) {
        const group = service.groups.find((g) => g.id === groupId);
        const kept = ids.filter((id) => group?.items.some((item) => item.id === id));
        if (kept.length > 0) groups[groupId] = kept;
      }
      return { ...pick, groups };
    });
}
