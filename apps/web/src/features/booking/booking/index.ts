export { bookingRoutes } from './routes.tsx';
export { CreateReservationDialog } from './components/create-reservation-dialog.tsx';
