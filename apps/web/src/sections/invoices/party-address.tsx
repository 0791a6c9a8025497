import Typography from '@mui/material/Typography';
import type { Party } from '@bo/contract/invoices';

import { useRegionName } from '../../lib/use-region-name';

/**
 * A party's postal address, a line each: the street, the postal code and city, the region and the
 * country's name in the reader's language. Each line isolated, so "8 rue de Rivoli" keeps its order
 * in Arabic.
 */
export function PartyAddress({
  party,
}: {
  party: Pick<Party, 'address' | 'city' | 'postalCode' | 'region' | 'country'>;
}) {
  const regionName = useRegionName();
  const lines = [
    party.address,
    [party.postalCode, party.city].filter(Boolean).join(' '),
    party.region,
    party.country ? regionName(party.country) : '',
  ].filter(Boolean);
  return lines.map((line, i) => (
    <Typography key={i} variant="body2">
      <bdi>{line}</bdi>
    </Typography>
  ));
}
