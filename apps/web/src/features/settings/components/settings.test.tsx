import { makeSessionUser } from '@comped/shared/factories/session-user';
import { SUPPORT_EMAIL } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { readSession, writeSession } from '../../../lib/session';
import type { FakeCall } from '../../../testing/render';
import { renderPage, stubFetch } from '../../../testing/render';
import { PasswordChangeForm } from './password-change-form';
import { SettingsForm } from './settings-form';

const me = makeSessionUser('journalist', {
  id: 3,
  name: 'Jo',
  email: 'jo@example.test',
  must_change_password: true,
  profile: { tier_range: 2, workplace: 'Eater' },
});

let answer: (method: string, body: Record<string, unknown> | undefined) => [number, unknown];
let calls: FakeCall[] = [];

beforeEach(() => {
  writeSession({ token: 'tok', user: me });
  calls = stubFetch((_url, method, body) => answer(method, body as Record<string, unknown> | undefined));
});
afterEach(() => vi.unstubAllGlobals());

describe('PasswordChangeForm', () => {
  it('shows the hint, then the spec messages', async () => {
    answer = () => [500, {}];
    renderPage(<PasswordChangeForm />, '/settings/password-change');
    expect(screen.getByText(MSG.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(/signed in with a temporary password/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText(MSG.requiredNoDot)).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/^New password/), 'abc');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'abd');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.passwordsMatch)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordMin)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('saves, shows Settings updated!, refreshes the user and goes home', async () => {
    const changed = { ...me, must_change_password: false };
    answer = () => [200, { data: changed }];
    renderPage(<PasswordChangeForm />, '/settings/password-change');
    await userEvent.type(screen.getByLabelText(/^New password/), 'my-new-pw');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'my-new-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/campaigns');
    expect(await screen.findByText(MSG.settingsUpdated)).toBeInTheDocument();
    expect({ method: calls[0]?.method, body: calls[0]?.body }).toEqual({
      method: 'PUT',
      body: { password: 'my-new-pw', password_confirmation: 'my-new-pw' },
    });
    expect(calls.some((c) => c.method === 'GET')).toBe(true);
    expect(readSession()?.user.must_change_password).toBe(false);
  });

  it('does not ask for the current password on the forced change', () => {
    answer = () => [500, {}];
    renderPage(<PasswordChangeForm />, '/settings/password-change');
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
  });

  it('asks for the current password on a chosen change and shows a wrong one under the field', async () => {
    writeSession({ token: 'tok', user: { ...me, must_change_password: false } });
    let wrong = true;
    answer = () =>
      wrong
        ? [
            422,
            {
              message: MSG.currentPasswordWrong,
              code: 'current_password_wrong',
              errors: { current_password: [MSG.currentPasswordWrong] },
            },
          ]
        : [200, { data: { ...me, must_change_password: false } }];
    renderPage(<PasswordChangeForm />, '/settings/password-change');
    expect(screen.queryByText(/signed in with a temporary password/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New password/), 'my-new-pw');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'my-new-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const current = screen.getByLabelText(/^Current password/);
    await userEvent.type(current, 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(calls[0]?.body).toEqual({
      password: 'my-new-pw',
      password_confirmation: 'my-new-pw',
      current_password: 'not-it',
    });
    wrong = false;
    await userEvent.clear(current);
    await userEvent.type(current, 'old-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.settingsUpdated)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({ current_password: 'old-pw' });
  });
});

describe('SettingsForm', () => {
  it('saves name and email with the snackbar, and shows server errors under the field', async () => {
    let taken = true;
    answer = (method, body) =>
      method === 'PUT' && taken
        ? [422, { message: MSG.emailTaken, errors: { email: [MSG.emailTaken] } }]
        : [200, { data: { ...me, ...(body ?? {}), must_change_password: false } }];
    renderPage(<SettingsForm />, '/settings');
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(screen.getByRole('link', { name: /Change password/ })).toHaveAttribute('href', '/settings/password-change');
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    const email = screen.getByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.test');
    // A new e-mail needs the current password (re-authentication).
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^Current password/), 'my-pw');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.emailTaken)).toBeInTheDocument();
    taken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.settingsUpdated)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      name: 'Jo',
      email: 'taken@example.test',
      current_password: 'my-pw',
    });
  });

  it('changes the name alone without the current password', async () => {
    answer = (_method, body) => [200, { data: { ...me, ...(body ?? {}), must_change_password: false } }];
    renderPage(<SettingsForm />, '/settings');
    const name = screen.getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Joanna');
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.settingsUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Joanna', email: 'jo@example.test' });
  });

  it('shows a wrong current password under its field', async () => {
    answer = () => [
      422,
      {
        message: MSG.currentPasswordWrong,
        code: 'current_password_wrong',
        errors: { current_password: [MSG.currentPasswordWrong] },
      },
    ];
    renderPage(<SettingsForm />, '/settings');
    const email = screen.getByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.test');
    await userEvent.type(screen.getByLabelText(/^Current password/), 'guess');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('requires name and email', async () => {
    answer = () => [200, {}];
    renderPage(<SettingsForm />, '/settings');
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await userEvent.clear(screen.getByLabelText(/^Email/));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText(MSG.required)).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });
});
