import { greetingName, fullName } from '@lodestar/contract';
import { useState } from 'react';
import { Button, type MenuProps } from 'antd';
import { CalendarOutlined, CheckOutlined, ControlOutlined, IdcardOutlined, CrownOutlined, LogoutOutlined, PlusOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { greetingAt } from '../shared/format/dates.ts';
import { useProfile } from '../shared/profile.api.ts';
import { useSession } from '../shared/session.ts';
import { UserAvatar } from '../shared/ui/user-avatar.tsx';
import { useLogout } from '../features/access/auth/index.ts';
import { goToWorkspaceHome, useOrganizations, useSwitchOrganization } from '../features/access/organizations/index.ts';
import { lazyDialog } from '../shared/ui/lazy-dialog.tsx';
import { LazyDropdown } from '../shared/ui/lazy-dropdown.tsx';

// Loads when first opened, not with every workspace page (scripts/check-initial-bundle.ts).
const CreateWorkspaceDialog = lazyDialog(() => import('../features/access/organizations/components/create-workspace-dialog.tsx').then((m) => m.CreateWorkspaceDialog));

/**
 * Avatar menu (docs/product.md#screens): greeting by time of day, the workspace list with a check on the current
 * one, create workspace, business card and reservation settings, settings (system administrators of the current
 * workspace only), upgrade, account, logout.
 */
export function AvatarMenu({
  currentOrgId,
  showSettings = false,
  settingsLoading = false,
}: {
  currentOrgId: string | null;
  showSettings?: boolean;
  /** The caller's privileges are still loading: the settings entry may yet appear above account and logout. */
  settingsLoading?: boolean;
}) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();
  const organizations = useOrganizations();
  const switchOrganization = useSwitchOrganization();
  const logout = useLogout();
  const [creating, setCreating] = useState(false);
  const firstName = profile.data?.firstName ?? session.user?.firstName ?? '';
  const lastName = profile.data?.lastName ?? session.profile?.lastName ?? '';
  // The header shows the full name by the one display rule (a CJK name family name first without a space, John Smith), the greeting its own form.
  const displayName = fullName(firstName, lastName);
  const nameToGreet = profile.data ? greetingName(profile.data.firstName, profile.data.lastName) : firstName;
  const avatar = profile.data?.avatar ?? session.user?.avatar ?? null;

  const workspaceItems: NonNullable<MenuProps['items']> = (organizations.data ?? []).map((organization) => {
    const isCurrent = organization.orgId === currentOrgId;
    return {
      key: `org:${organization.orgId}`,
      icon: isCurrent ? <CheckOutlined aria-hidden="true" className="menu-check" /> : <span className="menu-check-placeholder" aria-hidden="true" />,
      label: (
        <span data-testid="avatar-menu-workspace" aria-current={isCurrent ? 'true' : undefined}>
          {organization.name}
          {isCurrent ? <span className="sr-only"> ({t('layout.currentWorkspace')})</span> : null}
        </span>
      ),
    };
  });

  const items: MenuProps['items'] = [
    {
      key: 'greeting',
      type: 'group',
      label: (
        <span className="avatar-menu__greeting" data-testid="avatar-menu-greeting">
          {t(`greeting.${greetingAt()}`, { name: nameToGreet })}
        </span>
      ),
    },
    { type: 'divider' },
    {
      key: 'workspaces',
      type: 'group',
      label: t('layout.workspaces'),
      children: workspaceItems,
    },
    { key: 'create', icon: <PlusOutlined aria-hidden="true" />, label: t('layout.createWorkspace') },
    { type: 'divider' },
    ...(currentOrgId
      ? [{ key: 'businessCard', icon: <IdcardOutlined aria-hidden="true" />, label: <span data-testid="avatar-menu-business-card">{t('layout.businessCardSetting')}</span> }]
      : []),
    ...(currentOrgId ? [{ key: 'reservation', icon: <CalendarOutlined aria-hidden="true" />, label: t('layout.reservationSetting') }] : []),
    ...(showSettings && currentOrgId ? [{ key: 'settings', icon: <SettingOutlined aria-hidden="true" />, label: t('layout.settings') }] : []),
    // docs/product.md#screens: the upgrade button of the avatar menu.
    ...(currentOrgId ? [{ key: 'upgrade', icon: <CrownOutlined aria-hidden="true" />, label: <span data-testid="avatar-menu-upgrade">{t('layout.upgrade')}</span> }] : []),
    { key: 'account', icon: <UserOutlined aria-hidden="true" />, label: t('layout.account') },
    // Only for the accounts the server names in OPERATOR_EMAILS (issue 30 #15).
    ...(profile.data?.isOperator ? [{ key: 'operator', icon: <ControlOutlined aria-hidden="true" />, label: <span data-testid="avatar-menu-operator">{t('layout.operatorConsole')}</span> }] : []),
    { key: 'logout', icon: <LogoutOutlined aria-hidden="true" />, label: t('layout.logout') },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('org:')) {
      const orgId = key.slice(4);
      const organization = organizations.data?.find((o) => o.orgId === orgId);
      if (!organization) return;
      // The promise, not mutate's own onSuccess: storing the new workspace re-renders the layout around this menu, and
      // mutate's callbacks are dropped when their component is replaced meanwhile (a switch that stayed put, in CI).
      void switchOrganization.mutateAsync(organization).then(() => goToWorkspaceHome(orgId), () => {});
    } else if (key === 'create') {
      setCreating(true);
    } else if (key === 'businessCard') {
      navigate(`/${currentOrgId}/businesscard/info`);
    } else if (key === 'reservation') {
      // System administrators set the business up; everyone else lands on their appointments.
      navigate(`/${currentOrgId}/business/${showSettings ? 'setting' : 'appointments'}`);
    } else if (key === 'settings') {
      navigate(`/${currentOrgId}/settings/users`);
    } else if (key === 'upgrade') {
      navigate(`/subscription?orgId=${currentOrgId}`);
    } else if (key === 'operator') {
      navigate('/operator/workspaces');
    } else if (key === 'account') {
      navigate('/account/profile');
    } else if (key === 'logout') {
      // Clearing the session unmounts this menu before the call settles: the promise still leads to the sign-in page.
      void logout.mutateAsync().catch(() => {}).finally(() => navigate('/member/login', { replace: true }));
    }
  };

  // The menu opens only once its list is complete: the workspaces and the settings entry load after the header, and
  // rows inserted into an open menu move logout under the pointer, so a click meant for it hit a workspace instead
  // and the browser stayed on the dashboard (the flaky logout of sign-up-and-first-run.e2e.ts).
  const settling = organizations.isPending || settingsLoading;
  return (
    <>
      <LazyDropdown trigger={['click']} disabled={settling} placement="bottomRight" menu={{ items, onClick, className: 'avatar-menu__list' }}>
        <Button type="text" className="avatar-menu__trigger" data-testid="avatar-menu" disabled={settling} aria-busy={settling}>
          <UserAvatar avatar={avatar} name={displayName} size={30} />
          <span className="avatar-menu__name" data-testid="header-user-name">{displayName}</span>
          <span className="sr-only">{t('layout.avatarMenu')}</span>
        </Button>
      </LazyDropdown>
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
