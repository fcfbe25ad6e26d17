/**
 * The query of one page of GET conversations, apart from its fetcher (conversations.ts) because
 * boot/early-reads.ts asks for the inbox's first page before React runs: this file must bring
 * nothing into the entry. `cursor`: the last id of the page before.
 */
export const conversationsPageQuery = (page: number, size: number, cursor?: number) => ({
  'page[number]': page,
  'page[size]': size,
  'page[cursor]': cursor,
});
