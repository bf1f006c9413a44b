import { createHash } from 'node:crypto';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** Tagged template whose interpolations are escaped unless wrapped with raw(). */
export class Raw {
  constructor(readonly value: string) {}
}
export const raw = (value: string) => new Raw(value);

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const rendered = Array.isArray(value)
      ? value.map((v) => (v instanceof Raw ? v.value : escapeHtml(v))).join('')
      : value instanceof Raw
        ? value.value
        : value === false || value === null || value === undefined
          ? ''
          : escapeHtml(value);
    out += rendered + (strings[i + 1] ?? '');
  });
  return new Raw(out);
}

/** CSP source for an inline block: its SHA-256, so the page stays cacheable (no nonce). */
export function cspHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
}

