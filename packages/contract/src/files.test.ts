import { describe, expect, it } from 'vitest';
import { SIGNED_UPLOAD_QUERY, uploadedImageUrlSchema } from './files';

const SIG = 'A'.repeat(43);
const HOLDER = '0b7e3f9c-5d1a-4c2b-9e8f-1a2b3c4d5e6f';

describe('uploadedImageUrlSchema', () => {
  it('takes a stored picture, and the signed URL an answer gave (decision 038)', () => {
    for (const url of [
      '/uploads/a.png',
      `/uploads/a-b_c.webp?exp=1893456000&u=${HOLDER}&sig=${SIG}`,
    ])
      expect(uploadedImageUrlSchema.safeParse(url).success, url).toBe(true);
  });

  it('refuses another query, a partial signature, a folder or another host', () => {
    for (const url of [
      '/uploads/a.png?x=1',
      `/uploads/a.png?exp=1893456000&u=${HOLDER}`,
      `/uploads/a.png?exp=1893456000&u=${HOLDER}&sig=${SIG}&more=1`,
      `/uploads/a/b.png?exp=1893456000&u=${HOLDER}&sig=${SIG}`,
      `https://elsewhere.example/uploads/a.png?exp=1893456000&u=${HOLDER}&sig=${SIG}`,
      '/uploads/a.pdf',
    ])
      expect(uploadedImageUrlSchema.safeParse(url).success, url).toBe(false);
  });

  it('reads a signed URL’s parts', () => {
    const match = SIGNED_UPLOAD_QUERY.exec(`/uploads/a.png?exp=12&u=${HOLDER}&sig=${SIG}`);
    expect(match?.slice(1)).toEqual(['12', HOLDER, SIG]);
  });
});
