import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from './format';

/** A country's name in the reader's language from its ISO code; ZZ (unknown, in the analytics) says so. */
export function useRegionName() {
  const { t } = useTranslation();
  const f = useFormat();
  const regions = useMemo(() => {
    try {
      return new Intl.DisplayNames([f.tag], { type: 'region' });
    } catch {
      return null;
    }
  }, [f.tag]);
  return useCallback(
    (code: string) =>
      code === 'ZZ' ? t('dashboards.analytics.unknownCountry') : (regions?.of(code) ?? code),
    [regions, t],
  );
}
