import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles, users } from '../../db/schema/core.js';
import { kanbanCards } from '../../db/schema/planning.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let adminId: string;
let viewer: string;
let outsider: string;
let member: { accessToken: string; user: { id: string } };

async function personWith(email: string, role: string, permissions: string[]) {
  await t.database.db.insert(roles).values({ name: role, permissions }).onConflictDoNothing();
  const { accessToken, user } = await registerUser(t.app, { email });
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  t.app.services.permissions.invalidate();
  return accessToken;
}

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t.app);
  admin = session.accessToken;
  adminId = session.user.id;
  viewer = await personWith('viewer@test.local', 'kanban_viewer', ['account:self', 'kanban:read']);
  outsider = await personWith('outsider@test.local', 'outsider', ['account:self']);
  member = await registerUser(t.app, {
    email: 'member@test.local',
    firstName: 'Mia',
    lastName: 'Member',
  });
  await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, member.user.id));
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, token = admin) =>
  call(t.app, token, { method: 'POST', url: `/api/kanban/${url}`, payload });
const board = async (token = admin) =>
  (await call(t.app, token, { method: 'GET', url: '/api/kanban/board' })).json().board;
const fields = (res: { json(): { details?: Array<{ field: string }> } }) =>
  (res.json().details ?? []).map((d) => d.field);
const newColumn = async (name: string) =>
  (await post('columns/new', { name })).json().column.id as string;
