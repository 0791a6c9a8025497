/**
 * What `npm run bench` measures for the blog: the list's first page, a post with its comments,
 * and the search that suggests posts as one types.
 */
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export interface BlogBenchContext {
  /** Slugs of published posts with comments, read in turn. */
  slugs: string[];
  /** Words that occur in titles. */
  words: string[];
}

export async function prepareBlogBench(fetchJson: JsonFetch): Promise<BlogBenchContext> {
  const res = await fetchJson('GET', '/api/blog/posts?tab=published&sort=popular&limit=50');
  const posts =
    isObject(res.body) && Array.isArray(res.body.posts)
      ? (res.body.posts as Array<{ slug: string; comments: number }>)
      : [];
  if (!posts.length) throw new Error('no blog posts: seed the data set first');
  return {
    slugs: posts.filter((p) => p.comments > 0).map((p) => p.slug),
    words: ['planning', 'security', 'design', 'checkout', 'hosting', 'lessons'],
  };
}

export const blogScenarios: BenchScenario<BlogBenchContext>[] = [
  {
    name: 'blog list (latest, first page)',
    method: 'GET',
    url: () => '/api/blog/posts?limit=12',
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.posts) && typeof b.total === 'number',
  },
  {
    name: 'blog post with comments',
    method: 'GET',
    url: (ctx, i) => `/api/blog/post?title=${ctx.slugs[i % ctx.slugs.length]}`,
    expectedStatus: 200,
    check: (b) => isObject(b) && isObject(b.post) && Array.isArray(b.post.commentList),
  },
  {
    name: 'blog search (title suggestions)',
    method: 'GET',
    url: (ctx, i) => `/api/blog/posts/search?query=${ctx.words[i % ctx.words.length]}`,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.results),
  },
];
