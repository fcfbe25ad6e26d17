import CampaignIcon from '@mui/icons-material/Campaign';
import GavelIcon from '@mui/icons-material/Gavel';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import InboxIcon from '@mui/icons-material/Inbox';
import InsightsIcon from '@mui/icons-material/Insights';
import MailIcon from '@mui/icons-material/Mail';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import type { ReactNode } from 'react';
import type { SessionUser } from '@comped/shared/schemas/session';
import { paths } from '../../config/paths';

export interface Section {
  label: string;
  to: string;
  icon: ReactNode;
}

/** The sections of the sidebar for a role (spec section 2: Tasks hidden for brands). */
export function sectionsFor(user: SessionUser): Section[] {
  // A temporary or initial password: nothing but the password form until it is changed.
  if (user.must_change_password) return [];
  if (user.profile.type === 'staff') {
    return [
      { label: 'Applications', to: paths.admin, icon: <InboxIcon /> },
      { label: 'Campaign review', to: paths.adminCampaigns, icon: <CampaignIcon /> },
      { label: 'Outbox', to: paths.adminOutbox, icon: <MailIcon /> },
      { label: 'Disputes', to: paths.adminDisputes, icon: <GavelIcon /> },
      { label: 'Analytics', to: paths.adminAnalytics, icon: <InsightsIcon /> },
      { label: 'Settings', to: paths.settings, icon: <SettingsIcon /> },
    ];
  }
  const sections: Section[] = [
    { label: 'Dashboard', to: paths.dashboard, icon: <DashboardIcon /> },
    { label: 'Campaigns', to: paths.campaigns, icon: <CampaignIcon /> },
    { label: 'Bookings', to: paths.bookings, icon: <EventIcon /> },
  ];
  if (user.profile.type !== 'brands') sections.push({ label: 'Tasks', to: paths.tasks, icon: <TaskAltIcon /> });
  if (user.profile.type === 'brands') sections.push({ label: 'Insights', to: paths.insights, icon: <InsightsIcon /> });
  sections.push({ label: 'Profile', to: paths.profile, icon: <PersonIcon /> });
  sections.push({ label: 'Settings', to: paths.settings, icon: <SettingsIcon /> });
  return sections;
}
