import type { ReservationServiceChoiceInput, ReservationStatusFilter } from '@lodestar/contract';

/** The booking context's query keys (docs/ARCHITECTURE.md, "Contexts"): the business, its services and reservations. */
export interface MonthTimeParams {
  businessId: string;
  services: ReservationServiceChoiceInput[];
  year: number;
  month: number;
  people: number;
}

export interface ReservationFilter {
  status: ReservationStatusFilter;
  serviceId: string | null;
}

export const bookingKeys = {
  all: (orgId: string) => ['booking', orgId] as const,
  business: (orgId: string) => [...bookingKeys.all(orgId), 'business'] as const,
  idName: (orgId: string, idName: string) => [...bookingKeys.all(orgId), 'idName', idName] as const,
  services: (orgId: string) => [...bookingKeys.all(orgId), 'services'] as const,
  reservation: (orgId: string, id: string) => [...bookingKeys.all(orgId), 'reservation', id] as const,
  groups: (orgId: string) => [...bookingKeys.all(orgId), 'groups'] as const,
  offer: (orgId: string) => [...bookingKeys.all(orgId), 'offer'] as const,
  monthTime: (orgId: string, query: MonthTimeParams) => [...bookingKeys.all(orgId), 'monthTime', query] as const,
  reservations: (orgId: string) => [...bookingKeys.all(orgId), 'reservations'] as const,
  reservationPage: (orgId: string, filter: ReservationFilter, cursor: string | null) => [...bookingKeys.reservations(orgId), filter, cursor] as const,
};
