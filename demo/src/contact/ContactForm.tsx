import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import {
  DELIVERED_TEXT,
  describeFailure,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  MIN_FILL_MS,
  screenSubmission,
} from './contactRules';
import { contactConfig, contactEndpoint } from '../config';
import { sendContactForm } from './sendContactForm';

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'delivered' } | { kind: 'failed'; message: string };

const EMPTY = { senderName: '', sender: '', message: '' };
type Fields = typeof EMPTY;

/** Three multiline fields; the message has 15 rows. */
const FIELDS: { name: keyof Fields; label: string; rows?: number; autoComplete: string }[] = [
  { name: 'senderName', label: 'Your Name', autoComplete: 'name' },
  { name: 'sender', label: 'Your Email', autoComplete: 'email' },
  { name: 'message', label: 'Your Message', rows: 15, autoComplete: 'off' },
];

const GROWS_WITH_TEXT = { '& textarea': { fieldSizing: 'content' } } as const;

/**
 * The fields @emailjs/browser adds itself. The prerendered form carries them so that it can be posted
 * without JavaScript; once the form's code runs they are disabled (left out), or they would go twice.
 */
const LIBRARY_FIELDS = {
  service_id: contactConfig.serviceId,
  template_id: contactConfig.templateId,
  user_id: contactConfig.publicKey,
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ContactFormProps {
  /** Sends the form (defaults to @emailjs/browser); tests pass their own. */
  send?: (form: HTMLFormElement) => Promise<void>;
  minFillMs?: number;
}

/**
 * The contact form (docs/demo.md): "Message delivered" only after the send succeeded, then the
 * fields clear; a failure keeps the text and offers a retry. A hidden honeypot and a minimum fill time
 * keep bots out without asking people anything. Before its code runs (no JavaScript, or a submit before
 * hydration) it is a plain form posting to the same endpoint, which answers with a page: nothing is lost.
 */
export function ContactForm({ send = sendContactForm, minFillMs = MIN_FILL_MS }: ContactFormProps) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [ready, setReady] = useState(false);
  const startedAt = useRef(0);
  const form = useRef<HTMLFormElement>(null);
  const fillTime = useRef<HTMLInputElement>(null);

  useEffect(() => {
    startedAt.current = Date.now();
    // Anything typed into the prerendered fields before this code arrived is kept, not reset.
    const element = form.current;
    if (element) {
      const typed = Object.fromEntries(
        FIELDS.map(({ name }) => [name, String(new FormData(element).get(name) ?? '')]),
      ) as Fields;
      if (Object.values(typed).some(Boolean)) setFields(typed);
    }
    setReady(true);
  }, []);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setFields((current) => ({ ...current, [name]: value }));
    if (status.kind === 'delivered') setStatus({ kind: 'idle' });
  };

  const submit = async () => {
    const element = form.current;
    if (!element || status.kind === 'sending') return;
    const honeypot = new FormData(element).get(HONEYPOT_FIELD);
    const decision = screenSubmission(String(honeypot ?? ''), startedAt.current, Date.now(), minFillMs);
    if (decision.kind === 'reject') {
      setStatus({ kind: 'failed', message: describeFailure({ status: 400 }) });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      // A timer may fire a millisecond early by the clock, and a report under the minimum is spam to the
      // server: wait until the clock agrees.
      for (let left = decision.delayMs; left > 0; left = startedAt.current + minFillMs - Date.now()) {
        await wait(left);
      }
      if (fillTime.current) fillTime.current.value = String(Date.now() - startedAt.current);
      await send(element);
      setFields(EMPTY);
      setStatus({ kind: 'delivered' });
    } catch (error) {
      console.error('Contact form: the message was not sent', error);
      setStatus({ kind: 'failed', message: describeFailure(error) });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return (
    <Box
      component="form"
      ref={form}
      onSubmit={onSubmit}
      method="post"
      action={contactEndpoint}
      encType="multipart/form-data"
      aria-label="Contact form"
      data-ready={ready ? 'true' : undefined}
      noValidate
      sx={{ width: '85%', maxWidth: 1000, mx: 'auto', display: 'grid', gap: 2.5 }}
    >
      {FIELDS.map((field) => (
        // TextField's parts without TextField: it would also bundle Select, Menu and Modal (~25 kB gzip).
        <FormControl key={field.name} fullWidth variant="outlined">
          <InputLabel htmlFor={`contact-${field.name}`}>{field.label}</InputLabel>
          <OutlinedInput
            id={`contact-${field.name}`}
            name={field.name}
            label={field.label}
            value={fields[field.name]}
            onChange={onChange}
            multiline
            // A plain textarea, not MUI's auto-sizing one: that renders a hidden twin with a `style`
            // attribute, which the site's CSP blocks (docs/demo.md). A field without rows starts as one
            // line and grows with its text where CSS `field-sizing` works.
            inputComponent="textarea"
            rows={field.rows ?? 1}
            sx={field.rows ? undefined : GROWS_WITH_TEXT}
            autoComplete={field.autoComplete}
          />
        </FormControl>
      ))}
      <Box
        aria-hidden="true"
        sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
      >
        <label>
          Website
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </Box>
      {Object.entries(LIBRARY_FIELDS).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} disabled={ready} />
      ))}
      {/* Set at submit. Not in the prerendered HTML: a form posted without this code has no time to tell. */}
      {ready && <input type="hidden" name={FILL_TIME_FIELD} ref={fillTime} defaultValue="0" />}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {/* Not `disabled` while sending: a disabled button drops the keyboard focus (submit ignores a
            second press). */}
        <Button
          type="submit"
          variant="contained"
          size="large"
          aria-disabled={status.kind === 'sending' ? 'true' : undefined}
          sx={{ '&[aria-disabled="true"]': { opacity: 0.6, cursor: 'default' } }}
        >
          {status.kind === 'sending' ? 'Sending…' : 'Send'}
        </Button>
        <Box role="status" sx={{ minHeight: 24 }}>
          {status.kind === 'delivered' && <Typography sx={{ fontWeight: 600 }}>{DELIVERED_TEXT}</Typography>}
        </Box>
      </Box>
      {status.kind === 'failed' && (
        <Box
          role="alert"
          sx={{
            p: 2,
            border: 2,
            borderColor: 'error.main',
            borderRadius: 1,
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            flexWrap: 'wrap',
          }}
        >
          <Typography sx={{ flex: '1 1 16rem' }}>{status.message}</Typography>
          <Button variant="outlined" onClick={() => void submit()}>
            Try again
          </Button>
        </Box>
      )}
    </Box>
  );
}
