/** The statistics feature's public surface: its routes. */
export { statisticsRoutes } from './routes.tsx';
