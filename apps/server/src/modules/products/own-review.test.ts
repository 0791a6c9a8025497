import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';
import { productBody } from '../../../test/fixtures.js';

/** A review's author cannot vote it "helpful"; the product page is told whose review is whose. */

let t: TestApp;
let admin: string;
let author: { token: string; id: string };
let reader: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  const a = await registerUser(t.app, { email: 'author@test.local' });
  author = { token: a.accessToken, id: a.user.id };
  const r = await registerUser(t.app, { email: 'reader@test.local' });
  reader = { token: r.accessToken, id: r.user.id };
});
afterAll(async () => {
  await t.close();
});

describe('helpful votes', () => {
  it('refuses the author’s own vote (403 OWN_REVIEW naming the review), counts another person’s once', async () => {
    const made = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({ name: 'Self Voted Boot' }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const product = made.json().product;
    const written = await call(t.app, author.token, {
      method: 'POST',
      url: `/api/products/${product.id}/reviews`,
      payload: { rating: 5, comment: 'Mine is great' },
    });
    expect(written.statusCode, written.body).toBe(201);
    const review = written.json().review;
    expect(review.userId).toBe(author.id);
    const helpfulUrl = `/api/products/${product.id}/reviews/${review.id}/helpful`;

    for (let i = 0; i < 3; i++) {
      const own = await call(t.app, author.token, { method: 'POST', url: helpfulUrl });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({
        code: 'OWN_REVIEW',
        details: [{ field: 'reviewId', code: 'own_review' }],
      });
    }
    const other = await call(t.app, reader.token, { method: 'POST', url: helpfulUrl });
    expect(other.statusCode).toBe(200);
    expect(other.json().review.helpful).toBe(1);

    // The product page knows the author of each review, so it offers no button on one's own.
    const page = await call(t.app, reader.token, {
      method: 'GET',
      url: `/api/products/product?name=${encodeURIComponent('Self Voted Boot')}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().product.reviews).toEqual([
      expect.objectContaining({ id: review.id, userId: author.id, helpful: 1 }),
    ]);
  });
});
