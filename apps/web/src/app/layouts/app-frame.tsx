import { lazy, memo, Suspense, useCallback, useEffect, useState } from 'react';
import { Box, Burger, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingCommunity, IconChartBar, IconHome, IconListDetails, IconLogout, IconSettings, IconUsersGroup, type Icon } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useMatch, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { LegalFooter } from '@/components/ui/legal-footer';
import { LocaleSwitch } from '@/components/ui/locale-switch';
import { PageLoader } from '@/components/ui/page-loader';
import { forgetFreshSignIn, isFreshSignIn } from '@/features/auth/lib/fresh-sign-in';
import { tokenManager } from '@/features/auth/lib/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useMe } from '@/features/fleet/api/get-me';
import { useConnectionStatus, type ConnectionStatus } from '@/features/installation-wizard/hooks/use-connection-status';
import { afterNextPaint, deferredPart, preloadAll } from '@/lib/deferred-part';
import { withTexts } from '@/lib/i18n-lazy';
import { guardLinkClick, mayLeave } from '@/lib/leave-guard';
import { isPageBusyNow, useIsPageBusy } from '@/lib/page-busy';
import { useIsNarrow } from '@/lib/use-is-narrow';
import type { FleetMembership } from '@portal/domain/fleet';
import classes from './app-frame.module.css';
import { LazyToasts, toasts } from './lazy-toasts';
import { OfflineNotice } from './offline-notice';

// Saves and files kept on the device while offline are sent from anywhere in the app once the network
// is back. The senders load as soon as the page has shown, not before it.
const pendingSavesSync = deferredPart(() =>
  withTexts('wizard', () => import('@/features/installation-wizard/components/pending-saves-sync')).then((m) => m.PendingSavesSync),
);
const uploadQueueSync = deferredPart(() =>
  withTexts('wizard', () => import('@/features/installation-wizard/components/upload-queue-sync')).then((m) => m.UploadQueueSync),
);

// Asked once after the first sign-in, and opened from the name in the menu: never part of the first paint.
const displayNameDialog = deferredPart(() =>
  withTexts('profile', () => import('@/features/profile/components/display-name-dialog')).then((m) => m.DisplayNameDialog),
);

// Only people in two or more fleets get the switcher: the others never load the select and its popover.
const FleetSwitcher = lazy(() => import('@/features/fleet/components/fleet-switcher').then((m) => ({ default: m.FleetSwitcher })));

// Shown only while offline or while something waits to be sent.
const connectionBadge = deferredPart(() =>
  withTexts('wizard', () => import('@/features/installation-wizard/components/connection-badge')).then((m) => m.ConnectionBadge),
);
// Registers the service worker and offers a new version: nothing the first paint needs.
const updatePrompt = deferredPart(() => import('./update-prompt').then((m) => m.UpdatePrompt));
const preloadOfflineParts = preloadAll(pendingSavesSync, uploadQueueSync, connectionBadge, toasts, updatePrompt);

type MenuLink = { to: string; label: string; icon: Icon; isActive: boolean; testId?: string };

/** No fleets yet: one empty list, so the frame's parts see the same value on every render. */
const NO_FLEETS: readonly FleetMembership[] = [];

function LogoutButton({ isNarrow }: { isNarrow: boolean }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/logout" onClick={guardLinkClick('/logout')} variant="subtle" color="dark" leftSection={<IconLogout aria-hidden />} fullWidth={isNarrow}>
      {t('nav.logout')}
    </Button>
  );
}

type HeaderProps = {
  isNarrow: boolean;
  isMenuOpen: boolean;
  onToggleMenu: () => void;
  connection: ConnectionStatus;
  fleets: readonly FleetMembership[];
  fleetSlug: string | null;
  onSwitchFleet: (slug: string) => void;
};

/**
 * The fixed header: menu button, brand or connection badge, fleet switcher, language, logout. The frame's
 * parts are memoised: the frame renders again for every answer, loader and stored item the page brings
 * in while it boots, and on a slow phone each full pass over the header and menu holds the main thread
 * for tens of milliseconds. They render when what they show changes.
 */
