/**
 * What `npm run bench` measures for the address book: the checkout reading a person's addresses.
 */
import { ADDRESSES_API } from '@bo/contract/addresses';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export async function prepareAddressesBench(fetchJson: JsonFetch): Promise<null> {
  const list = await fetchJson('GET', ADDRESSES_API.list);
  if (list.status !== 200) throw new Error(`addresses answer ${list.status}`);
  const body = list.body as { addresses: unknown[] };
  // A book of a few addresses, as a regular customer has.
  for (let i = body.addresses.length; i < 3; i++) {
    const added = await fetchJson('POST', ADDRESSES_API.list, {
      name: 'Bench Customer',
      phoneNumber: '+1 555 0100',
      fullAddress: `${i + 1} Bench Street, Springfield`,
      addressType: i === 1 ? 'office' : 'home',
    });
    if (added.status !== 201) throw new Error(`adding an address answered ${added.status}`);
  }
  return null;
}

export const addressScenarios: BenchScenario<null>[] = [
  {
    name: 'address book (checkout)',
    method: 'GET',
    url: () => ADDRESSES_API.list,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.addresses) && b.addresses.length > 0,
    maxGzipBytes: 4 * 1024,
  },
];
