import { createContext, useContext } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';

export type AppNavigateOptions = { replace?: boolean };

/**
 * Where the person is and how to move, for the few screens that run both inside the router and
 * in the sign-in shell (which loads without react-router: ~33 KiB gzip the sign-in page does
 * not carry). The router's side is `RouterNavigationProvider`; the shell provides its own.
 */
export type AppNavigation = {
  pathname: string;
  search: string;
  navigate: (to: string, options?: AppNavigateOptions) => void;
};

export const AppNavigationContext = createContext<AppNavigation | null>(null);

export function useAppNavigation(): AppNavigation {
  const navigation = useContext(AppNavigationContext);
  if (!navigation) throw new Error('useAppNavigation needs a navigation provider above it');
  return navigation;
}

type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/** A plain link that moves in the app: a modified or middle click keeps the browser's meaning. */
export function AppLink({ to, onClick, target, ref, ...rest }: AppLinkProps) {
  const { navigate } = useAppNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(to);
  };
  return <a ref={ref} href={to} target={target} onClick={follow} {...rest} />;
}
