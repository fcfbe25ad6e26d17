import type { PostHandles, PostNetwork } from '@comped/shared/post-links';
import { checkPostLink, normalizeHandle, POST_LINK_MSG } from '@comped/shared/post-links';
import type { PostCheckKind } from '@comped/shared/validation/task';

/**
 * Checks the post links an influencer submits (decisions.md "Beyond the specification"). Chosen by
 * `POST_VERIFIER`: `offline` applies the rules of shared/post-links.ts; `oembed` also asks
 * the network's oEmbed endpoint that the post exists and who wrote it, and falls back to the rules
 * when the network does not answer in time. `check` says which of the two vouches for a link
 * (POST_CHECKS): only the network's answer makes it "link checked".
 */
export type PostCheck = { ok: true; check: PostCheckKind | null } | { ok: false; message: string };

export interface PostVerifier {
  readonly name: 'offline' | 'oembed';
  verify(post: { type: 'post' | 'story'; link: string }, handles: PostHandles): Promise<PostCheck>;
}

export class OfflinePostVerifier implements PostVerifier {
  readonly name = 'offline' as const;
  async verify(post: { type: 'post' | 'story'; link: string }, handles: PostHandles): Promise<PostCheck> {
    const verdict = checkPostLink(post.link, post.type, handles);
    if (!verdict.ok) return verdict;
    return { ok: true, check: verdict.authorConfirmed ? 'format' : null };
  }
}

export interface OembedOptions {
  /** oEmbed endpoint per network (the `url` of the post is passed as a query parameter). */
  endpoints: Record<PostNetwork, string>;
  /** Instagram's endpoint needs an app token (`access_token`); without it Instagram falls back to the rules. */
  instagramToken?: string;
  /** The whole exchange, answer body included. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * The most of an oEmbed answer that is read: real answers are a few kilobytes (the embed's HTML);
 * anything longer is not one, and reading it would let the endpoint hold the request's memory.
 */
export const OEMBED_MAX_BYTES = 64 * 1024;

/** The account an oEmbed answer names: the last segment of `author_url`, else `author_name`. */
export function oembedAuthor(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { author_url?: unknown; author_name?: unknown; author_unique_id?: unknown };
  if (typeof b.author_unique_id === 'string' && b.author_unique_id) return normalizeHandle(b.author_unique_id);
  if (typeof b.author_url === 'string') {
    try {
      const segment = new URL(b.author_url).pathname.split('/').filter(Boolean).pop();
      if (segment) return normalizeHandle(decodeURIComponent(segment));
    } catch {
      // not a URL: use the name below
    }
  }
  if (typeof b.author_name === 'string' && /^@?[A-Za-z0-9._]{1,30}$/.test(b.author_name.trim())) {
    return normalizeHandle(b.author_name);
  }
  return null;
}

/** The body as text, or null when it is longer than `max` bytes (the rest is not read). */
async function boundedText(response: Response, max: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export class OembedPostVerifier implements PostVerifier {
  readonly name = 'oembed' as const;
  private readonly offline = new OfflinePostVerifier();
  constructor(private readonly opts: OembedOptions) {}

  async verify(post: { type: 'post' | 'story'; link: string }, handles: PostHandles): Promise<PostCheck> {
    // The rules first: a link on the wrong network or of the wrong shape is refused without a call.
    const rules = checkPostLink(post.link, post.type, handles);
    if (!rules.ok) return rules;
    // Stories expire after 24 hours and have no oEmbed: the rules are all there is.
    if (post.type === 'story') return this.offline.verify(post, handles);
    const network = rules.network;
    if (
      network === 'instagram' &&
      !this.opts.instagramToken &&
      this.opts.endpoints.instagram.includes('facebook.com')
    ) {
      return this.offline.verify(post, handles);
    }
    const endpoint = new URL(this.opts.endpoints[network]);
    endpoint.searchParams.set('url', post.link);
    endpoint.searchParams.set('format', 'json');
    if (network === 'instagram' && this.opts.instagramToken) {
      endpoint.searchParams.set('access_token', this.opts.instagramToken);
    }
    let response: Response;
    let text: string | null;
    try {
      // One deadline for the answer and its body. A redirect is not followed: the endpoint is
      // configured, and following it would let an answer send the server to any address.
      const signal = AbortSignal.timeout(this.opts.timeoutMs);
      response = await (this.opts.fetch ?? fetch)(endpoint, {
        signal,
        redirect: 'error',
        headers: { accept: 'application/json' },
      });
      if (response.status === 404 || response.status === 400) {
        await response.body?.cancel();
        return { ok: false, message: POST_LINK_MSG.notFound(network) };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return this.offline.verify(post, handles);
      }
      text = await boundedText(response, OEMBED_MAX_BYTES);
    } catch {
      // Timeout, a redirect, or a network failure: the network did not answer, so the rules decide.
      return this.offline.verify(post, handles);
    }
    let body: unknown;
    try {
      body = text === null ? null : JSON.parse(text);
    } catch {
      body = null;
    }
    // An answer too long or not JSON is no answer: the rules decide.
    if (body === null) return this.offline.verify(post, handles);
    const author = oembedAuthor(body);
    const handle = normalizeHandle(handles[network]);
    if (author && handle && author !== handle) return { ok: false, message: POST_LINK_MSG.notYours(author, handle) };
    if (author && handle && author === handle) return { ok: true, check: 'network' };
    // The network knows the post but names no author we can compare: what the address says stands.
    return this.offline.verify(post, handles);
  }
}

export const DEFAULT_OEMBED_ENDPOINTS: Record<PostNetwork, string> = {
  instagram: 'https://graph.facebook.com/v19.0/instagram_oembed',
  tiktok: 'https://www.tiktok.com/oembed',
  x: 'https://publish.twitter.com/oembed',
};

export function createPostVerifier(config: {
  postVerifier: 'offline' | 'oembed';
  oembed: { endpoints: Record<PostNetwork, string>; instagramToken?: string; timeoutMs: number };
}): PostVerifier {
  return config.postVerifier === 'oembed' ? new OembedPostVerifier(config.oembed) : new OfflinePostVerifier();
}
