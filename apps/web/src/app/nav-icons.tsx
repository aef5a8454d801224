import type { ReactNode } from 'react';
import { BarChartOutlined, BranchesOutlined, CalendarOutlined, FundOutlined, HomeOutlined, MessageOutlined, ShopOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import type { NavKey } from './nav-tabs.ts';

/** One icon per main screen, for the phone's tab bar and its "More" sheet. */
export const navIcons: Record<NavKey, ReactNode> = {
  index: <HomeOutlined aria-hidden="true" />,
  contact: <TeamOutlined aria-hidden="true" />,
  company: <ShopOutlined aria-hidden="true" />,
  calendar: <CalendarOutlined aria-hidden="true" />,
  deal: <FundOutlined aria-hidden="true" />,
  statistics: <BarChartOutlined aria-hidden="true" />,
  activityReport: <TrophyOutlined aria-hidden="true" />,
  social: <MessageOutlined aria-hidden="true" />,
  workflows: <BranchesOutlined aria-hidden="true" />,
};