const FrameHeader = memo(function FrameHeader({ isNarrow, isMenuOpen, onToggleMenu, connection, fleets, fleetSlug, onSwitchFleet }: HeaderProps) {
  const { t } = useTranslation();
  // On a phone the badge takes the brand's place: the menu still leads home.
  const isBadgeInsteadOfBrand = isNarrow && connection.isShown;
  const hasFleetChoice = fleets.length > 1;
  return (
    <header className={classes.header}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        {isNarrow && (
          <Burger
            opened={isMenuOpen}
            onClick={onToggleMenu}
            aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={isMenuOpen}
            aria-controls="main-menu"
            w={48}
            h={48}
          />
        )}
        {isBadgeInsteadOfBrand ? (
          <connectionBadge.Component status={connection} />
        ) : (
          <Box component={Link} to="/" onClick={guardLinkClick('/')} className={`${classes.brand} mantine-focus-auto`}>
            <Text fw={700} c="blue.9" size="sm" truncate>
              {t('app.brand')}
            </Text>
            {/* Smaller on phones so "Installateur-Portal" fits beside the menu and language buttons. */}
            <Text fw={600} size={isNarrow ? 'md' : 'lg'} truncate>
              {t('app.title')}
            </Text>
          </Box>
        )}
      </Group>
      <Group gap="md" wrap="nowrap">
        {!isNarrow && connection.isShown && <connectionBadge.Component status={connection} />}
        {!isNarrow && hasFleetChoice && (
          <Suspense fallback={<Box w={240} h={36} />}>
            <FleetSwitcher fleets={fleets} current={fleetSlug} onSwitch={onSwitchFleet} withLabel={false} w={240} />
          </Suspense>
        )}
        <LocaleSwitch />
        {!isNarrow && <LogoutButton isNarrow={false} />}
      </Group>
    </header>
  );
});

type MenuProps = {
  isNarrow: boolean;
  isMenuOpen: boolean;
  pathname: string;
  fleets: readonly FleetMembership[];
  fleetSlug: string | null;
  onSwitchFleet: (slug: string) => void;
  isOperator: boolean;
  signedInAs: string | null;
  onChangeName: () => void;
};

/** The menu: beside the page on wide screens, sliding over it on narrow ones (memoised, see FrameHeader). */
const FrameMenu = memo(function FrameMenu({ isNarrow, isMenuOpen, pathname, fleets, fleetSlug, onSwitchFleet, isOperator, signedInAs, onChangeName }: MenuProps) {
  const { t } = useTranslation();
  const hasFleetChoice = fleets.length > 1;
  const membership = fleets.find((fleet) => fleet.slug === fleetSlug) ?? null;
  const base = membership ? `/${membership.slug}` : null;
  const fleetLink = (path: string, label: string, icon: Icon, isActive: (at: string) => boolean): MenuLink | null =>
    base ? { to: `${base}${path}`, label, icon, isActive: isActive(`${base}${path}`) } : null;
  const menuLinks = [
    fleetLink('', t('nav.home'), IconHome, (at) => pathname === at),
    fleetLink('/installations', t('nav.installations'), IconListDetails, (at) => pathname.startsWith(at)),
    fleetLink('/partners', t('nav.partners'), IconUsersGroup, (at) => pathname.startsWith(at)),
    fleetLink('/rollout', t('nav.rollout'), IconChartBar, (at) => pathname.startsWith(at)),
    membership?.role === 'admin' ? fleetLink('/admin', t('nav.admin'), IconSettings, (at) => pathname.startsWith(at)) : null,
    isOperator ? { to: '/operator', label: t('nav.operator'), icon: IconBuildingCommunity, isActive: pathname.startsWith('/operator'), testId: 'nav-operator' } : null,
  ].filter((link): link is MenuLink => link !== null);

  return (
    // On a narrow screen the folded menu is out of the tab order and hidden from screen readers.
    <div id="main-menu" className={classes.navbar} inert={isNarrow && !isMenuOpen}>
      {isNarrow && hasFleetChoice && (
        <Suspense fallback={<Box h={62} />}>
          <FleetSwitcher fleets={fleets} current={fleetSlug} onSwitch={onSwitchFleet} />
        </Suspense>
      )}
      <nav aria-label={t('nav.mainMenu')} className={classes.menu}>
        {menuLinks.map(({ to, label, icon: Icon, isActive, testId }) => (
          <Link
            key={to}
            to={to}
            onClick={guardLinkClick(to)}
            className={`${classes.menuLink} mantine-focus-auto`}
            aria-current={isActive ? 'page' : undefined}
            data-testid={testId}
          >
            <Icon aria-hidden className={classes.menuIcon} />
            {label}
          </Link>
        ))}
      </nav>
      <div>
        {signedInAs !== null && (
          <UnstyledButton onClick={onChangeName} title={t('nav.changeName')} className={`${classes.signedInAs} mantine-focus-auto`} data-testid="change-name">
            <Text span size="sm" c="dimmed" truncate>
              {t('nav.signedInAs', { name: signedInAs })}
            </Text>
          </UnstyledButton>
        )}
        {isNarrow && <LogoutButton isNarrow />}
      </div>
    </div>
  );
});

