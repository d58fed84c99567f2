import { describe, expect, it } from 'vitest';
import { signedIn, signedOut as visitor } from '@/test/accounts';
import { decide } from './guard';

describe('route guard (spec §6)', () => {
  it('sends a visitor to sign in, remembering where they were going', () => {
    expect(decide(visitor, { role: 'asker' }, '/asker-inbox')).toEqual({
      kind: 'redirect',
      to: '/auth?mode=signin&redirect=%2Fasker-inbox',
    });
  });

  it('sends a user without roles to onboarding, remembering where they were going', () => {
    expect(decide(signedIn({ roles: [], activeRole: null }), { role: 'asker' }, '/x')).toEqual({
      kind: 'redirect',
      to: '/onboarding?redirect=%2Fx',
    });
  });

  it('gives the ask form its role when the user has none, and lets a Coach in to be told', () => {
    const ask = { role: 'asker' as const, intentShowsRole: true };
    expect(decide(signedIn({ roles: [], activeRole: null }), ask, '/ask/c1')).toEqual({
      kind: 'adopt',
      role: 'asker',
    });
    const coach = signedIn({ roles: ['expert'], activeRole: 'expert' });
    expect(decide(coach, ask, '/ask/c1')).toEqual({ kind: 'allow' });
    const newPlayer = signedIn({ profileCompleted: { asker: false, expert: false } });
    expect(decide(newPlayer, ask, '/ask/c1')).toEqual({
      kind: 'redirect',
      to: '/create-asker-profile?redirect=%2Fask%2Fc1',
    });
  });

  it('sends a user lacking the required role home', () => {
    expect(decide(signedIn(), { role: 'expert' }, '/payouts')).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('switches to a required role the user holds', () => {
    const both = signedIn({ roles: ['asker', 'expert'], activeRole: 'asker' });
    expect(decide(both, { role: 'expert' }, '/payouts')).toEqual({
      kind: 'switch',
      role: 'expert',
    });
  });

  it("sends a user whose acting role's profile is incomplete to its creation page", () => {
    const coach = signedIn({ roles: ['expert'], activeRole: 'expert' });
    expect(decide(coach, { role: 'expert' }, '/payouts')).toEqual({
      kind: 'redirect',
      to: '/create-expert-profile?redirect=%2Fpayouts',
    });
    const player = signedIn({ profileCompleted: { asker: false, expert: false } });
    expect(decide(player, {}, '/inbox')).toEqual({
      kind: 'redirect',
      to: '/create-asker-profile?redirect=%2Finbox',
    });
  });

  it('lets profile creation skip the role and profile checks', () => {
    const incomplete = signedIn({ profileCompleted: { asker: false, expert: false } });
    expect(
      decide(incomplete, { role: 'asker', skipChecks: true }, '/create-asker-profile'),
    ).toEqual({
      kind: 'allow',
    });
    expect(decide(visitor, { role: 'asker', skipChecks: true }, '/create-asker-profile').kind).toBe(
      'redirect',
    );
  });

  it('admits a user holding the active role with a complete profile', () => {
    expect(decide(signedIn(), { role: 'asker' }, '/asker-inbox')).toEqual({ kind: 'allow' });
  });
});
