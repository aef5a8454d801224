export { FirstRunGuide, guideSettingsRoutes } from './routes.tsx';
export { guideQuery, useGuide } from './guide.api.ts';
export { preloadFirstRunGuide } from './preload.ts';
