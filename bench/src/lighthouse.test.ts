import { describe, expect, it } from 'vitest';
import { runsLighthouse } from './lighthouse';

describe('the Node that runs Lighthouse', () => {
  it('is this one from Node 22.19 on, and Node 24 installed for the bench before that', () => {
    expect(runsLighthouse('v20.20.2')).toBe(false);
    expect(runsLighthouse('v22.18.1')).toBe(false);
    expect(runsLighthouse('v22.19.0')).toBe(true);
    expect(runsLighthouse('v23.0.0')).toBe(true);
    expect(runsLighthouse('v24.9.0')).toBe(true);
  });
});
