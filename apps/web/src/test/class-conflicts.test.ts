import { describe, expect, it } from 'vitest';
import { cn } from '../lib/cn';
import { overriddenClasses } from './class-conflicts';

describe('overriddenClasses', () => {
  it('names a class that a later one sets the same property for', () => {
    expect(overriddenClasses('size-10 rounded-full size-8')).toEqual(['size-10']);
    expect(overriddenClasses('px-3 text-sm px-2.5 text-lg')).toEqual(['px-3', 'text-sm']);
  });

  it("accepts the shop's own colours beside sizes, variants and repeats", () => {
    expect(overriddenClasses('text-sm text-ink-700 hover:text-ink-900 sm:text-base')).toEqual([]);
    expect(overriddenClasses('size-9 size-9 signed-in-hint:hidden inline-flex')).toEqual([]);
  });
});

describe('cn in the unit tests', () => {
  it('refuses a list that sets a property twice', () => {
    expect(cn('h-8 px-3', 'font-mono')).toBe('h-8 px-3 font-mono');
    expect(() => cn('inline-flex size-10', 'size-8')).toThrow(/size-10/);
  });
});
