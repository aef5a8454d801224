import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noteKeys } from '../../records/query-keys.ts';
import {
  bookingServicesEndpoints,
  businessesEndpoints,
  reservationsEndpoints,
  type AdditionalGroupInput,
  type AdditionalItemInput,
  type BookingServiceInput,
  type BusinessSaveInput,
  type ReservationCreateInput,
} from '@lodestar/contract';
import { call } from '../../../shared/call.ts';
import { scheduleKeys } from '../../calendar/query-keys.ts';
import { bookingKeys, type MonthTimeParams, type ReservationFilter } from '../query-keys.ts';

const services = bookingServicesEndpoints;

// ---- business ----

export function useBusiness(orgId: string) {
  return useQuery({
    queryKey: bookingKeys.business(orgId),
    queryFn: ({ signal }) => call(businessesEndpoints.get, { orgId, signal }),
  });
}

export function useIdNameCheck(orgId: string, idName: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.idName(orgId, idName),
    queryFn: ({ signal }) => call(businessesEndpoints.checkIdName, { orgId, query: { idName }, signal }),
    enabled,
    staleTime: 10_000,
  });
}

export function useSaveBusiness(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSaveInput) => call(businessesEndpoints.save, { orgId, body, successMessage }),
    onSuccess: (business) => queryClient.setQueryData(bookingKeys.business(orgId), business),
  });
}

// ---- services, categories, additional groups and items ----

export function useBookingServices(orgId: string) {
  return useQuery({
    queryKey: bookingKeys.services(orgId),
    queryFn: ({ signal }) => call(services.listServices, { orgId, signal }),
  });
}

export function useAdditionalGroups(orgId: string) {
  return useQuery({
    queryKey: bookingKeys.groups(orgId),
    queryFn: ({ signal }) => call(services.listGroups, { orgId, query: {}, signal }),
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
    id ? call(services.updateService, { params: { id }, orgId, body, successMessage }) : call(services.createService, { orgId, body, successMessage }),
  );
}

export function useDeleteService(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (id: string) => call(services.removeService, { params: { id }, orgId, successMessage }));
}

export function useSortServices(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (ids: string[]) => call(services.sortServices, { orgId, body: { ids }, successMessage }));
}

export function useSaveCategory(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, ({ id, title }: { id?: string; title: string }) =>
    id
      ? call(services.updateCategory, { params: { id }, orgId, body: { title }, successMessage })
      : call(services.createCategory, { orgId, body: { title }, successMessage }),
  );
}

export function useDeleteCategory(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (id: string) => call(services.removeCategory, { params: { id }, orgId, successMessage }));
}

/** docs/product.md#errors: failed group and item creates/updates show no message (the drawer keeps the form). */
export function useSaveGroup(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, ({ id, body }: { id?: string; body: AdditionalGroupInput }) =>
    id
      ? call(services.updateGroup, { params: { id }, orgId, body, successMessage, notifyError: false })
      : call(services.createGroup, { orgId, body, successMessage, notifyError: false }),
  );
}

export function useDeleteGroup(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (id: string) => call(services.removeGroup, { params: { id }, orgId, successMessage }));
}

export function useSortGroups(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (ids: string[]) => call(services.sortGroups, { orgId, body: { ids }, successMessage }));
}

export function useSaveItem(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, ({ id, groupId, body }: { id?: string; groupId: string; body: AdditionalItemInput }) =>
    id
      ? call(services.updateItem, { params: { id }, orgId, body, successMessage, notifyError: false })
      : call(services.createItem, { params: { id: groupId }, orgId, body, successMessage, notifyError: false }),
  );
}

export function useDeleteItem(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, (id: string) => call(services.removeItem, { params: { id }, orgId, successMessage }));
}

export function useSortItems(orgId: string, successMessage: string) {
  return useBookingMutation(orgId, ({ groupId, ids }: { groupId: string; ids: string[] }) =>
    call(services.sortItems, { params: { id: groupId }, orgId, body: { ids }, successMessage }),
  );
}

// ---- reservations ----

/** What the create-reservation dialog offers: the business and its open services with add-ons. */
export function useBookingOffer(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.offer(orgId),
    queryFn: ({ signal }) => call(reservationsEndpoints.offer, { orgId, signal }),
    enabled,
  });
}

export function useMonthTime(orgId: string, query: MonthTimeParams | null) {
  return useQuery({
    queryKey: bookingKeys.monthTime(orgId, query ?? { businessId: '', services: [], year: 0, month: 0, people: 0 }),
    queryFn: ({ signal }) =>
      call(reservationsEndpoints.monthTime, {
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
    mutationFn: (body: ReservationCreateInput) => call(reservationsEndpoints.create, { orgId, body, successMessage }),
    onSettled: () => Promise.all([bookingKeys.all(orgId), noteKeys.all(orgId), scheduleKeys.events(orgId)].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useReservations(orgId: string, filter: ReservationFilter, cursor: string | null) {
  return useQuery({
    queryKey: bookingKeys.reservationPage(orgId, filter, cursor),
    queryFn: ({ signal }) =>
      call(reservationsEndpoints.list, { orgId, query: { status: filter.status, serviceId: filter.serviceId ?? undefined, cursor: cursor ?? undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One reservation (the calendar opens it: /business/appointments?reservation={id}). */
export function useReservation(orgId: string, id: string | null) {
  return useQuery({
    queryKey: bookingKeys.reservation(orgId, id ?? ''),
    queryFn: ({ signal }) => call(reservationsEndpoints.get, { params: { id: id! }, orgId, signal }),
    enabled: Boolean(id),
  });
}

/** Complete or cancel (PUT booking/order/{id}/complete|cancel); the list, slots and calendar refresh. */
export function useFinishReservation(orgId: string, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'complete' | 'cancel' }) => call(reservationsEndpoints[action], { params: { id }, orgId, successMessage }),
    onSettled: () => Promise.all([bookingKeys.all(orgId), scheduleKeys.events(orgId)].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
