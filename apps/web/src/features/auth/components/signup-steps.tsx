import { cn } from '../../../lib/cn';

export type SignupStep = 'email' | 'code' | 'details';

const steps: { id: SignupStep; label: string }[] = [
  { id: 'email', label: 'Email' },
  { id: 'code', label: 'Code' },
  { id: 'details', label: 'Account' },
];

/** Where the visitor is in the three sign-up steps (spec §4, Sign-up). */
export function SignupProgress({ step }: { step: SignupStep }) {
  const current = steps.findIndex((s) => s.id === step);
  return (
    <ol aria-label="Sign-up steps" className="grid grid-cols-3 gap-2">
      {steps.map((s, index) => (
        <li
          key={s.id}
          aria-current={index === current ? 'step' : undefined}
          className="flex flex-col gap-1.5 text-xs font-semibold"
        >
          <span
            className={cn('h-1.5 rounded-full', index <= current ? 'bg-sakura-500' : 'bg-ink-100')}
          />
          <span className={index === current ? 'text-ink-900' : 'text-ink-400'}>
            {index + 1}. {s.label}
          </span>
        </li>
      ))}
    </ol>
  );
}
