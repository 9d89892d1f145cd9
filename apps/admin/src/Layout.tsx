import DashboardIcon from '@mui/icons-material/Dashboard';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import KeyIcon from '@mui/icons-material/Key';
import ReplayIcon from '@mui/icons-material/Replay';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import VerifiedIcon from '@mui/icons-material/VerifiedUser';
import ViewListIcon from '@mui/icons-material/ViewList';
import { ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import { forwardRef, useEffect, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  AppBar,
  Layout as RaLayout,
  Menu,
  TitlePortal,
  UserMenu,
  useLogout,
  useNotify,
  usePermissions,
  useBasename,
  useResourceDefinitions,
  useSidebarState,
  useTranslate,
  useGetIdentity,
  useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';

/** Logout ends the server session, then says so. */
const LogoutItem = forwardRef<HTMLLIElement>((_, ref) => {
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <MenuItem
      ref={ref}
      onClick={async () => {
        await logout();
        notify('facet.notice.logged_out', { type: 'success' });
      }}
    >
      <ListItemIcon>
        <ExitToAppIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('facet.actions.log_out')}</ListItemText>
    </MenuItem>
  );
});

/** Every member, administrator or not, changes their own password here (the page then signs them out). */
const ChangePasswordItem = forwardRef<HTMLAnchorElement>((_, ref) => {
  const basename = useBasename();
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem ref={ref} component={Link} to={`${basename}/account/password`} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>
        <KeyIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('facet.menu.change_password')}</ListItemText>
    </MenuItem>
  );
});

/** The user menu's accessible name starts with the name it shows (WCAG 2.5.3, label in name). */
const FacetUserMenu = () => {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  return (
    <UserMenu label={identity?.fullName ? translate('facet.menu.user_menu_of', { name: identity.fullName }) : 'ra.auth.user_menu'}>
      <ChangePasswordItem />
      <LogoutItem />
    </UserMenu>
  );
};

const FacetAppBar = () => (
  <AppBar alwaysOn userMenu={<FacetUserMenu />}>
    <Typography
      variant="h6"
      sx={{
        fontFamily: '"Cormorant Garamond", Georgia, serif',
        color: 'primary.main',
        letterSpacing: '0.18em',
        mr: 2,
        display: { xs: 'none', sm: 'block' },
      }}
    >
      FACET
    </Typography>
    {/* The page title is the page's one h1 (each page fills it through <Title> or its resource name). */}
    <TitlePortal
      component="h1"
      sx={{ fontSize: { xs: '1.05rem', sm: '1.25rem' }, whiteSpace: { xs: 'normal', sm: 'nowrap' }, lineHeight: { xs: 1.15, sm: 1.6 } }}
    />
  </AppBar>
);

const FacetMenu = () => {
  const { permissions } = usePermissions<string | null>();
  const resources = useResourceDefinitions();
  // Resources marked adminOnly (staff accounts) are left out for plain staff; the API refuses them anyway.
  const visible = Object.values(resources).filter(
    (r) => r.hasList && (permissions === 'admin' || !(r.options as { adminOnly?: boolean } | undefined)?.adminOnly),
  );
  // Custom pages live under the console's basename (/admin); a bare '/replay' would leave the console.
  const basename = useBasename();
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.Item to={`${basename}/dashboard`} primaryText={translate('facet.menu.dashboard')} leftIcon={<DashboardIcon />} />
      {visible.map((r) => (
        <Menu.ResourceItem key={r.name} name={r.name} />
      ))}
      {permissions === 'admin' ? (
        <Menu.Item to={`${basename}/replay`} primaryText={translate('facet.menu.replay')} leftIcon={<ReplayIcon />} />
      ) : null}
      <Menu.Item to={`${basename}/verification`} primaryText={translate('facet.menu.verification')} leftIcon={<VerifiedIcon />} />
      {permissions === 'admin' ? (
        <Menu.Item to={`${basename}/queues`} primaryText={translate('facet.menu.queues')} leftIcon={<ViewListIcon />} />
      ) : null}
      {permissions === 'admin' ? (
        <Menu.Item to={`${basename}/parked-events`} primaryText={translate('facet.menu.parked_events')} leftIcon={<ReportProblemIcon />} />
      ) : null}
    </Menu>
  );
};

/** On a tablet the menu starts folded to its icons, leaving the width to the work. */
function useFoldedMenuOnTablets() {
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (narrow) setOpen(false);
  }, [narrow, setOpen]);
}

export const Layout = ({ children }: { children: ReactNode }) => {
  useFoldedMenuOnTablets();
  return (
    <RaLayout
      appBar={FacetAppBar}
      menu={FacetMenu}
      sx={{ minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }}
    >
      {children}
    </RaLayout>
  );
};
