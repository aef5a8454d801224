import { endpoints } from '../../platform/endpoint.ts';
import {
  dashboardStatisticsSchema,
  forecastSchema,
  performanceSchema,
  productRankingQuerySchema,
  productRankingSchema,
  quoteStatisticsSchema,
  salesRankingSchema,
  statisticsPeopleQuerySchema,
  statisticsPeopleSchema,
  statisticsQuerySchema,
} from './statistics.ts';

const scoped =
  'Counts the live deals the caller may view whose owner is within the caller\'s scope for the privilege feature; ' +
  'uid or departmentId narrows to one person or a department subtree. Without the view method → 403. ' +
  'Metric definitions: packages/contract/src/reports/statistics/statistics.ts.';

/** Statistics screens (docs/product.md#statistics-and-dashboard); the deal funnel of /statistics/dealFunnel stays with deals. */
export const statisticsEndpoints = endpoints('statistics', {
  dashboard: {
    method: 'GET',
    path: '/statistics/dashboard',
    access: 'member',
    query: statisticsQuerySchema,
    response: dashboardStatisticsSchema,
    description: `Won, target, pipeline, expected, stalled and the funnel of a period. Feature performanceReport. ${scoped}`,
  },
  performance: {
    method: 'GET',
    path: '/statistics/performance',
    access: 'member',
    query: statisticsQuerySchema,
    response: performanceSchema,
    description: `Won per month against the targets, year to date and the same period last year. With departmentId, the department's stored monthly targets, else (per month) the sum of its members' (targetSource). Feature performanceReport. ${scoped}`,
  },
  forecast: {
    method: 'GET',
    path: '/statistics/pointOpportunity',
    access: 'member',
    query: statisticsQuerySchema,
    response: forecastSchema,
    description: `Open pipeline weighted by closing rate per expected close month beside the won amount; key and expected-close deals. Feature performanceReport. ${scoped}`,
  },
  productRanking: {
    method: 'GET',
    path: '/statistics/productRanking',
    access: 'member',
    query: productRankingQuerySchema,
    response: productRankingSchema,
    description: `Products of the deals won in the period by revenue (ties share a rank); includeOpen=true adds the open deals expected to close in the period. Feature productSalesRanking. ${scoped}`,
  },
  salesRanking: {
    method: 'GET',
    path: '/statistics/performanceRanking',
    access: 'member',
    query: statisticsQuerySchema,
    response: salesRankingSchema,
    description: `Owners by won amount in the period (ties share a rank). Feature performanceReport. ${scoped}`,
  },
  quotes: {
    method: 'GET',
    path: '/statistics/quotes',
    access: 'member',
    query: statisticsQuerySchema,
    response: quoteStatisticsSchema,
    description: `Quoted vs won per owner: quotes sent in the period, accepted, declined, expired, amounts quoted and won, conversion. Feature performanceReport. ${scoped}`,
  },
  people: {
    method: 'GET',
    path: '/statistics/people',
    access: 'member',
    query: statisticsPeopleQuerySchema,
    response: statisticsPeopleSchema,
    description: 'The members and departments the caller may filter a statistic by (their scope for the feature).',
  },
}, { scope: 'reports' });
