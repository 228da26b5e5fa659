import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';

describe('security headers over plain http', () => {
  const t = useTestApp();

  it('are on answers, refusals and errors alike, without HSTS', async () => {
    for (const url of ['/api/health', '/api/order/getOrders', '/api/no-such-route']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure');
    }
  });
});

describe('security headers for a shop served over https', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://shop.example' });

  it('add HSTS and upgrade insecure requests', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
