export { channelSettingsRoutes, socialRoutes } from './routes.tsx';
