import { describe, expect, it } from 'vitest';
import { DEMO_BANK_DETAILS, loadConfig } from './config.js';
import { DEFAULT_KIND_LIMITS } from './lib/admission.js';

describe('config', () => {
  it('has working defaults for a fresh clone', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.demoData).toBe(true);
    expect(c.sqliteFile).toMatch(/data[/\\]market\.db$/);
    expect(c.oidcProviders).toEqual([]);
    expect(c.searchIndex).toBe('memory');
    expect(loadConfig({ SEARCH_INDEX: 'database' }).searchIndex).toBe('database');
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('limits logins to 10 and password-reset requests to 5 a minute per address, as documented', () => {
    const c = loadConfig({});
    expect(c.rateLimits.loginPerMinutePerIp).toBe(10);
    expect(c.rateLimits.resetPerMinutePerIp).toBe(5);
    // Raising the login limit (as the browser suite does) leaves resets alone.
    expect(loadConfig({ RATE_LIMIT_LOGIN_PER_MINUTE: '1000' }).rateLimits.resetPerMinutePerIp).toBe(5);
    expect(loadConfig({ RATE_LIMIT_RESET_PER_MINUTE: '50' }).rateLimits.resetPerMinutePerIp).toBe(50);
  });

  it('admits work by kind by default, with the documented slots and budgets, and can be turned off', () => {
    expect(loadConfig({}).admission).toEqual({ kinds: DEFAULT_KIND_LIMITS, retryAfterSeconds: 2 });
    expect(loadConfig({ ADMISSION_LIMITS: 'search=4/80, write=2/5000' }).admission?.kinds).toEqual({
      ...DEFAULT_KIND_LIMITS,
      search: { concurrency: 4, queueMs: 80 },
      write: { concurrency: 2, queueMs: 5000 },
    });
    expect(() => loadConfig({ ADMISSION_LIMITS: 'searches=4/80' })).toThrow(/ADMISSION_LIMITS/);
    expect(() => loadConfig({ ADMISSION_LIMITS: 'search=0/80' })).toThrow(/ADMISSION_LIMITS/);
    expect(loadConfig({ LOAD_SHEDDING: 'off' }).admission).toBeUndefined();
  });

  it('keeps the JavaScript heap within half again its live data unless configured', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it('limits domain imports to 10 a minute per user unless configured', () => {
    expect(loadConfig({}).rateLimits.importsPerMinutePerUser).toBe(10);
    expect(loadConfig({ RATE_LIMIT_IMPORTS_PER_MINUTE: '3' }).rateLimits.importsPerMinutePerUser).toBe(3);
    expect(() => loadConfig({ RATE_LIMIT_IMPORTS_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_IMPORTS_PER_MINUTE/);
  });

  it('runs no DNS server unless DNS_PORT is set, and takes only real addresses for parked names', () => {
    expect(loadConfig({}).dnsPort).toBeUndefined();
    expect(loadConfig({ DNS_PORT: '' }).dnsPort).toBeUndefined();
    expect(loadConfig({ DNS_PORT: '5353', PUBLIC_IPV4: '203.0.113.1', PUBLIC_IPV6: '2001:db8::1' })).toMatchObject({
      dnsPort: 5353,
      dnsHost: '0.0.0.0',
      publicIpv4: '203.0.113.1',
      publicIpv6: '2001:db8::1',
    });
    expect(() => loadConfig({ PUBLIC_IPV4: '2001:db8::1' })).toThrow(/PUBLIC_IPV4/);
    expect(() => loadConfig({ PUBLIC_IPV6: '203.0.113.1' })).toThrow(/PUBLIC_IPV6/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ OIDC_PROVIDERS: '{' })).toThrow(/OIDC_PROVIDERS/);
    expect(() => loadConfig({ SEARCH_INDEX: 'elastic' })).toThrow(/SEARCH_INDEX/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_BASE: 'ftp://stripe.local' })).toThrow(/STRIPE_API_BASE/);
  });

  it('pays by card through Stripe only when its keys are set', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('turns GOOGLE_CLIENT_ID and its secret into a provider and reads DEMO_DATA=off', () => {
    const c = loadConfig({
      GOOGLE_CLIENT_ID: 'abc',
      GOOGLE_CLIENT_SECRET: 'shh',
      DEMO_DATA: 'off',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(c.oidcProviders[0]).toEqual({
      name: 'google',
      label: 'Google',
      client_id: 'abc',
      client_secret: 'shh',
      issuer: 'https://accounts.google.com',
    });
    expect(c.demoData).toBe(false);
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('refuses GOOGLE_CLIENT_ID without GOOGLE_CLIENT_SECRET, which the code exchange needs', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'abc' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('reads OIDC_PROVIDERS, ignoring the endpoint fields older entries carry', () => {
    const entry = { name: 'corp', label: 'Corp', issuer: 'https://id.corp.example', client_id: 'c1' };
    const c = loadConfig({
      OIDC_PROVIDERS: JSON.stringify([{ ...entry, jwks_uri: 'https://id.corp.example/jwks', authorization_endpoint: 'https://id.corp.example/auth' }]),
    });
    expect(c.oidcProviders).toEqual([entry]);
  });
});

describe('payment and contact settings', () => {
  const live = { NODE_ENV: 'production', DEMO_DATA: 'off' };

  it('shows made-up bank details, marked as such, and a demo contact in a demo', () => {
    for (const env of [{}, { NODE_ENV: 'production' }]) {
      const c = loadConfig(env);
      expect(c.bankTransferDetails).toBe(DEMO_BANK_DETAILS);
      expect(c.bankTransferDetails).toMatch(/^Demo bank details — not a real account/);
      expect(c.supportEmail).toBe('support@domain-market.example');
    }
  });

  it('refuses to start a real deployment that could take no payment or names no contact', () => {
    expect(() => loadConfig({ ...live, SUPPORT_EMAIL: 'help@market.example' })).toThrow(/BANK_TRANSFER_DETAILS/);
    expect(() => loadConfig({ ...live, BANK_TRANSFER_DETAILS: 'IBAN X' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => loadConfig({ ...live, BANK_TRANSFER_DETAILS: 'IBAN X', SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
    const c = loadConfig({ ...live, BANK_TRANSFER_DETAILS: 'IBAN X', SUPPORT_EMAIL: 'help@market.example' });
    expect(c).toMatchObject({ bankTransferDetails: 'IBAN X', supportEmail: 'help@market.example' });
  });

  it('with card payments, points a bank payer to the support address when no account is set', () => {
    const c = loadConfig({ ...live, SUPPORT_EMAIL: 'help@market.example', STRIPE_SECRET_KEY: 'sk_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(c.bankTransferDetails).toBe('Write to help@market.example quoting this reference and we will send you our bank account details.');
  });
});
