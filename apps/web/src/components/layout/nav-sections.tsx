import type { SessionUser } from '@comped/shared/schemas/session';
import CampaignIcon from '@mui/icons-material/Campaign';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DoorFrontIcon from '@mui/icons-material/DoorFront';
import DraftsIcon from '@mui/icons-material/Drafts';
import EventIcon from '@mui/icons-material/Event';
import FlagIcon from '@mui/icons-material/Flag';
import ForumIcon from '@mui/icons-material/Forum';
import GavelIcon from '@mui/icons-material/Gavel';
import GroupsIcon from '@mui/icons-material/Groups';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import InboxIcon from '@mui/icons-material/Inbox';
import InsightsIcon from '@mui/icons-material/Insights';
import MailIcon from '@mui/icons-material/Mail';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PersonIcon from '@mui/icons-material/Person';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import SettingsIcon from '@mui/icons-material/Settings';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { ReactNode } from 'react';

import type { PageAccess, PageName } from '../../config/paths';
import { paths } from '../../config/paths';
import { brandRoleOf } from '../../lib/route-guard';

/** A page whose URL has no parameters. */
type StaticPageName = {
  [N in PageName]: Parameters<(typeof paths)[N]['getHref']> extends [] ? N : never;
}[PageName];

export interface Section {
  label: string;
  to: string;
  icon: ReactNode;
  /** The section shows a count beside its label: `unread` is the user's unread messages (the Inbox). */
  count?: 'unread';
}

/** Every section of the sidebar, in order: the pages and their labels (config/paths.ts says who sees which). */
const SECTIONS: { label: string; page: StaticPageName; icon: ReactNode; count?: 'unread' }[] = [
  { label: 'Applications', page: 'admin', icon: <InboxIcon /> },
  { label: 'Campaign review', page: 'adminCampaigns', icon: <CampaignIcon /> },
  { label: 'Outbox', page: 'adminOutbox', icon: <MailIcon /> },
  { label: 'Disputes', page: 'adminDisputes', icon: <GavelIcon /> },
  { label: 'Reports', page: 'adminReports', icon: <FlagIcon /> },
  { label: 'Analytics', page: 'adminAnalytics', icon: <InsightsIcon /> },
  { label: 'Health', page: 'adminHealth', icon: <MonitorHeartIcon /> },
  { label: 'Dashboard', page: 'dashboard', icon: <DashboardIcon /> },
  { label: 'Campaigns', page: 'campaigns', icon: <CampaignIcon /> },
  { label: 'Bookings', page: 'bookings', icon: <EventIcon /> },
  { label: 'Inbox', page: 'inbox', icon: <ForumIcon />, count: 'unread' },
  { label: 'Tasks', page: 'tasks', icon: <TaskAltIcon /> },
  { label: 'Waitlist', page: 'waitlist', icon: <HourglassEmptyIcon /> },
  { label: 'Invitations', page: 'invitations', icon: <DraftsIcon /> },
  { label: 'Insights', page: 'insights', icon: <InsightsIcon /> },
  { label: 'Creators', page: 'creators', icon: <PersonSearchIcon /> },
  { label: 'Content', page: 'content', icon: <PhotoLibraryIcon /> },
  { label: 'Door', page: 'door', icon: <DoorFrontIcon /> },
  { label: 'Team', page: 'team', icon: <GroupsIcon /> },
  { label: 'Profile', page: 'profile', icon: <PersonIcon /> },
  { label: 'Settings', page: 'settings', icon: <SettingsIcon /> },
];

/**
 * The sections of the sidebar for a user: the pages their role may open (spec section 2: Tasks
 * hidden for brands). A brand without a plan still sees its workspace's sections; they lead to /plans.
 */
export function sectionsFor(user: SessionUser): Section[] {
  // A temporary or initial password: nothing but the password form until it is changed.
  if (user.must_change_password) return [];
  return SECTIONS.filter(({ page }) => {
    const access: PageAccess = paths[page].access;
    if (typeof access === 'string' || !access.roles.includes(user.profile.type)) return false;
    // Brand teams: a section the user's team role may not open is hidden.
    return !(user.profile.type === 'brands' && access.brandRoles && !access.brandRoles.includes(brandRoleOf(user)));
  }).map(({ label, page, icon, count }) => ({ label, to: paths[page].getHref(), icon, ...(count ? { count } : {}) }));
}
