import { MSG } from './messages';
import type { PostCheckKind } from './validation/task';

/**
 * The offline rules for a post link (decisions.md "Beyond the specification", post links): the URL
 * must be on its network's domain, have the path shape of a post (or, for a story, an Instagram
 * story), and where the path names an account, that account must be the user's handle for the
 * network. Used by the API's verifiers; any string may be passed (a malformed link is a verdict, never
 * an exception), so a form may call it too.
 */

export const POST_NETWORKS = ['instagram', 'tiktok', 'x'] as const;
export type PostNetwork = (typeof POST_NETWORKS)[number];

export const NETWORK_LABEL: Record<PostNetwork, string> = { instagram: 'Instagram', tiktok: 'TikTok', x: 'X' };

/** The user's handles, as stored on the profile (with or without `@`). */
export interface PostHandles {
  instagram?: string | null;
  tiktok?: string | null;
  /** The X (Twitter) handle: the profile's `twitter` field. */
  x?: string | null;
}

export const POST_LINK_MSG = {
  notPost: (network: PostNetwork) =>
    `This link is not ${network === 'tiktok' ? 'a' : 'an'} ${NETWORK_LABEL[network]} post.`,
  notYours: (owner: string, handle: string) => `This post belongs to @${owner}, not @${handle}.`,
  notFound: (network: PostNetwork) => `We couldn't find this ${NETWORK_LABEL[network]} post. Check the link.`,
} as const;

/** What the brand reads beside a delivered link, by how it was checked (POST_CHECKS in task.ts). */
export const POST_CHECK_LABEL: Record<PostCheckKind | 'none', string> = {
  network: 'link checked',
  format: 'link format checked',
  none: 'not checked',
};

export type PostLinkVerdict =
  | {
      ok: true;
      network: PostNetwork;
      /** The account the URL names, when it names one (lowercase, without `@`). */
      account: string | null;
      /** True when the rules could confirm the author (the URL names the user's own account). */
      authorConfirmed: boolean;
    }
  | { ok: false; message: string };

const HOSTS: Record<string, PostNetwork> = {
  'instagram.com': 'instagram',
  'www.instagram.com': 'instagram',
  'm.instagram.com': 'instagram',
  'instagr.am': 'instagram',
  'tiktok.com': 'tiktok',
  'www.tiktok.com': 'tiktok',
  'm.tiktok.com': 'tiktok',
  'vm.tiktok.com': 'tiktok',
  'vt.tiktok.com': 'tiktok',
  'x.com': 'x',
  'www.x.com': 'x',
  'mobile.x.com': 'x',
  'twitter.com': 'x',
  'www.twitter.com': 'x',
  'mobile.twitter.com': 'x',
};

/** The network a URL belongs to, or null when it is not one of ours (or not a URL). */
export function networkOf(link: string): PostNetwork | null {
  const url = parse(link);
  return url ? (HOSTS[url.hostname.toLowerCase()] ?? null) : null;
}