/** The page's own area: it renders again with the frame only when the notice or the footer changes. */
const FrameMain = memo(function FrameMain({ showMenuOverlay, onCloseMenu, isPageBusy }: { showMenuOverlay: boolean; onCloseMenu: () => void; isPageBusy: boolean }) {
  return (
    <main className={classes.main}>
      {showMenuOverlay && <div className={classes.backdrop} onClick={onCloseMenu} aria-hidden />}
      <Container size="lg" className={classes.content} id="main">
        <OfflineNotice />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      {/* Shown once the page is there: a screen replacing its loader never moves it (no layout shift). */}
      {!isPageBusy && (
        <footer className={classes.footer}>
          <LegalFooter />
        </footer>
      )}
    </main>
  );
});

/** The signed-in frame: header (fleet, language, logout), menu, page, legal footer. */
export function AppFrame() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const isNarrow = useIsNarrow();
  const isPageBusy = useIsPageBusy();
  const me = useMe();
  const setUser = useAuthStore((state) => state.setUser);
  const user = useAuthStore((state) => state.user);
  const connection = useConnectionStatus(user?.id ?? null);
  const onTokenRenewed = useCallback((listener: () => void) => tokenManager.onRenewed(listener), []);

  const matchedSlug = useMatch('/:fleet/*')?.params.fleet ?? null;
  // #/operator is above the fleets, not one of them.
  const fleetSlug = matchedSlug === 'operator' ? null : matchedSlug;
  const fleets = me.data?.fleets ?? NO_FLEETS;

  useEffect(() => {
    if (me.data) setUser({ id: me.data.id, name: me.data.name, email: me.data.email });
  }, [me.data, setUser]);

  // A person who has just signed in on the login page and not yet said their name is asked for it.
  const mustChooseName = me.data?.nameChosen === false && isFreshSignIn();
  const [isEditingName, setIsEditingName] = useState(false);
  const closeNameDialog = () => setIsEditingName(false);
  const onNameSaved = () => {
    forgetFreshSignIn();
    setIsEditingName(false);
  };
  const changeName = useCallback(() => setIsEditingName(true), []);

  // As soon as the page has shown (no loader left) and been painted: after its own requests, before
  // the network may go.
  const [isSettled, setIsSettled] = useState(false);
  useEffect(() => {
    // The page's first loader may have mounted after this render: ask the count, not the render's value.
    if (isPageBusyNow() || isSettled) return undefined;
    return afterNextPaint(() => {
      preloadOfflineParts();
      setIsSettled(true);
    });
  }, [isPageBusy, isSettled]);

  useEffect(() => {
    menu.close();
    // Close the menu after every navigation; `menu` is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  const switchFleet = useCallback(
    (slug: string) => {
      if (mayLeave(`/${slug}`)) navigate(`/${slug}`);
    },
    [navigate],
  );

  return (
    <>
      <LazyToasts />
      {isSettled && <pendingSavesSync.Component userId={user?.id ?? null} onTokenRenewed={onTokenRenewed} />}
      {isSettled && <uploadQueueSync.Component userId={user?.id ?? null} onTokenRenewed={onTokenRenewed} />}
      {isSettled && <updatePrompt.Component isInWizard={/\/installations\/[^/]+/.test(pathname)} />}
      {me.data && (mustChooseName || isEditingName) && (
        <displayNameDialog.Component me={me.data} isRequired={mustChooseName} onClose={closeNameDialog} onSaved={onNameSaved} />
      )}
      {/* The frame is plain CSS (app-frame.module.css): a fixed header, the menu beside the page on wide
          screens and sliding over it on narrow ones. */}
      <div className={classes.shell} data-menu-open={isMenuOpen || undefined}>
        <FrameHeader
          isNarrow={isNarrow}
          isMenuOpen={isMenuOpen}
          onToggleMenu={menu.toggle}
          connection={connection}
          fleets={fleets}
          fleetSlug={fleetSlug}
          onSwitchFleet={switchFleet}
        />
        <FrameMenu
          isNarrow={isNarrow}
          isMenuOpen={isMenuOpen}
          pathname={pathname}
          fleets={fleets}
          fleetSlug={fleetSlug}
          onSwitchFleet={switchFleet}
          isOperator={me.data?.isOperator === true}
          signedInAs={user ? user.name || user.email : null}
          onChangeName={changeName}
        />
        <FrameMain showMenuOverlay={isNarrow && isMenuOpen} onCloseMenu={menu.close} isPageBusy={isPageBusy} />
      </div>
    </>
  );
}
