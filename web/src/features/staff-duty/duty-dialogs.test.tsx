import type { Certification, Punch } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { AddCertificationDialog, RemoveCertificationDialog } from './certifications.tsx';
import { AddPunchDialog, FixPunchDialog } from './punch-dialogs.tsx';

/**
 * The director's staff-on-duty dialogs (issue 26, decision 041): the browser's checks by their fields with
 * focus and nothing sent, the server's field message by its field, and what is sent (wall times on the
 * center's clock, a certification then its scan).
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const sent = (call: number) => {
  const [url, init] = fetchMock.mock.calls[call]!;
  return { url: String(url), method: init?.method, body: init?.body };
};

// Sam clocked in Tuesday at 8:05 (Pacific) and never clocked out.
const open: Punch = {
  id: 'p1',
  userId: 'u1',
  name: 'Sam Whitaker',
  classSessionId: 7,
  sessionName: 'Late Fall Bridge Weeks',
  day: '2026-12-01',
  inAt: '2026-12-01T16:05:00.000Z',
  outAt: null,
  source: 'Tablet',
  reason: null,
  replacesId: null,
};

describe('correcting a punch', () => {
  it('needs a reason and a clock-out after the clock-in, then sends wall times on the center’s clock', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonReply(200, { ...open, id: 'p2', outAt: '2026-12-01T20:45:00.000Z', source: 'Correction' }),
    );
    const onClose = vi.fn();
    renderPage(<FixPunchDialog punch={open} onClose={onClose} />, { path: '/' });
    const dialog = screen.getByRole('dialog', { name: 'Correct Sam Whitaker’s punch' });
    expect(within(dialog).getByLabelText(/^Clocked in/)).toHaveValue('08:05');
    expect(within(dialog).getByLabelText(/^Clocked out/)).toHaveValue('');
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));

    fireEvent.change(within(dialog).getByLabelText(/^Clocked out/), { target: { value: '07:30' } });
    save();
    expect(await within(dialog).findByText('The clock-out must come after the clock-in')).toBeVisible();
    expect(within(dialog).getByText('Say why in a few words, for the record')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Clocked out/)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Clocked out/), { target: { value: '12:45' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Left after the last pickup; confirmed with Sam.' },
    });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const call = sent(0);
    expect(call.method).toBe('PATCH');
    expect(call.url).toMatch(/\/api\/staff\/duty\/punches\/p1$/);
    expect(JSON.parse(String(call.body))).toEqual({
      inAt: '2026-12-01T08:05',
      outAt: '2026-12-01T12:45',
      reason: 'Left after the last pickup; confirmed with Sam.',
    });
  });

  it('puts the server’s message by its field with focus', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonReply(400, {
        error: 'Bad Request',
        message: 'Check the punch.',
        fields: { inAt: 'Use a date and time like 2026-12-01 08:30' },
        requestId: 'r',
      }),
    );
    renderPage(<FixPunchDialog punch={open} onClose={() => {}} />, { path: '/' });
    const dialog = screen.getByRole('dialog');
    // The dialog's own first focus (its close button) lands before anything is sent.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Forgot at the door' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByText('Use a date and time like 2026-12-01 08:30')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Clocked in/)).toHaveFocus());
  });
});

describe('adding a missed punch', () => {
  it('asks for the person and the room first, then sends who, where and when', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply(201, { ...open, id: 'p3', source: 'Correction' }));
    const onClose = vi.fn();
    renderPage(
      <AddPunchDialog
        people={[{ userId: 'u1', name: 'Sam Whitaker' }]}
        rooms={[{ classSessionId: 7, name: 'Late Fall Bridge Weeks' }]}
        day="2026-12-02"
        onClose={onClose}
      />,
      { path: '/' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Add a missed punch' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add punch' }));
    expect(await within(dialog).findByText('Choose the staff member')).toBeVisible();
    expect(within(dialog).getByText('Choose the room you are on duty in')).toBeVisible();
    expect(within(dialog).getByText('Use a time like 08:30')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Staff member/)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Staff member/), { target: { value: 'u1' } });
    fireEvent.change(within(dialog).getByLabelText(/^Room/), { target: { value: '7' } });
    fireEvent.change(within(dialog).getByLabelText(/^Clocked in/), { target: { value: '08:10' } });
    fireEvent.change(within(dialog).getByLabelText(/^Clocked out/), { target: { value: '12:40' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Forgot to clock in at the door' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add punch' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent(0).method).toBe('POST');
    expect(JSON.parse(String(sent(0).body))).toEqual({
      userId: 'u1',
      classSessionId: 7,
      inAt: '2026-12-02T08:10',
      outAt: '2026-12-02T12:40',
      reason: 'Forgot to clock in at the door',
    });
  });
});

const cpr: Certification = {
  id: 'c1',
  userId: 'u1',
  name: 'Sam Whitaker',
  kind: 'Cpr',
  hours: null,
  issuedOn: '2026-12-01',
  expiresOn: '2028-12-01',
  daysLeft: 730,
  document: null,
};

describe('adding a certification', () => {
  it('asks for the kind, the days and a PDF, JPEG or PNG, then saves it and uploads the certificate', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply(201, cpr)).mockResolvedValueOnce(
      jsonReply(200, {
        ...cpr,
        document: { fileName: 'cpr.pdf', contentType: 'application/pdf', bytes: 9, url: '/x' },
      }),
    );
    const onClose = vi.fn();
    renderPage(<AddCertificationDialog userId="u1" name="Sam Whitaker" onClose={onClose} />, { path: '/' });
    const dialog = screen.getByRole('dialog', { name: 'Add a certification for Sam Whitaker' });
    const add = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add certification' }));

    add();
    expect(await within(dialog).findByText('Choose the kind of certification')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Certification/)).toHaveFocus());

    fireEvent.change(within(dialog).getByLabelText(/^Certification/), { target: { value: 'Cpr' } });
    fireEvent.change(within(dialog).getByLabelText(/^Issued/), { target: { value: '2026-12-01' } });
    add();
    expect(await within(dialog).findByText('Enter the date it expires')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Expires/)).toHaveFocus());

    fireEvent.change(within(dialog).getByLabelText(/^Expires/), { target: { value: '2028-12-01' } });
    const fileInput = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(fileInput, {
      target: { files: [new File(['words'], 'card.txt', { type: 'text/plain' })] },
    });
    add();
    expect(await within(dialog).findByText('Choose a PDF, JPEG or PNG file of at most 10 MB.')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(fileInput, {
      target: { files: [new File(['%PDF-1.4'], 'cpr.pdf', { type: 'application/pdf' })] },
    });
    add();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent(0).url).toMatch(/\/api\/staff\/team\/u1\/certifications$/);
    expect(JSON.parse(String(sent(0).body))).toEqual({
      kind: 'Cpr',
      hours: null,
      issuedOn: '2026-12-01',
      expiresOn: '2028-12-01',
    });
    expect(sent(1).url).toMatch(/\/api\/staff\/certifications\/c1\/document$/);
    expect(sent(1).method).toBe('PUT');
    expect((sent(1).body as FormData).get('file')).toBeInstanceOf(File);
    expect(
      await screen.findByText('CPR is added to Sam Whitaker’s profile with its certificate.'),
    ).toBeVisible();
  });

  it('asks for the hours of training hours, which need no expiry', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonReply(201, { ...cpr, kind: 'TrainingHours', hours: 16, expiresOn: null }),
    );
    const onClose = vi.fn();
    renderPage(<AddCertificationDialog userId="u1" name="Sam Whitaker" onClose={onClose} />, { path: '/' });
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Certification/), { target: { value: 'TrainingHours' } });
    fireEvent.change(within(dialog).getByLabelText(/^Issued/), { target: { value: '2026-10-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add certification' }));
    expect(await within(dialog).findByText('Enter the hours, from 1 to 1000')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText(/^Hours/)).toHaveFocus());
    fireEvent.change(within(dialog).getByLabelText(/^Hours/), { target: { value: '16' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add certification' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(JSON.parse(String(sent(0).body))).toEqual({
      kind: 'TrainingHours',
      hours: 16,
      issuedOn: '2026-10-01',
      expiresOn: null,
    });
  });
});

describe('removing a certification', () => {
  it('asks first, then removes it', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const onClose = vi.fn();
    renderPage(<RemoveCertificationDialog cert={cpr} name="Sam Whitaker" onClose={onClose} />, { path: '/' });
    const dialog = screen.getByRole('dialog', { name: 'Remove Sam Whitaker’s CPR?' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent(0).method).toBe('DELETE');
    expect(sent(0).url).toMatch(/\/api\/staff\/certifications\/c1$/);
  });
});