function parse(link: string): URL | null {
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

const SHORTCODE = /^[A-Za-z0-9_-]+$/;
const NUMERIC = /^\d{5,}$/;
const ACCOUNT = /^[A-Za-z0-9._]{1,30}$/;
const INSTAGRAM_KINDS = new Set(['p', 'reel', 'reels', 'tv']);
/** First path segments that are Instagram's own pages, never an account. */
const INSTAGRAM_RESERVED = new Set(['explore', 'accounts', 'direct', 'about', 'developer', 'legal', 'stories']);

interface Shape {
  kind: 'post' | 'story';
  account: string | null;
  /** `/stories/{account}/` without a story id: the placeholder the form sends, never "checked". */
  placeholder?: boolean;
}

function instagramShape(parts: string[]): Shape | null {
  const [a, b, c] = parts;
  // /p/{code}, /reel/{code}, /reels/{code}, /tv/{code}
  if (a && INSTAGRAM_KINDS.has(a) && b && SHORTCODE.test(b) && parts.length === 2)
    return { kind: 'post', account: null };
  // /{account}/p/{code}, /{account}/reel/{code} (the form Instagram shares since 2024)
  if (a && b && c && parts.length === 3 && !INSTAGRAM_RESERVED.has(a) && ACCOUNT.test(a)) {
    if (INSTAGRAM_KINDS.has(b) && SHORTCODE.test(c)) return { kind: 'post', account: a };
  }
  // /stories/{account}/{id} or /stories/{account}
  if (a === 'stories' && b && ACCOUNT.test(b) && (parts.length === 2 || (parts.length === 3 && c && NUMERIC.test(c)))) {
    return { kind: 'story', account: b, placeholder: parts.length === 2 };
  }
  return null;
}

function tiktokShape(host: string, parts: string[]): Shape | null {
  const [a, b, c] = parts;
  // Share links (vm.tiktok.com/{code}, tiktok.com/t/{code}) name no account.
  if ((host.startsWith('vm.') || host.startsWith('vt.')) && a && SHORTCODE.test(a) && parts.length === 1) {
    return { kind: 'post', account: null };
  }
  if (a === 't' && b && SHORTCODE.test(b) && parts.length === 2) return { kind: 'post', account: null };
  // /@{account}/video/{id}, /@{account}/photo/{id}
  if (a?.startsWith('@') && (b === 'video' || b === 'photo') && c && NUMERIC.test(c) && parts.length === 3) {
    const account = a.slice(1);
    return ACCOUNT.test(account) ? { kind: 'post', account } : null;
  }
  return null;
}

function xShape(parts: string[]): Shape | null {
  const [a, b, c] = parts;
  // /{account}/status/{id}, optionally followed by /photo/1, /video/1, /analytics ...
  if (a && b === 'status' && c && NUMERIC.test(c) && /^[A-Za-z0-9_]{1,15}$/.test(a) && a.toLowerCase() !== 'i') {
    return { kind: 'post', account: a };
  }
  // /i/status/{id} and /i/web/status/{id} name no account.
  if (a === 'i' && b === 'status' && c && NUMERIC.test(c)) return { kind: 'post', account: null };
  if (a === 'i' && b === 'web' && c === 'status' && parts[3] && NUMERIC.test(parts[3]))
    return { kind: 'post', account: null };
  return null;
}

/** A path segment decoded, or null when its escapes are malformed (decodeURIComponent throws). */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function normalizeHandle(handle: string | null | undefined): string {
  return (handle ?? '').trim().replace(/^@/, '').toLowerCase();
}

/**
 * Checks one link against the offline rules. `type` is the task post's type: a `story` must be an
 * Instagram story link, a `post` a post, reel, video or status link.
 */
export function checkPostLink(link: string, type: 'post' | 'story', handles: PostHandles): PostLinkVerdict {
  const url = parse(link);
  const network = url ? HOSTS[url.hostname.toLowerCase()] : undefined;
  if (!url || !network) return { ok: false, message: type === 'story' ? MSG.postLinkNotStory : MSG.postLinkNotSocial };
  const parts = url.pathname.split('/').filter(Boolean).map(decodeSegment);
  const host = url.hostname.toLowerCase();
  // A segment with a broken escape (`%E0%A4%A`) names no account and no post.
  const shape = parts.some((p) => p === null)
    ? null
    : network === 'instagram'
      ? instagramShape(parts as string[])
      : network === 'tiktok'
        ? tiktokShape(host, parts as string[])
        : xShape(parts as string[]);
  if (type === 'story') {
    if (!shape || shape.kind !== 'story') return { ok: false, message: MSG.postLinkNotStory };
  } else if (!shape || shape.kind !== 'post') {
    return { ok: false, message: POST_LINK_MSG.notPost(network) };
  }
  const account = shape.account ? shape.account.toLowerCase() : null;
  const handle = normalizeHandle(handles[network]);
  if (account && handle && account !== handle) {
    return { ok: false, message: POST_LINK_MSG.notYours(account, handle) };
  }
  return {
    ok: true,
    network,
    account,
    authorConfirmed: Boolean(account && handle && account === handle && !shape.placeholder),
  };
}
