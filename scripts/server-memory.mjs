// What `npm start` (and the bench's soak) give the server process, for its memory (decision 035).
//
// glibc's malloc serves a block of 128 KiB or more from a mapping of its own, given back to the
// system when freed, but it raises that threshold each time such a block is freed (up to 32 MiB):
// after the first start's seeding (large SQL texts and their encoded copies), the freed blocks
// stayed in the heap, some 50 MB resident for good. A fixed threshold keeps the rule. Other C
// libraries (musl) ignore the variable. An environment that sets it wins.
export const SERVER_MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

// Under steady load V8 let its heap grow to twice what was live (the soak: 160 MB used, 320 MB
// held) and kept it while the load lasted; capped at 256 MB it collects sooner, and the soak's
// resident size stayed flat. NODE_OPTIONS' own --max-old-space-size wins.
export const SERVER_NODE_ARGS = (process.env.NODE_OPTIONS ?? '').includes('--max-old-space-size')
  ? []
  : ['--max-old-space-size=256'];