const newCard = async (columnId: string, name: string) =>
  (await post('cards/new', { columnId, card: { name } })).json().card.id as string;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('columns', () => {
  it('creates (appended to the order), renames, and the board answers the spec shape', async () => {
    const res = await post('columns/new', { name: 'To do' });
    expect(res.statusCode).toBe(201);
    expect(res.json().column).toMatchObject({ name: 'To do', cardIds: [] });
    const second = await newColumn('Doing');
    const b = await board(viewer);
    expect(Object.keys(b).sort()).toEqual(['cards', 'columnOrder', 'columns']);
    expect(b.columnOrder.slice(-2)).toEqual([res.json().column.id, second]);

    const renamed = await post('columns/update', {
      columnId: second,
      column: { name: 'In progress' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().column).toMatchObject({ id: second, name: 'In progress' });
  });

  it('names the field on a blank name and on an unknown column', async () => {
    expect(fields(await post('columns/new', { name: ' ' }))).toEqual(['name']);
    const unknown = await post('columns/update', { columnId: MISSING, column: { name: 'x' } });
    expect(unknown.statusCode).toBe(404);
    expect(fields(unknown)).toEqual(['columnId']);
    expect((await post('columns/delete', { columnId: MISSING })).statusCode).toBe(404);
    expect((await post('columns/clear', { columnId: MISSING })).statusCode).toBe(404);
    expect(fields(await post('columns/move', { columnId: MISSING, toIndex: 0 }))).toEqual([
      'columnId',
    ]);
    expect(fields(await post('columns/move', { columnId: MISSING, toIndex: -1 }))).toEqual([
      'toIndex',
    ]);
  });

  it('moves a column and the order holds after a reload', async () => {
    const a = await newColumn('A');
    const b = await newColumn('B');
    const res = await post('columns/move', { columnId: b, toIndex: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().columnOrder[0]).toBe(b);
    const order = (await board()).columnOrder as string[];
    expect(order[0]).toBe(b);
    expect(order.indexOf(a)).toBeGreaterThan(0);
    // Past the end clamps to the end.
    const last = await post('columns/move', { columnId: b, toIndex: 999 });
    expect(last.json().columnOrder.at(-1)).toBe(b);
  });

  it('clears a column (keeps it) and deleting a column removes its cards', async () => {
    const col = await newColumn('Temp');
    const c1 = await newCard(col, 'one');
    await newCard(col, 'two');
    const cleared = await post('columns/clear', { columnId: col });
    expect(cleared.json().column).toEqual({ id: col, name: 'Temp', cardIds: [] });
    expect((await board()).cards.some((c: { id: string }) => c.id === c1)).toBe(false);

    const c3 = await newCard(col, 'three');
    const res = await post('columns/delete', { columnId: col });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ columnId: col });
    const b = await board();
    expect(b.columnOrder).not.toContain(col);
    expect(b.cards.some((c: { id: string }) => c.id === c3)).toBe(false);
    expect(
      await t.database.db.select().from(kanbanCards).where(eq(kanbanCards.columnId, col)),
    ).toEqual([]);
  });
});

describe('cards', () => {
  it('creates a card with every field and answers { card }', async () => {
    const col = await newColumn('Cards');
    const res = await post('cards/new', {
      columnId: col,
      card: {
        name: 'Write the spec',
        description: 'All of it',
        priority: 'high',
        labels: ['docs', 'docs', 'q3'],
        due: { start: '2030-01-01T00:00:00.000Z', end: '2030-01-05T00:00:00.000Z' },
        assigneeIds: [adminId, member.user.id],
      },
    });
    expect(res.statusCode).toBe(201);
    const card = res.json().card;
    expect(card).toMatchObject({
      columnId: col,
      name: 'Write the spec',
      priority: 'high',
      completed: false,
      likes: 0,
      liked: false,
      attachments: [],
      comments: [],
      due: ['2030-01-01T00:00:00.000Z', '2030-01-05T00:00:00.000Z'],
      dueRange: { start: '2030-01-01T00:00:00.000Z', end: '2030-01-05T00:00:00.000Z' },
      reporter: { id: adminId },
    });
    expect(card.assignees.map((a: { name: string }) => a.name).sort()).toEqual([
      'Administrator',
      'Mia Member',
    ]);
    expect((await board()).columns.find((c: { id: string }) => c.id === col).cardIds).toEqual([
      card.id,
    ]);
  });

  it('names the field: blank name, unknown column, unknown assignee, due end before start', async () => {
    const col = await newColumn('Errors');
    expect(fields(await post('cards/new', { columnId: col, card: { name: '' } }))).toEqual([
      'card.name',
    ]);
    const unknownCol = await post('cards/new', { columnId: MISSING, card: { name: 'x' } });
    expect(unknownCol.statusCode).toBe(404);
    expect(fields(unknownCol)).toEqual(['columnId']);
    expect(
      fields(
        await post('cards/new', { columnId: col, card: { name: 'x', assigneeIds: [MISSING] } }),
      ),
    ).toEqual(['card.assigneeIds']);
    const due = await post('cards/new', {
      columnId: col,
      card: {
        name: 'x',
        due: { start: '2030-01-05T00:00:00.000Z', end: '2030-01-01T00:00:00.000Z' },
      },
    });
    expect(due.statusCode).toBe(400);
    expect(due.json().details[0]).toMatchObject({
      field: 'card.due.end',
      code: 'end_before_start',
    });
    expect(
      fields(await post('cards/new', { columnId: col, card: { name: 'x', priority: 'urgent' } })),
    ).toEqual(['card.priority']);
  });

  it("plays the template family's card shape: assignee[].avatar, due as [start, end], both written", async () => {
    const col = await newColumn('Family');
    const res = await post('cards/new', {
      columnId: col,
      card: {
        name: 'From a family client',
        due: ['2030-03-01T00:00:00.000Z', '2030-03-04T00:00:00.000Z'],
        assignee: [{ id: member.user.id }],
      },
    });
    expect(res.statusCode).toBe(201);
    const card = res.json().card;
    expect(card.due).toEqual(['2030-03-01T00:00:00.000Z', '2030-03-04T00:00:00.000Z']);
    expect(card.assignee).toEqual([
      { id: member.user.id, name: 'Mia Member', avatar: card.assignees[0].avatarUrl },
    ]);
    expect(card.assignee[0]).toHaveProperty('avatar');
    // The board carries the same shape to a client that reads it.
    const read = (await board()).cards.find((c: { id: string }) => c.id === card.id);
    expect(read.assignee[0].id).toBe(member.user.id);
    expect(read.due).toHaveLength(2);
    // Our object form still writes, under either name; an end before the start is refused in both.
    const upd = await post('cards/update', {
      cardId: card.id,
      card: { dueRange: { start: null, end: '2030-04-01T00:00:00.000Z' } },
    });
    expect(upd.json().card.due).toEqual([null, '2030-04-01T00:00:00.000Z']);
    const bad = await post('cards/update', {
      cardId: card.id,
      card: { due: ['2030-05-02T00:00:00.000Z', '2030-05-01T00:00:00.000Z'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'card.due.end' });
  });

  it('updates any subset, completes, reassigns; unknown card is 404 naming cardId', async () => {
    const col = await newColumn('Upd');
    const id = await newCard(col, 'Card');
    const res = await post('cards/update', {
      cardId: id,
      card: {
        completed: true,
        assigneeIds: [member.user.id],
        labels: ['a'],
        due: { start: null, end: '2030-02-01T00:00:00.000Z' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toMatchObject({
      name: 'Card',
      completed: true,
      labels: ['a'],
      assignees: [{ id: member.user.id, name: 'Mia Member' }],
      due: [null, '2030-02-01T00:00:00.000Z'],
      dueRange: { start: null, end: '2030-02-01T00:00:00.000Z' },
    });
    const cleared = await post('cards/update', { cardId: id, card: { assigneeIds: [] } });
    expect(cleared.json().card.assignees).toEqual([]);
    const unknown = await post('cards/update', { cardId: MISSING, card: { name: 'x' } });
    expect(unknown.statusCode).toBe(404);
    expect(fields(unknown)).toEqual(['cardId']);
  });

  it('a moved card keeps its place after a reload, within and across columns', async () => {
    const left = await newColumn('Left');
    const right = await newColumn('Right');
    const [a, b, c] = [
      await newCard(left, 'a'),
      await newCard(left, 'b'),
      await newCard(left, 'c'),
    ];
    const [x, y] = [await newCard(right, 'x'), await newCard(right, 'y')];

    const within = await post('cards/move', { cardId: c, toColumnId: left, toIndex: 0 });
    expect(within.statusCode).toBe(200);
    const across = await post('cards/move', { cardId: a, toColumnId: right, toIndex: 1 });
    expect(across.json().card.columnId).toBe(right);

    const reloaded = await board(viewer);
    const ids = (col: string) => reloaded.columns.find((k: { id: string }) => k.id === col).cardIds;
    expect(ids(left)).toEqual([c, b]);
    expect(ids(right)).toEqual([x, a, y]);
    expect(reloaded.cards.find((k: { id: string }) => k.id === a).columnId).toBe(right);

    // Past the end means last; an empty column accepts the card.
    await post('cards/move', { cardId: b, toColumnId: right, toIndex: 50 });
    expect((await board()).columns.find((k: { id: string }) => k.id === right).cardIds).toEqual([
      x,
      a,
      y,
      b,
    ]);
  });

  it('renumbers a column when repeated moves exhaust the gap, keeping the order', async () => {
    const col = await newColumn('Dense');
    const ids = [] as string[];
    for (const n of ['1', '2', '3']) ids.push(await newCard(col, n));
    // Always insert at index 1: the gap between the first two halves each time.
    const expected = [...ids];
    for (let i = 0; i < 60; i += 1) {
      const id = await newCard(col, `m${i}`);
      await post('cards/move', { cardId: id, toColumnId: col, toIndex: 1 });
      expected.splice(1, 0, id);
    }
    const b = await board();
    expect(b.columns.find((k: { id: string }) => k.id === col).cardIds).toEqual(expected);
    const ranks = (
      await t.database.db
        .select({ rank: kanbanCards.rank })
        .from(kanbanCards)
        .where(eq(kanbanCards.columnId, col))
    ).map((r) => r.rank);
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it('move errors name the field', async () => {
    const col = await newColumn('MoveErr');
    const id = await newCard(col, 'm');
    expect(
      fields(await post('cards/move', { cardId: MISSING, toColumnId: col, toIndex: 0 })),
    ).toEqual(['cardId']);
    expect(
      fields(await post('cards/move', { cardId: id, toColumnId: MISSING, toIndex: 0 })),
    ).toEqual(['toColumnId']);
    expect(fields(await post('cards/move', { cardId: id, toColumnId: col, toIndex: 1.5 }))).toEqual(
      ['toIndex'],
    );
  });

  it('deletes a card', async () => {
    const col = await newColumn('Del');
    const id = await newCard(col, 'gone');
    const res = await post('cards/delete', { cardId: id });
    expect(res.json()).toEqual({ cardId: id });
    expect((await board()).columns.find((k: { id: string }) => k.id === col).cardIds).toEqual([]);
    expect((await post('cards/delete', { cardId: id })).statusCode).toBe(404);
  });

  it('comments, likes (idempotent, per person)', async () => {
    const col = await newColumn('Social');
    const id = await newCard(col, 'talk');
    const comment = await post('cards/comment', { cardId: id, message: 'Looks good' });
    expect(comment.statusCode).toBe(201);
    expect(comment.json().comment).toMatchObject({
      message: 'Looks good',
      author: { id: adminId },
    });
    expect(fields(await post('cards/comment', { cardId: id, message: '  ' }))).toEqual(['message']);
    expect(fields(await post('cards/comment', { cardId: MISSING, message: 'x' }))).toEqual([
      'cardId',
    ]);

    await post('cards/like', { cardId: id, liked: true });
    const twice = await post('cards/like', { cardId: id, liked: true });
    expect(twice.json().card).toMatchObject({ likes: 1, liked: true });
    const other = await post('cards/like', { cardId: id, liked: true }, member.accessToken);
    expect(other.json().card).toMatchObject({ likes: 2, liked: true });
    const unliked = await post('cards/like', { cardId: id, liked: false });
    expect(unliked.json().card).toMatchObject({ likes: 1, liked: false });
    // The board counts the comments and carries the newest (issue 48: template-family clients
    // read comments.length); the card opened alone, or ?include=comments, has them all.
    const card = (await board()).cards.find((c: { id: string }) => c.id === id);
    expect(card.commentCount).toBe(1);
    expect(card.comments.map((c: { message: string }) => c.message)).toEqual(['Looks good']);
    expect(card.likes).toBe(1);
    const opened = await call(t.app, admin, { method: 'GET', url: `/api/kanban/cards/${id}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().card).toMatchObject({
      id,
      commentCount: 1,
      comments: [{ message: 'Looks good', author: { id: adminId } }],
    });
    const full = await call(t.app, admin, {
      method: 'GET',
      url: '/api/kanban/board?include=comments',
    });
    const withText = full.json().board.cards.find((c: { id: string }) => c.id === id);
    expect(withText.comments.map((c: { message: string }) => c.message)).toEqual(['Looks good']);
    // A new comment shows in the opened card at once (its cached answer is dropped).
    await post('cards/comment', { cardId: id, message: 'Second thought' });
    const again = await call(t.app, admin, { method: 'GET', url: `/api/kanban/cards/${id}` });
    expect(again.json().card.comments).toHaveLength(2);
    expect(
      (await call(t.app, admin, { method: 'GET', url: `/api/kanban/cards/${MISSING}` })).statusCode,
    ).toBe(404);
  });

  it('attaches a file uploaded through /api/files, only the uploader’s, and detaches it', async () => {
    const col = await newColumn('Files');
    const id = await newCard(col, 'with file');
    const boundary = '----bo-test';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n` +
      `hello board\r\n--${boundary}--\r\n`;
    const upload = await call(t.app, admin, {
      method: 'POST',
      url: '/api/files',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.statusCode).toBe(201);
    const fileId = upload.json().file.id;

    // Not the member's card: refused before anything else.
    const notMine = await post('cards/attach', { cardId: id, fileId }, member.accessToken);
    expect(notMine.statusCode).toBe(403);
    // The member's own card, but someone else's file.
    const own = (
      await post('cards/new', { columnId: col, card: { name: 'mine' } }, member.accessToken)
    ).json().card.id as string;
    const borrowed = await post('cards/attach', { cardId: own, fileId }, member.accessToken);
    expect(borrowed.statusCode).toBe(400);
    expect(fields(borrowed)).toEqual(['fileId']);

    const res = await post('cards/attach', { cardId: id, fileId });
    expect(res.statusCode).toBe(200);
    expect(res.json().card.attachments).toEqual([
      expect.objectContaining({ id: fileId, name: 'notes.txt', mime: 'text/plain' }),
    ]);
    const signed = res.json().card.attachments[0].url as string;
    // The answer's URL is signed for its reader (decision 038) and loads by itself; the plain
    // path is for signed-in people only, and a text file is a download, not a page.
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    const url = signed.replace(/\?.*$/, '');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const served = await call(t.app, member.accessToken, { method: 'GET', url });
    expect(served.body).toBe('hello board');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);

    const detached = await post('cards/detach', { cardId: id, fileId });
    expect(detached.json().card.attachments).toEqual([]);
    expect(fields(await post('cards/detach', { cardId: id, fileId }))).toEqual(['fileId']);
  });
});

describe('assignable users', () => {
  it('lists active people, searchable', async () => {
    const res = await call(t.app, viewer, {
      method: 'GET',
      url: '/api/kanban/assignable-users?q=mia',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      users: [{ id: member.user.id, name: 'Mia Member', avatarUrl: null }],
      total: 1,
    });
    const all = await call(t.app, viewer, { method: 'GET', url: '/api/kanban/assignable-users' });
    expect(all.json().total).toBeGreaterThanOrEqual(2);
    expect(
      fields(
        await call(t.app, viewer, { method: 'GET', url: '/api/kanban/assignable-users?limit=0' }),
      ),
    ).toEqual(['limit']);
  });
});

describe('permissions', () => {
  it('reading needs kanban:read, writing kanban:write, attaching files:write too', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/kanban/board' })).statusCode).toBe(401);
    expect(
      (await call(t.app, outsider, { method: 'GET', url: '/api/kanban/board' })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, outsider, { method: 'GET', url: '/api/kanban/assignable-users' }))
        .statusCode,
    ).toBe(403);
    const col = await newColumn('Perm');
    const card = await newCard(col, 'p');
    const writes: Array<[string, object]> = [
      ['columns/new', { name: 'x' }],
      ['columns/update', { columnId: col, column: { name: 'x' } }],
      ['columns/delete', { columnId: col }],
      ['columns/move', { columnId: col, toIndex: 0 }],
      ['columns/clear', { columnId: col }],
      ['cards/new', { columnId: col, card: { name: 'x' } }],
      ['cards/update', { cardId: card, card: { name: 'x' } }],
      ['cards/move', { cardId: card, toColumnId: col, toIndex: 0 }],
      ['cards/delete', { cardId: card }],
      ['cards/comment', { cardId: card, message: 'x' }],
      ['cards/attach', { cardId: card, fileId: MISSING }],
      ['cards/detach', { cardId: card, fileId: MISSING }],
      ['cards/like', { cardId: card, liked: true }],
    ];
    for (const [url, body] of writes) {
      expect((await post(url, body, viewer)).statusCode, url).toBe(403);
    }
    expect((await board()).cards.some((c: { id: string }) => c.id === card)).toBe(true);
  });
});
