export { FirstRunGuide, guideSettingsRoutes } from './routes.tsx';
export { guideQuery, preloadFirstRunGuide, useGuide } from './guide.api.ts';
