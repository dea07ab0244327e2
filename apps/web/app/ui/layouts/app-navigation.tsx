// The sidebar's links; pages that need a permission are listed only for members who have it, and someone who is not
// a member sees only the home page (which tells them whom to ask for access).
import { NavLink, Stack } from '@mantine/core';
import { IconBriefcase, IconBuilding, IconCalendarUser, IconHome, IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../session/auth-provider';
import { canOpenPage } from '../../session/page-access';

export const NAVIGATION = [
  { label: 'Home', to: '/', Icon: IconHome },
  { label: 'Projects', to: '/projects', Icon: IconBriefcase },
  { label: 'User allocations', to: '/user-allocations', Icon: IconCalendarUser },
  { label: 'Organization', to: '/organization', Icon: IconBuilding },
  { label: 'About', to: '/about', Icon: IconInfoCircle },
] as const;

function isCurrent(pathname: string, to: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

export function AppNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { permissions, permissionsLoaded, isMember } = useAuth();
  const visible = NAVIGATION.filter((item) =>
    isMember === false ? item.to === '/' : canOpenPage(item.to, permissionsLoaded ? permissions : null),
  );
  return (
    <Stack gap={4}>
      {visible.map(({ label, to, Icon }) => {
        const current = isCurrent(pathname, to);
        return (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
            active={current}
            aria-current={current ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
          />
        );
      })}
    </Stack>
  );
}
