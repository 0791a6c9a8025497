// What `npm start` and the bench give the server's environment (unless already set there).
//
// glibc's malloc serves a block of 128 KiB or more from a mapping of its own, given back to the
// system when freed, but it raises that threshold each time such a block is freed (up to 32 MiB):
// after the first start's seeding (large SQL texts and their encoded copies), the freed blocks
// stayed in the heap, some 50 MB resident for good. A fixed threshold keeps the rule (decision
// 035). Other C libraries (musl) ignore the variable.
export const SERVER_MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };
