import { WEB_ROUTE_MANIFEST } from '@bo/contract/web-routes';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import type { ComponentType } from 'react';

import { AuthProvider } from '../auth/auth-provider';
import { GuestGuard } from '../auth/guest-guard';
import { LazySettingsDrawer } from '../components/settings/lazy-settings-drawer';
import { AuthFrame, greetingOf } from '../layouts/auth/auth-frame';
import { AppNavigationContext } from '../routes/app-navigation';
import type { AppNavigation } from '../routes/app-navigation';
import { usePageViewBeacon } from './page-view-beacon';
import { SHELL_VIEWS, shellViewOf } from './shell-views';
import { signInPageOf } from './sign-in-paths';
import type { SignInPage } from './sign-in-paths';

const here = () => ({ pathname: window.location.pathname, search: window.location.search });

/** The router and the rest of the app, fetched while the person types (not before the form). */
const prefetchApp = () => void import('./app-router');

// The first page's view starts downloading as soon as the shell runs, not at its first render.
const firstPage = signInPageOf(window.location.pathname);
if (firstPage) void shellViewOf(firstPage)().catch(() => undefined);

const lazyView = <P,>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((Component) => ({ default: Component })));
const LoginView = lazyView(SHELL_VIEWS.login);
const RegisterView = lazyView(SHELL_VIEWS.register);
const VerifyView = lazyView(SHELL_VIEWS.verify);
const ResetPasswordView = lazyView(SHELL_VIEWS.resetPassword);
const NewPasswordView = lazyView(SHELL_VIEWS.newPassword);
const AcceptInvitationView = lazyView(SHELL_VIEWS.acceptInvitation);
const SsoDoneView = lazyView(SHELL_VIEWS.ssoDone);

/** A link about to be followed to another of the shell's pages starts its view's download. */
function usePrefetchOnIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link) return;
      const url = new URL((link as HTMLAnchorElement).href, window.location.href);
      const page = url.origin === window.location.origin ? signInPageOf(url.pathname) : null;
      if (page) void shellViewOf(page)().catch(() => undefined);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, []);
}

/** The register page: a guest page, held while the sign-up it started signs the person in. */
function RegisterPage({ guarded }: { guarded: boolean }) {
  const [submitting, setSubmitting] = useState(false);
  const view = <RegisterView onSubmitting={setSubmitting} />;
  return guarded ? <GuestGuard hold={submitting}>{view}</GuestGuard> : view;
}

function ShellPage({ page }: { page: SignInPage }) {
  switch (page) {
    case 'login':
      return WEB_ROUTE_MANIFEST.login.guestOnly ? (
        <GuestGuard>
          <LoginView />
        </GuestGuard>
      ) : (
        <LoginView />
      );
    case 'loginUnprotected':
      return <LoginView />;
    case 'register':
      return <RegisterPage guarded />;
    case 'registerUnprotected':
      return <RegisterPage guarded={false} />;
    case 'verify':
      return <VerifyView />;
    case 'resetPassword':
      return <ResetPasswordView />;
    case 'newPassword':
      return <NewPasswordView />;
    case 'acceptInvitation':
      return <AcceptInvitationView />;
    case 'ssoDone':
      return <SsoDoneView />;
  }
}

/**
 * The account pages (sign in, sign up, the mailed code, a new password, an invitation, the return
 * from single sign-on) as the first pages of a visit: the same forms, layout, guards and settings as inside the router, drawn without
 * react-router (~33 KiB gzip) or the store, so they are ready sooner. A move between them stays
 * here; any move to another page (after signing in, a link, the browser's back button) updates
 * the address and hands over to the whole app, which opens at that address.
 */
export function SignInShell({ onLeave }: { onLeave: () => void }) {
  const [location, setLocation] = useState(here);

  const navigate = useCallback<AppNavigation['navigate']>(
    (to, options) => {
      const url = new URL(to, window.location.href);
      if (options?.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
      if (signInPageOf(url.pathname)) {
        setLocation(here());
        if (!options?.replace) window.scrollTo(0, 0);
      } else onLeave();
    },
    [onLeave],
  );

  useEffect(() => {
    const onPopState = () => {
      if (signInPageOf(window.location.pathname)) setLocation(here());
      else onLeave();
    };
    window.addEventListener('popstate', onPopState);
    const idle = window.setTimeout(prefetchApp, 1500);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.clearTimeout(idle);
    };
  }, [onLeave]);

  usePrefetchOnIntent();
  usePageViewBeacon(location.pathname);
  const value = useMemo(() => ({ ...location, navigate }), [location, navigate]);
  const page = signInPageOf(location.pathname);

  return (
    <AppNavigationContext.Provider value={value}>
      <AuthProvider>
        <AuthFrame greeting={greetingOf(location.pathname)}>
          {/* A page's own state (a half-typed form) starts afresh on each page. */}
          <Suspense fallback={null}>
            {page && <ShellPage key={`${page}${location.search}`} page={page} />}
          </Suspense>
        </AuthFrame>
        <LazySettingsDrawer />
      </AuthProvider>
    </AppNavigationContext.Provider>
  );
}
