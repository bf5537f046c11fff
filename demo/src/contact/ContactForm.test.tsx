import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../AppProviders';
import { contactConfig } from '../config';
import { ContactForm, type ContactFormProps } from './ContactForm';
import { FILL_TIME_FIELD, MIN_FILL_MS } from './contactRules';

afterEach(cleanup);

/** A send the test settles by hand, recording what the form held when it was sent. */
function controlledSend() {
  const sent: Record<string, string>[] = [];
  let settle: { resolve: () => void; reject: (e: unknown) => void } | undefined;
  const send = vi.fn(
    (form: HTMLFormElement) =>
      new Promise<void>((resolve, reject) => {
        sent.push(Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])));
        settle = { resolve, reject };
      }),
  );
  return { send, sent, resolve: () => settle?.resolve(), reject: (e: unknown) => settle?.reject(e) };
}

function renderForm(props: ContactFormProps) {
  render(
    <AppProviders>
      <ContactForm minFillMs={0} {...props} />
    </AppProviders>,
  );
  return {
    name: screen.getByLabelText('Your Name') as HTMLTextAreaElement,
    email: screen.getByLabelText('Your Email') as HTMLTextAreaElement,
    message: screen.getByLabelText('Your Message') as HTMLTextAreaElement,
  };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, fields: ReturnType<typeof renderForm>) {
  // Pasting, not typing key by key: the same events for React, a fraction of the time in jsdom.
  for (const [field, text] of [
    [fields.name, 'Dana Scout'],
    [fields.email, 'dana@example.com'],
    [fields.message, 'We would like to talk about a role.'],
  ] as const) {
    await user.click(field);
    await user.paste(text);
  }
}

describe('the contact form', () => {
  it('has three multiline fields (name, email, message), the message with 15 rows', () => {
    const fields = renderForm({ send: vi.fn() });
    for (const field of Object.values(fields)) expect(field.tagName).toBe('TEXTAREA');
    expect(fields.message.getAttribute('rows')).toBe('15');
    expect([fields.name.name, fields.email.name, fields.message.name]).toEqual([
      'senderName',
      'sender',
      'message',
    ]);
  });

  it('is a plain form posting to the endpoint before its code runs (no JavaScript, or before hydration)', () => {
    const html = renderToString(
      <AppProviders>
        <ContactForm />
      </AppProviders>,
    );
    const form = new DOMParser().parseFromString(html, 'text/html').querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/v1.0/email/send-form');
    expect(form.getAttribute('enctype')).toBe('multipart/form-data');
    // What the browser posts: the fields and the ids @emailjs/browser would add, and no fill time (the
    // server does not judge a form that cannot measure one).
    expect(Object.fromEntries(new FormData(form))).toEqual({
      senderName: '',
      sender: '',
      message: '',
      website: '',
      service_id: contactConfig.serviceId,
      template_id: contactConfig.templateId,
      user_id: contactConfig.publicKey,
    });
  });

  it('says "Message delivered" only once the send succeeded, then clears the fields', async () => {
    const user = userEvent.setup();
    const transport = controlledSend();
    const fields = renderForm({ send: transport.send });
    await fillIn(user, fields);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    // Unavailable but focusable: a disabled button would drop the keyboard focus.
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    expect(sending).toHaveProperty('disabled', false);
    expect(transport.sent).toEqual([
      {
        senderName: 'Dana Scout',
        sender: 'dana@example.com',
        message: 'We would like to talk about a role.',
        website: '',
        fill_ms: expect.stringMatching(/^\d+$/) as string,
      },
    ]); // the ids are left to @emailjs/browser, which adds them itself
    expect(screen.queryByText('Message delivered')).toBeNull();
    expect(fields.message.value).toBe('We would like to talk about a role.');

    transport.resolve();
    expect(await screen.findByText('Message delivered')).toBeTruthy();
    expect([fields.name.value, fields.email.value, fields.message.value]).toEqual(['', '', '']);
  });

  it('keeps the text and offers a retry when the send fails; the retry can succeed', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const transport = controlledSend();
    const fields = renderForm({ send: transport.send });
    await fillIn(user, fields);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    transport.reject(new TypeError('Failed to fetch'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Could not reach the server/);
    expect(screen.queryByText('Message delivered')).toBeNull();
    expect(fields.message.value).toBe('We would like to talk about a role.');
    expect(fields.name.value).toBe('Dana Scout');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(transport.send).toHaveBeenCalledTimes(2);
    transport.resolve();
    expect(await screen.findByText('Message delivered')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never sends when the hidden honeypot field was filled in', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    const fields = renderForm({ send });
    await fillIn(user, fields);
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    honeypot.value = 'http://spam.example';
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('waits out the 3-second minimum fill time before sending a very quick submit, and reports ≥ 3 s', async () => {
    const user = userEvent.setup();
    const transport = controlledSend();
    let sentAt = 0;
    const send = vi.fn((form: HTMLFormElement) => {
      sentAt = Date.now();
      return transport.send(form);
    });
    const renderedAt = Date.now();
    renderForm({ send, minFillMs: MIN_FILL_MS });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(sentAt - renderedAt).toBeGreaterThanOrEqual(MIN_FILL_MS);
    // What the server judges: a report under 3 s would be stored as spam and never reach the owner.
    const reported = Number(transport.sent[0]?.[FILL_TIME_FIELD]);
    expect(reported).toBeGreaterThanOrEqual(MIN_FILL_MS);
    expect(reported).toBeLessThanOrEqual(sentAt - renderedAt);
    transport.resolve();
    expect(await screen.findByText('Message delivered')).toBeTruthy();
  }, 10_000);

  it('reports the real fill time of a slow visitor without waiting', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const transport = controlledSend();
      renderForm({ send: transport.send, minFillMs: MIN_FILL_MS });
      vi.setSystemTime(Date.now() + 42_000);
      fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }));
      await vi.waitFor(() => expect(transport.send).toHaveBeenCalledTimes(1), { timeout: 10_000 });
      expect(Number(transport.sent[0]?.[FILL_TIME_FIELD])).toBeGreaterThanOrEqual(42_000);
    } finally {
      vi.useRealTimers();
    }
  });
});
