import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets document.title as "<page> | <app>", in the current language. */
export function usePageTitle(title: string) {
  const { t } = useTranslation();
  const app = t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} | ${app}` : app;
  }, [title, app]);
}
