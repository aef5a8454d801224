/** The home dashboard's cards, shown by the shell's home page. */
export { DashboardCards } from './components/dashboard-cards.tsx';
export { dashboardDealFilters, dashboardDealsQuery, myTargetsQuery, remindersQuery, todaySchedulesQuery } from './dashboard.api.ts';
