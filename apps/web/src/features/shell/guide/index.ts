export { guideSettingsRoutes } from './routes.tsx';
export { FirstRunGuide } from './components/first-run-guide.tsx';
export { useGuide } from './guide.api.ts';
