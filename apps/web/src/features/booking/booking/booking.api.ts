import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noteKeys } from '../../records/query-keys.ts';
import type {
  AdditionalGroup,
  BookingOffer,
  MonthTime,
  Reservation,
  ReservationCreateInput,
  ReservationList,
  ReservationServiceChoiceInput,
  ReservationStatusFilter,
  AdditionalGroupInput,
  AdditionalItemInput,
  Business,
  BusinessSaveInput,
  BookingServiceInput,
  BookingServiceList,
} from '@lodestar/contract';
import { apiRequest } from '../../../shared/api-client.ts';

export const bookingKeys = {
  all: (orgId: string) => ['booking', orgId] as const,
  business: (orgId: string) => [...bookingKeys.all(orgId), 'business'] as const,
  idName: (orgId: string, idName: string) => [...bookingKeys.all(orgId), 'idName', idName] as const,
  services: (orgId: string) => [...bookingKeys.all(orgId), 'services'] as const,
  groups: (orgId: string) => [...bookingKeys.all(orgId), 'groups'] as const,
  offer: (orgId: string) => [...bookingKeys.all(orgId), 'offer'] as const,
  monthTime: (orgId: string, query: MonthTimeParams) => [...bookingKeys.all(orgId), 'monthTime', query] as const,
  reservations: (orgId: string) => [...bookingKeys.all(orgId), 'reservations'] as const,
  reservationPage: (orgId: string, filter: ReservationFilter, cursor: string | null) => [...bookingKeys.reservations(orgId), filter, cursor] as const,
};

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

// ---- business ----

export function useBusiness(orgId: string) {
  return useQuery({
    queryKey: bookingKeys.business(orgId),
    queryFn: ({ signal }) => apiRequest<Business | null>('/business', { orgId, signal }),
  });
}

export function useIdNameCheck(orgId: string, idName: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.idName(orgId, idName),
    queryFn: ({ signal }) => apiRequest<{ available: boolean }>('/business/idName-check', { orgId, query: { idName }, signal }),
    enabled,
    staleTime: 10_000,
  });
}

export function useSaveBusiness(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSaveInput) => apiRequest<Business>('/business', { method: 'PUT', orgId, body, successMessage }),
    onSuccess: (business) => queryClient.setQueryData(bookingKeys.business(orgId), business),
  });
}

// ---- services, categories, additional groups and items ----

export function useBookingServices(orgId: string) {
  return useQuery({
    queryKey: bookingKeys.services(orgId),
    queryFn: ({ signal }) => apiRequest<BookingServiceList>('/booking/services', { orgId, signal }),
  });
}

export function useAdditionalGroups(orgId: string) {
  return useQuery({
    queryKey: bookingKeys.groups(orgId),
    queryFn: ({ signal }) => apiRequest<AdditionalGroup[]>('/booking/groups', { orgId, signal }),
  });
}

/** Services and groups point at each other (a service's groups, a group's services): both refresh after any change. */
function useBookingMutation<Variables, Answer>(orgId: string, request: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all(orgId) }),
  });
}

export function useSaveService(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, ({ id, body }: { id?: string; body: BookingServiceInput }) =>
    apiRequest<{ id: string }>(id ? `/booking/service/${id}` : '/booking/service', { method: id ? 'PUT' : 'POST', orgId, body, successMessage }),
  );
}

export function useDeleteService(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (id: string) => apiRequest<null>(`/booking/service/${id}`, { method: 'DELETE', orgId, successMessage }));
}

export function useSortServices(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (ids: string[]) => apiRequest<null>('/booking/services/sort', { method: 'POST', orgId, body: { ids }, successMessage }));
}

export function useSaveCategory(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, ({ id, title }: { id?: string; title: string }) =>
    apiRequest<{ id: string }>(id ? `/booking/category/${id}` : '/booking/category', { method: id ? 'PUT' : 'POST', orgId, body: { title }, successMessage }),
  );
}

export function useDeleteCategory(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (id: string) => apiRequest<null>(`/booking/category/${id}`, { method: 'DELETE', orgId, successMessage }));
}

/** docs/product.md#errors: failed group and item creates/updates show no message (the drawer keeps the form). */
export function useSaveGroup(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, ({ id, body }: { id?: string; body: AdditionalGroupInput }) =>
    apiRequest<{ id: string }>(id ? `/booking/group/${id}` : '/booking/group', { method: id ? 'PUT' : 'POST', orgId, body, successMessage, notifyError: false }),
  );
}

export function useDeleteGroup(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (id: string) => apiRequest<null>(`/booking/group/${id}`, { method: 'DELETE', orgId, successMessage }));
}

export function useSortGroups(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (ids: string[]) => apiRequest<null>('/booking/groups/sort', { method: 'POST', orgId, body: { ids }, successMessage }));
}

export function useSaveItem(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, ({ id, groupId, body }: { id?: string; groupId: string; body: AdditionalItemInput }) =>
    apiRequest<{ id: string }>(id ? `/booking/item/${id}` : `/booking/group/${groupId}/item`, {
      method: id ? 'PUT' : 'POST',
      orgId,
      body,
      successMessage,
      notifyError: false,
    }),
  );
}

export function useDeleteItem(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (id: string) => apiRequest<null>(`/booking/item/${id}`, { method: 'DELETE', orgId, successMessage }));
}

export function useSortItems(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, ({ groupId, ids }: { groupId: string; ids: string[] }) =>
    apiRequest<null>(`/booking/group/${groupId}/items/sort`, { method: 'POST', orgId, body: { ids }, successMessage }),
  );
}

// ---- reservations ----

/** What the create-reservation dialog offers: the business and its open services with add-ons. */
export function useBookingOffer(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.offer(orgId),
    queryFn: ({ signal }) => apiRequest<BookingOffer>('/booking/services/booking', { orgId, signal }),
    enabled,
  });
}

export function useMonthTime(orgId: string, query: MonthTimeParams | null) {
  return useQuery({
    queryKey: bookingKeys.monthTime(orgId, query ?? { businessId: '', services: [], year: 0, month: 0, people: 0 }),
    queryFn: ({ signal }) =>
      apiRequest<MonthTime>('/booking/monthTime', {
        orgId,
        query: { businessId: query!.businessId, services: JSON.stringify(query!.services), year: query!.year, month: query!.month, people: query!.people },
        signal,
      }),
    enabled: query !== null && query.services.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** docs/product.md#errors: a failed reservation create shows the server's errorMessage (else errorException). */
export function useCreateReservation(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReservationCreateInput) => apiRequest<Reservation>('/booking/reservation', { method: 'POST', orgId, body, successMessage }),
    onSettled: () => Promise.all([bookingKeys.all(orgId), noteKeys.all(orgId), ['calendar', orgId]].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useReservations(orgId: string, filter: ReservationFilter, cursor: string | null) {
  return useQuery({
    queryKey: bookingKeys.reservationPage(orgId, filter, cursor),
    queryFn: ({ signal }) =>
      apiRequest<ReservationList>('/booking/reservations', { orgId, query: { status: filter.status, serviceId: filter.serviceId ?? undefined, cursor: cursor ?? undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Complete or cancel (PUT booking/order/{id}/complete|cancel); the list, slots and calendar refresh. */
export function useFinishReservation(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'complete' | 'cancel' }) => apiRequest<Reservation>(`/booking/order/${id}/${action}`, { method: 'PUT', orgId, successMessage }),
    onSettled: () => Promise.all([bookingKeys.all(orgId), ['calendar', orgId]].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
