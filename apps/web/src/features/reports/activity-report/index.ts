export { activityReportRoutes, performanceTargetSettingsRoutes } from './routes.tsx';
export { TargetHeader } from './components/target-header.tsx';
