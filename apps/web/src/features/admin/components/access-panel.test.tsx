import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import type { Member } from '@portal/domain/registry';
import { i18n } from '@/lib/i18n';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { AccessPanel } from './access-panel';
import { signInApiForEachTest } from '@/test/signed-in-api';

type Routes = Parameters<typeof fakeFetch>[0];

const MEMBERS_PATH = '/api/admin/sono/members';
const ada: Member = { userId: 'u-ada', email: 'ada@example.com', name: 'Ada Admin', role: 'admin', signedIn: true };
const ian: Member = { userId: 'u-ian', email: 'ian@example.com', name: 'Ian Installer', role: 'installer', signedIn: true };

const lastAdmin = { status: 409, body: { status: 409, code: 'LAST_ADMIN', message: 'A fleet needs at least one admin' } };

function renderAccess(routes: Routes, members: Member[] = [ada, ian]) {
  let current = [...members];
  const fake = fakeFetch({
    [`GET ${MEMBERS_PATH}`]: () => ({ body: current }),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetchFn);
  renderWithProviders(
    <>
      <Notifications />
      <AccessPanel fleet="sono" currentUserId={ada.userId} onRetryAccess={() => undefined} />
    </>,
  );
  const setMembers = (next: Member[]) => {
    current = next;
    return next;
  };
  const callsOf = (method: string) => fake.calls.filter((call) => call.method === method);
  return { fake, setMembers, callsOf };
}

const rowOf = async (email: string) => {
  await screen.findAllByTestId('member-row');
  return within(screen.getAllByTestId('member-row').find((row) => row.dataset.email === email)!);
};

signInApiForEachTest();

describe('AccessPanel', () => {
  it('lists the members with their roles and marks the signed-in user', async () => {
    renderAccess({});
    const adaRow = await rowOf(ada.email);
    expect(adaRow.getByText('You')).toBeTruthy();
    expect((adaRow.getByRole('combobox', { name: 'Role of Ada Admin' }) as HTMLSelectElement).value).toBe('admin');
    const ianRow = await rowOf(ian.email);
    expect((ianRow.getByRole('combobox', { name: 'Role of Ian Installer' }) as HTMLSelectElement).value).toBe('installer');
    expect(ianRow.queryByText('You')).toBeNull();
  });

  it("changes a member's role and says so", async () => {
    const promoted = { ...ian, role: 'admin' as const };
    const { callsOf } = renderAccess({
      [`PUT ${MEMBERS_PATH}/${ian.userId}`]: () => ({ body: [ada, promoted] }),
    });
    const ianRow = await rowOf(ian.email);
    fireEvent.change(ianRow.getByRole('combobox', { name: 'Role of Ian Installer' }), { target: { value: 'admin' } });
    expect(await screen.findByText('Ian Installer is now Admin.')).toBeTruthy();
    expect(callsOf('PUT')).toHaveLength(1);
    expect(JSON.parse(String(callsOf('PUT')[0]!.init?.body))).toEqual({ role: 'admin' });
    await waitFor(async () => expect(((await rowOf(ian.email)).getByRole('combobox') as HTMLSelectElement).value).toBe('admin'));
  });

  it('explains LAST_ADMIN and keeps the role as it was', async () => {
    const onlyAdmin = { ...ian, userId: 'u-other', email: 'other@example.com', name: 'Olga Other', role: 'admin' as const };
    renderAccess({ [`PUT ${MEMBERS_PATH}/u-other`]: lastAdmin }, [ada, onlyAdmin]);
    const row = await rowOf(onlyAdmin.email);
    fireEvent.change(row.getByRole('combobox', { name: 'Role of Olga Other' }), { target: { value: 'installer' } });
    const notice = await screen.findByTestId('access-notice');
    expect(notice.textContent).toContain('A fleet needs at least one admin. Make another member an admin first.');
    expect((row.getByRole('combobox', { name: 'Role of Olga Other' }) as HTMLSelectElement).value).toBe('admin');

    await i18n.changeLanguage('de');
    expect(screen.getByTestId('access-notice').textContent).toContain('Eine Flotte braucht mindestens einen Administrator.');
  });

  it('asks before the signed-in admin gives up their own admin rights', async () => {
    const { callsOf } = renderAccess({ [`PUT ${MEMBERS_PATH}/${ada.userId}`]: lastAdmin });
    const adaRow = await rowOf(ada.email);
    fireEvent.change(adaRow.getByRole('combobox', { name: 'Role of Ada Admin' }), { target: { value: 'installer' } });
    const dialog = within(await screen.findByTestId('demote-self-dialog'));
    expect(callsOf('PUT')).toHaveLength(0);
    fireEvent.click(dialog.getByTestId('demote-self-dialog-confirm'));
    expect((await screen.findByTestId('access-notice')).textContent).toContain('A fleet needs at least one admin.');
    expect(callsOf('PUT')).toHaveLength(1);
  });

  it('removes a member only after confirmation', async () => {
    const { callsOf, setMembers } = renderAccess({
      [`DELETE ${MEMBERS_PATH}/${ian.userId}`]: () => ({ body: setMembers([ada]) }),
    });
    const ianRow = await rowOf(ian.email);
    fireEvent.click(ianRow.getByRole('button', { name: 'Remove Ian Installer' }));
    const dialog = within(await screen.findByTestId('remove-member-dialog'));
    expect(dialog.getByText('Do you really want to remove Ian Installer (ian@example.com) from this fleet? They will no longer be able to open it.')).toBeTruthy();
    expect(callsOf('DELETE')).toHaveLength(0);
    fireEvent.click(dialog.getByTestId('remove-member-dialog-confirm'));
    expect(await screen.findByText('Ian Installer no longer has access to this fleet.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(1));
  });

  it('shows LAST_ADMIN in the remove dialog', async () => {
    renderAccess({ [`DELETE ${MEMBERS_PATH}/${ada.userId}`]: lastAdmin });
    fireEvent.click((await rowOf(ada.email)).getByRole('button', { name: 'Remove Ada Admin' }));
    const dialog = within(await screen.findByTestId('remove-member-dialog'));
    expect(dialog.getByText('Do you really want to remove your own access to this fleet? You will no longer be able to open it.')).toBeTruthy();
    fireEvent.click(dialog.getByTestId('remove-member-dialog-confirm'));
    expect((await dialog.findByRole('alert')).textContent).toBe('A fleet needs at least one admin. Make another member an admin first.');
    expect(dialog.getByTestId('remove-member-dialog-confirm').hasAttribute('disabled')).toBe(true);
  });

  it('invites someone by email with a role, in the language of the screen', async () => {
    const newcomer: Member = { userId: 'u-new', email: 'new@example.com', name: 'new', role: 'admin', signedIn: false };
    const { callsOf } = renderAccess({ [`POST ${MEMBERS_PATH}`]: () => ({ status: 201, body: { members: [ada, ian, newcomer], emailSent: true } }) });
    await i18n.changeLanguage('de');
    await screen.findAllByTestId('member-row');
    fireEvent.input(screen.getByTestId('invite-email'), { target: { value: ' New@Example.com ' } });
    fireEvent.change(screen.getByTestId('invite-role'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('Eine Einladung wurde an new@example.com gesendet.')).toBeTruthy();
    expect(JSON.parse(String(callsOf('POST')[0]!.init?.body))).toEqual({ email: 'new@example.com', role: 'admin', language: 'de' });
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(3));
    expect((screen.getByTestId('invite-email') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('invite-outcome').textContent).toBe('Die Einladung wurde an new@example.com gesendet. Mit dem Link darin meldet sich die Person an.');
    expect((await rowOf(newcomer.email)).getByText('Noch nicht angemeldet')).toBeTruthy();
  });

  it('says when the invitation mail could not be sent, and sends it again from the list', async () => {
    const newcomer: Member = { userId: 'u-new', email: 'new@example.com', name: 'new', role: 'installer', signedIn: false };
    const { callsOf } = renderAccess({
      [`POST ${MEMBERS_PATH}`]: () => ({ status: 201, body: { members: [ada, ian, newcomer], emailSent: false } }),
      [`POST ${MEMBERS_PATH}/u-new/invitation`]: () => ({ body: { members: [ada, ian, newcomer], emailSent: true } }),
    });
    await screen.findAllByTestId('member-row');
    fireEvent.input(screen.getByTestId('invite-email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect((await screen.findByTestId('invite-outcome')).textContent).toBe(
      'new@example.com now has access, but the email could not be sent. Use “Send again” in the list.',
    );
    const row = await rowOf(newcomer.email);
    expect(row.getByText('Not signed in yet')).toBeTruthy();
    expect((await rowOf(ian.email)).queryByTestId('member-resend')).toBeNull();
    fireEvent.click(row.getByRole('button', { name: 'Send the invitation to new again' }));
    expect(await screen.findByText('An invitation has been sent to new@example.com.')).toBeTruthy();
    expect(JSON.parse(String(callsOf('POST')[1]!.init?.body))).toEqual({ language: 'en' });
  });

  it('does not invite an existing member again or an invalid address', async () => {
    const { callsOf } = renderAccess({});
    await screen.findAllByTestId('member-row');
    const email = screen.getByTestId('invite-email');
    fireEvent.input(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    fireEvent.input(email, { target: { value: 'IAN@example.com' } });
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('This person already has access. Change the role in the list above.')).toBeTruthy();
    expect(callsOf('POST')).toHaveLength(0);
  });
});
