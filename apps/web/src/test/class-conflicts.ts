import { twMerge } from 'tailwind-merge';

/**
 * The classes in `classNames` that another class after them sets the same property for, as
 * tailwind-merge reads Tailwind's classes. `cn` only joins class names, and in the style sheet
 * the class Tailwind happens to write later wins, not the one written later in the list: a
 * caller's `size-8` on a button whose own size is `size-10` stays 10. The unit tests refuse
 * such lists (setup.ts); a component that callers resize takes a prop instead.
 */
export function overriddenClasses(classNames: string): string[] {
  const kept = new Set(twMerge(classNames).split(' '));
  return [...new Set(classNames.split(/\s+/))].filter((name) => name && !kept.has(name));
}
