import { describe, expect, it } from 'vitest';

import { makeSessionUser } from '../factories/session-user';
import { loginResponseSchema, sessionUserSchema } from './session';

function failedPaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  expect(result.success).toBe(false);
  return result.error?.issues.map((i) => i.path.join('.'));
}

describe('session schemas', () => {
  it('accepts a login answer and only the Bearer token type', () => {
    const answer = { access_token: 'tok', token_type: 'Bearer', user: makeSessionUser('brands') };
    expect(loginResponseSchema.parse(answer)).toEqual(answer);
    expect(failedPaths(loginResponseSchema.safeParse({ ...answer, token_type: 'Basic' }))).toEqual(['token_type']);
  });

  it('refuses a role or a subscription status outside the shared constants', () => {
    const user = makeSessionUser('influencer');
    expect(failedPaths(sessionUserSchema.safeParse({ ...user, profile: { ...user.profile, type: 'admin' } }))).toEqual([
      'profile.type',
    ]);
    expect(failedPaths(sessionUserSchema.safeParse({ ...user, status: 'trial' }))).toEqual(['status']);
  });

  it('keeps a network the client does not know yet', () => {
    const user = makeSessionUser('influencer', { profile: { socialnetworks: [{ name: 'threads', handle: 'sam' }] } });
    expect(user.profile.socialnetworks[0]?.name).toBe('threads');
  });

  it('makeSessionUser refuses an impossible user', () => {
    // @ts-expect-error -- not a subscription status
    expect(() => makeSessionUser('brands', { status: 'trial' })).toThrow(/status/);
  });
});
