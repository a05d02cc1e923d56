/**
 * The form kit (fields.tsx, use-submit.tsx): what every form relies on — the browser's check by its field
 * with focus, the server's field messages by their fields with focus on the first, anything else in the
 * form's alert (the server's sentence, or "check your connection" when it was not reached), the failure
 * toast, and on success the toast and what comes next.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { renderPage } from '../testing/render-page';
import { TextField } from './fields';
import { FormFailure, type SubmitOptions, useSubmit } from './use-submit';

const schema = z.object({
  firstName: z.string().trim().min(1, 'Please enter a first name.'),
  email: z.string().trim().min(1, 'Please enter an email address.'),
});
type Values = z.infer<typeof schema>;
type Options = Omit<SubmitOptions<Values, Values, string>, 'fields'>;

function Probe(options: Options) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', email: '' },
  });
  const { onSubmit, failure, submitting } = useSubmit(form, { ...options, fields: ['firstName', 'email'] });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Probe">
      <TextField form={form} name="firstName" label="First name" required />
      <TextField form={form} name="email" label="Email" required />
      <FormFailure failure={failure} />
      <Button type="submit" loading={submitting}>
        Send
      </Button>
    </form>
  );
}

/** The form itself (toasts have role alert too, outside it). */
const inForm = () => within(screen.getByRole('form', { name: 'Probe' }));

const refused = (status: number, message: string, fields?: Record<string, string>) =>
  new ApiError(status, { message, ...(fields ? { fields } : {}) } as never);

async function fillAndSend(options: Options, { firstName = 'Ada', email = 'ada@example.com' } = {}) {
  renderPage(<Probe {...options} />, { path: '/' });
  fireEvent.change(screen.getByLabelText(/First name/), { target: { value: firstName } });
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('the form kit', () => {
  it('sends nothing while a field fails its check: the message is tied to the field, which has focus', async () => {
    const action = vi.fn(async () => 'sent');
    await fillAndSend({ action }, { firstName: '' });
    const field = screen.getByLabelText(/First name/);
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription('Please enter a first name.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(action).not.toHaveBeenCalled();
  });

  it('puts the server’s field messages by their fields, focus on the first in the form’s order', async () => {
    const action = vi.fn(async () => {
      throw refused(400, 'Please fix the fields below.', {
        email: 'That address already has an account.',
        firstName: 'Please use letters only.',
      });
    });
    await fillAndSend({ action, failureToast: 'We could not create your account.' });
    const first = screen.getByLabelText(/First name/);
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAccessibleDescription('Please use letters only.');
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription(
      'That address already has an account.',
    );
    expect(await screen.findByText('We could not create your account.')).toBeInTheDocument();
    // Explained by the fields, so no alert in the form.
    expect(inForm().queryByRole('alert')).toBeNull();
  });

  it('shows a failure no field explains in the form’s alert: the server’s sentence', async () => {
    const onFailure = vi.fn();
    await fillAndSend({
      action: async () => {
        throw refused(409, 'This session has already started.');
      },
      onFailure,
    });
    expect(await inForm().findByRole('alert')).toHaveTextContent('This session has already started.');
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('says to check the connection when the server was not reached', async () => {
    await fillAndSend({
      action: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await inForm().findByRole('alert')).toHaveTextContent(
      'That did not work. Please check your connection and try again.',
    );
  });

  it('says it is offline and nothing was sent when the browser is offline, in place of the form’s failure', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const onFailure = vi.fn();
      const alert = vi.fn(() => 'The form’s own sentence.');
      await fillAndSend({
        action: async () => {
          throw new TypeError('Failed to fetch');
        },
        failureToast: 'We could not save your changes.',
        alert,
        onFailure,
      });
      const offline =
        'You’re offline, so nothing was sent. Your changes are still here: send them again once you’re back online.';
      expect(await screen.findByText(offline)).toBeVisible();
      expect(screen.queryByText('We could not save your changes.')).toBeNull();
      expect(inForm().queryByRole('alert')).toBeNull();
      expect(alert).not.toHaveBeenCalled();
      expect(onFailure).toHaveBeenCalledTimes(1);
      // What the person typed is kept for the next try.
      expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
    } finally {
      online.mockRestore();
    }
  });

  it('offline but answered (the server refused): the server’s sentence, not the offline one', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await fillAndSend({
        action: async () => {
          throw refused(409, 'This session has already started.');
        },
      });
      expect(await inForm().findByRole('alert')).toHaveTextContent('This session has already started.');
    } finally {
      online.mockRestore();
    }
  });

  it('leaves an error the form answers itself to the form: no toast, no alert', async () => {
    const onFailure = vi.fn();
    await fillAndSend({
      action: async () => {
        throw refused(410, 'Gone.');
      },
      intercept: () => true,
      failureToast: 'Not shown.',
      onFailure,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(inForm().queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Not shown.')).toBeNull();
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('on success shows the toast made from the reply, then runs what comes next with the values', async () => {
    const onSuccess = vi.fn();
    await fillAndSend({
      action: async (values) => values.firstName,
      success: (name) => `Saved ${name}.`,
      onSuccess,
    });
    expect(await screen.findByText('Saved Ada.')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledWith('Ada', { firstName: 'Ada', email: 'ada@example.com' });
    expect(inForm().queryByRole('alert')).toBeNull();
  });

  it('clears the last failure when the form is sent again', async () => {
    let attempt = 0;
    await fillAndSend({
      action: async () => {
        attempt += 1;
        if (attempt === 1) throw refused(409, 'Try again in a moment.');
        return 'ok';
      },
    });
    expect(await inForm().findByRole('alert')).toHaveTextContent('Try again in a moment.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(inForm().queryByRole('alert')).toBeNull());
  });
});
