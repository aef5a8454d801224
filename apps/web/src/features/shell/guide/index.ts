export { guideSettingsRoutes } from './routes.tsx';
export { FirstRunGuide } from './components/first-run-guide.tsx';
