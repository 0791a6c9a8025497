/**
 * When scheduled posts appear, for the cached answers that show posts outside the blog module
 * (the header's search): a scheduled post (published, its `published_at` ahead) turns visible at
 * its time with no write, so an answer must not outlive the next such time. `vary()` names how
 * many of the known times have passed; `refresh()` reloads them when the posts change. The blog
 * module keeps the same rule for its own routes.
 */
import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { blogPosts } from '../db/schema/content.js';
import type { DataVersions } from './data-versions.js';

/** Scheduled times kept ahead: past them all, the list is read again. */
const WINDOW = 200;

export function publicationSchedule(db: Executor, versions: Pick<DataVersions, 'stamp'>) {
  let schedule = { stamp: -1, times: [] as number[], more: false };
  const passed = () => schedule.times.filter((t) => t <= Date.now()).length;
  return {
    /** Call before the read cache looks (onRequest): the known times are then current. */
    async refresh(): Promise<void> {
      const stamp = versions.stamp(['blog_posts']);
      const exhausted = schedule.more && passed() === schedule.times.length;
      if (stamp === schedule.stamp && !exhausted) return;
      const rows = await db
        .select({ at: blogPosts.publishedAt })
        .from(blogPosts)
        .where(sql`${blogPosts.status} = 'published' AND ${blogPosts.publishedAt} > now()`)
        .orderBy(asc(blogPosts.publishedAt))
        .limit(WINDOW + 1);
      const times = rows.map((r) => r.at!.getTime());
      schedule = { stamp, times: times.slice(0, WINDOW), more: times.length > WINDOW };
    },
    /** What a cached answer showing posts varies with. */
    vary: () => `s${schedule.stamp}:${passed()}`,
  };
}
